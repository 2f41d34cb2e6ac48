import { existsSync } from 'node:fs';
import pg from 'pg';
import { createTestRuntime } from './test-runtime';

const databaseExists = async (url: string): Promise<boolean> => {
  const client = new pg.Client({ connectionString: process.env.EMISOR_TEST_SERVER_URL });
  await client.connect();
  try {
    const name = decodeURIComponent(new URL(url).pathname.slice(1));
    return (await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  } finally {
    await client.end();
  }
};

/** The tests' whole service leaves nothing behind it: its data folder and its database go with close(). */
describe('createTestRuntime', () => {
  it('close() removes its data folder and drops its database', async () => {
    const world = await createTestRuntime();
    const dataDir = world.services.config.DATA_DIR;
    expect(existsSync(dataDir)).toBe(true);

    await world.close();

    expect(existsSync(dataDir)).toBe(false);
    expect(await databaseExists(world.database.url)).toBe(false);
  });

  // A test that stops the runtime itself, as a process that goes away (a CI run left one data folder a run).
  it('close() after the test stopped the runtime itself still removes the folder and drops the database', async () => {
    const world = await createTestRuntime();
    const dataDir = world.services.config.DATA_DIR;

    await world.runtime.stop();
    await world.close();

    expect(existsSync(dataDir)).toBe(false);
    expect(await databaseExists(world.database.url)).toBe(false);
  });
});
