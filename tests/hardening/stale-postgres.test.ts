import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { withServerEnvironment } from '../../runtime/embedded-postgres';
import { startHolder, type Holder } from '../support/embedded-postgres-holder';
import { isAlive, lockFilePid, scratchClusters } from '../support/scratch-clusters';

const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);

async function query(url: string, sql: string): Promise<unknown> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows;
  } finally {
    await client.end();
  }
}

/** Kills the holder as a crash or `kill -9` would: the PostgreSQL server it started is left running. */
async function crash(holder: Holder, serverPid: number): Promise<void> {
  expect(parentOf(serverPid)).toBe(holder.process.pid);
  const exited = new Promise((resolve) => holder.process.once('exit', resolve));
  holder.process.kill('SIGKILL');
  await exited;
}

describe('A stale embedded PostgreSQL after kill -9 (same data folder)', () => {
  const clusters = scratchClusters('emisor-stale-');
  const dataDir = join(clusters.folder, 'pg');
  const holders: Holder[] = [];

  afterAll(async () => {
    for (const holder of holders) holder.process.kill('SIGKILL');
    await clusters.cleanUp();
  });

  it('is stopped by the next start, which then serves the same data', async () => {
    const first = await startHolder(dataDir);
    holders.push(first);
    const leftover = clusters.serverOf(dataDir);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table survives (note text); insert into survives values (\'before the crash\')');
    await client.end();
    await crash(first, leftover);
    expect(isAlive(leftover)).toBe(true); // the server outlived its owner and holds the folder

    const next = await startHolder(dataDir);
    holders.push(next);
    clusters.serverOf(dataDir);

    expect(isAlive(leftover)).toBe(false);
    expect(lockFilePid(dataDir)).not.toBe(leftover);
    expect(await query(next.url, 'select note from survives')).toEqual([{ note: 'before the crash' }]);
    await crash(next, lockFilePid(dataDir));
  }, 180_000);

  it('never signals a process that is no PostgreSQL (a reused pid in a stale lock file), and starts', async () => {
    const stranger = spawn('sleep', ['60']);
    try {
      const leftover = lockFilePid(dataDir);
      const stopped = new Promise<void>(function wait(resolve) {
        if (!isAlive(leftover)) resolve();
        else setTimeout(() => wait(resolve), 100);
      });
      process.kill(leftover, 'SIGINT');
      await stopped;
      writeFileSync(join(dataDir, 'postmaster.pid'), `${stranger.pid}\n${dataDir}\n${Math.floor(Date.now() / 1000)}\n5432\n`);

      const next = await startHolder(dataDir);
      holders.push(next);
      clusters.serverOf(dataDir);

      expect(await query(next.url, 'select 1 as one')).toEqual([{ one: 1 }]);
      expect(isAlive(stranger.pid!)).toBe(true);
    } finally {
      stranger.kill();
    }
  }, 120_000);
});

/** Starts a fresh embedded cluster of the describe's own, killed and removed after it. */
function freshServer(prefix: string): () => Promise<Holder> {
  const clusters = scratchClusters(prefix);
  let holder: Holder | null = null;
  afterAll(async () => {
    holder?.process.kill('SIGKILL');
    await clusters.cleanUp();
  });
  return async () => {
    const dataDir = join(clusters.folder, 'pg');
    holder = await startHolder(dataDir);
    clusters.serverOf(dataDir);
    return holder;
  };
}

describe('The embedded PostgreSQL creates WAL files without zero-filling them', () => {
  const start = freshServer('emisor-settings-');

  // Zero-filling writes and syncs a 16 MB file while every commit waits: about once a second under payment load.
  it('runs with wal_init_zero off (and every write still synced)', async () => {
    const holder = await start();
    expect(await query(holder.url, `select name, setting from pg_settings where name in ('wal_init_zero', 'fsync', 'synchronous_commit') order by name`)).toEqual([
      { name: 'fsync', setting: 'on' },
      { name: 'synchronous_commit', setting: 'on' },
      { name: 'wal_init_zero', setting: 'off' },
    ]);
  }, 120_000);
});

describe('The embedded PostgreSQL keeps the heap its backends free', () => {
  const start = freshServer('emisor-heap-');

  const minorFaults = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')[7]);

  // glibc hands freed heap back past 128 KiB by default, and each statement that needs more faults it in
  // again page by page (~2,000 faults for this one, each ~20 µs on some virtual machines).
  it('runs a statement needing MiBs of memory a second time without faulting its pages in again', async () => {
    const holder = await start();
    const client = new pg.Client({ connectionString: holder.url });
    await client.connect();
    try {
      const backend = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
      const statement = "select length(string_agg(md5(i::text), '')) as length from generate_series(1, 100000) i";
      expect((await client.query(statement)).rows).toEqual([{ length: 3_200_000 }]);
      const before = minorFaults(backend);
      await client.query(statement);
      expect(minorFaults(backend) - before).toBeLessThan(200);
    } finally {
      await client.end();
    }
  }, 120_000);
});

describe('The embedded PostgreSQL’s settings pass through this process’s environment only while it starts', () => {
  const NAME = 'EMISOR_TEST_SERVER_SETTING';
  afterEach(() => delete process.env[NAME]);

  it('sets them for the start, and removes them after it, whether it succeeds or fails', async () => {
    const during = await withServerEnvironment({ [NAME]: 'kept' }, async () => process.env[NAME]);
    expect(during).toBe('kept');
    expect(process.env[NAME]).toBeUndefined();
    await expect(withServerEnvironment({ [NAME]: 'kept' }, async () => Promise.reject(new Error('did not start')))).rejects.toThrow('did not start');
    expect(process.env[NAME]).toBeUndefined();
  });

  it('keeps a value the environment already holds, during the start and after it', async () => {
    process.env[NAME] = 'the operator’s';
    expect(await withServerEnvironment({ [NAME]: 'kept' }, async () => process.env[NAME])).toBe('the operator’s');
    expect(process.env[NAME]).toBe('the operator’s');
  });
});
