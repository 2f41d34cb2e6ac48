import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { envAmount, envNumber } from './support/env';
import { openArrivals } from './support/open-arrivals';
import { machineCpu, machineShares, type MachineShares } from './support/proc';
import type { Kind } from './support/protocol';
import { medianOrNull, summarize, type Summary } from './support/stats';
import { dueInLastSecond } from './support/targets';

/**
 * The minimal-ledger ceiling of `npm run bench:payments`: what the same PostgreSQL does as a minimal
 * correct ledger, with the benchmark's clients, mix and concurrency. One transaction per payment over
 * a pg Pool of CONNECTIONS: lock both balances in id order (SELECT … FOR UPDATE, so two payments
 * never deadlock), check the sender's balance, debit, credit, insert the payment row (indexed by
 * sender and by recipient, so a client's movements can be listed), commit. Named prepared statements.
 * Then the latency target's load on it: the service's open arrivals at 80 % of the peak it just
 * reached (openPhase).
 *
 * Run alone on an empty database: `BENCH_MINIMAL_DATABASE_URL=postgres://…/db tsx bench/minimal-ledger.ts [out.json]`
 * (same BENCH_* knobs as bench:payments); the orchestrator runs it as a child process.
 */
export interface MinimalOptions {
  url: string;
  clients: number;
  banks: number;
  seconds: number;
  /** full load before the measured window, not counted */
  warmupSeconds: number;
  connections: number;
  internalShare: number;
  maxAmount: number;
  initialBalance: bigint;
  paced: PacedKnobs;
}

/** The phases at 80 % of the peak (the latency target's load): bench:payments' and the minimal ledger's. */
export interface PacedKnobs {
  /** each phase's measured window; 0 skips the phases */
  seconds: number;
  /** the same load before the window, not counted */
  warmupSeconds: number;
  /** the share of the peak just measured that the phases ask */
  share: number;
  /** payments/s to ask instead of that share (two builds compared at one load), or null */
  rate: number | null;
}

/** The minimal ledger under open arrivals at 80 % of its peak (or the fixed rate asked). */
export interface MinimalOpenResult {
  askedRate: number;
  elapsedSeconds: number;
  /** payments committed in the window */
  acknowledged: number;
  paymentsPerSecond: number;
  /** from when each payment fell due */
  latency: Record<Kind, Summary>;
  /** the median of the payments due in the window's last second, either kind (ms), or null without one */
  lastSecondP50: number | null;
  /** the machine over the window: the shares of its time busy and stolen by the hypervisor, as the service's phases report them */
  machine: MachineShares;
}

export interface MinimalResult {
  elapsedSeconds: number;
  /** payments committed in the measured window (the warm-up's are not counted here) */
  acknowledged: number;
  /** payments committed during the warm-up before the window */
  warmupAcknowledged: number;
  /** PostgreSQL connections the loops shared (one per loop unless the server had fewer to spare) */
  poolSize: number;
  paymentsPerSecond: number;
  /** every payment committed over the run (warm-ups and the open phase included): the divisor of the server's CPU and WAL */
  committed: number;
  open: MinimalOpenResult | null;
  insufficientFunds: number;
  errors: number;
  errorSamples: string[];
  latency: Record<Kind, Summary>;
  /** the sum of balances is what was funded, and one row per committed payment */
  conserved: boolean;
  cpuSeconds: number;
}

const randomInt = (below: number) => Math.floor(Math.random() * below);

const LOCK = { name: 'ml-lock', text: 'select id, balance from accounts where id = any($1::int[]) order by id for update' };
const DEBIT = { name: 'ml-debit', text: 'update accounts set balance = balance - $2 where id = $1' };
const CREDIT = { name: 'ml-credit', text: 'update accounts set balance = balance + $2 where id = $1' };
const RECORD = {
  name: 'ml-record',
  text: 'insert into payments (id, kind, sender_id, recipient_id, amount, reference) values ($1, $2, $3, $4, $5, $6)',
};

export async function runMinimalLedger(options: MinimalOptions): Promise<MinimalResult> {
  const setup = new pg.Client({ connectionString: options.url });
  await setup.connect();
  try {
    return await measure(setup, options);
  } finally {
    await setup.end();
  }
}

/** The run itself, on `setup`'s connection for the tables and the checks, and a pool for the payments. */
async function measure(setup: pg.Client, options: MinimalOptions): Promise<MinimalResult> {
  await setup.query(`
    drop table if exists payments, accounts;
    create table accounts (id int primary key, bank int not null, balance bigint not null check (balance >= 0));
    create table payments (
      id uuid primary key, kind text not null, sender_id int not null, recipient_id int not null,
      amount bigint not null, reference text not null, created_at timestamptz not null default now()
    );
    create index payments_sender on payments (sender_id, created_at desc);
    create index payments_recipient on payments (recipient_id, created_at desc);
  `);
  await setup.query('insert into accounts select i, i % $1, $2 from generate_series(0, $3 - 1) as i', [
    options.banks,
    options.initialBalance.toString(),
    options.clients,
  ]);
  await setup.query('analyze accounts');

  const { clients, banks, connections } = options;
  const byBank = Array.from({ length: banks }, (_, bank) => Array.from({ length: clients }, (_, id) => id).filter((id) => id % banks === bank));
  // A connection per loop, as far as the server has them to spare (a few kept for others): past that,
  // loops share the pool's connections rather than fail on "too many clients".
  const { rows: spare } = await setup.query<{ spare: number }>(
    "select current_setting('max_connections')::int - (select count(*) from pg_stat_activity)::int - 5 as spare",
  );
  const poolSize = Math.max(1, Math.min(connections, spare[0]!.spare));
  const pool = new pg.Pool({ connectionString: options.url, max: poolSize });
  const latencies: Record<Kind, number[]> = { INTERNAL: [], CROSS_ORGANIZATION: [] };
  const errorSamples: string[] = [];
  let acknowledged = 0;
  /** every payment committed, warm-ups and the open phase included: the rows the conservation check counts */
  let committed = 0;
  let insufficientFunds = 0;
  let errors = 0;

  function recipientFor(sender: number): { recipient: number; kind: Kind } {
    const own = byBank[sender % banks]!;
    if (own.length > 1 && (banks < 2 || Math.random() < options.internalShare)) {
      let recipient = own[randomInt(own.length)]!;
      while (recipient === sender) recipient = own[randomInt(own.length)]!;
      return { recipient, kind: 'INTERNAL' };
    }
    let bank = randomInt(banks - 1);
    if (bank >= sender % banks) bank += 1;
    const other = byBank[bank]!;
    return { recipient: other[randomInt(other.length)]!, kind: 'CROSS_ORGANIZATION' };
  }

  /** One payment in a transaction of its own: committed, refused for funds, or failed. */
  async function pay(sender: number, reference: string): Promise<{ kind: Kind; outcome: 'committed' | 'refused' | 'failed' }> {
    const { recipient, kind } = recipientFor(sender);
    const amount = 1 + randomInt(options.maxAmount);
    const connection = await pool.connect();
    try {
      await connection.query('begin');
      const { rows } = await connection.query<{ id: number; balance: string }>({ ...LOCK, values: [[sender, recipient]] });
      if (BigInt(rows.find((row) => row.id === sender)!.balance) < BigInt(amount)) {
        await connection.query('rollback');
        insufficientFunds += 1;
        return { kind, outcome: 'refused' };
      }
      await connection.query({ ...DEBIT, values: [sender, amount] });
      await connection.query({ ...CREDIT, values: [recipient, amount] });
      await connection.query({ ...RECORD, values: [randomUUID(), kind, sender, recipient, amount, reference] });
      await connection.query('commit');
      committed += 1;
      return { kind, outcome: 'committed' };
    } catch (error) {
      errors += 1;
      if (errorSamples.length < 10) errorSamples.push(String(error));
      await connection.query('rollback').catch(() => undefined);
      return { kind, outcome: 'failed' };
    } finally {
      connection.release();
    }
  }

  // The same warm-up as the service's load: the window opens once connections, plans and code are warm.
  const start = performance.now() + options.warmupSeconds * 1000;
  const deadline = start + options.seconds * 1000;
  let cpuBefore = process.cpuUsage();
  let warmupAcknowledged = 0;
  const windowOpened = sleep(options.warmupSeconds * 1000).then(() => (cpuBefore = process.cpuUsage()));

  async function loop(loopIndex: number): Promise<void> {
    const owned = Array.from({ length: clients }, (_, id) => id).filter((id) => id % connections === loopIndex);
    if (owned.length === 0) owned.push(loopIndex % clients);
    let seq = 0;
    while (performance.now() < deadline) {
      const sentAt = performance.now();
      const { kind, outcome } = await pay(owned[seq % owned.length]!, `minimal-${loopIndex}-${seq++}`);
      if (outcome !== 'committed') continue;
      if (sentAt < start) warmupAcknowledged += 1;
      else {
        acknowledged += 1;
        latencies[kind].push(performance.now() - sentAt);
      }
    }
  }

  /**
   * The latency target's load on the same ledger: open arrivals (the service's, support/open-arrivals)
   * at 80 % of the peak just measured, after the same warm-up at that rate, latency counted from when
   * each payment fell due (a payment waiting for one of the pool's connections waits in its latency).
   */
  async function openPhase(rate: number): Promise<MinimalOpenResult> {
    const begin = performance.now();
    const windowStart = begin + options.paced.warmupSeconds * 1000;
    const openLatencies: Record<Kind, number[]> = { INTERNAL: [], CROSS_ORGANIZATION: [] };
    const lastSecond: number[] = [];
    const deadline = windowStart + options.paced.seconds * 1000;
    let counted = 0;
    // The machine as the window opens, after the warm-up, like the service's phases.
    const machineAtWindow = sleep(Math.max(0, windowStart - performance.now())).then(machineCpu);
    await openArrivals({
      rate,
      begin,
      deadline,
      senders: clients,
      send: async (sender, seq, due) => {
        const { kind, outcome } = await pay(sender, `minimal-open-${seq}`);
        if (outcome !== 'committed' || due < windowStart) return;
        counted += 1;
        const latency = performance.now() - due;
        openLatencies[kind].push(latency);
        if (dueInLastSecond(due, deadline)) lastSecond.push(latency);
      },
    });
    const seconds = (performance.now() - windowStart) / 1000;
    const machineAtEnd = machineCpu();
    return {
      askedRate: rate,
      elapsedSeconds: seconds,
      acknowledged: counted,
      paymentsPerSecond: counted / seconds,
      latency: { INTERNAL: summarize(openLatencies.INTERNAL), CROSS_ORGANIZATION: summarize(openLatencies.CROSS_ORGANIZATION) },
      lastSecondP50: medianOrNull(lastSecond),
      machine: machineShares(await machineAtWindow, machineAtEnd),
    };
  }

  await Promise.all(Array.from({ length: connections }, (_, index) => loop(index)));
  await windowOpened;
  const elapsedSeconds = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const paymentsPerSecond = acknowledged / elapsedSeconds;
  const open = options.paced.seconds > 0 ? await openPhase(options.paced.rate ?? paymentsPerSecond * options.paced.share) : null;
  await pool.end();

  const { rows } = await setup.query<{ total: string; payments: string }>(
    'select (select sum(balance) from accounts)::text as total, (select count(*) from payments)::text as payments',
  );
  const conserved = BigInt(rows[0]!.total) === options.initialBalance * BigInt(clients) && Number(rows[0]!.payments) === committed;
  return {
    elapsedSeconds,
    acknowledged,
    warmupAcknowledged,
    poolSize,
    paymentsPerSecond,
    committed,
    open,
    insufficientFunds,
    errors,
    errorSamples,
    latency: { INTERNAL: summarize(latencies.INTERNAL), CROSS_ORGANIZATION: summarize(latencies.CROSS_ORGANIZATION) },
    conserved,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
  };
}

/** The knobs shared with bench:payments. */
export function benchKnobs(env: NodeJS.ProcessEnv = process.env) {
  return {
    seconds: envNumber('BENCH_SECONDS', 'positive', 60, env),
    /** Full load before the measured window, not counted: JIT, connections, plans and caches warm up. */
    warmupSeconds: envNumber('BENCH_WARMUP_SECONDS', 'seconds', 5, env),
    connections: envNumber('BENCH_CONNECTIONS', 'count', 64, env),
    clients: envNumber('BENCH_CLIENTS', 'count', 10_000, env),
    banks: envNumber('BENCH_BANKS', 'count', 3, env),
    internalShare: envNumber('BENCH_INTERNAL_SHARE', 'share', 0.8, env),
    maxAmount: 100,
    /** Each client's cash-in, in the currency's smallest units. */
    initialBalance: envAmount('BENCH_INITIAL_BALANCE', 1_000_000n, env),
    paced: {
      seconds: envNumber('BENCH_PACED_SECONDS', 'seconds', 20, env),
      /**
       * A new generator process starts cold (its code interpreted, 64 connections to open), and right
       * after the peak the service still settles the peak's last cross-bank payments; measured from its
       * first request, the phase's p99 was that transient's.
       */
      warmupSeconds: envNumber('BENCH_PACED_WARMUP_SECONDS', 'seconds', 5, env),
      share: 0.8,
      /** On a shared host the peak, and with it 80 % of it, wanders from run to run by more than a change moves it. */
      rate: envNumber('BENCH_PACED_RATE', 'rate', null, env),
    },
  };
}

if (require.main === module) {
  const url = process.env.BENCH_MINIMAL_DATABASE_URL;
  if (!url) {
    console.error('BENCH_MINIMAL_DATABASE_URL (an empty database) is required');
    process.exit(1);
  }
  runMinimalLedger({ url, ...benchKnobs() })
    .then((result) => {
      const text = JSON.stringify(result, null, 2);
      if (process.argv[2]) writeFileSync(process.argv[2], text);
      else console.log(text);
    })
    .catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
