import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import pg from 'pg';
import { createKnex, createPool } from '../../runtime/database';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';

export interface TestDatabase {
  url: string;
  knex: Knex;
  pool: pg.Pool;
  drop(): Promise<void>;
}

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.EMISOR_TEST_SERVER_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database of its own for one test file (cloned from the global setup's template). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `emisor_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name} template ${process.env.EMISOR_TEST_TEMPLATE}`));
  const url = new URL(process.env.EMISOR_TEST_SERVER_URL!);
  url.pathname = `/${name}`;
  const knex = createKnex(url.toString(), 5);
  const pool = createPool(url.toString(), 20);
  // The forced drop below ends idle connections that pool.end() has not closed yet.
  pool.on('error', () => undefined);
  return {
    url: url.toString(),
    knex,
    pool,
    drop: async () => {
      await knex.destroy();
      await pool.end();
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

export interface EventStoreDatabase {
  database: TestDatabase;
  store: PostgresEventStore;
}

/**
 * A fresh database and a PostgreSQL event store on it, for the describe block this is called in: made
 * before its tests (then `ready` runs, with them, for the block's own setup) and dropped after them.
 */
export function withEventStoreDatabase(ready: (fixture: EventStoreDatabase) => unknown): void {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    await ready({ database, store: new PostgresEventStore(database.pool) });
  });
  afterAll(() => database?.drop());
}
