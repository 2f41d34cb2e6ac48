import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { freePort } from '../runtime/embedded-postgres';
import { runCommitFlushProbe, type CommitFlushResult } from './commit-flush';
import { runHttpFloor, type HttpFloorResult } from './http-floor';
import { benchKnobs, type MinimalOpenResult, type MinimalResult } from './minimal-ledger';
import { envFlag, envNumber } from './support/env';
import { scriptArguments } from './support/package-scripts';
import { Api } from './support/http';
import {
  batchScheduler,
  cpuSeconds,
  loadAverage,
  machineCpu,
  machineShares,
  machineSharesText,
  mainThreadSchedule,
  peakRss,
  resetPeakRss,
  scheduleLine,
  type MachineCpu,
  type MachineShares,
  type ThreadSchedule,
} from './support/proc';
import { busyStretches, readProfile, summarizeProfile } from './support/profile';
import {
  benchServer,
  checkpoints,
  checkpointsBetween,
  createDatabase,
  databaseUrl,
  dropDatabase,
  openPool,
  PostgresCpu,
  PostgresWaits,
  prepareWalFiles,
  waitsLine,
  walFilesLine,
  walPosition,
  type Checkpoints,
  type WalFiles,
  type Waits,
} from './support/postgres';
import type { BenchClient, Kind, LoadInput, LoadResult } from './support/protocol';
import { medianOrNull, ms } from './support/stats';
import { judgeTargets, queueNote, queueState, type PacedFigures } from './support/targets';

/**
 * `npm run bench:payments` (issue 9, item 5): Instant Payments over HTTP, end to end.
 *
 *  1. Starts the service as a child process (its package.json `start`, with this Node, in BENCH_SERVICE_DIR,
 *     default this checkout) on a fresh database `bench_payments_<timestamp>` of the DATABASE_URL
 *     server, or of an embedded PostgreSQL started here when DATABASE_URL is unset. A preload counts
 *     the service's PostgreSQL round trips (bench/support/round-trips.cjs). BENCH_PROCESSES=N (default 1)
 *     runs the README's several-process deployment instead: a chain node (`npm run chain`, on a database
 *     of its own) and N service processes on CHAIN=cosmos, the payments of bank i sent to process
 *     i mod N (a load balancer routing by the token's bank); CPU, round trips and memory are then the
 *     processes' and the chain node's together.
 *  2. Setup (not measured), through the API only: BENCH_BANKS ACTIVE commercial banks (organization,
 *     invited administrator, settlement account funded by a mint from the ISSUANCE account), then
 *     BENCH_CLIENTS clients registered by their bank's staff with an alias and a cash-in each. When
 *     cash-in answers 404 (not built yet), demo clients instead (throttled per caller address, so the
 *     registrations come from many loopback addresses: a fallback for smoke runs).
 *  3. The load, from a separate process (bench/payments-load.ts), for BENCH_SECONDS at
 *     BENCH_CONNECTIONS, 80 % INTERNAL / 20 % CROSS_ORGANIZATION (BENCH_INTERNAL_SHARE), after
 *     BENCH_WARMUP_SECONDS (default 5) of the same load, printed apart and not counted (the minimal
 *     ledger gets the same); meanwhile the service's and PostgreSQL's CPU, the service's peak memory,
 *     round trips and load average are read, how its main thread was scheduled (on a core, or
 *     runnable and waiting for one: its event loop's busy time includes the wait), and second by
 *     second how busy the machine was and how much of its time the hypervisor gave to other guests
 *     (steal: on a shared host, a second whose p99 jumps may be the host's, not the service's).
 *     Then BENCH_PACED_SECONDS (default 20) paced at 80 % of the peak just measured, for the latency
 *     the targets ask for at that load (latency counted from when each payment fell due), after
 *     BENCH_PACED_WARMUP_SECONDS (default 5) of the same load whose latency is printed apart; twice:
 *     from the peak's loops (each waits for its answer before its next payment, so a loop that falls
 *     behind catches up one payment at a time), then from open arrivals (each payment sent when due,
 *     whatever is in flight, as independent phones send them). Each phase prints the service's CPU,
 *     round trips per payment (and by statement) and its main thread's schedule over its window beside the peak's.
 *     Each of these phases, and the minimal ledger, begins with the server's WAL files ready for reuse
 *     ahead of its log, as on a server that has run a while (support/postgres prepareWalFiles: a fresh
 *     server zero-fills each new file while every commit waits); each phase prints how many there were.
 *  4. Verification on the service's own database and the chain balances the API reports: nothing
 *     left PENDING, every acknowledged payment recorded once with its amount and parties, no payment
 *     from a refused request, every client balance equal to its payments, money conserved per bank.
 *  5. The service stops; the minimal-ledger ceiling (bench/minimal-ledger.ts) runs on another fresh
 *     database of the same server with the same clients, mix and concurrency (BENCH_SKIP_BASELINE=true
 *     skips it); then, like the service, the same open arrivals at 80 % of its own peak (or
 *     BENCH_PACED_RATE), so that the latency target is read beside what the same PostgreSQL allows a
 *     ledger that does nothing else. Databases are dropped at the end (BENCH_KEEP_DATABASE=true keeps the service's).
 *  6. The HTTP floor (bench/http-floor.ts) for BENCH_FLOOR_SECONDS (default 20; 0 skips it): a bare
 *     node:http server answering the same requests with a fixed 201 and no database, at the same
 *     concurrency; what HTTP alone allows on this machine, beside the minimal ledger's database ceiling.
 *  7. PostgreSQL's commits alone (bench/commit-flush.ts) for BENCH_FLUSH_SECONDS (default 20; 0 skips
 *     them): one small commit every 5 ms with nothing else running, and how many the host held over 50 ms.
 *
 * Exit status 1 when a check fails. Knobs: BENCH_SECONDS (60), BENCH_CONNECTIONS (64), BENCH_CLIENTS
 * (10000), BENCH_BANKS (3), BENCH_INTERNAL_SHARE (0.8: the share of INTERNAL payments, for both sides), BENCH_SKIP_BASELINE, BENCH_FLUSH_SECONDS (20), BENCH_WARMUP_SECONDS (5), BENCH_PACED_SECONDS (20), BENCH_PACED_WARMUP_SECONDS (5), BENCH_PACED_RATE (payments/s
 * the paced phases ask, instead of 80 % of the peak), BENCH_INITIAL_BALANCE (each
 * client's cash-in, 1000000), BENCH_SETUP_CONCURRENCY (32), BENCH_GRACE_SECONDS (30, for settlement
 * and the read model after the load), BENCH_SERVICE_DIR, BENCH_LOG_LEVEL (the service's, warn),
 * BENCH_KEEP_DATABASE, BENCH_WAL_FILES (false: the server's WAL files as they are), BENCH_PROCESSES (1),
 * BENCH_GENERATOR_POLICY (batch: how the load generator is scheduled, below), BENCH_REPORT=<file> (the figures as JSON), BENCH_PROFILE=<file> (a CPU
 * profile of the service during the load, summarised at the end with how long its event loop stayed busy at a
 * stretch; the sampling costs some throughput), BENCH_PACED_PROFILE and BENCH_OPEN_PROFILE (the same for the
 * paced phases from the loops and from open arrivals), BENCH_PG_WAITS=<ms> (what the service's statements
 * wait on in each phase, sampled from pg_stat_activity at that interval: PostgresWaits; each sample is
 * a query the server runs).
 */
const knobs = benchKnobs();
const SKIP_BASELINE = envFlag('BENCH_SKIP_BASELINE');
const KEEP_DATABASE = envFlag('BENCH_KEEP_DATABASE');
const SERVICE_DIR = resolve(process.env.BENCH_SERVICE_DIR ?? join(__dirname, '..'));
const GRACE_SECONDS = envNumber('BENCH_GRACE_SECONDS', 'seconds', 30);
/** Setup is not measured: as many requests at once as the service batches well. */
const SETUP_CONCURRENCY = envNumber('BENCH_SETUP_CONCURRENCY', 'count', 32);
/** A file to write the service's CPU profile of the measured window to (.cpuprofile, opens in Chrome DevTools). */
const PROFILE = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
/** The same for the windows of the paced phases, where the latency target is set: from the peak's loops, and from open arrivals. */
const PACED_PROFILE = process.env.BENCH_PACED_PROFILE ? resolve(process.env.BENCH_PACED_PROFILE) : null;
const OPEN_PROFILE = process.env.BENCH_OPEN_PROFILE ? resolve(process.env.BENCH_OPEN_PROFILE) : null;
/** Sampling interval (ms) of what the service's statements wait on, or null: not sampled. */
const PG_WAITS_MS = envNumber('BENCH_PG_WAITS', 'positive', null);
/** After the peak, the phases at 80 % of it (the targets' "p99 at 80 % of peak"): minimal-ledger's benchKnobs. */
const { seconds: PACED_SECONDS, warmupSeconds: PACED_WARMUP_SECONDS, share: PACED_SHARE, rate: PACED_RATE } = knobs.paced;
/** Service processes on the database (1: one, with its embedded chain; more: over a chain node, routed by bank). */
const PROCESSES = envNumber('BENCH_PROCESSES', 'count', 1);
const FLOOR_SECONDS = envNumber('BENCH_FLOOR_SECONDS', 'seconds', 20);
/** Seconds of PostgreSQL's commits alone at the end (bench/commit-flush.ts); 0 skips them. */
const FLUSH_SECONDS = envNumber('BENCH_FLUSH_SECONDS', 'seconds', 20);
/** Whether each phase begins with the server's WAL files ready for reuse (prepareWalFiles); BENCH_WAL_FILES=false leaves the server as it is. */
const PREPARE_WAL_FILES = process.env.BENCH_WAL_FILES !== 'false';
/**
 * How the load generator is scheduled: `batch` (SCHED_BATCH, the default) or `normal`. The generator
 * stands for the scheme's phones, which are not on the service's machine. Here it is, and each answer
 * the service writes wakes it: as a normal task, woken, it preempted whatever held the core, often the
 * service's own thread in the middle of a round (open arrivals at 2,640/s on two cores, three
 * alternating pairs of 10 s runs: INTERNAL p99 81.9, 107.2 and 44.7 ms as a batch task against 152.8,
 * 178.1 and 82.1 ms as a normal one). As a batch task it keeps its share of the cores and waits for
 * the scheduler's tick instead; its own lateness still counts, since latency is measured from when
 * each payment fell due, and it costs the peak's loops some throughput (1.9–2.4 % in those pairs), and
 * with it the rate of the phases at 80 % of the peak.
 */
const GENERATOR_POLICY = process.env.BENCH_GENERATOR_POLICY ?? 'batch';
if (!['batch', 'normal'].includes(GENERATOR_POLICY)) throw new Error('BENCH_GENERATOR_POLICY must be batch or normal');
const generatorBatch = GENERATOR_POLICY === 'batch' ? batchScheduler() : null;
const generatorCommand = (args: readonly string[]) => generatorBatch?.(process.execPath, args) ?? { command: process.execPath, args: [...args] };
const GENERATOR_SCHEDULING = generatorBatch
  ? 'scheduled SCHED_BATCH (BENCH_GENERATOR_POLICY=normal for a normal task)'
  : GENERATOR_POLICY === 'batch'
    ? 'a normal task (chrt is missing)'
    : 'a normal task (BENCH_GENERATOR_POLICY=normal)';
const DENOM = 'ulps';
const ADMIN = { email: 'admin@bench.emisor.test', password: 'bench-admin-password-2026' };
const STAFF_PASSWORD = 'bench-staff-password-2026';
/** Demo registrations per loopback address, under the service's 20 a minute per address. */
const DEMO_PER_ADDRESS = 15;
const REPLAYS = 50;
const API_BALANCE_SAMPLE = 100;

const log = (line: string) => console.log(`[bench] ${line}`);

interface Bank {
  index: number;
  organizationId: string;
  adminToken: string;
  settlementAccountId: string;
  settlementAddress: string;
  funded: bigint;
}

interface Client extends BenchClient {
  initial: bigint;
}

interface Check {
  name: string;
  ok: boolean;
  detail: string;
}

async function until<T>(what: string, timeoutMs: number, attempt: () => Promise<T | null | undefined | false>, intervalMs = 200): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await attempt();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(intervalMs);
  }
}

/** Runs `work(i)` for i in [from, to) with `concurrency` workers, printing progress. */
async function parallel(label: string, from: number, to: number, concurrency: number, work: (index: number) => Promise<void>) {
  let next = from;
  let done = 0;
  const total = to - from;
  const step = Math.max(1, Math.floor(total / 10));
  const started = Date.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, total) }, async () => {
      while (next < to) {
        await work(next++);
        if (++done % step === 0 || done === total) log(`${label}: ${done}/${total} (${Math.round(done / ((Date.now() - started) / 1000))}/s)`);
      }
    }),
  );
}

/** A loopback address of its own per group of demo registrations (Linux routes all of 127/8 to lo). */
const loopbackAddress = (index: number) => `127.${10 + Math.floor(index / 62_500)}.${Math.floor((index % 62_500) / 250)}.${(index % 250) + 1}`;

function lastLines(file: string, count = 30): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-count).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * The projection lag the service reports of itself, by name: any numeric field named *lag* in
 * GET /api/health, and the `emisor_projection_lag_events` gauge of GET /metrics (in events).
 */
async function reportedProjectionLag(api: Api): Promise<Map<string, number>> {
  const lags = new Map<string, number>();
  const [health, metrics] = await Promise.all([api.get('/health').catch(() => null), api.getText('/metrics').catch(() => null)]);
  const fromHealth = health ? reportedLag(health.body) : null;
  if (fromHealth !== null) lags.set('GET /api/health', fromHealth);
  if (metrics?.status === 200)
    for (const match of metrics.text.matchAll(/^emisor_projection_lag_events\{projection="([^"]+)"\} (\d+(?:\.\d+)?)/gm))
      lags.set(`${match[1]} (events, GET /metrics)`, Number(match[2]));
  return lags;
}

/** How many of the service's appends, or payment POSTs, so far took longer than 50 ms and 100 ms, of how many (its histograms, cumulative). */
interface SlowCounts {
  count: number;
  over50: number;
  over100: number;
}

/** Over 50 and 100 ms in a Prometheus histogram: its bucket series whose labels `select` picks, summed. */
function slowIn(metrics: string, histogram: string, select: (labels: string) => boolean): SlowCounts | null {
  const within = new Map<string, number>();
  for (const [, labels, count] of metrics.matchAll(new RegExp(`^${histogram}_bucket\\{([^}]*)\\} (\\S+)`, 'gm'))) {
    const le = /le="([^"]+)"/.exec(labels!)?.[1];
    if (le && select(labels!)) within.set(le, (within.get(le) ?? 0) + Number(count));
  }
  const all = within.get('+Inf');
  return all === undefined ? null : { count: all, over50: all - (within.get('0.05') ?? 0), over100: all - (within.get('0.1') ?? 0) };
}

/**
 * One scrape of the service's metrics: its event-loop delay since the previous scrape (prom-client's
 * default metrics reset their histogram on every collection), in ms, and its slow appends and payment
 * POSTs so far (a POST's time in the service: from its request's first middleware to its answer).
 */
async function serviceSample(
  api: Api,
): Promise<{
  delay: { p99: number; max: number } | null;
  slowAppends: SlowCounts | null;
  slowPosts: SlowCounts | null;
  gcSeconds: number | null;
  markCompacts: number | null;
  acceptQueue: number | null;
} | null> {
  const metrics = await api.getText('/metrics').catch(() => null);
  if (metrics?.status !== 200) return null;
  const value = (name: string) => Number(new RegExp(`^emisor_process_nodejs_eventloop_lag_${name}_seconds (\\S+)`, 'm').exec(metrics.text)?.[1] ?? NaN) * 1000;
  const [p99, max] = [value('p99'), value('max')];
  // The collector's pauses so far (scavenges and mark-compacts; prom-client's histogram, cumulative).
  const pauses = [...metrics.text.matchAll(/^emisor_process_nodejs_gc_duration_seconds_sum\{kind="(?:major|minor)"\} (\S+)/gm)].map((match) => Number(match[1]));
  const markCompacts = /^emisor_process_nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)/m.exec(metrics.text);
  // Connections the kernel completed and the service had not accepted yet (it accepts one per turn of its loop).
  const acceptQueue = /^emisor_http_accept_queue\{[^}]*\} (\S+)/m.exec(metrics.text);
  return {
    delay: Number.isFinite(p99) && Number.isFinite(max) ? { p99, max } : null,
    gcSeconds: pauses.length > 0 ? pauses.reduce((sum, value) => sum + value, 0) : null,
    markCompacts: markCompacts ? Number(markCompacts[1]) : null,
    acceptQueue: acceptQueue ? Number(acceptQueue[1]) : null,
    slowAppends: slowIn(metrics.text, 'emisor_event_store_append_duration_seconds', () => true),
    slowPosts: slowIn(metrics.text, 'emisor_http_request_duration_seconds', (labels) => labels.includes('method="POST"') && labels.includes('route="/api/instant-payments/payments"')),
  };
}

/** How much a cumulative counter of the service grew since the last sample; null where either is unknown. */
const growth = (now: number | null, last: number | null): number | null => (now !== null && last !== null ? now - last : null);

/** In one window of the service: its longest event-loop stall and the garbage collector's pauses, in ms, and its mark-compacts. */
interface Stalls {
  loopMax: number | null;
  gc: number | null;
  markCompacts: number | null;
}

/**
 * The service between its samples (one a second or so): the worst of its event-loop windows, and in
 * each window how many appends (a round's commit, with the read model's rows) took over 50 and 100
 * ms, its longest loop stall, its collector's pauses and its mark-compacts, and how busy the machine
 * was and how much of its time the hypervisor took: whether a second whose POST p99 jumped waited on
 * PostgreSQL's commits, stood still in the service (and whether collecting garbage, a full collection
 * among it), queued, or ran on a host that gave its cores to other guests.
 */
class ServiceWatch {
  private p99 = 0;
  private max = 0;
  private windows = 0;
  private lastAppends: SlowCounts | null = null;
  private lastPosts: SlowCounts | null = null;
  private lastGc: number | null = null;
  private lastMarkCompacts: number | null = null;
  private lastMachine: MachineCpu | null = null;
  readonly slowAppends: SlowCounts[] = [];
  readonly slowPosts: SlowCounts[] = [];
  readonly stalls: Stalls[] = [];
  readonly machine: MachineShares[] = [];
  /** The most connections seen waiting to be accepted at a sample (emisor_http_accept_queue), or null where not reported. */
  acceptQueueMax: number | null = null;

  constructor(private readonly api: Api) {}

  /** Ends the window that was open before the measured phase, without counting it. */
  async begin(): Promise<void> {
    const sample = await serviceSample(this.api);
    this.lastAppends = sample?.slowAppends ?? null;
    this.lastPosts = sample?.slowPosts ?? null;
    this.lastGc = sample?.gcSeconds ?? null;
    this.lastMarkCompacts = sample?.markCompacts ?? null;
    this.lastMachine = machineCpu();
  }

  async sample(): Promise<void> {
    const sample = await serviceSample(this.api);
    const machine = machineCpu();
    if (this.lastMachine) this.machine.push(machineShares(this.lastMachine, machine));
    this.lastMachine = machine;
    if (sample?.acceptQueue != null) this.acceptQueueMax = Math.max(this.acceptQueueMax ?? 0, sample.acceptQueue);
    if (sample) {
      const gcSeconds = growth(sample.gcSeconds, this.lastGc);
      this.stalls.push({ loopMax: sample.delay?.max ?? null, gc: gcSeconds === null ? null : gcSeconds * 1000, markCompacts: growth(sample.markCompacts, this.lastMarkCompacts) });
      this.lastGc = sample.gcSeconds;
      this.lastMarkCompacts = sample.markCompacts;
    }
    const since = (now: SlowCounts, last: SlowCounts) => ({ count: now.count - last.count, over50: now.over50 - last.over50, over100: now.over100 - last.over100 });
    if (sample?.slowAppends) {
      if (this.lastAppends) this.slowAppends.push(since(sample.slowAppends, this.lastAppends));
      this.lastAppends = sample.slowAppends;
    }
    if (sample?.slowPosts) {
      if (this.lastPosts) this.slowPosts.push(since(sample.slowPosts, this.lastPosts));
      this.lastPosts = sample.slowPosts;
    }
    if (!sample?.delay) return;
    this.p99 = Math.max(this.p99, sample.delay.p99);
    this.max = Math.max(this.max, sample.delay.max);
    this.windows += 1;
  }

  get worst(): { p99: number; max: number } | null {
    return this.windows > 0 ? { p99: this.p99, max: this.max } : null;
  }
}

/** Largest numeric value under a key naming a lag, anywhere in the health answer; null when none. */
function reportedLag(value: unknown, underLag = false): number | null {
  if (typeof value === 'number') return underLag ? value : null;
  if (!value || typeof value !== 'object') return null;
  let max: number | null = null;
  for (const [key, inner] of Object.entries(value)) {
    const found = reportedLag(inner, underLag || /lag/i.test(key));
    if (found !== null) max = max === null ? found : Math.max(max, found);
  }
  return max;
}

class Service {
  private exited = false;

  private constructor(readonly child: ChildProcess, readonly logFile: string, readonly roundTripsFile: string) {
    child.once('exit', () => (this.exited = true));
  }

  static start(env: NodeJS.ProcessEnv, work: string, name = 'service'): Service {
    const logFile = join(work, `${name}.log`);
    const roundTripsFile = join(work, `${name}-round-trips.json`);
    const out = openSync(logFile, 'a');
    const child = spawn(process.execPath, scriptArguments(SERVICE_DIR, 'start'), {
      cwd: SERVICE_DIR,
      env: {
        ...env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${resolve(__dirname, 'support/round-trips.cjs')}`.trim(),
        BENCH_ROUND_TRIPS_FILE: roundTripsFile,
      },
      stdio: ['ignore', out, out],
    });
    return new Service(child, logFile, roundTripsFile);
  }

  get pid(): number {
    return this.child.pid!;
  }

  async ready(api: Api): Promise<void> {
    await until('the service to listen', 180_000, async () => {
      if (this.exited) throw new Error(`the service exited during start-up:\n${lastLines(this.logFile)}`);
      return api.get('/health').then(
        () => true,
        () => false,
      );
    }, 500);
  }

  /** PostgreSQL queries the service has sent so far: asks the preload for a fresh count (SIGUSR2). */
  roundTrips = () => this.signal(null);

  /** Starts the service's CPU profile, or stops it into `out` (see the preload). */
  profile = (command: { profile: 'start' } | { profile: 'stop'; out: string }) => this.signal(command);

  /** Queries per statement text at the last signal (cumulative since start). */
  statements = new Map<string, number>();

  private async signal(command: object | null): Promise<number | null> {
    const read = () => {
      try {
        return JSON.parse(readFileSync(this.roundTripsFile, 'utf8')) as { seq: number; queries: number; statements?: Record<string, number> };
      } catch {
        return null;
      }
    };
    const before = read();
    if (!before) {
      log(`no round-trip counter at ${this.roundTripsFile}: the preload did not load`);
      return null;
    }
    if (command) writeFileSync(`${this.roundTripsFile}.command`, JSON.stringify(command));
    this.child.kill('SIGUSR2');
    const after = await until('the preload', 30_000, async () => {
      const now = read();
      return now && now.seq > before.seq ? now : null;
    }, 10).catch(() => null);
    if (!after) log('the preload did not answer SIGUSR2 within 30 s');
    if (after?.statements) this.statements = new Map(Object.entries(after.statements));
    return after?.queries ?? null;
  }

  stop(): Promise<void> {
    return stopChild(this.child);
  }
}

/**
 * The service as the run deploys it: one process with its embedded chain (the default), or
 * BENCH_PROCESSES processes on one database over a chain node of their own (the README's "One chain
 * node and N service processes"), the payments of bank i sent to process i mod N as a load balancer
 * routing by the client token's bank would. Its figures are the deployment's: CPU and round trips
 * summed over the processes (the chain node's CPU counted, as the embedded chain's is in one process),
 * peak memory summed; a CPU profile and the event-loop watch are the first process's.
 */
class Deployment {
  private constructor(
    readonly services: Service[],
    readonly origins: string[],
    private readonly chainNode: ChildProcess | null,
  ) {}

  /**
   * Starts the processes: the first alone (it runs the seed step), then the others. `env` is each
   * service's environment but for its port.
   */
  static async start(options: { processes: number; env: NodeJS.ProcessEnv; work: string; serverUrl: string; serviceDatabase: string; cleanups: Array<() => Promise<unknown>> }): Promise<Deployment> {
    const { processes, work, cleanups } = options;
    let env = options.env;
    let chainNode: ChildProcess | null = null;
    if (processes > 1) {
      const chainDatabase = `${options.serviceDatabase}_chain`;
      await createDatabase(options.serverUrl, chainDatabase);
      if (!KEEP_DATABASE) cleanups.push(() => dropDatabase(options.serverUrl, chainDatabase));
      const rpcPort = await freePort();
      const logFile = join(work, 'chain-node.log');
      const node = spawn(process.execPath, scriptArguments(SERVICE_DIR, 'chain'), {
        cwd: SERVICE_DIR,
        env: { ...env, DATABASE_URL: databaseUrl(options.serverUrl, chainDatabase), CHAIN_RPC_PORT: String(rpcPort) },
        stdio: ['ignore', openSync(logFile, 'a'), openSync(logFile, 'a')],
      });
      chainNode = node;
      cleanups.push(() => stopChild(node));
      const rpc = `http://127.0.0.1:${rpcPort}`;
      await until('the chain node to answer', 120_000, async () => {
        if (node.exitCode !== null) throw new Error(`the chain node exited during start-up:\n${lastLines(logFile)}`);
        return fetch(`${rpc}/status`).then((answer) => answer.ok, () => false);
      }, 500);
      env = { ...env, CHAIN: 'cosmos', CHAIN_RPC_URL: rpc };
    }
    const services: Service[] = [];
    const origins: string[] = [];
    for (let index = 0; index < processes; index++) {
      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      const service = Service.start({ ...env, PORT: String(port) }, work, index === 0 ? 'service' : `service-${index + 1}`);
      cleanups.push(() => service.stop());
      const api = new Api(origin, { connections: 1 });
      try {
        await service.ready(api);
      } finally {
        await api.close();
      }
      services.push(service);
      origins.push(origin);
    }
    return new Deployment(services, origins, chainNode);
  }

  get first(): Service {
    return this.services[0]!;
  }

  /** Where each bank's payments go. */
  bankOrigins(banks: number): string[] {
    return Array.from({ length: banks }, (_, bank) => this.origins[bank % this.origins.length]!);
  }

  private get pids(): number[] {
    return [...this.services.map((service) => service.pid), ...(this.chainNode?.pid ? [this.chainNode.pid] : [])];
  }

  /** The first service process's main thread: its event loop's time on a core and waiting for one. */
  mainThreadSchedule(): ThreadSchedule | null {
    return mainThreadSchedule(this.first.pid);
  }

  cpuSeconds(): number | null {
    const seconds = this.pids.map((pid) => cpuSeconds(pid));
    return seconds.some((value) => value === null) ? null : seconds.reduce((sum: number, value) => sum + value!, 0);
  }

  async roundTrips(): Promise<number | null> {
    const counts = await Promise.all(this.services.map((service) => service.roundTrips()));
    return counts.some((count) => count === null) ? null : counts.reduce((sum: number, count) => sum + count!, 0);
  }

  /** Queries per statement text at the last count, summed over the processes. */
  get statements(): Map<string, number> {
    const summed = new Map<string, number>();
    for (const service of this.services) for (const [text, count] of service.statements) summed.set(text, (summed.get(text) ?? 0) + count);
    return summed;
  }

  peakRss(): number | null {
    const peaks = this.pids.map((pid) => peakRss(pid));
    return peaks.some((peak) => peak === null) ? null : peaks.reduce((sum: number, peak) => sum + peak!, 0);
  }

  resetPeakRss(): boolean {
    return this.pids.map((pid) => resetPeakRss(pid)).every(Boolean);
  }

  async stop(): Promise<void> {
    await Promise.all(this.services.map((service) => service.stop()));
    if (this.chainNode) await stopChild(this.chainNode);
  }
}

/** SIGTERM, then SIGKILL if it has not exited within 15 s. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const stopped = await until('the process to stop', 15_000, async () => child.exitCode !== null || child.signalCode !== null).catch(() => false);
  if (!stopped) child.kill('SIGKILL');
}

async function setUpBanks(api: Api, centralToken: string, clientsPerBank: number[]): Promise<Bank[]> {
  const issuance = await api.expect(200, 'GET', '/multisigs?type=ISSUANCE', { token: centralToken });
  const issuanceId = issuance.items[0]?.id as string | undefined;
  if (!issuanceId) throw new Error('no ISSUANCE account visible to the central administrator');
  const banks: Bank[] = [];
  for (let index = 0; index < clientsPerBank.length; index++) {
    const organization = await api.expect(201, 'POST', '/organizations', { token: centralToken, body: { name: `Bench Bank ${index + 1}`, type: 'COMMERCIAL' } });
    const email = `admin${index + 1}@bank${index + 1}.bench.test`;
    await api.expect(201, 'POST', `/organizations/${organization.id}/admins/invite`, { token: centralToken, body: { email } });
    const outbox = await api.expect(200, 'GET', `/dev/outbox?to=${encodeURIComponent(email)}`);
    const token = new URL(outbox.items[0].link as string).searchParams.get('token');
    const registered = await api.expect(201, 'POST', '/auth/register', { body: { token, name: `Bench Bank ${index + 1} admin`, password: STAFF_PASSWORD } });
    const adminToken = registered.accessToken as string;
    const settlement = await until(`the settlement account of bank ${index + 1}`, 30_000, async () => {
      const accounts = await api.expect(200, 'GET', '/multisigs?type=SETTLEMENT', { token: adminToken });
      return accounts.items[0] as { id: string; address: string } | undefined;
    });
    // Enough for every client's cash-in, with as much again of headroom for payments in flight.
    const funded = BigInt(clientsPerBank[index]!) * knobs.initialBalance * 2n + knobs.initialBalance;
    const minted = await api.expect(201, 'POST', `/multisigs/${issuanceId}/proposals/mint`, {
      token: centralToken,
      body: { title: `Bench settlement liquidity ${index + 1}`, amount: funded.toString(), denom: DENOM, recipient: settlement.address },
      headers: { 'idempotency-key': `bench-mint-${organization.id}` },
    });
    if (minted.executorResult !== 'SUCCESS') throw new Error(`mint to bank ${index + 1} did not execute: ${JSON.stringify(minted)}`);
    const bank: Bank = { index, organizationId: organization.id, adminToken, settlementAccountId: settlement.id, settlementAddress: settlement.address, funded };
    await until(`the funded balance of bank ${index + 1}`, 30_000, async () => (await settlementBalance(api, bank)) >= funded);
    banks.push(bank);
    log(`bank ${index + 1}: ${organization.id}, settlement ${settlement.address} funded with ${funded} ${DENOM}`);
  }
  return banks;
}

async function settlementBalance(api: Api, bank: Bank): Promise<bigint> {
  const balance = await api.expect(200, 'GET', `/multisigs/${bank.settlementAccountId}/balance`, { token: bank.adminToken });
  const entry = (balance.balances as Array<{ denom: string; amount: string }>).find((item) => item.denom === DENOM);
  return BigInt(entry?.amount ?? '0');
}

/**
 * Clients through the staff route with an alias, funded by cash-in; when cash-in is not there (404),
 * demo clients (with DEMO_STARTING_BALANCE) and their aliases instead. Returns the clients the load
 * uses, and every client the service holds (the probe as well) for the verification.
 */
async function setUpClients(
  origin: string,
  api: Api,
  banks: Bank[],
): Promise<{ clients: Client[]; all: Client[]; mode: 'cash-in' | 'demo'; unanswered: Map<string, number> }> {
  const clients: Client[] = new Array(knobs.clients);
  /**
   * Registrations answered 5xx or not at all, by alias: the client may exist (a 503 says "recorded,
   * but the read models did not catch up"), without its token. The load cannot use it; the
   * verification counts it if it is there.
   */
  const unanswered = new Map<string, number>();
  const staffClient = async (index: number, bank: Bank, alias: string, attempt = 0): Promise<Client> => {
    const tried = attempt === 0 ? alias : `${alias}r${attempt}`;
    const created = await api
      .call('POST', '/instant-payments/clients', { token: bank.adminToken, body: { name: `Bench client ${index}`, alias: tried } })
      .catch(() => ({ status: 0, body: null }));
    if (created.status === 201)
      return { id: created.body.client.id as string, alias: tried, token: created.body.clientToken as string, bank: bank.index, initial: 0n };
    if ((created.status !== 0 && created.status < 500) || attempt >= 5)
      throw new Error(`registration of client ${index}: ${created.status} ${JSON.stringify(created.body)}`);
    unanswered.set(tried, bank.index);
    await sleep(1000);
    return staffClient(index, bank, alias, attempt + 1);
  };
  /** A cash-in answered 5xx may have happened: the retry carries the same Idempotency-Key, so it moves nothing twice. */
  const cashIn = async (client: Client, attempt = 0): Promise<{ status: number; body: any }> => {
    const answer = await api
      .call('POST', `/organizations/${banks[client.bank]!.organizationId}/instant-payments/clients/${client.id}/cash-in`, {
        token: banks[client.bank]!.adminToken,
        body: { amount: knobs.initialBalance.toString() },
        headers: { 'idempotency-key': `bench-cash-in-${client.id}` },
      })
      .catch(() => ({ status: 0, body: null }));
    if ((answer.status !== 0 && answer.status < 500) || attempt >= 5) return answer;
    await sleep(1000);
    return cashIn(client, attempt + 1);
  };

  const probe = await staffClient(0, banks[0]!, 'bench0');
  const probed = await cashIn(probe);
  if (probed.status === 201) {
    clients[0] = { ...probe, initial: knobs.initialBalance };
    await parallel('clients (staff route + cash-in)', 1, knobs.clients, SETUP_CONCURRENCY, async (index) => {
      const client = await staffClient(index, banks[index % banks.length]!, `bench${index}`);
      const funded = await cashIn(client);
      if (funded.status !== 201) throw new Error(`cash-in of client ${index}: ${funded.status} ${JSON.stringify(funded.body)}`);
      clients[index] = { ...client, initial: knobs.initialBalance };
    });
    return { clients, all: [...clients], mode: 'cash-in', unanswered };
  }
  if (probed.status !== 404) throw new Error(`cash-in answered ${probed.status} ${JSON.stringify(probed.body)}`);

  log('cash-in answered 404: demo clients instead (fallback for smoke runs; registrations are throttled per address)');
  let spare = Math.ceil(knobs.clients / DEMO_PER_ADDRESS);
  const demoClient = async (index: number, address: number): Promise<Client> => {
    const from = new Api(origin, { connections: 1, localAddress: loopbackAddress(address) });
    try {
      const bank = banks[index % banks.length]!;
      const created = await from.call('POST', '/instant-payments/demo/clients', { body: { organizationId: bank.organizationId, name: `Bench client ${index}` } });
      if (created.status === 429) return demoClient(index, spare++);
      if (created.status !== 201) throw new Error(`demo client ${index}: ${created.status} ${JSON.stringify(created.body)}`);
      const client: Client = {
        id: created.body.client.id,
        alias: `bench${index + 1}`,
        token: created.body.clientToken,
        bank: bank.index,
        initial: BigInt(created.body.client.balance),
      };
      await until(`the alias of demo client ${index}`, 120_000, async () => {
        const aliased = await from.call('POST', `/instant-payments/demo/clients/${client.id}/alias`, { token: client.token, body: { alias: client.alias } });
        if (aliased.status === 200) return true;
        if (aliased.status !== 429) throw new Error(`alias of demo client ${index}: ${aliased.status} ${JSON.stringify(aliased.body)}`);
        return false;
      }, 2000);
      return client;
    } finally {
      await from.close();
    }
  };
  await parallel('clients (demo fallback)', 0, knobs.clients, SETUP_CONCURRENCY, async (index) => {
    clients[index] = await demoClient(index, Math.floor(index / DEMO_PER_ADDRESS));
  });
  // The probe stays with a zero balance: it takes no part in the load, but the verification counts it.
  return { clients, all: [...clients, probe], mode: 'demo', unanswered };
}

/**
 * A paced phase at 80 % of the peak: the generator's result, the service's worst event-loop delay,
 * and its CPU and round trips over the phase's window (against the peak's: rounds gathered from evenly
 * spread arrivals hold fewer payments than those of 64 loops answered together).
 */
interface PacedPhase {
  result: LoadResult;
  eventLoop: Measured['eventLoop'];
  serviceCpu: number | null;
  roundTrips: number | null;
  /** The service's main thread over the window (scheduleLine), or null. */
  mainThread: string | null;
  /** Queries per statement text over the window, most first. */
  statements: Array<[string, number]>;
  /** PostgreSQL's checkpoints during the window (a checkpoint's sync can hold commits up) */
  checkpoints: string | null;
  /** The server's WAL files ready for reuse as the phase began (BENCH_WAL_FILES), or null. */
  walFiles: WalFiles | null;
  /** What the service's statements waited on during the window (BENCH_PG_WAITS), or null. */
  waits: Waits | null;
  /** The service's appends over 50 and 100 ms, window by window (ServiceWatch). */
  slowAppends: SlowCounts[];
  /** Its payment POSTs over 50 and 100 ms, window by window. */
  slowPosts: SlowCounts[];
  /** Its longest event-loop stall and collector's pauses, window by window. */
  stalls: Stalls[];
  /** The machine, busy and stolen, window by window. */
  machineByWindow: MachineShares[];
  /** The most connections the service had not accepted yet at a sample (ServiceWatch), or null. */
  acceptQueueMax: number | null;
  /** The machine over the whole window, busy and stolen, or null. */
  machine: MachineShares | null;
}

/** Queries per statement text sent between two counts, most first. */
function statementsSince(before: ReadonlyMap<string, number>, after: ReadonlyMap<string, number>): Array<[string, number]> {
  return [...after]
    .map(([text, count]): [string, number] => [text, count - (before.get(text) ?? 0)])
    .filter(([, count]) => count > 0)
    .sort((a, b) => b[1] - a[1]);
}

/**
 * A paced phase's figures. Its rate is set against the rate it asked for, and the median of its last
 * second's payments against the latency target (queueNote): where the service fell behind (the host
 * slowed down after the peak, say) or ended behind a queue, its latencies are a queue's, not those of
 * 80 % of the peak.
 */
function pacedLine(paced: PacedPhase | null): string {
  if (!paced) return 'skipped (BENCH_PACED_SECONDS=0)';
  const { result, eventLoop } = paced;
  const figures = pacedFigures(result);
  return [
    `${figures.rate.toFixed(1)} payments/s of ${figures.asked.toFixed(1)} asked${queueNote(figures)}`,
    `INTERNAL p50 ${ms(result.kinds.INTERNAL.post.p50)} p95 ${ms(result.kinds.INTERNAL.post.p95)} p99 ${ms(result.kinds.INTERNAL.post.p99)}`,
    `CROSS_ORG p99 ${ms(result.kinds.CROSS_ORGANIZATION.post.p99)}`,
    `→COMPLETED p99 ${ms(result.completion.latency.p99)} (${result.completion.sampled} sampled)`,
    `POSTs over 50 ms ${overFifty(result, paced.slowPosts)}`,
    ...(eventLoop ? [`service event loop delay p99 up to ${ms(eventLoop.p99)}, longest ${ms(eventLoop.max)}`] : []),
    `load generator event loop delay p99 ${ms(result.eventLoopDelay.p99)}, longest ${ms(result.eventLoopDelay.max)}`,
    connectionsText(result, paced.acceptQueueMax),
    ...(paced.serviceCpu !== null ? [`service CPU ${((paced.serviceCpu * 1000) / result.acknowledged).toFixed(3)} ms/payment`] : []),
    ...(paced.roundTrips !== null ? [`${(paced.roundTrips / result.acknowledged).toFixed(2)} round trips/payment`] : []),
    ...(paced.mainThread !== null ? [`service main thread ${paced.mainThread}`] : []),
    ...(paced.machine ? [`the machine ${machineSharesText(paced.machine)}`] : []),
    ...(paced.checkpoints !== null ? [`PostgreSQL checkpoints ${paced.checkpoints}`] : []),
    ...(paced.walFiles ? [`WAL files ${walFilesLine(paced.walFiles)}`] : []),
    ...(result.warmup ? [`its ${result.warmup.seconds} s warm-up before: p50 ${ms(result.warmup.post.p50)} p99 ${ms(result.warmup.post.p99)}`] : []),
  ].join('; ');
}

/**
 * The generator's connections: all open before the schedule, so that no answer waits for the service
 * to accept a new one (one per turn of its event loop); any opened during the phase replaced one the
 * server closed, and its first request may have waited.
 */
const connectionsText = ({ connectionsOpened: { before, during } }: Pick<LoadResult, 'connectionsOpened'>, acceptQueueMax: number | null): string =>
  `${before} connections open before it, ${during === 0 ? 'none' : during} opened during it` +
  (acceptQueueMax === null ? '' : `, at most ${acceptQueueMax} waiting to be accepted at the service's samples`);

/** A paced phase's rate, the rate it asked, and how its last second's payments waited. */
const pacedFigures = (result: LoadResult): PacedFigures => ({
  rate: result.acknowledged / result.elapsedSeconds,
  asked: result.askedRate!,
  lastSecondP50: result.lastSecondP50,
});

/** The same of the minimal ledger's open arrivals. */
const minimalPacedFigures = (open: MinimalOpenResult): PacedFigures => ({ rate: open.paymentsPerSecond, asked: open.askedRate, lastSecondP50: open.lastSecondP50 });

/**
 * The minimal ledger under the service's open arrivals at 80 % of its own peak: the latency target
 * applied to the same PostgreSQL in the same run, and the service's p99 beside it. Where the minimal
 * ledger misses 50 ms too, what misses it is below any engine on that server (its commits' flushes,
 * the cores it shares), not the engine's.
 */
function minimalOpenLine(open: MinimalOpenResult | null, service: PacedPhase | null): string {
  if (!open) return 'skipped (BENCH_PACED_SECONDS=0)';
  const internal = open.latency.INTERNAL;
  const behind = queueNote(minimalPacedFigures(open));
  const share = (over: number, count: number) => `${((over * 100) / Math.max(1, count)).toFixed(2)} %`;
  const beside = service
    ? `; the service's open arrivals p99 ${ms(service.result.kinds.INTERNAL.post.p99)}, ${(service.result.kinds.INTERNAL.post.p99 / internal.p99).toFixed(2)}× the minimal ledger's`
    : '';
  return `${open.paymentsPerSecond.toFixed(1)} payments/s of ${open.askedRate.toFixed(1)} asked${behind}; INTERNAL p50 ${ms(internal.p50)} p95 ${ms(internal.p95)} p99 ${ms(internal.p99)} max ${ms(internal.max)}, ${share(internal.over50, internal.count)} over 50 ms (from when due); the machine ${machineSharesText(open.machine)}${beside}`;
}

/** PostgreSQL's commits with nothing else running: how often the host alone holds one over 50 ms. */
function commitFlushLine(probe: CommitFlushResult | null): string {
  if (!probe) return 'skipped (BENCH_FLUSH_SECONDS=0)';
  const { latency, slow } = probe;
  const listed = slow.map(([at, took]) => `${took.toFixed(0)} ms at ${at.toFixed(1)} s`).join(', ');
  return `one commit every 5 ms for ${probe.seconds.toFixed(0)} s, nothing else running: p50 ${ms(latency.p50, 2)} p99 ${ms(latency.p99)} max ${ms(latency.max)}; ${latency.over50} of ${latency.count} over 50 ms${listed ? ` (${listed}${latency.over50 > slow.length ? ', …' : ''})` : ''}`;
}

/**
 * How many POSTs took over 50 ms as the generator saw them, from when each was due and from when it was
 * sent, and as the service did (from its first middleware to its answer, of the POSTs it answered; with
 * BENCH_PROCESSES, the first process's). Due but not yet sent: a paced loop waiting for its previous
 * answer, or the generator's own stalls; sent but not in the service: the request unread while the
 * service's loop was busy, or the answer on its way back.
 */
function overFifty(result: LoadResult, slowPosts: SlowCounts[]): string {
  const share = (over: number, of: number) => `${((over * 100) / Math.max(1, of)).toFixed(2)} %`;
  const answered = result.kinds.INTERNAL.post.count + result.kinds.CROSS_ORGANIZATION.post.count;
  const fromDue = result.kinds.INTERNAL.post.over50 + result.kinds.CROSS_ORGANIZATION.post.over50;
  const served = slowPosts.reduce((sum, window) => sum + window.count, 0);
  const service = served > 0 ? share(slowPosts.reduce((sum, window) => sum + window.over50, 0), served) : '–';
  return `${share(fromDue, answered)} from when due, ${share(result.sent.over50, result.sent.count)} from when sent (p99 ${ms(result.sent.p99)}), ${service} in the service`;
}

const stallsLine = (windows: Stalls[]) =>
  windows
    .map(({ loopMax, gc, markCompacts }) => `${loopMax === null ? '–' : loopMax.toFixed(0)}(${gc === null ? '–' : gc.toFixed(0)})${'M'.repeat(Math.max(0, markCompacts ?? 0))}`)
    .join(' ');
const machineLine = (windows: MachineShares[]) =>
  windows.length === 0 ? 'not read' : windows.map(({ busy, stolen }) => `${(busy * 100).toFixed(0)}(${(stolen * 100).toFixed(0)})`).join(' ');
const slowCountsLine = (windows: SlowCounts[]) =>
  windows.length === 0 ? 'not reported' : windows.map(({ over50, over100 }) => (over50 === 0 ? '0' : `${over50}(${over100})`)).join(' ');

const perSecondP99 = (result: LoadResult) => {
  const seconds = result.perSecondP99.filter((p99): p99 is number => p99 !== null && Number.isFinite(p99));
  // One second's burst (a mark-compact, a slow flush, a neighbour on the host) moves a phase's p99 and not
  // this: what alternating runs of two builds on a noisy host are compared by.
  const median = medianOrNull(seconds);
  const values = result.perSecondP99.map((p99) => (p99 !== null && Number.isFinite(p99) ? p99.toFixed(0) : '–')).join(' ');
  return median === null ? values : `${values} (their median ${median.toFixed(0)})`;
};

/** Runs the load generator; `onWindowClosed` runs the moment its measured window ends. */
async function runLoad(
  input: LoadInput,
  work: string,
  onWindowClosed: () => Promise<void>,
  onWindowOpened: () => Promise<void> = async () => undefined,
): Promise<LoadResult> {
  const inputFile = join(work, `load-input${input.phase}.json`);
  const outputFile = join(work, `load-output${input.phase}.json`);
  writeFileSync(inputFile, JSON.stringify(input));
  const generator = generatorCommand(['--import', 'tsx', resolve(__dirname, 'payments-load.ts'), inputFile, outputFile]);
  const child = spawn(generator.command, generator.args, {
    cwd: resolve(__dirname, '..'),
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let opened: Promise<void> = Promise.resolve();
  let closed: Promise<void> = Promise.resolve();
  createInterface({ input: child.stdout! }).on('line', (line) => {
    if (line === 'window-opened') {
      opened = onWindowOpened();
      opened.catch(() => undefined); // awaited (and thrown) once the generator exits
    } else if (line === 'window-closed') {
      closed = opened.then(onWindowClosed);
      closed.catch(() => undefined);
    } else console.log(`[load] ${line}`);
  });
  const code = await new Promise<number | null>((done) => child.once('exit', done));
  await opened;
  await closed;
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(readFileSync(outputFile, 'utf8')) as LoadResult;
}

interface Measured {
  serviceCpu: number | null;
  /** The service's main thread during the load (scheduleLine), or null. */
  mainThread: string | null;
  postgresDatabaseCpu: number | null;
  /** Minor page faults of the benchmark database's backends during the window. */
  postgresDatabaseFaults: number | null;
  postgresServerCpu: number | null;
  roundTrips: number | null;
  /** WAL the server wrote during the load */
  walBytes: number;
  /** Queries per statement text during the load, most first. */
  statements: Array<[string, number]>;
  peakRss: number | null;
  setupPeakRss: number | null;
  /** the machine during the load: busy, and stolen by the hypervisor */
  machine: MachineShares;
  loadBefore: string;
  loadAfter: string;
  /** the largest projection lag the service reported during the load, by projection */
  reportedLag: Map<string, number>;
  /** the service's event-loop delay during the load, the worst of its one-second windows (ms) */
  eventLoop: { p99: number; max: number } | null;
  /** the service's appends over 50 and 100 ms, by window of the load */
  slowAppends: SlowCounts[];
  /** its payment POSTs over 50 and 100 ms, by window of the load */
  slowPosts: SlowCounts[];
  /** its longest event-loop stall and collector's pauses, by window of the load */
  stalls: Stalls[];
  /** the machine, busy and stolen, by window of the load */
  machineByWindow: MachineShares[];
  /** the most connections the service had not accepted yet at a sample during the load, or null */
  acceptQueueMax: number | null;
  /** PostgreSQL's checkpoints during the load */
  checkpoints: string;
  /** The server's WAL files ready for reuse as the load began (BENCH_WAL_FILES), or null. */
  walFiles: WalFiles | null;
  /** What its statements waited on during the load (BENCH_PG_WAITS), or null. */
  waits: Waits | null;
}

async function verify(options: {
  api: Api;
  serviceDb: pg.Pool;
  banks: Bank[];
  clients: Client[];
  all: Client[];
  /** what every phase of the load acknowledged, and refused */
  load: Pick<LoadResult, 'acked' | 'refused'>;
  runId: string;
}): Promise<{ checks: Check[]; drainSeconds: number | null }> {
  const { api, serviceDb, banks, clients, all, load, runId } = options;
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });

  // The read model may follow the ledger by a batch: wait until it holds every acknowledged payment and nothing is PENDING.
  const drainStart = Date.now();
  const outstanding = async () => {
    const { rows } = await serviceDb.query<{ recorded: string; pending: string }>(
      "select count(*) filter (where reference like $1) as recorded, count(*) filter (where status = 'PENDING') as pending from ip_payments",
      [`${runId}-%`],
    );
    return { missing: Math.max(0, load.acked.length - Number(rows[0]!.recorded)), pending: Number(rows[0]!.pending) };
  };
  const drained = await until('every payment recorded and settled', GRACE_SECONDS * 1000, async () => {
    const { missing, pending } = await outstanding();
    return missing === 0 && pending === 0;
  }).catch(() => false);
  const drainSeconds = drained ? (Date.now() - drainStart) / 1000 : null;
  const left = await outstanding();
  check(
    `no payment PENDING after a ${GRACE_SECONDS} s grace`,
    drained,
    drained ? `all recorded and settled ${drainSeconds!.toFixed(1)} s after the load` : `${left.pending} still PENDING, ${left.missing} acknowledged not yet in the read model`,
  );

  // Idempotent replays of acknowledged payments: the first result, nothing moved twice (checked below by the row counts).
  const replayed = load.acked.filter((_, index) => index % Math.max(1, Math.floor(load.acked.length / REPLAYS)) === 0).slice(0, REPLAYS);
  let replayMismatches = 0;
  const replayDetails: string[] = [];
  for (const [id, amount, sender, recipient, , , key] of replayed) {
    const answer = await api.post('/instant-payments/payments', { recipientAlias: clients[recipient]!.alias, amount: String(amount), reference: key }, {
      token: clients[sender]!.token,
      headers: { 'idempotency-key': key },
    });
    if (answer.status !== 201 || answer.body.id !== id) {
      replayMismatches += 1;
      if (replayDetails.length < 3) replayDetails.push(`${key}: ${answer.status} ${answer.body?.id ?? answer.body?.code}`);
    }
  }
  check('a replay with the same Idempotency-Key returns the first payment', replayMismatches === 0, `${replayed.length - replayMismatches}/${replayed.length}${replayDetails.length ? `; ${replayDetails.join('; ')}` : ''}`);

  const { rows: payments } = await serviceDb.query<{
    id: string;
    kind: string;
    status: string;
    amount: string;
    sender_client_id: string;
    recipient_client_id: string;
    reference: string | null;
  }>('select id, kind, status, amount::text, sender_client_id, recipient_client_id, reference from ip_payments');
  const byId = new Map(payments.map((row) => [row.id, row]));
  const byReference = new Map<string, number>();
  for (const row of payments) if (row.reference?.startsWith(`${runId}-`)) byReference.set(row.reference, (byReference.get(row.reference) ?? 0) + 1);

  const wrong: string[] = [];
  let failedLater = 0;
  for (const [id, amount, sender, recipient, kind, , key] of load.acked) {
    const row = byId.get(id);
    const problem = !row
      ? 'missing'
      : row.amount !== String(amount)
        ? `amount ${row.amount} ≠ ${amount}`
        : row.sender_client_id !== clients[sender]!.id || row.recipient_client_id !== clients[recipient]!.id
          ? 'other parties'
          : row.kind !== kind
            ? `kind ${row.kind}`
            : row.reference !== key
              ? 'other reference'
              : null;
    if (problem) wrong.push(`${id}: ${problem}`);
    else if (row!.status === 'FAILED') failedLater += 1;
  }
  check('every acknowledged payment is recorded with its amount, parties and key', wrong.length === 0, `${load.acked.length - wrong.length}/${load.acked.length}${wrong.length ? `; e.g. ${wrong.slice(0, 3).join('; ')}` : ''}`);
  const duplicates = [...byReference.values()].filter((count) => count > 1).length;
  check('exactly one payment per Idempotency-Key', duplicates === 0, `${byReference.size} keys recorded, ${duplicates} with more than one payment`);
  const refusedKeys = new Set(load.refused.filter(([, status]) => status >= 400 && status < 500).map(([key]) => key));
  const phantoms = payments.filter((row) => row.reference && refusedKeys.has(row.reference) && row.status !== 'FAILED').length;
  check('no payment moved for a refused request', phantoms === 0, `${refusedKeys.size} refused, ${phantoms} recorded anyway`);
  check('no acknowledged payment failed afterwards', failedLater === 0, `${failedLater} FAILED after 201`);

  const { rows: balances } = await serviceDb.query<{ id: string; organization_id: string; balance: string }>('select id, organization_id, balance::text from ip_clients');
  const balanceOf = new Map(balances.map((row) => [row.id, BigInt(row.balance)]));
  const expected = new Map(all.map((client) => [client.id, client.initial]));
  for (const row of payments) {
    const amount = BigInt(row.amount);
    if (row.status === 'COMPLETED' || row.status === 'PENDING') expected.set(row.sender_client_id, (expected.get(row.sender_client_id) ?? 0n) - amount);
    if (row.status === 'COMPLETED') expected.set(row.recipient_client_id, (expected.get(row.recipient_client_id) ?? 0n) + amount);
  }
  const off = [...expected].filter(([id, amount]) => balanceOf.get(id) !== amount);
  check('every client balance equals its funding and its payments', off.length === 0 && balances.length === all.length, `${all.length - off.length}/${all.length} clients${off.length ? `; e.g. ${off.slice(0, 3).map(([id, amount]) => `${id}: ${balanceOf.get(id)} ≠ ${amount}`).join('; ')}` : ''}; ${balances.length} in the read model`);

  const sampleIndexes = Array.from({ length: Math.min(API_BALANCE_SAMPLE, clients.length) }, (_, index) => Math.floor((index * clients.length) / Math.min(API_BALANCE_SAMPLE, clients.length)));
  let apiOff = 0;
  for (const index of sampleIndexes) {
    const me = await api.expect(200, 'GET', '/instant-payments/me', { token: clients[index]!.token });
    if (BigInt(me.balance) !== balanceOf.get(clients[index]!.id)) apiOff += 1;
  }
  check('the API reports the read model’s balances', apiOff === 0, `${sampleIndexes.length - apiOff}/${sampleIndexes.length} sampled clients`);

  const fundedClients = all.reduce((sum, client) => sum + client.initial, 0n);
  const heldClients = balances.reduce((sum, row) => sum + BigInt(row.balance), 0n);
  check('client money is conserved', heldClients === fundedClients, `${heldClients} held, ${fundedClients} funded`);

  const bankLines: string[] = [];
  let banksOk = true;
  let chainTotal = 0n;
  for (const bank of banks) {
    const settlement = await settlementBalance(api, bank);
    chainTotal += settlement;
    const initial = all.filter((client) => client.bank === bank.index).reduce((sum, client) => sum + client.initial, 0n);
    const held = balances.filter((row) => row.organization_id === bank.organizationId).reduce((sum, row) => sum + BigInt(row.balance), 0n);
    const ok = settlement - held === bank.funded - initial && held <= settlement;
    banksOk &&= ok;
    bankLines.push(`bank ${bank.index + 1}: settlement ${settlement}, clients ${held}, headroom ${settlement - held} (was ${bank.funded - initial})`);
  }
  check('per bank, settlement − clients is unchanged and backs them', banksOk, bankLines.join('; '));
  const fundedChain = banks.reduce((sum, bank) => sum + bank.funded, 0n);
  check('settlement money on the chain is conserved', chainTotal === fundedChain, `${chainTotal} on the chain, ${fundedChain} minted`);

  // The dashboards sum the hours the projection keeps as payments settle: against the payments, counted here.
  const bankOfClient = new Map(all.map((client) => [client.id, banks[client.bank]!.organizationId]));
  const dashboardLines: string[] = [];
  let dashboardsOk = true;
  for (const bank of banks) {
    let volume = 0n;
    let count = 0;
    for (const row of payments) {
      if (row.status !== 'COMPLETED') continue;
      if (bankOfClient.get(row.sender_client_id) !== bank.organizationId && bankOfClient.get(row.recipient_client_id) !== bank.organizationId) continue;
      volume += BigInt(row.amount);
      count += 1;
    }
    const { kpis } = await api.expect(200, 'GET', `/organizations/${bank.organizationId}/instant-payments/dashboard`, { token: bank.adminToken });
    const ok = kpis.total.volume === volume.toString() && kpis.total.count === count;
    dashboardsOk &&= ok;
    dashboardLines.push(`bank ${bank.index + 1}: ${kpis.total.count} payments, ${kpis.total.volume}${ok ? '' : ` (counted here: ${count}, ${volume})`}`);
  }
  check("each bank's dashboard sums its settled payments, either side", dashboardsOk, dashboardLines.join('; '));

  const serverErrors = load.refused.filter(([, status]) => status === 0 || status >= 500).length;
  check('no 5xx answer or transport error', serverErrors === 0, `${serverErrors} of ${load.acked.length + load.refused.length} requests`);
  return { checks, drainSeconds };
}

function printSummary(report: {
  serviceInfo: string;
  mode: string;
  load: LoadResult;
  paced: PacedPhase | null;
  open: PacedPhase | null;
  measured: Measured;
  drainSeconds: number | null;
  minimal: MinimalResult | null;
  minimalPostgresCpu: number | null;
  minimalWalBytes: number | null;
  minimalWalFiles: WalFiles | null;
  floor: HttpFloorResult | null;
  commitFlush: CommitFlushResult | null;
  checks: Check[];
}) {
  const { load, measured, minimal } = report;
  const together = PROCESSES > 1 ? ` (its ${PROCESSES} processes and the chain node together)` : '';
  const rate = load.acknowledged / load.elapsedSeconds;
  const per = (value: number | null) => (value === null || load.acknowledged === 0 ? '–' : ms((value * 1000) / load.acknowledged, 3));
  const mib = (bytes: number | null) => (bytes === null ? '–' : `${(bytes / 1024 / 1024).toFixed(0)} MiB`);
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  const window = load.perSecond.slice(0, Math.floor(load.elapsedSeconds));
  const kindLine = (kind: Kind) => {
    const result = load.kinds[kind];
    const answers = Object.entries(result.answers).map(([answer, count]) => `${answer}×${count}`).join(', ');
    return `p50 ${ms(result.post.p50)}  p95 ${ms(result.post.p95)}  p99 ${ms(result.post.p99)}  max ${ms(result.post.max)}  (${answers || 'none'})`;
  };
  const lag = [
    load.visibility.count > 0
      ? `p50 ${ms(load.visibility.p50)}  max ${ms(load.visibility.max)} (each connection's last payment, from its 201 until a GET shows it${load.visibility.notVisible ? `; ${load.visibility.notVisible} never` : ''})`
      : 'not measured by GET',
    ...(measured.reportedLag.size
      ? [`largest reported during the load: ${[...measured.reportedLag].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, value]) => `${name} ${value}`).join(', ')}`]
      : []),
  ].join('; ');
  const rows: Array<[string, string]> = [
    ['service', report.serviceInfo],
    ['setup', `${knobs.banks} banks, ${knobs.clients} clients (${report.mode}), ${knobs.connections} connections, ${knobs.seconds} s, ${Math.round(knobs.internalShare * 100)} % INTERNAL${PROCESSES > 1 ? `; ${PROCESSES} service processes over a chain node, each bank's payments to one of them` : ''}`],
    ['throughput', `${rate.toFixed(1)} payments/s (${load.acknowledged} acknowledged in ${load.elapsedSeconds.toFixed(1)} s; per second min ${Math.min(...window)} / max ${Math.max(...window)})`],
    [
      'warm-up before it',
      load.warmup
        ? `${(load.warmup.acknowledged / load.warmup.seconds).toFixed(1)} payments/s for ${load.warmup.seconds} s at full load, not counted (POST p50 ${ms(load.warmup.post.p50)} p99 ${ms(load.warmup.post.p99)}): JIT, connections and plans warm up`
        : 'none (BENCH_WARMUP_SECONDS=0)',
    ],
    ['POST INTERNAL', kindLine('INTERNAL')],
    ['POST CROSS_ORG', kindLine('CROSS_ORGANIZATION')],
    ['POSTs over 50 ms', overFifty(load, measured.slowPosts)],
    [
      'cross-bank →COMPLETED',
      `p50 ${ms(load.completion.latency.p50)}  p99 ${ms(load.completion.latency.p99)}  max ${ms(load.completion.latency.max)}  (${load.completion.completed} of ${load.completion.sampled} sampled completed, polled every ${load.completion.pollIntervalMs} ms${load.completion.skipped ? `, ${load.completion.skipped} skipped` : ''}${load.completion.timedOut ? `, ${load.completion.timedOut} timed out` : ''}${load.completion.failed ? `, ${load.completion.failed} FAILED` : ''})`,
    ],
    ['projection lag', lag],
    [PACED_RATE === null ? 'paced at 80 % peak' : 'paced (fixed rate)', pacedLine(report.paced)],
    [PACED_RATE === null ? 'open at 80 % peak' : 'open (fixed rate)', pacedLine(report.open)],
    ['settled after load', report.drainSeconds === null ? 'not within the grace period' : `${report.drainSeconds.toFixed(1)} s until the read model held every acknowledged payment and nothing PENDING`],
    [
      'service event loop',
      measured.eventLoop
        ? `delay p99 up to ${ms(measured.eventLoop.p99)}, longest ${ms(measured.eventLoop.max)} (worst one-second window of the load, GET /metrics${PROCESSES > 1 ? ', the first process' : ''})`
        : 'not reported',
    ],
    ['service peak RSS', `${mib(measured.peakRss)} during the load (${mib(measured.setupPeakRss)} during setup and warm-up)${together}`],
    ['service CPU/payment', `${per(measured.serviceCpu)}${together}`],
    ['service main thread', measured.mainThread ?? '–'],
    ['PostgreSQL CPU/pay.', `${per(measured.postgresDatabaseCpu)} (the benchmark database's backends), ${per(measured.postgresServerCpu)} (whole server)`],
    ['PG faults/payment', measured.postgresDatabaseFaults === null || load.acknowledged === 0 ? '–' : `${(measured.postgresDatabaseFaults / load.acknowledged).toFixed(2)} (minor page faults of the benchmark database's backends)`],
    ['round trips/payment', measured.roundTrips === null || load.acknowledged === 0 ? '–' : `${(measured.roundTrips / load.acknowledged).toFixed(2)} (${measured.roundTrips} queries for ${load.acknowledged} payments)`],
    ['WAL/payment', `${kib(measured.walBytes / Math.max(1, load.acknowledged))} (the server's WAL during the load)`],
    ['load generator', `${GENERATOR_SCHEDULING}; CPU ${per(load.cpuSeconds)} per payment; its event loop delay p99 ${ms(load.eventLoopDelay.p99)}, longest ${ms(load.eventLoopDelay.max)}; ${connectionsText(load, measured.acceptQueueMax)}`],
    ['machine', `${machineSharesText(measured.machine)} during the load; load average ${measured.loadBefore} → ${measured.loadAfter}`],
    ['PG checkpoints', `${measured.checkpoints} during the load`],
    ['WAL files', measured.walFiles ? `${walFilesLine(measured.walFiles)} (the load)` : 'left as they were (BENCH_WAL_FILES=false)'],
    ...(measured.waits ? [['PG waits', waitsLine(measured.waits)] as [string, string]] : []),
  ];
  if (minimal) {
    rows.push([
      'minimal ledger',
      `${minimal.paymentsPerSecond.toFixed(1)} payments/s, INTERNAL p50 ${ms(minimal.latency.INTERNAL.p50)} p99 ${ms(minimal.latency.INTERNAL.p99)}, PostgreSQL CPU ${report.minimalPostgresCpu === null ? '–' : ms((report.minimalPostgresCpu * 1000) / Math.max(1, minimal.committed), 3)}/payment (warm-ups and its open phase included), WAL ${report.minimalWalBytes === null ? '–' : kib(report.minimalWalBytes / Math.max(1, minimal.committed))}/payment${report.minimalWalFiles ? `, WAL files ${walFilesLine(report.minimalWalFiles)}` : ''}${minimal.poolSize < knobs.connections ? `, its ${knobs.connections} loops on ${minimal.poolSize} connections (all the server had to spare)` : ''}${minimal.errors ? `, ${minimal.errors} errors` : ''}`,
    ]);
    rows.push(['emisor / minimal', `${(rate / minimal.paymentsPerSecond).toFixed(3)}×`]);
    rows.push([PACED_RATE === null ? 'minimal, open 80 %' : 'minimal, open (fixed)', minimalOpenLine(minimal.open, report.open)]);
  } else rows.push(['minimal ledger', 'skipped (BENCH_SKIP_BASELINE)']);
  const { floor } = report;
  if (floor) {
    const perRequest = (seconds: number | null) => (seconds === null ? '–' : ms(seconds * 1000, 3));
    rows.push([
      'HTTP floor',
      `${floor.requestsPerSecond.toFixed(1)} requests/s (bare node:http, fixed 201, no database${floor.errors ? `, ${floor.errors} errors` : ''}); server CPU ${perRequest(floor.serverCpuPerRequest)}/request, client ${perRequest(floor.clientCpuPerRequest)}/request`,
    ]);
    rows.push(['emisor / HTTP floor', `${(rate / floor.requestsPerSecond).toFixed(3)}×`]);
  } else rows.push(['HTTP floor', 'skipped (BENCH_FLOOR_SECONDS=0)']);
  rows.push(['PG commit alone', commitFlushLine(report.commitFlush)]);
  const width = Math.max(...rows.map(([label]) => label.length));
  console.log('\n=== Instant Payments benchmark ===');
  for (const [label, value] of rows) console.log(`${label.padEnd(width)}  ${value}`);
  console.log(`per-second acknowledgements: ${load.perSecond.join(' ')}`);
  console.log(`per-second POST p99 (ms, by second due): ${perSecondP99(load)}`);
  console.log(`  appends over 50 (100) ms, by ~1 s window of the service: ${slowCountsLine(measured.slowAppends)}`);
  console.log(`  POSTs over 50 (100) ms in the service, by window: ${slowCountsLine(measured.slowPosts)}`);
  console.log(`  longest loop stall (GC pauses) ms, by window (M: a mark-compact in it): ${stallsLine(measured.stalls)}`);
  console.log(`  the machine's time busy (stolen by the hypervisor) %, by window: ${machineLine(measured.machineByWindow)}`);
  for (const [label, phase] of [['paced', report.paced], ['open', report.open]] as const)
    if (phase) {
      console.log(`  ${label} at 80 %: ${perSecondP99(phase.result)}`);
      console.log(`    appends over 50 (100) ms: ${slowCountsLine(phase.slowAppends)}`);
      console.log(`    POSTs over 50 (100) ms in the service: ${slowCountsLine(phase.slowPosts)}`);
      console.log(`    longest loop stall (GC pauses; M: a mark-compact) ms: ${stallsLine(phase.stalls)}`);
      console.log(`    the machine's time busy (stolen by the hypervisor) %: ${machineLine(phase.machineByWindow)}`);
      if (phase.waits) console.log(`    PostgreSQL waits: ${waitsLine(phase.waits)}`);
      if (phase.statements.length > 0 && phase.result.acknowledged > 0) {
        console.log('    round trips by statement (per payment):');
        for (const [text, count] of phase.statements.slice(0, 8)) console.log(`    ${(count / phase.result.acknowledged).toFixed(3).padStart(7)}  ${text}`);
      }
    }
  if (measured.statements.length && load.acknowledged > 0) {
    console.log('round trips by statement (per payment, during the load):');
    for (const [text, count] of measured.statements.slice(0, 12)) console.log(`  ${(count / load.acknowledged).toFixed(3).padStart(7)}  ${text}`);
  }
  if (load.errorSamples.length) console.log(`error samples:\n  ${load.errorSamples.slice(0, 5).join('\n  ')}`);
  console.log('\n=== Checks ===');
  for (const check of report.checks) console.log(`${check.ok ? 'PASS' : 'FAIL'}  ${check.name} — ${check.detail}`);
  console.log('\n=== Targets (docs/payments.md, "Measured") ===');
  const verdicts = judgeTargets({
    rate,
    seconds: load.elapsedSeconds,
    minimalRate: minimal?.paymentsPerSecond ?? null,
    openP99: report.open?.result.kinds.INTERNAL.post.p99 ?? null,
    openQueue: report.open ? queueState(pacedFigures(report.open.result)) : null,
    loopsP99: report.paced ? { due: report.paced.result.kinds.INTERNAL.post.p99, sent: report.paced.result.sent.p99 } : null,
    minimalOpenP99: minimal?.open?.latency.INTERNAL.p99 ?? null,
    minimalOpenQueue: minimal?.open ? queueState(minimalPacedFigures(minimal.open)) : null,
    completedP99: load.completion.latency.p99,
    checksPassed: report.checks.every((check) => check.ok),
    fixedPacedRate: PACED_RATE !== null,
  });
  for (const { target, verdict, figures } of verdicts) console.log(`${verdict.padEnd(12)}  ${target} — ${figures}`);
}

async function main(): Promise<void> {
  const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const runId = `r${stamp}`;
  const work = mkdtempSync(join(tmpdir(), 'bench-payments-'));
  const cleanups: Array<() => Promise<unknown>> = [];
  const cleanUp = async () => {
    while (cleanups.length) await cleanups.pop()!().catch((error) => log(`clean-up: ${error instanceof Error ? error.message : error}`));
  };
  process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  let failed = true;
  try {
    // The PostgreSQL server: DATABASE_URL's, or an embedded one of our own, so the minimal ledger shares it.
    const server = await benchServer(log);
    cleanups.push(() => server.stop());
    const serverUrl = server.url;
    const serviceDatabase = `bench_payments_${stamp}`;
    await createDatabase(serverUrl, serviceDatabase);
    if (!KEEP_DATABASE) cleanups.push(() => dropDatabase(serverUrl, serviceDatabase));
    const serviceDbUrl = databaseUrl(serverUrl, serviceDatabase);

    let serviceInfo = SERVICE_DIR;
    try {
      serviceInfo += ` @ ${execFileSync('git', ['-C', SERVICE_DIR, 'log', '-1', '--format=%h %s'], { encoding: 'utf8' }).trim()}`;
    } catch {
      // not a git checkout
    }
    const deployment = await Deployment.start({
      processes: PROCESSES,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        DATABASE_URL: serviceDbUrl,
        DATA_DIR: join(work, 'data'),
        DEMO_DATA: 'false',
        IP_DEMO_ENABLED: 'true',
        DEMO_STARTING_BALANCE: knobs.initialBalance.toString(),
        JWT_SECRET: randomBytes(32).toString('hex'),
        KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
        JWT_ACCESS_EXPIRATION: '6h',
        CLIENT_TOKEN_TTL: '6h',
        PASSWORD_HASH_COST: '10',
        SEED_ADMIN_EMAIL: ADMIN.email,
        SEED_ADMIN_PASSWORD: ADMIN.password,
        MAIL_TRANSPORT: 'outbox',
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      },
      work,
      serverUrl,
      serviceDatabase,
      cleanups,
    });
    const service = deployment.first;
    const origin = deployment.origins[0]!;
    log(
      `service ${serviceInfo} on ${deployment.origins.join(', ')}${PROCESSES > 1 ? ` (${PROCESSES} processes over a chain node, bank i's payments to process i mod ${PROCESSES})` : ''}, database ${serviceDatabase}, work folder ${work}`,
    );
    const api = new Api(origin, { connections: SETUP_CONCURRENCY });
    cleanups.push(() => api.close());

    const setupStarted = Date.now();
    const login = await api.expect(200, 'POST', '/auth/login', { body: ADMIN });
    const clientsPerBank = Array.from({ length: knobs.banks }, (_, bank) => Math.floor(knobs.clients / knobs.banks) + (bank < knobs.clients % knobs.banks ? 1 : 0));
    const banks = await setUpBanks(api, login.accessToken, clientsPerBank);
    const { clients, all, mode, unanswered } = await setUpClients(origin, api, banks);

    const serviceDb = openPool(serviceDbUrl);
    cleanups.push(() => serviceDb.end());
    const fundedClients = all.reduce((sum, client) => sum + client.initial, 0n);
    await until('the clients in the read model', 120_000, async () => {
      const { rows } = await serviceDb.query<{ count: string; total: string | null }>(
        'select count(*) filter (where alias = any($1)) as count, sum(balance)::text as total from ip_clients',
        [all.map((client) => client.alias)],
      );
      return Number(rows[0]!.count) === all.length && BigInt(rows[0]!.total ?? '0') === fundedClients;
    });
    if (unanswered.size > 0) {
      const { rows } = await serviceDb.query<{ id: string; alias: string }>('select id, alias from ip_clients where alias = any($1)', [[...unanswered.keys()]]);
      for (const row of rows) all.push({ id: row.id, alias: row.alias, token: '', bank: unanswered.get(row.alias)!, initial: 0n });
      log(`${unanswered.size} registrations answered 5xx or nothing and were retried under another alias; ${rows.length} of them exist (left out of the load, counted by the verification)`);
    }
    log(`setup done in ${((Date.now() - setupStarted) / 1000).toFixed(0)} s`);

    // The measured window.
    const postgresCpu = await PostgresCpu.open(serverUrl);
    if (postgresCpu) cleanups.push(() => postgresCpu.close());
    else log('PostgreSQL does not run on this machine: no PostgreSQL CPU figures');
    const lagReported = (await reportedProjectionLag(api)).size > 0;
    const lagDuringLoad = new Map<string, number>();
    const serviceWatch = new ServiceWatch(api);
    const pgWaits = PG_WAITS_MS ? new PostgresWaits(serverUrl, PG_WAITS_MS) : null;
    let sampling = true;
    let sampler: Promise<void> = Promise.resolve();
    /** The counters when the measured window opens, after the warm-up. */
    const openWindow = async () => {
      await postgresCpu?.begin(serviceDatabase);
      const counters = {
        serviceCpu: deployment.cpuSeconds(),
        mainThread: deployment.mainThreadSchedule(),
        openedAt: performance.now(),
        serverCpu: postgresCpu?.serverSeconds() ?? null,
        roundTrips: await deployment.roundTrips(),
        wal: await walPosition(serviceDb),
        checkpoints: await checkpoints(serviceDb),
        statements: deployment.statements,
        machine: machineCpu(),
        load: loadAverage(),
        setupPeakRss: deployment.peakRss(),
        peakReset: deployment.resetPeakRss(),
      };
      if (PROFILE) await service.profile({ profile: 'start' });
      pgWaits?.start(serviceDatabase);
      await serviceWatch.begin();
      sampler = (async () => {
        for (let tick = 0; sampling; tick++) {
          await postgresCpu?.sample();
          if (lagReported && tick % 2 === 0)
            for (const [name, value] of await reportedProjectionLag(api)) lagDuringLoad.set(name, Math.max(lagDuringLoad.get(name) ?? 0, value));
          if (tick % 2 === 1) await serviceWatch.sample();
          await sleep(500);
        }
      })();
      return counters;
    };
    let opened: ReturnType<typeof openWindow> | undefined;
    const window: { measured?: Measured } = {};
    const loadWalFiles = PREPARE_WAL_FILES ? await prepareWalFiles(serviceDb, null) : null;
    if (loadWalFiles) log(`WAL files: ${walFilesLine(loadWalFiles)}`);
    log(`load: ${knobs.seconds} s at ${knobs.connections} connections, after ${knobs.warmupSeconds} s of warm-up at full load`);
    const loadInput: LoadInput = {
      baseUrl: origin,
      bankOrigins: deployment.bankOrigins(banks.length),
      seconds: knobs.seconds,
      warmupSeconds: knobs.warmupSeconds,
      connections: knobs.connections,
      internalShare: knobs.internalShare,
      runId,
      phase: '',
      maxAmount: knobs.maxAmount,
      clients: clients.map(({ id, alias, token, bank }) => ({ id, alias, token, bank })),
    };
    const load = await runLoad(
      loadInput,
      work,
      async () => {
        sampling = false;
        await sampler;
        const before = await opened!;
        await postgresCpu?.sample();
        const serviceCpu = deployment.cpuSeconds();
        const mainThread = deployment.mainThreadSchedule();
        const serverCpu = postgresCpu?.serverSeconds() ?? null;
        const roundTrips = await deployment.roundTrips();
        const wal = await walPosition(serviceDb);
        const machine = machineCpu();
        if (PROFILE) await service.profile({ profile: 'stop', out: PROFILE });
        window.measured = {
          serviceCpu: serviceCpu !== null && before.serviceCpu !== null ? serviceCpu - before.serviceCpu : null,
          mainThread: scheduleLine(before.mainThread, mainThread, (performance.now() - before.openedAt) / 1000),
          postgresDatabaseCpu: postgresCpu ? postgresCpu.databaseSeconds() : null,
          postgresDatabaseFaults: postgresCpu ? postgresCpu.databaseFaults() : null,
          postgresServerCpu: serverCpu !== null && before.serverCpu !== null ? serverCpu - before.serverCpu : null,
          roundTrips: roundTrips !== null && before.roundTrips !== null ? roundTrips - before.roundTrips : null,
          walBytes: wal - before.wal,
          statements: statementsSince(before.statements, deployment.statements),
          peakRss: before.peakReset ? deployment.peakRss() : null,
          setupPeakRss: before.setupPeakRss,
          machine: machineShares(before.machine, machine),
          loadBefore: before.load,
          loadAfter: loadAverage(),
          reportedLag: lagDuringLoad,
          eventLoop: serviceWatch.worst,
          slowAppends: serviceWatch.slowAppends,
          slowPosts: serviceWatch.slowPosts,
          stalls: serviceWatch.stalls,
          machineByWindow: serviceWatch.machine,
          acceptQueueMax: serviceWatch.acceptQueueMax,
          checkpoints: checkpointsBetween(before.checkpoints, await checkpoints(serviceDb)),
          walFiles: loadWalFiles,
          waits: pgWaits ? await pgWaits.stop() : null,
        };
      },
      async () => {
        opened = openWindow();
        await opened;
      },
    );
    const measured = window.measured;
    if (!measured) throw new Error('the load generator never closed its window');

    // At 80 % of the peak just measured (or BENCH_PACED_RATE), paced: the latency the targets ask for,
    // from the peak's 64 loops and then from open arrivals.
    const pacedRate = PACED_RATE ?? (load.acknowledged / load.elapsedSeconds) * PACED_SHARE;
    const runPaced = async (arrivals: 'loops' | 'open'): Promise<PacedPhase | null> => {
      if (PACED_SECONDS <= 0 || pacedRate < 1) return null;
      log(`paced load (${arrivals === 'open' ? 'open arrivals' : `${knobs.connections} loops`}): ${PACED_SECONDS} s at ${pacedRate.toFixed(0)} payments/s (${PACED_RATE === null ? `${PACED_SHARE * 100} % of the peak` : 'BENCH_PACED_RATE'}), after ${PACED_WARMUP_SECONDS} s of warm-up at that rate`);
      const watch = new ServiceWatch(api);
      let pacing = true;
      let sampler: Promise<void> = Promise.resolve();
      let started: {
        cpu: number | null;
        mainThread: ThreadSchedule | null;
        at: number;
        roundTrips: number | null;
        statements: Map<string, number>;
        checkpoints: Checkpoints | null;
        machine: MachineCpu | null;
      } = {
        cpu: null,
        mainThread: null,
        at: 0,
        roundTrips: null,
        statements: new Map(),
        checkpoints: null,
        machine: null,
      };
      const used: Pick<PacedPhase, 'serviceCpu' | 'mainThread' | 'roundTrips' | 'statements' | 'checkpoints' | 'walFiles' | 'waits' | 'machine'> = {
        serviceCpu: null,
        mainThread: null,
        roundTrips: null,
        statements: [],
        checkpoints: null,
        walFiles: null,
        waits: null,
        machine: null,
      };
      // The phase's WAL as the load's per payment foretells it, with a quarter to spare.
      const walPerPayment = measured.walBytes / Math.max(1, load.acknowledged);
      if (PREPARE_WAL_FILES) used.walFiles = await prepareWalFiles(serviceDb, walPerPayment * pacedRate * (PACED_SECONDS + PACED_WARMUP_SECONDS) * 1.25);
      const profile = arrivals === 'open' ? OPEN_PROFILE : PACED_PROFILE;
      const opened = async () => {
        started = {
          cpu: deployment.cpuSeconds(),
          mainThread: deployment.mainThreadSchedule(),
          at: performance.now(),
          roundTrips: await deployment.roundTrips(),
          statements: deployment.statements,
          checkpoints: await checkpoints(serviceDb),
          machine: machineCpu(),
        };
        if (profile) await service.profile({ profile: 'start' });
        pgWaits?.start(serviceDatabase);
        await watch.begin();
        sampler = (async () => {
          while (pacing) {
            await sleep(1000);
            await watch.sample();
          }
        })();
      };
      const closed = async () => {
        const cpu = deployment.cpuSeconds();
        if (started.machine) used.machine = machineShares(started.machine, machineCpu());
        used.mainThread = scheduleLine(started.mainThread, deployment.mainThreadSchedule(), (performance.now() - started.at) / 1000);
        const roundTrips = await deployment.roundTrips();
        if (profile) await service.profile({ profile: 'stop', out: profile });
        if (cpu !== null && started.cpu !== null) used.serviceCpu = cpu - started.cpu;
        if (roundTrips !== null && started.roundTrips !== null) used.roundTrips = roundTrips - started.roundTrips;
        used.statements = statementsSince(started.statements, deployment.statements);
        if (started.checkpoints) used.checkpoints = checkpointsBetween(started.checkpoints, await checkpoints(serviceDb));
        if (pgWaits) used.waits = await pgWaits.stop();
        pacing = false;
        await sampler;
      };
      const phase = arrivals === 'open' ? 'o' : 'p';
      const result = await runLoad({ ...loadInput, phase, seconds: PACED_SECONDS, rate: pacedRate, arrivals, warmupSeconds: PACED_WARMUP_SECONDS }, work, closed, opened);
      return { result, eventLoop: watch.worst, slowAppends: watch.slowAppends, slowPosts: watch.slowPosts, stalls: watch.stalls, machineByWindow: watch.machine, acceptQueueMax: watch.acceptQueueMax, ...used };
    };
    const paced = await runPaced('loops');
    const open = await runPaced('open');

    log('verifying');
    const { checks, drainSeconds } = await verify({
      api,
      serviceDb,
      banks,
      clients,
      all,
      load: {
        acked: [...load.acked, ...(paced?.result.acked ?? []), ...(open?.result.acked ?? [])],
        refused: [...load.refused, ...(paced?.result.refused ?? []), ...(open?.result.refused ?? [])],
      },
      runId,
    });
    await deployment.stop();

    let minimal: MinimalResult | null = null;
    let minimalPostgresCpu: number | null = null;
    let minimalWalBytes: number | null = null;
    let minimalWalFiles: WalFiles | null = null;
    if (!SKIP_BASELINE) {
      const minimalDatabase = `bench_minimal_${stamp}`;
      await createDatabase(serverUrl, minimalDatabase);
      cleanups.push(() => dropDatabase(serverUrl, minimalDatabase));
      log(`minimal ledger: ${knobs.seconds} s at ${knobs.connections} connections on ${minimalDatabase}${PACED_SECONDS > 0 ? `, then ${PACED_SECONDS} s of open arrivals at ${PACED_RATE === null ? `${PACED_SHARE * 100} % of its peak` : 'BENCH_PACED_RATE'}` : ''}`);
      const output = join(work, 'minimal.json');
      if (PREPARE_WAL_FILES) minimalWalFiles = await prepareWalFiles(serviceDb, null);
      await postgresCpu?.begin(minimalDatabase);
      const walBefore = await walPosition(serviceDb);
      let sampleMinimal = true;
      const minimalSampler = (async () => {
        while (sampleMinimal) {
          await postgresCpu?.sample();
          await sleep(500);
        }
      })();
      const child = spawn(process.execPath, ['--import', 'tsx', resolve(__dirname, 'minimal-ledger.ts'), output], {
        cwd: resolve(__dirname, '..'),
        env: { ...process.env, BENCH_MINIMAL_DATABASE_URL: databaseUrl(serverUrl, minimalDatabase) },
        stdio: ['ignore', 'inherit', 'inherit'],
      });
      const code = await new Promise<number | null>((done) => child.once('exit', done));
      sampleMinimal = false;
      await minimalSampler;
      if (code !== 0) throw new Error(`the minimal ledger exited with ${code}`);
      minimal = JSON.parse(readFileSync(output, 'utf8')) as MinimalResult;
      minimalPostgresCpu = postgresCpu ? postgresCpu.databaseSeconds() : null;
      minimalWalBytes = (await walPosition(serviceDb)) - walBefore;
      checks.push({
        name: 'the minimal ledger conserved its money',
        ok: minimal.conserved,
        detail: `${minimal.acknowledged} payments, ${minimal.insufficientFunds} refused for funds, ${minimal.errors} errors`,
      });
    }

    let floor: HttpFloorResult | null = null;
    if (FLOOR_SECONDS > 0) {
      log(`HTTP floor: ${FLOOR_SECONDS} s at ${knobs.connections} connections`);
      floor = await runHttpFloor({ seconds: FLOOR_SECONDS, connections: knobs.connections, token: clients[0]!.token });
    }

    let commitFlush: CommitFlushResult | null = null;
    if (FLUSH_SECONDS > 0) {
      const probeDatabase = `bench_commit_${stamp}`;
      await createDatabase(serverUrl, probeDatabase);
      cleanups.push(() => dropDatabase(serverUrl!, probeDatabase));
      log(`PostgreSQL's commits alone: ${FLUSH_SECONDS} s on ${probeDatabase}`);
      commitFlush = await runCommitFlushProbe({ url: databaseUrl(serverUrl, probeDatabase), seconds: FLUSH_SECONDS });
    }

    const report = { serviceInfo, mode, load, paced, open, measured, drainSeconds, minimal, minimalPostgresCpu, minimalWalBytes, minimalWalFiles, floor, commitFlush, checks };
    printSummary(report);
    for (const [file, window] of [
      [PROFILE, 'the load'],
      [PACED_PROFILE, 'the paced load from the loops'],
      [OPEN_PROFILE, 'the paced load from open arrivals'],
    ] as const) {
      if (!file || !existsSync(file)) continue;
      console.log(`\n=== Service CPU profile of ${window} (${file}) ===`);
      const profile = readProfile(file);
      for (const line of [...summarizeProfile(profile, SERVICE_DIR), ...busyStretches(profile, SERVICE_DIR)]) console.log(line);
    }
    if (process.env.BENCH_REPORT) writeFileSync(process.env.BENCH_REPORT, JSON.stringify({ ...report, measured: { ...measured, reportedLag: Object.fromEntries(measured.reportedLag) }, load: { ...load, acked: undefined, refused: undefined }, paced: paced && { ...paced, result: { ...paced.result, acked: undefined, refused: undefined } }, open: open && { ...open, result: { ...open.result, acked: undefined, refused: undefined } } }, null, 2));
    failed = checks.some((check) => !check.ok);
  } finally {
    await cleanUp();
    if (failed) log(`work folder kept: ${work} (service log: service.log)`);
    else rmSync(work, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
