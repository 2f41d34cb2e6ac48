import type { Summary } from './stats';

/** What the orchestrator (bench/payments.ts) hands the load generator (bench/payments-load.ts), as a JSON file. */
export interface LoadInput {
  baseUrl: string;
  /** Where each bank's payments go (by bank index), when the service runs as several processes routed by bank; else baseUrl. */
  bankOrigins?: string[];
  seconds: number;
  connections: number;
  /** share of payments to a client of the sender's own bank (the rest go to another bank) */
  internalShare: number;
  /** prefix of every Idempotency-Key (and payment reference) of this run */
  runId: string;
  /** told apart in the keys: '' for the peak phase, 'p' for the paced one, 'o' for open arrivals */
  phase: string;
  /** payments per second to pace the loops to; absent: as fast as the service answers */
  rate?: number;
  /**
   * With a rate: 'loops' (the default), CONNECTIONS loops each waiting for its answer before its next
   * payment; 'open', payments sent when due whatever is in flight (more connections as needed).
   */
  arrivals?: 'loops' | 'open';
  /**
   * Seconds of the same load before the measured window: the generator's code compiled and its
   * connections open. Their payments are verified like the others; their latency is reported apart.
   */
  warmupSeconds?: number;
  /** amounts are drawn uniformly from 1..maxAmount base units */
  maxAmount: number;
  clients: BenchClient[];
}

export interface BenchClient {
  id: string;
  alias: string;
  token: string;
  /** index of the bank in the orchestrator's list */
  bank: number;
}

export type Kind = 'INTERNAL' | 'CROSS_ORGANIZATION';

/** One acknowledged (201) payment: [id, amount, sender index, recipient index, kind, status at ack, Idempotency-Key]. */
export type Acked = [string, number, number, number, Kind, string, string];
/** One request that did not get a 201: [Idempotency-Key, HTTP status (0: transport error), code]. */
export type Refused = [string, number, string];

export interface KindResult {
  attempts: number;
  /** answers counted by `<status> <code>`, e.g. `201 COMPLETED`, `422 INSUFFICIENT_FUNDS`, `0 ECONNRESET` */
  answers: Record<string, number>;
  /** latency of the 201 answers */
  post: Summary;
}

export interface LoadResult {
  /** the rate the loops were paced to (LoadInput.rate); null for closed loops */
  askedRate: number | null;
  elapsedSeconds: number;
  acknowledged: number;
  /** acknowledged payments per whole second of the window */
  perSecond: number[];
  /** POST p99 of the payments due in each whole second of the window (ms): a tail spread evenly or one stretch's queue */
  /** null for a second without an answer (NaN does not survive JSON) */
  perSecondP99: Array<number | null>;
  /** POST p50 of the payments due in the window's last whole second (ms), or null without one: a queue standing at the end shows here */
  lastSecondP50: number | null;
  /** latency of the 201 answers (all kinds) from when their request was sent, not due: a paced loop's wait for its previous answer left out */
  sent: Summary;
  kinds: Record<Kind, KindResult>;
  /** POST sent → COMPLETED seen, for a sample of cross-bank payments */
  /** `skipped`: sampled while too many were being followed already */
  completion: { sampled: number; completed: number; failed: number; timedOut: number; skipped: number; latency: Summary; pollIntervalMs: number };
  /** per loop, at the end of the window: from the 201 of its last payment until a GET shows it */
  visibility: Summary & { notVisible: number };
  /** CPU seconds the load generator used (user + system) */
  cpuSeconds: number;
  /** the generator's own event-loop delay over the window (ms): its stalls are in the latencies it measures */
  eventLoopDelay: { p99: number; max: number };
  /** the warm-up before the window (warmupSeconds), when there was one: its POST latency, all kinds */
  warmup: { seconds: number; acknowledged: number; post: Summary } | null;
  acked: Acked[];
  refused: Refused[];
  errorSamples: string[];
  /** the generator's connections to the service: opened before the schedule started, and during its warm-up and window */
  connectionsOpened: { before: number; during: number };
}
