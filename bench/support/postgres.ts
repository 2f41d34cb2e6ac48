import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startEmbeddedPostgres } from '../../runtime/embedded-postgres';
import { CLOCK_TICKS, childrenOf, procStat } from './proc';

/** The PostgreSQL server a benchmark runs on, and how to let it go (a no-op for DATABASE_URL's). */
export interface BenchServer {
  url: string;
  /** Whether the benchmark started it, and stops it with its data at the end. */
  embedded: boolean;
  stop(): Promise<void>;
}

/**
 * DATABASE_URL's server, or, as `npm start` and `npm test` do without one, an embedded PostgreSQL
 * started for the run in a scratch folder, removed when it stops.
 */
export async function benchServer(log: (line: string) => void): Promise<BenchServer> {
  const url = process.env.DATABASE_URL;
  if (url) return { url, embedded: false, stop: async () => undefined };
  log('DATABASE_URL unset: starting an embedded PostgreSQL');
  const folder = mkdtempSync(join(tmpdir(), 'bench-postgres-'));
  chmodSync(folder, 0o755); // under root the cluster runs as the postgres user, who must reach it
  try {
    const embedded = await startEmbeddedPostgres({ dataDir: join(folder, 'pg'), persistent: false });
    return {
      url: embedded.url,
      embedded: true,
      stop: async () => {
        try {
          await embedded.stop();
        } finally {
          rmSync(folder, { recursive: true, force: true });
        }
      },
    };
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

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

/** Each pool's server version, asked once: a run reads the checkpoints at every phase's edges. A failed question is not kept: the next reading asks again. */
const serverVersions = new WeakMap<pg.Pool, Promise<number>>();

function serverVersion(pool: pg.Pool): Promise<number> {
  let version = serverVersions.get(pool);
  if (!version) {
    version = pool.query<{ number: number }>("select current_setting('server_version_num')::int as number").then(
      (result) => result.rows[0]!.number,
      (error: unknown) => {
        serverVersions.delete(pool);
        throw error;
      },
    );
    serverVersions.set(pool, version);
  }
  return version;
}

export async function checkpoints(pool: pg.Pool): Promise<Checkpoints> {
  // The view as the server names it: asking for the other leaves an error in the server's log each time.
  const { rows } = await pool.query<{ count: string; sync_ms: string }>(
    (await serverVersion(pool)) >= 170000
      ? 'select num_timed + num_requested as count, sync_time as sync_ms from pg_stat_checkpointer'
      : 'select checkpoints_timed + checkpoints_req as count, checkpoint_sync_time as sync_ms from pg_stat_bgwriter',
  );
  return { count: Number(rows[0]!.count), syncMs: Number(rows[0]!.sync_ms) };
}

/** The checkpoints between two readings, as a line's words. */
export const checkpointsBetween = (before: Checkpoints, after: Checkpoints): string => {
  const count = after.count - before.count;
  return count === 0 ? 'none' : `${count} (files synced in ${(after.syncMs - before.syncMs).toFixed(0)} ms)`;
};

interface Counters {
  ticks: number;
  faults: number;
}

function countersOf(pid: number): Counters | null {
  const stat = procStat(pid);
  return stat ? { ticks: stat.own, faults: stat.minorFaults } : null;
}

/**
 * CPU time spent by PostgreSQL, read from /proc: for the whole server (the postmaster, its living
 * children, and its exited children, which the kernel adds to the postmaster's children time), and
 * for the backends connected to one database (sampled from pg_stat_activity while the load runs; a
 * backend first seen after `begin` counts from zero, since it started during the window).
 * Only works when the server runs on this machine; `open` returns null otherwise.
 */
export class PostgresCpu {
  /** Each followed backend's CPU ticks and minor page faults, when first and last read. */
  private readonly backends = new Map<number, { first: Counters; last: Counters }>();
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

  /** Whole-server minor page faults so far, counted as `serverSeconds` counts CPU. */
  serverFaults(): number {
    const root = procStat(this.postmaster);
    if (!root) return NaN;
    let faults = root.minorFaults + root.childrenMinorFaults;
    for (const pid of childrenOf(this.postmaster)) faults += procStat(pid)?.minorFaults ?? 0;
    return faults;
  }

  /** Starts following the backends of `database`, from their current CPU time. */
  async begin(database: string): Promise<void> {
    this.database = database;
    this.backends.clear();
    for (const pid of await this.backendPids()) {
      const counters = countersOf(pid);
      if (counters) this.backends.set(pid, { first: counters, last: counters });
    }
  }

  /** Reads the followed backends' CPU; a failed reading (the monitor connection was cut) is skipped. */
  async sample(): Promise<void> {
    const pids = await this.backendPids().catch(() => []);
    for (const pid of pids) {
      const counters = countersOf(pid);
      if (!counters) continue;
      const known = this.backends.get(pid);
      if (known) known.last = counters;
      else this.backends.set(pid, { first: { ticks: 0, faults: 0 }, last: counters });
    }
  }

  /** CPU seconds of the followed database's backends since `begin` (as of the last sample). */
  databaseSeconds(): number {
    let ticks = 0;
    for (const { first, last } of this.backends.values()) ticks += last.ticks - first.ticks;
    return ticks / CLOCK_TICKS;
  }

  /**
   * Minor page faults of the followed database's backends since `begin` (as of the last sample): pages
   * a backend maps for the first time (shared buffers it had not touched) or gets fresh from the
   * system (heap its allocator had handed back). Each costs ~20 µs on some virtual machines, so they
   * are a share of the CPU figure worth seeing apart.
   */
  databaseFaults(): number {
    let faults = 0;
    for (const { first, last } of this.backends.values()) faults += last.faults - first.faults;
    return faults;
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

/** What the benchmark database's statements waited on over a window (PostgresWaits). */
export interface Waits {
  intervalMs: number;
  /** Samples of active statements, each backend counted once per sample. */
  samples: number;
  /** Of those: not waiting on anything PostgreSQL reports (on a core, or runnable and waiting for one). */
  onCore: number;
  /** Writing and flushing the write-ahead log (IO:WALWrite, IO:WALSync). */
  walFlush: number;
  /** Waiting for the log's lock while another backend flushes it (LWLock:WALWrite). */
  walLock: number;
  /** Anything else, by wait event, most first. */
  other: Array<[string, number]>;
  /** Each time a backend was seen flushing the WAL for one statement: how long, at least (ms), longest first. */
  flushes: number[];
  /** Why the sampling stopped early, if it did. */
  failed?: string;
}

/** One active statement as a sample of pg_stat_activity shows it. */
export interface ActiveStatement {
  pid: number;
  /** wait_event_type and wait_event, null while it waits on nothing PostgreSQL reports. */
  type: string | null;
  event: string | null;
  /** When its statement started (query_start): a backend's next statement is another flush. */
  statement: string;
}

/**
 * Adds up samples of active statements into Waits. A flush is one backend seen in IO:WALSync for the
 * same statement in consecutive samples; its length is the time between the first and the last sample
 * that saw it, so a lower bound.
 */
export class WaitTally {
  private readonly waits: Waits;
  private readonly other = new Map<string, number>();
  private readonly flushing = new Map<number, { statement: string; first: number; last: number }>();

  constructor(intervalMs: number) {
    this.waits = { intervalMs, samples: 0, onCore: 0, walFlush: 0, walLock: 0, other: [], flushes: [] };
  }

  /** One sample, taken at `at` (ms). */
  add(statements: ActiveStatement[], at: number): void {
    const flushingNow = new Set<number>();
    for (const { pid, type, event, statement } of statements) {
      this.waits.samples++;
      if (type === null) this.waits.onCore++;
      else if (type === 'IO' && (event === 'WALSync' || event === 'WALWrite')) this.waits.walFlush++;
      else if (type === 'LWLock' && event === 'WALWrite') this.waits.walLock++;
      else this.other.set(`${type}:${event}`, (this.other.get(`${type}:${event}`) ?? 0) + 1);
      if (type !== 'IO' || event !== 'WALSync') continue;
      flushingNow.add(pid);
      const flush = this.flushing.get(pid);
      if (flush?.statement === statement) flush.last = at;
      else {
        if (flush) this.waits.flushes.push(flush.last - flush.first);
        this.flushing.set(pid, { statement, first: at, last: at });
      }
    }
    for (const [pid, flush] of this.flushing)
      if (!flushingNow.has(pid)) {
        this.waits.flushes.push(flush.last - flush.first);
        this.flushing.delete(pid);
      }
  }

  fail(reason: string): void {
    this.waits.failed = reason;
  }

  /** The waits so far, a flush still seen in the last sample ending there. */
  finish(): Waits {
    for (const flush of this.flushing.values()) this.waits.flushes.push(flush.last - flush.first);
    this.flushing.clear();
    this.waits.flushes.sort((a, b) => b - a);
    this.waits.other = [...this.other].sort((a, b) => b[1] - a[1]);
    return this.waits;
  }
}

/**
 * Samples what the active statements of one database wait on (pg_stat_activity, every `intervalMs` on
 * a connection of its own), to tell a slow append's causes apart: its own CPU, the commit's fdatasync
 * of the write-ahead log and the queue behind it, or a lock. The sampling costs the server a query every
 * interval, so the benchmark takes it only when asked (BENCH_PG_WAITS).
 */
export class PostgresWaits {
  private sampling: Promise<void> = Promise.resolve();
  private stopped = false;
  private tally: WaitTally;

  constructor(private readonly serverUrl: string, private readonly intervalMs: number) {
    this.tally = new WaitTally(intervalMs);
  }

  start(database: string): void {
    this.stopped = false;
    const tally = (this.tally = new WaitTally(this.intervalMs));
    this.sampling = withClient(this.serverUrl, async (client) => {
      const query = {
        name: 'bench_waits',
        text: `select pid, wait_event_type as type, wait_event as event, query_start::text as statement from pg_stat_activity
                where datname = $1 and state = 'active' and backend_type = 'client backend' and pid <> pg_backend_pid()`,
        values: [database],
      };
      while (!this.stopped) {
        const at = performance.now();
        tally.add((await client.query<ActiveStatement>(query)).rows, at);
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, this.intervalMs - (performance.now() - at))));
      }
    }).catch((error: Error) => tally.fail(error.message));
  }

  async stop(): Promise<Waits> {
    this.stopped = true;
    await this.sampling;
    return this.tally.finish();
  }
}

/** A window's waits as a line's words. */
export function waitsLine(waits: Waits): string {
  const share = (count: number) => `${((count * 100) / Math.max(1, waits.samples)).toFixed(0)} %`;
  const others = waits.other.slice(0, 2).map(([event, count]) => `${event} ${share(count)}`);
  const long = waits.flushes.filter((ms) => ms >= 50);
  return [
    `sampled every ${waits.intervalMs} ms, ${waits.samples} samples of active statements: on a core (or waiting for one) ${share(waits.onCore)}`,
    `flushing the WAL ${share(waits.walFlush)}, queued behind a flush ${share(waits.walLock)}`,
    `else ${share(waits.samples - waits.onCore - waits.walFlush - waits.walLock)}${others.length > 0 ? ` (${others.join(', ')})` : ''}`,
    `a flush seen over 50 ms ${long.length} times${long.length > 0 ? `, the longest at least ${long[0]!.toFixed(0)} ms` : ''}`,
    ...(waits.failed ? [`SAMPLING STOPPED EARLY: ${waits.failed}`] : []),
  ].join('; ');
}

/** The server's WAL files ahead of where its log is written, before a measured phase (prepareWalFiles). */
export interface WalFiles {
  /** Files ready for the log to reuse when the phase began. */
  ahead: number;
  /** Files the benchmark made ready first (0: there were enough), and how long that took. */
  made: number;
  ms: number;
  /** Whether the server fills each new WAL file with zeros (`wal_init_zero`). */
  zeroFilled: boolean;
  /** Why none could be made, when some were wanted. */
  refused: string | null;
}

/**
 * WAL files ready for reuse ahead of where the server writes its log: at least enough for `wantedBytes`
 * (the phase's WAL as estimated), or nearly `max_wal_size` of them when unknown. A server that has run
 * a while has them (each checkpoint renames the files behind it into the ones ahead); a fresh one
 * creates each 16 MB file as its log reaches it and, with `wal_init_zero` on (the default), fills it
 * with zeros and syncs it while every commit waits (docs/payments.md, "No commit waits on a new WAL
 * file"): the first run on a fresh machine's server saw every bank's commits held over 50 ms once per
 * new file, about every 1.5 s at ~11 MB of WAL a second, and later runs on the same server none. So that
 * a phase measures the server as it runs in its steady state (as the warm-up does the service's JIT), the
 * benchmark moves the log through as many new files as are missing (a message and a switch each) and
 * checkpoints, which recycles them ahead. Needs a superuser (pg_switch_wal, CHECKPOINT); else says why.
 */
export async function prepareWalFiles(pool: pg.Pool, wantedBytes: number | null): Promise<WalFiles> {
  const started = performance.now();
  const { rows } = await pool.query<{ zero: string; max: string; segment: string }>(
    "select current_setting('wal_init_zero') as zero, pg_size_bytes(current_setting('max_wal_size'))::text as max, pg_size_bytes(current_setting('wal_segment_size'))::text as segment",
  );
  const segment = Number(rows[0]!.segment);
  const most = Math.max(1, Math.floor((0.9 * Number(rows[0]!.max)) / segment));
  const wanted = Math.min(most, wantedBytes === null ? most : Math.ceil(wantedBytes / segment) + 1);
  const zeroFilled = rows[0]!.zero === 'on';
  const ahead = () =>
    pool
      .query<{ ahead: number }>(
        "select count(*)::int as ahead from pg_ls_waldir() where name ~ '^[0-9A-F]{24}$' and name > pg_walfile_name(pg_current_wal_insert_lsn())",
      )
      .then((result) => result.rows[0]!.ahead);
  const before = await ahead().catch(() => null);
  if (before === null) return { ahead: 0, made: 0, ms: 0, zeroFilled, refused: 'pg_ls_waldir refused (not a superuser)' };
  if (before >= wanted) return { ahead: before, made: 0, ms: performance.now() - started, zeroFilled, refused: null };
  try {
    // Each switch moves the log into a new file; the checkpoint then renames the files behind it into files ahead.
    for (let switched = before; switched <= wanted; switched++)
      await pool.query("select pg_logical_emit_message(false, 'emisor-bench', 'wal files'); select pg_switch_wal()");
    await pool.query('checkpoint');
  } catch (error) {
    return { ahead: before, made: 0, ms: performance.now() - started, zeroFilled, refused: (error as Error).message };
  }
  const after = await ahead();
  return { ahead: after, made: Math.max(0, after - before), ms: performance.now() - started, zeroFilled, refused: null };
}

/** What prepareWalFiles found and did, as a line's words. */
export const walFilesLine = (files: WalFiles): string =>
  `${files.ahead} ahead of the log as it began${files.made > 0 ? ` (${files.made} made ready first, in ${(files.ms / 1000).toFixed(1)} s)` : ''}${files.refused ? ` (none made ready: ${files.refused})` : ''}; new ones ${files.zeroFilled ? 'zero-filled (wal_init_zero on)' : 'not zero-filled'}`;
