import knex, { type Knex } from 'knex';
import { Model } from 'objection';
import pg from 'pg';
import { migrationSource } from '../migrations';

// Amounts are bigint in code: int8 and numeric columns come back as strings, never floats.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);

/**
 * While PostgreSQL is unreachable a query fails within a few seconds instead of waiting for it (a
 * request answers 503 in time), and once it is back the next query connects afresh.
 */
export const CONNECT_TIMEOUT_MS = 2000;
const ACQUIRE_TIMEOUT_MS = 3000;
/**
 * Session settings of every connection. JIT off: the service's statements are short, and where the
 * planner overestimates one (a metrics scrape's, a report's) compiling it took 100–200 ms of a core,
 * more than running it.
 */
const SESSION_OPTIONS = '-c jit=off';

export function createKnex(url: string, poolSize = 10): Knex {
  const db = knex({
    client: 'pg',
    connection: { connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, options: SESSION_OPTIONS },
    pool: { min: 0, max: poolSize },
    acquireConnectionTimeout: ACQUIRE_TIMEOUT_MS,
  });
  Model.knex(db);
  return db;
}

/** Whether the database answers a trivial query within `timeoutMs` (an outage probe). */
export async function databaseAnswers(db: Knex, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([db.raw('select 1'), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('no answer')), timeoutMs)))]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A statement run on one of knex's connections without knex's builder, for the statements every payment
 * round runs (knex's compile step was a third of the client's work for them). Unnamed, so planned at
 * each run: a named statement's cached generic plan, made while a table was still nearly empty, went
 * on scanning the whole table as it grew (10 ms a round after 40,000 payments).
 */
export async function directQuery<Row>(db: Knex, text: string, values: unknown[]): Promise<Row[]> {
  const client = db.client as unknown as { acquireConnection(): Promise<pg.ClientBase>; releaseConnection(connection: pg.ClientBase): Promise<unknown> };
  const connection = await client.acquireConnection();
  try {
    return (await connection.query<Row & pg.QueryResultRow>(text, values)).rows;
  } finally {
    await client.releaseConnection(connection);
  }
}

export function createPool(url: string, max = 20): pg.Pool {
  return new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: CONNECT_TIMEOUT_MS, keepAlive: true, options: SESSION_OPTIONS });
}

/** How long endPool waits for its connections to close before it goes on regardless. */
const POOL_END_WAIT_MS = 5000;

/**
 * Ends the pool and resolves once each of its connections has closed. pg-pool's end() resolves as
 * soon as it has asked its idle clients to end, before the server has let them go: an embedded
 * PostgreSQL stopped right after (the last step of a shutdown) terminated those backends under their
 * clients, which reported the connection lost (seen in a CI run of embedded-shutdown.test.ts).
 */
export async function endPool(pool: pg.Pool): Promise<void> {
  let open = pool.totalCount;
  let wait: NodeJS.Timeout | undefined;
  const closed = new Promise<void>((resolve) => {
    if (open === 0) return resolve();
    pool.on('remove', () => {
      if (--open === 0) resolve();
    });
    // A client whose connection never completed is dropped without a 'remove': the stop goes on.
    wait = setTimeout(resolve, POOL_END_WAIT_MS).unref();
  });
  await pool.end();
  await closed;
  clearTimeout(wait);
}

export async function migrateToLatest(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

/** Creates the database named in `url` when its server lacks it (a fresh DATABASE_URL). */
export async function ensureDatabase(url: string): Promise<void> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1)) || 'postgres';
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}
