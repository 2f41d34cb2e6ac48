import { join } from 'node:path';
import type { Config } from './config';
import { ensureDatabase } from './database';
import { startEmbeddedPostgres } from './embedded-postgres';
import type { Logger } from './logger';

export interface ServiceDatabase {
  /** Connection string of the service's database, which exists. */
  url: string;
  /** Stops the embedded PostgreSQL when it was started here; nothing for DATABASE_URL. */
  stop(): Promise<void>;
}

/**
 * The service's database: DATABASE_URL when set, else the embedded PostgreSQL kept under DATA_DIR,
 * started here. Used by `npm start` and the command-line tools, so they all find the same data.
 */
export async function openServiceDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  logger: Logger,
  options: { leaveSignalsToCaller?: boolean } = {},
): Promise<ServiceDatabase> {
  if (config.DATABASE_URL) {
    await ensureDatabase(config.DATABASE_URL);
    return { url: config.DATABASE_URL, stop: async () => undefined };
  }
  logger.info({ dataDir: config.DATA_DIR }, 'starting embedded PostgreSQL');
  const embedded = await startEmbeddedPostgres({ dataDir: join(config.DATA_DIR, 'postgres'), leaveSignalsToCaller: options.leaveSignalsToCaller });
  const url = new URL(embedded.url);
  url.pathname = '/emisor';
  try {
    await ensureDatabase(url.toString());
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: url.toString(), stop: () => embedded.stop() };
}
