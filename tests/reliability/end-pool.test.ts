import type pg from 'pg';
import { createPool, endPool } from '../../runtime/database';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** The socket under a client of the pool (node-pg keeps it on the client's connection). */
const socketOf = (client: pg.PoolClient) => (client as unknown as { connection: { stream: { readyState: string; destroyed: boolean } } }).connection.stream;

/**
 * A shutdown ends its pool, then stops the embedded PostgreSQL. The pool must be gone from the server
 * by then, or the server terminates its connections under the clients ("connection lost").
 */
describe('endPool', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('resolves once every connection of the pool has closed, not when their ends were only asked for', async () => {
    const pool = createPool(database.url, 5);
    const clients: pg.PoolClient[] = [];
    pool.on('connect', (client) => clients.push(client as pg.PoolClient));
    await Promise.all([1, 2, 3].map(() => pool.query('select pg_sleep(0.05)')));
    expect(clients.length).toBe(3);

    await endPool(pool);
    for (const client of clients) expect(socketOf(client).destroyed).toBe(true);
  });

  it('resolves at once for a pool that never connected', async () => {
    await expect(endPool(createPool(database.url, 5))).resolves.toBeUndefined();
  });
});
