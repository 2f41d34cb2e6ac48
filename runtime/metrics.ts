import { timingSafeEqual } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import type { Knex } from 'knex';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics, type Metric, type MetricValue } from 'prom-client';
import { owedEvents } from '../projections/owed-events';
import type { Projection } from '../projections/projection';
import type { Chain } from '../write-side/chain/chain';
import type { EventStore, GlobalPosition } from '../write-side/event-store/event-store';
import type { RoundRetryReason } from '../write-side/instant-payments/ledger';
import { acceptQueue } from './accept-queue';

/**
 * Settlement latency in cumulative buckets, from the instant-payment scale (a batch per block, ~0.1–0.5 s)
 * to a chain outage's minutes. A histogram, not a summary: the buckets of several processes add up
 * (each reports the banks it settles), Prometheus takes quantiles over any window
 * (`histogram_quantile(0.99, rate(…_bucket[5m]))`), and an observation allocates nothing to keep
 * (a summary's t-digest kept each one for its window: ~6 % of what the service promoted under payments).
 */
const SETTLEMENT_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900];
/**
 * Projection lag is counted within this many events after the oldest checkpoint (a rebuild-sized backlog
 * needs no exact figure; while one projection is that far behind, the others' lag beyond it reads 0).
 */
const LAG_CAP = 100_000;

export interface MetricsSources {
  db: Knex;
  chain: Chain;
  /** Whether events live in this PostgreSQL database (EVENT_STORE=postgres): projection lag is measured there. */
  eventsInDatabase: boolean;
  projections: readonly Pick<Projection, 'name' | 'handles'>[];
  /**
   * Where the projections running in this process stand in memory (ProjectionRunner.reachedPositions):
   * a projection saves its checkpoint only every so many events it ignores, so the checkpoints alone
   * would have each scrape read thousands of events the projections are already past.
   */
  reached?: () => ReadonlyMap<string, GlobalPosition>;
}

/**
 * The contract's "Operations" metrics, in a registry of this service instance. Request and append
 * figures are observed as they happen, and so is the settlement latency of the batches this process
 * settles; payments, projection lag and the chain are read from the database and the chain when
 * Prometheus scrapes, so every process reports the same truth whichever one did the work.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly http = new HttpTallies(this.registry);
  private readonly appendDuration = new Histogram({
    name: 'emisor_event_store_append_duration_seconds',
    help: 'Event-store append latency',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });
  private readonly projectionEvents = new Counter({
    name: 'emisor_projection_events_applied_total',
    // Projections run in the elected leader only: a follower's series do not move.
    help: 'Events this process applied to a read model, by projection (the leader runs the projections)',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });
  private readonly settlementLatency = new Histogram({
    name: 'emisor_settlement_latency_seconds',
    help: 'Cross-bank settlement latency (made to settled) of the payments this process settled',
    buckets: SETTLEMENT_BUCKETS,
    registers: [this.registry],
  });
  private readonly ledgerRoundRetries = new Counter({
    name: 'emisor_ip_ledger_round_retries_total',
    // Steady conflicts mean two processes write one bank: requests are not routed by bank.
    help: 'Instant Payments rounds decided again after their append failed, by bank and reason (conflict, assumption, failure)',
    labelNames: ['organization', 'reason'] as const,
    registers: [this.registry],
  });
  private lastBlock: { height: number; at: number } | null = null;
  private blockSeconds: number | null = null;
  private leader: { readonly isLeader: boolean } | null = null;
  /** The port the HTTP server listens on, once it does (observeListening). */
  private listeningPort: number | null = null;

  constructor(sources: MetricsSources) {
    collectDefaultMetrics({ register: this.registry, prefix: 'emisor_process_' });
    const self = this;
    // The registry collects every series at once; the database reads among them take turns, so a scrape
    // holds one of the pool's connections at a time, not one per series, which the payments wait for.
    // Scrapes share the turns too: while one read is stuck (a rebuild's truncation holds its table), the
    // later scrapes' reads wait in memory behind it rather than each taking a connection to wait on.
    let lastRead: Promise<void> = Promise.resolve();
    const readInTurn = (read: () => Promise<void>): Promise<void> => {
      lastRead = lastRead.then(() => quietly(read));
      return lastRead;
    };
    new Gauge({
      name: 'emisor_payments',
      help: 'Instant Payments by kind and status',
      labelNames: ['kind', 'status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        await readInTurn(async () => {
          // The counts kept with the read model (a few rows per bank), not a count of every payment.
          const rows: { kind: string; status: string; count: string }[] = await sources.db('ip_payment_totals').select('kind', 'status').sum('count as count').groupBy('kind', 'status');
          for (const row of rows) this.set({ kind: row.kind, status: row.status }, Number(row.count));
        });
      },
    });
    new Gauge({
      name: 'emisor_projection_lag_events',
      // Events applied in their own append's transaction (metadata.appliedInline) are not behind.
      help: 'Events of the types a projection handles that it has not applied yet',
      labelNames: ['projection'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        if (!sources.eventsInDatabase) return;
        await readInTurn(async () => {
          // One read of the backlog from the oldest position, counted for every projection: each starts
          // from its checkpoint or, further on, where it stands in this process (see `reached`).
          const owed = owedEvents({ name: 'p.name', handles: 'p.handles' }, { commit: 'p.commit_position', prepare: 'p.prepare_position' });
          const reached = sources.reached?.() ?? new Map<string, GlobalPosition>();
          const { rows } = await sources.db.raw(
            `with p as materialized (
               select p.name, p.handles, start.commit_position, start.prepare_position
                 from jsonb_to_recordset(?::jsonb) as p(name text, handles text[], reached_commit text, reached_prepare bigint)
                 left join projection_checkpoints c on c.name = p.name
                 cross join lateral (
                   select v.commit_position, v.prepare_position
                     from (values (coalesce(c.commit_position, '0'::xid8), coalesce(c.prepare_position, 0)),
                                  (p.reached_commit::xid8, p.reached_prepare)) as v(commit_position, prepare_position)
                    where v.commit_position is not null
                    order by v.commit_position desc, v.prepare_position desc
                    limit 1) start
             ),
             oldest as (select commit_position, prepare_position from p order by commit_position, prepare_position limit 1),
             backlog as materialized (
               select e.transaction_id, e.position, e.type, e.metadata
                 from oldest, lateral (
                   select transaction_id, position, type, metadata from events
                    where (transaction_id, position) > (oldest.commit_position, oldest.prepare_position)
                    order by transaction_id, position
                    limit ${LAG_CAP}) e
             )
             select p.name, count(e.position) as lag
               from p left join backlog e on ${owed}
              group by p.name`,
            [
              JSON.stringify(
                sources.projections.map(({ name, handles }) => {
                  const position = reached.get(name);
                  return { name, handles, reached_commit: position ? String(position.commit) : null, reached_prepare: position ? String(position.prepare) : null };
                }),
              ),
            ],
          );
          for (const row of rows as { name: string; lag: string }[]) this.set({ projection: row.name }, Number(row.lag));
        });
      },
    });
    new Gauge({
      name: 'emisor_event_feed_held_back_seconds',
      // The feed shows a commit once every older transaction on the server has ended (the store's
      // commit-safe order), so one long writing transaction, in any database of the server, stalls
      // every projection and read-your-writes behind it: this says how long that has lasted.
      help: 'Age of the oldest writing transaction (or prepared transaction) on the PostgreSQL server, which the event feed waits for',
      registers: [this.registry],
      async collect() {
        this.reset();
        if (!sources.eventsInDatabase) return;
        await readInTurn(async () => {
          const { rows } = await sources.db.raw(
            `select coalesce(extract(epoch from clock_timestamp() - min(started)), 0)::float8 as seconds
               from (select xact_start as started from pg_stat_activity where backend_xid is not null
                     union all
                     select prepared from pg_prepared_xacts) oldest`,
          );
          this.set(Number(rows[0].seconds));
        });
      },
    });
    new Gauge({
      name: 'emisor_chain_height',
      help: 'Latest block height of the ledger chain',
      registers: [this.registry],
      async collect() {
        await quietly(async () => {
          const { height } = await sources.chain.status();
          self.observeHeight(height);
          this.set(height);
        });
      },
    });
    new Gauge({
      name: 'emisor_leader',
      help: '1 while this process is the elected leader and runs the process managers, timers and projections, else 0',
      registers: [this.registry],
      collect() {
        this.set(self.leader?.isLeader ? 1 : 0);
      },
    });
    new Gauge({
      name: 'emisor_http_accept_queue',
      help: 'Connections the kernel has completed that the HTTP server has not accepted yet, by port (Linux; the server accepts one per turn of its event loop)',
      // Labelled so that a process not listening yet, or not on Linux, reports no series rather than a 0 it did not read.
      labelNames: ['port'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const port = self.listeningPort;
        const waiting = port === null ? null : await acceptQueue(port);
        if (port !== null && waiting !== null) this.set({ port: String(port) }, waiting);
      },
    });
    new Gauge({
      name: 'emisor_chain_block_time_seconds',
      help: 'Seconds per block between the last two scrapes that saw the height move',
      registers: [this.registry],
      collect() {
        if (self.blockSeconds !== null) this.set(self.blockSeconds);
      },
    });
  }

  private observeHeight(height: number): void {
    const now = Date.now();
    if (this.lastBlock && height > this.lastBlock.height) this.blockSeconds = (now - this.lastBlock.at) / 1000 / (height - this.lastBlock.height);
    if (!this.lastBlock || height !== this.lastBlock.height) this.lastBlock = { height, at: now };
  }

  /** Reports this process's part in the leader election (`emisor_leader`): operators see which process runs the timers. */
  observeLeader(leader: { readonly isLeader: boolean }): void {
    this.leader = leader;
  }

  /** Reports the connections waiting to be accepted on the HTTP server's port (`emisor_http_accept_queue`) from now on. */
  observeListening(port: number): void {
    this.listeningPort = port;
  }

  /** Counts events a projection applied in this process (ProjectionRunner's onApplied). */
  projectionApplied(projection: string, events: number): void {
    this.projectionEvents.inc({ projection }, events);
  }

  /** Times each payment of a settled batch from when it was made (Settlement's onBatchSettled). */
  paymentsSettled(payments: readonly { createdAt: string | null }[], settledAt: Date): void {
    for (const { createdAt } of payments)
      if (createdAt !== null) this.settlementLatency.observe(Math.max(0, settledAt.getTime() - Date.parse(createdAt)) / 1000);
  }

  /** Counts a bank ledger's round decided again after its append failed (LedgerPorts.onRoundRetried). */
  ledgerRoundRetried(organization: string, reason: RoundRetryReason): void {
    this.ledgerRoundRetries.inc({ organization, reason });
  }

  /** Times every append of `store`, with or without a read model's writes (the same object, so every holder of it is measured). */
  instrumentEventStore(store: EventStore): EventStore {
    const timed = async <T>(append: () => Promise<T>): Promise<T> => {
      const end = this.appendDuration.startTimer();
      try {
        const appended = await append();
        end({ outcome: 'appended' });
        return appended;
      } catch (error) {
        end({ outcome: 'failed' });
        throw error;
      }
    };
    const append = store.append.bind(store);
    store.append = (...args) => timed(() => append(...args));
    const appendWith = store.appendWith?.bind(store);
    if (appendWith) store.appendWith = (...args) => timed(() => appendWith(...args));
    const appendAllWith = store.appendAllWith?.bind(store);
    if (appendAllWith) store.appendAllWith = (...args) => timed(() => appendAllWith(...args));
    return store;
  }

  /** Counts and times each request under its route template (ids never become label values). */
  httpMiddleware() {
    return (req: Request, res: Response, next: NextFunction) => {
      const start = performance.now();
      res.on('finish', () => {
        const template = req.route?.path;
        // A route's template is relative to the router it is matched in (/api's, api/app.ts).
        const route = typeof template === 'string' ? `${req.baseUrl}${template}` : 'unmatched';
        this.http.observe(req.method, route, res.statusCode, (performance.now() - start) / 1000);
      });
      next();
    };
  }

  /** `GET /metrics`: Prometheus text; with `token` set, only for that bearer token. */
  handler(token: string | undefined) {
    return async (req: Request, res: Response, next: NextFunction) => {
      if (token !== undefined && !bearerMatches(req.header('authorization'), token)) {
        res.status(401).type('application/problem+json').json({ type: 'about:blank', title: 'Unauthenticated', status: 401, code: 'UNAUTHENTICATED', detail: 'The metrics token is required' });
        return;
      }
      try {
        const text = await this.registry.metrics();
        res.type(this.registry.contentType).send(text);
      } catch (error) {
        next(error);
      }
    };
  }
}

const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

interface HttpTally {
  labels: { method: string; route: string; status: string };
  count: number;
  sum: number;
  /** Observations per bucket (not cumulative); those past every bound are only in `count`. */
  buckets: number[];
}

/**
 * `emisor_http_requests_total` and `emisor_http_request_duration_seconds`, tallied per method, route and
 * status in a Map and written out when the registry is scraped. prom-client's Counter and Histogram
 * check and hash the labels of every observation, which cost a tenth of what the framework spends on a
 * payment request; here a request costs a key and a look-up.
 */
class HttpTallies {
  private readonly tallies = new Map<string, HttpTally>();

  constructor(registry: Registry) {
    const tallies = this.tallies;
    const metric = (name: string, help: string, type: 'counter' | 'histogram', values: () => MetricValue<string>[]) =>
      registry.registerMetric({
        name,
        help,
        type,
        aggregator: 'sum',
        get: async () => ({ name, help, type, aggregator: 'sum', values: values() }),
        reset: () => tallies.clear(),
      } as unknown as Metric);
    metric('emisor_http_requests_total', 'HTTP requests answered, by method, route and status', 'counter', () =>
      [...tallies.values()].map(({ labels, count }) => ({ labels, value: count })),
    );
    metric('emisor_http_request_duration_seconds', 'HTTP request latency, by method, route and status', 'histogram', () =>
      [...tallies.values()].flatMap(({ labels, count, sum, buckets }) => {
        let cumulative = 0;
        return [
          ...HTTP_BUCKETS.map((le, index) => ({ labels: { ...labels, le }, value: (cumulative += buckets[index]!), metricName: 'emisor_http_request_duration_seconds_bucket' })),
          { labels: { ...labels, le: '+Inf' }, value: count, metricName: 'emisor_http_request_duration_seconds_bucket' },
          { labels, value: sum, metricName: 'emisor_http_request_duration_seconds_sum' },
          { labels, value: count, metricName: 'emisor_http_request_duration_seconds_count' },
        ];
      }),
    );
  }

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let tally = this.tallies.get(key);
    if (!tally) {
      tally = { labels: { method, route, status: String(status) }, count: 0, sum: 0, buckets: new Array<number>(HTTP_BUCKETS.length).fill(0) };
      this.tallies.set(key, tally);
    }
    tally.count += 1;
    tally.sum += seconds;
    const bucket = HTTP_BUCKETS.findIndex((bound) => seconds <= bound);
    if (bucket !== -1) tally.buckets[bucket]! += 1;
  }
}

/** A source that cannot answer (the database is down) leaves its series out of this scrape, not the whole scrape. */
async function quietly(read: () => Promise<void>): Promise<void> {
  await read().catch(() => undefined);
}

function bearerMatches(header: string | undefined, token: string): boolean {
  const presented = Buffer.from(header?.startsWith('Bearer ') ? header.slice(7) : '');
  const expected = Buffer.from(token);
  return presented.length === expected.length && timingSafeEqual(presented, expected);
}
