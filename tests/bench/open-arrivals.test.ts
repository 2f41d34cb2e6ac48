import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { runMinimalLedger, type MinimalOptions } from '../../bench/minimal-ledger';
import { openArrivals } from '../../bench/support/open-arrivals';

/**
 * bench:payments' open arrivals (the latency target's load: payments fall due at a rate whatever is in
 * flight), which its load generator sends to the service and its minimal ledger to PostgreSQL alike.
 */
describe('openArrivals', () => {
  it('makes payments fall due evenly at the rate, from begin until the deadline', async () => {
    const begin = performance.now();
    const dues: number[] = [];
    await openArrivals({ rate: 1000, begin, deadline: begin + 40, senders: 100, send: async (_sender, _seq, due) => void dues.push(due) });

    expect(dues).toHaveLength(40);
    expect(dues.map((due) => Math.round((due - begin) * 1000) / 1000)).toEqual(Array.from({ length: 40 }, (_, seq) => seq));
  });

  it('sends each payment from the next sender with none in flight, and never two at once from one sender', async () => {
    const begin = performance.now();
    const inFlight = new Set<number>();
    const senders: number[] = [];
    let overlaps = 0;
    await openArrivals({
      rate: 2000,
      begin,
      deadline: begin + 30,
      senders: 4,
      send: async (sender) => {
        if (inFlight.has(sender)) overlaps += 1;
        inFlight.add(sender);
        senders.push(sender);
        // Sender 0 answers slowly: the schedule passes it over while it waits.
        await sleep(sender === 0 ? 15 : 1);
        inFlight.delete(sender);
      },
    });

    expect(overlaps).toBe(0);
    expect(senders.slice(0, 4)).toEqual([0, 1, 2, 3]);
    expect(senders.length).toBe(60);
  });

  it('holds the next payment while every sender waits for an answer, and resolves once all are answered', async () => {
    const begin = performance.now();
    const release: Array<() => void> = [];
    const answered: number[] = [];
    const done = openArrivals({
      rate: 1000,
      begin,
      deadline: begin + 5,
      senders: 2,
      send: (_sender, seq) => new Promise<void>((resolve) => release.push(() => (answered.push(seq), resolve()))),
    });
    await sleep(30);
    expect(release).toHaveLength(2);

    let settled = false;
    void done.then(() => (settled = true));
    release.shift()!();
    await sleep(5);
    expect(release).toHaveLength(2);
    while (release.length > 1) {
      release.shift()!();
      await sleep(5);
    }
    expect(settled).toBe(false);
    release.shift()!();
    await done;

    expect(answered).toEqual([0, 1, 2, 3, 4]);
  });

  it('waits for a free sender without touching every payment in flight (a stalled service held 10,000)', async () => {
    // Each reaction the schedule leaves on a payment in flight is a `then` on it: count them.
    let thens = 0;
    class CountedPromise<T> extends Promise<T> {
      override then<A = T, B = never>(
        fulfilled?: ((value: T) => A | PromiseLike<A>) | null,
        rejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
      ): Promise<A | B> {
        thens += 1;
        return super.then(fulfilled, rejected);
      }
    }
    const release: Array<() => void> = [];
    const begin = performance.now();
    const payments = 300;
    const done = openArrivals({
      rate: 100_000,
      begin,
      deadline: begin + payments / 100,
      senders: 50,
      send: () => new CountedPromise<void>((resolve) => release.push(resolve)),
    });
    // Every sender waits; then answers come one at a time, each letting one more payment go.
    for (let answered = 0; answered < payments; answered++) {
      while (release.length === 0) await sleep(1);
      release.shift()!();
      await sleep(0);
    }
    await done;

    // A few per payment (its clean-up, the promises derived from it, the final wait); waiting with Promise.race over the 50 in flight took ~50 more each.
    expect(thens).toBeLessThanOrEqual(4 * payments);
  });
});

describe('the minimal ledger under open arrivals (bench:payments, the latency target beside PostgreSQL alone)', () => {
  // The minimal ledger makes its own tables in an empty database, as bench:payments gives it.
  const name = `emisor_test_minimal_${randomBytes(6).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: process.env.EMISOR_TEST_SERVER_URL });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  const url = () => Object.assign(new URL(process.env.EMISOR_TEST_SERVER_URL!), { pathname: `/${name}` }).toString();
  const options = (paced: MinimalOptions['paced']): MinimalOptions => ({
    url: url(),
    clients: 40,
    banks: 2,
    seconds: 1,
    warmupSeconds: 0,
    connections: 4,
    internalShare: 0.8,
    maxAmount: 100,
    initialBalance: 1_000_000n,
    paced,
  });

  beforeAll(() => admin(`create database ${name}`));
  afterAll(() => admin(`drop database if exists ${name} with (force)`));

  it('asks the share of the peak it just reached, counts the window after its warm-up, and conserves every payment of both phases', async () => {
    const result = await runMinimalLedger(options({ seconds: 1, warmupSeconds: 0.5, share: 0.5, rate: null }));

    expect(result.open).not.toBeNull();
    const open = result.open!;
    expect(open.askedRate).toBeCloseTo(result.paymentsPerSecond * 0.5, 6);
    expect(open.acknowledged).toBeGreaterThan(0);
    expect(open.latency.INTERNAL.count + open.latency.CROSS_ORGANIZATION.count).toBe(open.acknowledged);
    // Its window is its last second: the median of that second lies within the phase's latencies.
    const slowest = Math.max(...[open.latency.INTERNAL, open.latency.CROSS_ORGANIZATION].filter((kind) => kind.count > 0).map((kind) => kind.max));
    expect(open.lastSecondP50).not.toBeNull();
    expect(open.lastSecondP50!).toBeGreaterThan(0);
    expect(open.lastSecondP50!).toBeLessThanOrEqual(slowest);
    // The open phase's payments, its warm-up's included, are rows of the ledger like the peak's.
    expect(result.committed).toBeGreaterThan(result.acknowledged + result.warmupAcknowledged + open.acknowledged);
    expect(result.errors).toBe(0);
    expect(result.conserved).toBe(true);
  }, 30_000);

  it('asks a fixed rate when given one, and skips the phase at 0 s', async () => {
    const fixed = await runMinimalLedger(options({ seconds: 0.5, warmupSeconds: 0, share: 0.8, rate: 200 }));
    expect(fixed.open!.askedRate).toBe(200);
    expect(fixed.conserved).toBe(true);

    const skipped = await runMinimalLedger(options({ seconds: 0, warmupSeconds: 0, share: 0.8, rate: null }));
    expect(skipped.open).toBeNull();
    expect(skipped.committed).toBe(skipped.acknowledged + skipped.warmupAcknowledged);
    expect(skipped.conserved).toBe(true);
  }, 30_000);
});
