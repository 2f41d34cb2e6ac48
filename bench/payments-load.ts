import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { sleepUntil } from './support/clock';
import { KeepAlivePool } from './support/keep-alive-client';
import { openArrivals } from './support/open-arrivals';
import type { Acked, BenchClient, Kind, KindResult, LoadInput, LoadResult, Refused } from './support/protocol';
import { medianOrNull, summarize } from './support/stats';
import { dueInLastSecond } from './support/targets';

/**
 * The load generator of `npm run bench:payments`, a process of its own so that its CPU is not the
 * service's: `tsx bench/payments-load.ts <input.json> <output.json>` (the orchestrator writes the input).
 *
 * CONNECTIONS closed loops over one keep-alive pool (support/keep-alive-client), for SECONDS (or
 * paced to a target rate, when the input gives one): each loop owns a disjoint set of senders (a
 * person does not send two payments at once, and two loops never race on one sender).
 * With `arrivals: 'open'` and a rate, payments fall due at that rate instead, each sent when due
 * whatever is still in flight (support/open-arrivals), as payments from many independent phones arrive. Each
 * payment pays a random client of the same bank (INTERNAL share) or of another bank, a random small amount,
 * with a unique Idempotency-Key that is also the payment's reference (so the verification can find
 * every payment a key produced). The first cross-bank payment acknowledged in every 100 ms is
 * followed until COMPLETED: at once when its 201 says so, else by a GET every 25 ms on a pool of its
 * own. When a loop's time is up, it reads its last acknowledged payment back until it is visible
 * (the read model's lag, under the load the other loops still make). With a warm-up, the same load
 * runs that long first; it prints `window-opened` when the measured window starts and
 * `window-closed` when it ends. Its connections are open before either starts (openConnections).
 */
const PAYMENTS_PATH = '/api/instant-payments/payments';
/** The first cross-bank payment acknowledged in each such period is followed to COMPLETED (a sample independent of the rate). */
const COMPLETION_SAMPLE_MS = 100;
const COMPLETION_MAX_TRACKED = 32;
const POLL_INTERVAL_MS = 25;
const COMPLETION_TIMEOUT_MS = 30_000;
const ERROR_SAMPLES = 20;
/**
 * Open arrivals: this many connections, all open before the schedule starts, as a load balancer keeps a
 * pool of upstream connections for its bursts. Opened as the payments in flight needed them, a burst
 * opened hundreds at once, and the service, whose event loop accepts one connection per turn (libuv
 * 1.45 and later), left them waiting in the kernel's accept queue for seconds: seconds whose p99 was
 * 1.2–18 s, and where traced every answer over 800 ms the first on a new connection
 * (docs/payments.md, "Connections").
 */
const OPEN_CONNECTIONS = 512;

const randomInt = (below: number) => Math.floor(Math.random() * below);

function emptyKind(): { attempts: number; answers: Map<string, number>; latencies: number[] } {
  return { attempts: 0, answers: new Map(), latencies: [] };
}

/**
 * Opens every connection of the pool before the schedule starts, with requests the service refuses at
 * once (no token): a paced phase whose first second went to opening 64 connections from a cold process
 * started behind its schedule, and 64 loops that each wait for their answer caught up with that backlog
 * only at the rate the service had to spare (a trace showed ~10 s of 250–550 ms answers at 80 % of the
 * peak, then 12–20 ms).
 */
async function openConnections(pool: KeepAlivePool): Promise<void> {
  for (let pass = 0; pass < 2; pass++) await Promise.all(Array.from({ length: pool.connections }, () => pool.request({ method: 'GET', path: PAYMENTS_PATH })));
}

async function main(): Promise<void> {
  const [inputFile, outputFile] = process.argv.slice(2);
  if (!inputFile || !outputFile) throw new Error('usage: payments-load.ts <input.json> <output.json>');
  const input = JSON.parse(readFileSync(inputFile, 'utf8')) as LoadInput;
  const { clients, connections } = input;
  const origin = new URL(input.baseUrl).origin;
  const poolOf = (at: string) => new KeepAlivePool(at, input.arrivals === 'open' ? OPEN_CONNECTIONS : connections);
  const pool = poolOf(origin);
  /** The pool each bank's payments go through: the process that serves the bank, when there are several. */
  const pools = new Map<string, KeepAlivePool>([[origin, pool]]);
  const bankPools = (input.bankOrigins ?? []).map((at) => {
    let bankPool = pools.get(at);
    if (!bankPool) pools.set(at, (bankPool = poolOf(at)));
    return bankPool;
  });
  const polls = new KeepAlivePool(origin, 8);

  const banks: number[][] = [];
  clients.forEach((client, index) => (banks[client.bank] ??= []).push(index));

  const stats: Record<Kind, ReturnType<typeof emptyKind>> = { INTERNAL: emptyKind(), CROSS_ORGANIZATION: emptyKind() };
  const acked: Acked[] = [];
  const visibility: number[] = [];
  let notVisible = 0;
  const refused: Refused[] = [];
  const errorSamples: string[] = [];
  const perSecond: number[] = [];
  const perSecondLatencies: number[][] = [];
  const lastSecondLatencies: number[] = [];
  const sentLatencies: number[] = [];
  const completionLatencies: number[] = [];
  const completion = { sampled: 0, completed: 0, failed: 0, timedOut: 0, skipped: 0 };
  const trackers = new Set<Promise<void>>();
  const readBacks: Promise<void>[] = [];
  let nextCompletionSample = 0;

  const count = (kind: Kind, answer: string) => stats[kind].answers.set(answer, (stats[kind].answers.get(answer) ?? 0) + 1);
  const sampleError = (text: string) => {
    if (errorSamples.length < ERROR_SAMPLES) errorSamples.push(text.slice(0, 300));
  };

  async function getPayment(id: string, token: string, via = polls): Promise<{ status: number; body: any }> {
    const { statusCode, text } = await via.request({ method: 'GET', path: `${PAYMENTS_PATH}/${id}`, headers: { authorization: `Bearer ${token}` } });
    return { status: statusCode, body: statusCode === 200 ? JSON.parse(text) : text };
  }

  function track(id: string, sender: BenchClient, sentAt: number): void {
    completion.sampled += 1;
    const tracker = (async () => {
      while (performance.now() - sentAt < COMPLETION_TIMEOUT_MS) {
        await sleep(POLL_INTERVAL_MS);
        const { status, body } = await getPayment(id, sender.token).catch((error) => ({ status: 0, body: String(error) }));
        if (status === 200 && body.status === 'COMPLETED') {
          completion.completed += 1;
          completionLatencies.push(performance.now() - sentAt);
          return;
        }
        if (status === 200 && body.status === 'FAILED') {
          completion.failed += 1;
          return;
        }
      }
      completion.timedOut += 1;
    })();
    trackers.add(tracker);
    void tracker.finally(() => trackers.delete(tracker));
  }

  function recipientFor(senderIndex: number): { recipient: number; kind: Kind } {
    const sender = clients[senderIndex]!;
    const own = banks[sender.bank]!;
    const internal = own.length > 1 && (banks.length < 2 || Math.random() < input.internalShare);
    if (internal) {
      let recipient = own[randomInt(own.length)]!;
      while (recipient === senderIndex) recipient = own[randomInt(own.length)]!;
      return { recipient, kind: 'INTERNAL' };
    }
    let bank = randomInt(banks.length - 1);
    if (bank >= sender.bank) bank += 1;
    const other = banks[bank]!;
    return { recipient: other[randomInt(other.length)]!, kind: 'CROSS_ORGANIZATION' };
  }

  /** Reads a payment back (sender's token) until it is there; null after a minute. */
  async function readBack(id: string, token: string, acknowledgedAt: number): Promise<void> {
    while (performance.now() - acknowledgedAt < 60_000) {
      const { status } = await getPayment(id, token, pool).catch(() => ({ status: 0 }));
      if (status === 200) {
        visibility.push(performance.now() - acknowledgedAt);
        return;
      }
      await sleep(5);
    }
    notVisible += 1;
  }

  for (const each of pools.values()) await openConnections(each);
  const opened = () => [...pools.values()].reduce((sum, each) => sum + each.opened, 0);
  const openedBefore = opened();

  const warmupMs = (input.warmupSeconds ?? 0) * 1000;
  const warmupLatencies: number[] = [];
  const begin = performance.now();
  /** the measured window */
  const start = begin + warmupMs;
  const deadline = start + input.seconds * 1000;
  let cpuBefore = process.cpuUsage();
  // The generator's own stalls count in every latency it measures (from when a payment was due).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  const windowOpened = (async () => {
    if (warmupMs > 0) await sleep(warmupMs);
    cpuBefore = process.cpuUsage();
    loopDelay.enable();
    process.stdout.write('window-opened\n');
  })();
  /**
   * One payment from `senderIndex`, due at `due` (its latency counts from then, so a payment sent late
   * because the ones before it were slow shows that delay: no coordinated omission); the acknowledged
   * payment, or null.
   */
  async function pay(senderIndex: number, key: string, due: number): Promise<{ id: string; token: string; at: number } | null> {
    const sender = clients[senderIndex]!;
    const { recipient, kind } = recipientFor(senderIndex);
    const amount = 1 + randomInt(input.maxAmount);
    /** a warm-up payment: verified like the others, its answer kept out of the window's figures */
    const warming = due < start;
    if (!warming) stats[kind].attempts += 1;
    let status = 0;
    let text = '';
    const sentAt = performance.now();
    try {
      ({ statusCode: status, text } = await (bankPools[sender.bank] ?? pool).request({
        method: 'POST',
        path: PAYMENTS_PATH,
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ recipientAlias: clients[recipient]!.alias, amount: String(amount), reference: key }),
      }));
    } catch (error) {
      const code = (error as { code?: string }).code ?? 'TRANSPORT_ERROR';
      if (!warming) count(kind, `0 ${code}`);
      refused.push([key, 0, code]);
      sampleError(`${key}: ${String(error)}`);
      return null;
    }
    const answeredAt = performance.now();
    let body: any = null;
    try {
      body = JSON.parse(text);
    } catch {
      sampleError(`${key}: ${status} not JSON: ${text}`);
    }
    if (status !== 201) {
      const code = body?.code ?? '';
      if (!warming) count(kind, `${status} ${code}`);
      refused.push([key, status, code]);
      if (status >= 500 || code === '') sampleError(`${key}: ${status} ${text}`);
      return null;
    }
    if (body.kind !== kind) sampleError(`${key}: expected kind ${kind}, answered ${body.kind}`);
    acked.push([body.id, amount, senderIndex, recipient, kind, body.status, key]);
    if (warming) {
      warmupLatencies.push(answeredAt - due);
      return null;
    }
    count(kind, `201 ${body.status}`);
    stats[kind].latencies.push(answeredAt - due);
    sentLatencies.push(answeredAt - sentAt);
    const second = Math.floor((answeredAt - start) / 1000);
    perSecond[second] = (perSecond[second] ?? 0) + 1;
    const dueSecond = Math.floor((due - start) / 1000);
    (perSecondLatencies[dueSecond] ??= []).push(answeredAt - due);
    if (dueInLastSecond(due, deadline)) lastSecondLatencies.push(answeredAt - due);
    if (kind === 'CROSS_ORGANIZATION' && answeredAt >= nextCompletionSample) {
      nextCompletionSample = answeredAt + COMPLETION_SAMPLE_MS;
      if (body.status === 'COMPLETED') {
        completion.sampled += 1;
        completion.completed += 1;
        completionLatencies.push(answeredAt - due);
      } else if (trackers.size < COMPLETION_MAX_TRACKED) track(body.id, sender, due);
      else completion.skipped += 1;
    }
    return { id: body.id, token: sender.token, at: answeredAt };
  }

  /** with a target rate, each loop's time between payments; null: closed loops, as fast as answered */
  const intervalMs = input.rate ? (connections * 1000) / input.rate : null;

  /** One of `connections` loops, each with one payment in flight, from a disjoint set of senders. */
  async function loop(loopIndex: number): Promise<void> {
    const owned = clients.map((_, index) => index).filter((index) => index % connections === loopIndex);
    if (owned.length === 0) owned.push(loopIndex % clients.length);
    let seq = 0;
    let last: { id: string; token: string; at: number } | null = null;
    for (;;) {
      // Paced: the loop's payments fall due on a fixed schedule.
      const due = intervalMs === null ? performance.now() : begin + (seq + loopIndex / connections) * intervalMs;
      if (due >= deadline) break;
      await sleepUntil(due);
      const key = `${input.runId}-${input.phase}${loopIndex}-${seq}`;
      const senderIndex = owned[seq++ % owned.length]!;
      last = (await pay(senderIndex, key, due)) ?? last;
    }
    if (last) readBacks.push(readBack(last.id, last.token, last.at));
  }

  /**
   * Open arrivals (support/open-arrivals), over OPEN_CONNECTIONS connections (a payment due while all
   * carry one waits for the first free, its wait counted). Each lane (seq modulo connections) reads its
   * last acknowledged payment back at the end, like a loop.
   */
  async function open(rate: number): Promise<void> {
    const lastOf = new Map<number, { id: string; token: string; at: number }>();
    await openArrivals({
      rate,
      begin,
      deadline,
      senders: clients.length,
      send: async (senderIndex, seq, due) => {
        const lane = seq % connections;
        const acknowledged = await pay(senderIndex, `${input.runId}-${input.phase}${lane}-${seq}`, due);
        if (acknowledged) lastOf.set(lane, acknowledged);
      },
    });
    for (const last of lastOf.values()) readBacks.push(readBack(last.id, last.token, last.at));
  }

  if (input.arrivals === 'open' && input.rate) await open(input.rate);
  else await Promise.all(Array.from({ length: connections }, (_, index) => loop(index)));
  await windowOpened;
  const elapsedSeconds = (performance.now() - start) / 1000;
  const connectionsOpened = { before: openedBefore, during: opened() - openedBefore };
  const windowCpu = process.cpuUsage(cpuBefore);
  loopDelay.disable();
  // The measured window is closed: the orchestrator reads the service's counters now.
  process.stdout.write('window-closed\n');
  await Promise.all([...readBacks, ...trackers]);

  const kindResult = (kind: Kind): KindResult => ({
    attempts: stats[kind].attempts,
    answers: Object.fromEntries([...stats[kind].answers].sort((a, b) => b[1] - a[1])),
    post: summarize(stats[kind].latencies),
  });
  const result: LoadResult = {
    askedRate: input.rate ?? null,
    elapsedSeconds,
    acknowledged: acked.length - warmupLatencies.length,
    perSecond: Array.from({ length: Math.ceil(input.seconds) }, (_, second) => perSecond[second] ?? 0),
    sent: summarize(sentLatencies),
    perSecondP99: Array.from({ length: Math.ceil(input.seconds) }, (_, second) => summarize(perSecondLatencies[second] ?? []).p99),
    lastSecondP50: medianOrNull(lastSecondLatencies),
    kinds: { INTERNAL: kindResult('INTERNAL'), CROSS_ORGANIZATION: kindResult('CROSS_ORGANIZATION') },
    completion: { ...completion, latency: summarize(completionLatencies), pollIntervalMs: POLL_INTERVAL_MS },
    visibility: { ...summarize(visibility), notVisible },
    cpuSeconds: (windowCpu.user + windowCpu.system) / 1e6,
    eventLoopDelay: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
    warmup: warmupMs > 0 ? { seconds: warmupMs / 1000, acknowledged: warmupLatencies.length, post: summarize(warmupLatencies) } : null,
    acked,
    refused,
    errorSamples,
    connectionsOpened,
  };
  writeFileSync(outputFile, JSON.stringify(result));
  await Promise.all([...[...pools.values()].map((each) => each.close()), polls.close()]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
