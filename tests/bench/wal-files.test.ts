import { join } from 'node:path';
import pg from 'pg';
import { checkpoints, prepareWalFiles, walFilesLine } from '../../bench/support/postgres';
import { endPool } from '../../runtime/database';
import { waitUntil } from '../event-store/event-store-contract';
import { startHolder, type Holder } from '../support/embedded-postgres-holder';
import { scratchClusters } from '../support/scratch-clusters';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const SEGMENT = 16 * 1024 * 1024;

/**
 * bench:payments begins each phase with the server's WAL files ready for reuse ahead of its log, as on
 * a server that has run a while: a fresh one creates each new file as its log reaches it, and the
 * machine's server zero-fills it while every commit waits. On a fresh cluster of its own.
 */
describe('prepareWalFiles', () => {
  const clusters = scratchClusters('emisor-wal-files-');
  let server: Holder;
  let pool: pg.Pool;

  beforeAll(async () => {
    const dataDir = join(clusters.folder, 'pg');
    server = await startHolder(dataDir);
    clusters.serverOf(dataDir);
    pool = new pg.Pool({ connectionString: server.url, max: 1 });
  }, 120_000);
  // endPool, not pool.end(): pg-pool's end() resolves before its connections have closed, and a CI run
  // failed on the unhandled 57P01 of a connection the server, stopped right after, terminated.
  afterAll(async () => {
    if (pool) await endPool(pool);
    server?.process.kill('SIGKILL');
    await clusters.cleanUp();
  });

  const walFileNames = async (): Promise<string[]> =>
    (await pool.query<{ name: string }>("select name from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$' order by name")).rows.map((row) => row.name);
  const currentWalFile = async (): Promise<string> =>
    (await pool.query<{ name: string }>('select pg_walfile_name(pg_current_wal_insert_lsn()) as name')).rows[0]!.name;
  /** Moves the log into its next file, `count` times. */
  const writeIntoNextFiles = async (count: number) => {
    for (let file = 0; file < count; file++) await pool.query("select pg_logical_emit_message(false, 'test', 'wal'); select pg_switch_wal()");
  };

  it('on a fresh server, makes files ready, so that the log then moves into files that exist instead of creating them', async () => {
    const before = await walFileNames();

    const files = await prepareWalFiles(pool, 3 * SEGMENT);

    // Three files' worth of WAL and one to spare.
    expect(files.ahead).toBeGreaterThanOrEqual(4);
    expect(files.made).toBeGreaterThan(0);
    expect(files.refused).toBeNull();
    // The embedded server runs with wal_init_zero off (runtime/embedded-postgres.ts).
    expect(files.zeroFilled).toBe(false);
    const ready = await walFileNames();
    expect(ready.filter((name) => !before.includes(name)).length).toBeGreaterThan(0);

    await writeIntoNextFiles(3);
    expect(await walFileNames()).toEqual(ready);
    expect(walFilesLine(files)).toMatch(/^\d+ ahead of the log as it began \(\d+ made ready first, in \d+\.\d s\); new ones not zero-filled$/);
  });

  it('leaves the log where it is when enough files are ready', async () => {
    await prepareWalFiles(pool, 3 * SEGMENT);
    const file = await currentWalFile();
    const names = await walFileNames();

    const files = await prepareWalFiles(pool, SEGMENT);

    expect(files.made).toBe(0);
    expect(files.ahead).toBeGreaterThanOrEqual(2);
    expect(await currentWalFile()).toBe(file);
    expect(await walFileNames()).toEqual(names);
    expect(walFilesLine(files)).toBe(`${files.ahead} ahead of the log as it began; new ones not zero-filled`);
  });

  it('says why when its role may not read the WAL folder, and touches nothing', async () => {
    await pool.query("create role bench_plain login password 'plain'");
    const url = new URL(server.url);
    url.username = 'bench_plain';
    url.password = 'plain';
    const plain = new pg.Pool({ connectionString: url.toString(), max: 1 });
    try {
      const file = await currentWalFile();

      const files = await prepareWalFiles(plain, 100 * SEGMENT);

      expect(files).toMatchObject({ ahead: 0, made: 0, refused: 'pg_ls_waldir refused (not a superuser)' });
      expect(await currentWalFile()).toBe(file);
      expect(walFilesLine(files)).toContain('(none made ready: pg_ls_waldir refused (not a superuser))');
    } finally {
      await endPool(plain);
    }
  });
});

/** bench:payments' "PG checkpoints": counted on the server the tests use (the machine's, or the embedded one). */
describe('checkpoints', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it("counts the server's checkpoints from the view its version has, asking for no other, and its version once", async () => {
    const failed: string[] = [];
    const asked: string[] = [];
    const watched = new pg.Pool({ connectionString: database.url, max: 1 });
    const query = watched.query.bind(watched) as (text: string) => Promise<pg.QueryResult>;
    watched.query = ((text: string) =>
      (asked.push(text), query(text)).catch((error: Error) => {
        failed.push(error.message);
        throw error;
      })) as typeof watched.query;
    try {
      const before = await checkpoints(watched);
      await database.pool.query('checkpoint');
      // The checkpointer reports its counts after it releases the backend that asked (a CI run once read
      // the count before it moved): read until it has, for at most 5 s.
      let after = before;
      await waitUntil(async () => (after = await checkpoints(watched)).count > before.count).catch(() => undefined);

      // At least this one: the server is shared with the other test files, whose dropped databases checkpoint too.
      expect(after.count).toBeGreaterThanOrEqual(before.count + 1);
      expect(failed).toEqual([]);
      expect(asked.filter((text) => text.includes('server_version_num'))).toHaveLength(1);
    } finally {
      await endPool(watched);
    }
  });

  it('asks for the version again after the question failed, rather than failing every reading after it', async () => {
    const flaky = new pg.Pool({ connectionString: database.url, max: 1 });
    const query = flaky.query.bind(flaky) as (text: string) => Promise<pg.QueryResult>;
    let failNext = true;
    flaky.query = ((text: string) => {
      if (failNext && text.includes('server_version_num')) {
        failNext = false;
        return Promise.reject(new Error('connection lost'));
      }
      return query(text);
    }) as typeof flaky.query;
    try {
      await expect(checkpoints(flaky)).rejects.toThrow('connection lost');
      expect((await checkpoints(flaky)).count).toBeGreaterThanOrEqual(0);
    } finally {
      await endPool(flaky);
    }
  });
});
