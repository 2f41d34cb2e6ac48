/**
 * How many statements of rounds go on the wire at once, chosen by what each count costs the payments
 * on this machine. More statements let PostgreSQL run the banks' rounds side by side while the process
 * decides the next ones; fewer carry more rounds each, so that PostgreSQL's fixed cost per statement
 * and the wake-up of a backend, which on shared cores takes the service's, are paid fewer times. Which
 * one answers sooner depends on the host: on the faster hosts two statements instead of four cost the
 * peak up to a quarter and lengthened the tail at 80 % of it; on the slower, one instead of four
 * shortened the tail and did not cost the peak (docs/payments.md, "Measured").
 *
 * So each count is measured where it runs: time is cut into epochs, each with one count in force, and
 * each epoch's mean time from a request reaching its ledger to its round's append (what the count
 * changes, queueing and contention included) moves that count's score. The best-scored count is in
 * force; every `exploreEvery`-th epoch another takes its turn, so that a count that became the better
 * one (the load or the host changed) is found again. An epoch with fewer than `minRequests` requests
 * says nothing and leaves the scores as they were.
 */
export interface StatementLimitTuning {
  /** The counts it chooses from; one count is a fixed limit. */
  counts: readonly number[];
  epochMs: number;
  exploreEvery: number;
  /** The share of an epoch's mean in its count's score (the rest is what the score was). */
  weight: number;
  minRequests: number;
}

export class StatementLimit {
  private readonly scores = new Map<number, number>();
  private count: number;
  private epoch = 0;
  private epochEnds: number;
  private requests = 0;
  private waitedMs = 0;

  constructor(
    private readonly tuning: StatementLimitTuning,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (tuning.counts.length === 0 || tuning.counts.some((count) => !Number.isInteger(count) || count < 1))
      throw new Error('statement counts must be whole numbers of at least 1');
    this.count = Math.max(...tuning.counts);
    this.epochEnds = this.now() + tuning.epochMs;
  }

  /** The count in force now. */
  current(): number {
    this.roll();
    return this.count;
  }

  /** Appended rounds' requests, and the sum of the time each took from reaching its ledger. */
  observe(requests: number, waitedMs: number): void {
    this.roll();
    this.requests += requests;
    this.waitedMs += waitedMs;
  }

  /** What each count measured so far, in ms per request (for the metrics and the tests). */
  measured(): ReadonlyMap<number, number> {
    return this.scores;
  }

  private roll(): void {
    const now = this.now();
    if (now < this.epochEnds) return;
    if (this.requests >= this.tuning.minRequests) {
      const mean = this.waitedMs / this.requests;
      const score = this.scores.get(this.count);
      this.scores.set(this.count, score === undefined ? mean : score + this.tuning.weight * (mean - score));
    }
    this.requests = 0;
    this.waitedMs = 0;
    this.epoch++;
    this.epochEnds = now + this.tuning.epochMs;
    this.count = this.next();
  }

  private next(): number {
    const { counts, exploreEvery } = this.tuning;
    if (!this.scores.has(this.count)) return this.count;
    const unmeasured = counts.find((count) => !this.scores.has(count));
    if (unmeasured !== undefined) return unmeasured;
    const best = counts.reduce((chosen, count) => (this.scores.get(count)! < this.scores.get(chosen)! ? count : chosen));
    const others = counts.filter((count) => count !== best);
    if (others.length === 0 || this.epoch % exploreEvery !== 0) return best;
    return others[(this.epoch / exploreEvery) % others.length]!;
  }
}
