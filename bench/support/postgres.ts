import pg from 'pg';
import { CLOCK_TICKS, childrenOf, procStat } from './proc';

/** Connection string of another database on the same server. */
export function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * A one-connection pool: the machine's PostgreSQL is shared, and a connection another program
 * terminates is replaced at the next query instead of crashing the benchmark.
 */
export function openPool(url: string): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  pool.on('error', () => undefined);
  return pool;
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export const createDatabase = (serverUrl: string, name: string) =>
  withClient(serverUrl, (client) => client.query(`create database "${name}"`));

export const dropDatabase = (serverUrl: string, name: string) =>
  withClient(serverUrl, (client) => client.query(`drop database if exists "${name}" with (force)`));

/**
 * Where the server's write-ahead log ends now, in bytes: two readings give the WAL written between
 * them, by every database of the server (read on an otherwise quiet server).
 */
export const walPosition = (pool: pg.Pool): Promise<number> =>
  pool.query<{ bytes: string }>("select pg_wal_lsn_diff(pg_current_wal_insert_lsn(), '0/0')::text as bytes").then(({ rows }) => Number(rows[0]!.bytes));

/** Checkpoints the server has run, and the milliseconds their files took to sync (PostgreSQL 17's view, or the older one). */
export interface Checkpoints {
  count: number;
  syncMs: number;
}

export async function checkpoints(pool: pg.Pool): Promise<Checkpoints> {
  const { rows } = await pool
    .query<{ count: string; sync_ms: string }>('select num_timed + num_requested as count, sync_time as sync_ms from pg_stat_checkpointer')
    .catch(() => pool.query<{ count: string; sync_ms: string }>('select checkpoints_timed + checkpoints_req as count, checkpoint_sync_time as sync_ms from pg_stat_bgwriter'));
  return { count: Number(rows[0]!.count), syncMs: Number(rows[0]!.sync_ms) };
}

/** The checkpoints between two readings, as a line's words. */
export const checkpointsBetween = (before: Checkpoints, after: Checkpoints): string => {
  const count = after.count - before.count;
  return count === 0 ? 'none' : `${count} (files synced in ${(after.syncMs - before.syncMs).toFixed(0)} ms)`;
};

/**
 * CPU time spent by PostgreSQL, read from /proc: for the whole server (the postmaster, its living
 * children, and its exited children, which the kernel adds to the postmaster's children time), and
 * for the backends connected to one database (sampled from pg_stat_activity while the load runs; a
 * backend first seen after `begin` counts from zero, since it started during the window).
 * Only works when the server runs on this machine; `open` returns null otherwise.
 */
export class PostgresCpu {
  private readonly backends = new Map<number, { first: number; last: number }>();
  private database = '';

  private constructor(private readonly monitor: pg.Pool, private readonly postmaster: number) {}

  static async open(serverUrl: string): Promise<PostgresCpu | null> {
    const monitor = openPool(serverUrl);
    const { rows } = await monitor.query<{ pid: number }>('select pg_backend_pid() as pid');
    const postmaster = procStat(rows[0]!.pid)?.ppid;
    if (!postmaster) {
      await monitor.end();
      return null;
    }
    return new PostgresCpu(monitor, postmaster);
  }

  /** Whole-server CPU seconds so far. */
  serverSeconds(): number {
    const root = procStat(this.postmaster);
    if (!root) return NaN;
    let ticks = root.own + root.children;
    for (const pid of childrenOf(this.postmaster)) ticks += procStat(pid)?.own ?? 0;
    return ticks / CLOCK_TICKS;
  }

  /** Starts following the backends of `database`, from their current CPU time. */
  async begin(database: string): Promise<void> {
    this.database = database;
    this.backends.clear();
    for (const pid of await this.backendPids()) {
      const ticks = procStat(pid)?.own;
      if (ticks !== undefined) this.backends.set(pid, { first: ticks, last: ticks });
    }
  }

  /** Reads the followed backends' CPU; a failed reading (the monitor connection was cut) is skipped. */
  async sample(): Promise<void> {
    const pids = await this.backendPids().catch(() => []);
    for (const pid of pids) {
      const ticks = procStat(pid)?.own;
      if (ticks === undefined) continue;
      const known = this.backends.get(pid);
      if (known) known.last = ticks;
      else this.backends.set(pid, { first: 0, last: ticks });
    }
  }

  /** CPU seconds of the followed database's backends since `begin` (as of the last sample). */
  databaseSeconds(): number {
    let ticks = 0;
    for (const { first, last } of this.backends.values()) ticks += last - first;
    return ticks / CLOCK_TICKS;
  }

  private async backendPids(): Promise<number[]> {
    const { rows } = await this.monitor.query<{ pid: number }>(
      "select pid from pg_stat_activity where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()",
      [this.database],
    );
    return rows.map((row) => row.pid);
  }

  close = () => this.monitor.end();
}
