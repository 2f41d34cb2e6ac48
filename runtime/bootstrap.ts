import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { allProjections } from '../projections';
import type { Projection } from '../projections/projection';
import { ProjectionRunner } from '../projections/runner';
import { CommandHandler } from '../write-side/command-handler';
import { createEventStore } from '../write-side/event-store';
import type { Config } from './config';
import { createKnex, createPool, migrateToLatest } from './database';
import type { Logger } from './logger';
import { loadSecrets, type Secrets } from './secrets';
import type { Services } from './services';

export interface Runtime {
  services: Services;
  secrets: Secrets;
  pool: Pool;
  db: Knex;
  /** Starts the projections and the background processes. */
  start(): Promise<void>;
  /** Stops everything it started and closes its connections. */
  stop(): Promise<void>;
}

/** Wires the service on one PostgreSQL database: migrations, event store, projections, handlers. */
export async function createRuntime(
  config: Config,
  databaseUrl: string,
  logger: Logger,
  options: { projections?: Projection[]; secrets?: Secrets } = {},
): Promise<Runtime> {
  const db = createKnex(databaseUrl);
  const pool = createPool(databaseUrl);
  await migrateToLatest(db);
  const secrets = options.secrets ?? loadSecrets(config);
  const eventStore = await createEventStore(config, pool);
  const projections = new ProjectionRunner(eventStore, db, options.projections ?? allProjections(), logger);
  const commands = new CommandHandler(
    eventStore,
    (position, timeoutMs) => projections.waitFor(position, timeoutMs),
    config.READ_YOUR_WRITES_TIMEOUT_MS,
  );
  const services: Services = {
    config,
    logger,
    db,
    eventStore,
    commands,
    projections,
    jwtSecret: secrets.jwtSecret,
    healthChecks: [
      { name: 'database', check: async () => void (await db.raw('select 1')) },
      { name: 'eventStore', check: async () => eventStore.ping().then(() => ({ adapter: config.EVENT_STORE })) },
    ],
    resolvePrincipal: async () => null,
    resolveClient: async () => null,
  };
  return {
    services,
    secrets,
    pool,
    db,
    start: () => projections.start(),
    stop: async () => {
      await projections.stop();
      if (config.EVENT_STORE !== 'postgres') await eventStore.close();
      await pool.end();
      await db.destroy();
    },
  };
}
