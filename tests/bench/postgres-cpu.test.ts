import pg from 'pg';
import { PostgresCpu } from '../../bench/support/postgres';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * bench:payments' "PostgreSQL CPU/pay." and "PG faults/payment": the CPU time and the minor page faults
 * of the backends connected to the benchmark's database, read from /proc between `begin` and the last
 * `sample` (the server runs on this machine in every test set-up).
 */
describe('PostgresCpu', () => {
  let database: TestDatabase;
  let cpu: PostgresCpu;
  beforeAll(async () => {
    database = await createTestDatabase();
    cpu = (await PostgresCpu.open(database.url))!;
  });
  afterAll(async () => {
    await cpu?.close();
    await database.drop();
  });

  it('counts nothing for a database whose backends did nothing since begin', async () => {
    await cpu.begin(`${new URL(database.url).pathname.slice(1)}_none`);
    await cpu.sample();
    expect(cpu.databaseSeconds()).toBe(0);
    expect(cpu.databaseFaults()).toBe(0);
  });

  it('counts the CPU and the page faults of a backend that connected during the window, from its start', async () => {
    await cpu.begin(new URL(database.url).pathname.slice(1));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // A new backend maps the server's shared memory and its own heap page by page as it starts and works.
      await client.query("select count(*) from generate_series(1, 300000) i where md5(i::text) like 'a%'");
      await cpu.sample();
    } finally {
      await client.end();
    }
    expect(cpu.databaseFaults()).toBeGreaterThan(100);
    expect(cpu.databaseSeconds()).toBeGreaterThan(0);
  });

  it('counts the whole server’s page faults, a backend that came and went included', async () => {
    const before = cpu.serverFaults();
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    await client.query("select count(*) from generate_series(1, 300000) i where md5(i::text) like 'a%'");
    await client.end();
    // The backend's faults land in the postmaster's children's once it has exited and been waited for.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(cpu.serverFaults() - before).toBeGreaterThan(100);
  });
});
