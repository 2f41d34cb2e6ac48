import { randomUUID } from 'node:crypto';
import { createApp } from '../../api/app';
import supertest from 'supertest';
import { Metrics } from '../../runtime/metrics';
import { bankLedgerStream } from '../../write-side/instant-payments/events';
import { startInstantPayments, type InstantPaymentsWorld } from '../instant-payments/world';
import { waitUntil } from '../event-store/event-store-contract';
import { createTestDatabase } from '../support/test-database';
import { unacceptingListener } from '../support/unaccepting-listener';
import { parsePrometheus as parse } from './support/prometheus';

/** The contract's "Operations" section: GET /metrics serves Prometheus text whose series move with traffic. */
describe('GET /metrics', () => {
  let w: InstantPaymentsWorld;
  let ana: { id: string; token: string };

  beforeAll(async () => {
    w = await startInstantPayments();
    ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana');
    await w.demoClient(w.bankA.organizationId, 'Beto', 'beto');
    await w.demoClient(w.bankB.organizationId, 'Carla', 'carla');
  }, 60_000);
  afterAll(() => w?.stop());

  const scrape = async () => {
    const response = await w.f.request.get('/metrics');
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return parse(response.text);
  };
  const pay = (recipientAlias: string, amount: string) => w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias, amount });

  it('counts and times requests by route template and status', async () => {
    const route = { method: 'POST', route: '/api/instant-payments/payments', status: '201' };
    const before = await scrape();
    expect((await pay('beto', '10')).status).toBe(201);
    expect((await pay('beto', '11')).status).toBe(201);
    expect((await w.f.request.get('/api/no/such/thing')).status).toBe(404);
    const after = await scrape();
    expect((after('emisor_http_requests_total', route) ?? 0) - (before('emisor_http_requests_total', route) ?? 0)).toBe(2);
    expect((after('emisor_http_request_duration_seconds_count', route) ?? 0) - (before('emisor_http_request_duration_seconds_count', route) ?? 0)).toBe(2);
    const unmatched = { method: 'GET', route: 'unmatched', status: '404' };
    expect((after('emisor_http_requests_total', unmatched) ?? 0) - (before('emisor_http_requests_total', unmatched) ?? 0)).toBe(1);
    expect(after.toString()).not.toContain(ana.id);
  });

  it('puts request latencies in cumulative buckets, +Inf holding every request of the series', async () => {
    const route = { method: 'POST', route: '/api/instant-payments/payments', status: '201' };
    expect((await pay('beto', '12')).status).toBe(201);
    const after = await scrape();
    const count = after('emisor_http_request_duration_seconds_count', route)!;
    expect(count).toBeGreaterThan(0);
    expect(after('emisor_http_request_duration_seconds_sum', route)).toBeGreaterThan(0);
    const bounds = ['0.005', '0.01', '0.025', '0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '+Inf'];
    const buckets = bounds.map((le) => after('emisor_http_request_duration_seconds_bucket', { ...route, le }));
    expect(buckets.every((value) => value !== undefined)).toBe(true);
    buckets.slice(1).forEach((value, index) => expect(value).toBeGreaterThanOrEqual(buckets[index]!));
    expect(buckets.at(-1)).toBe(count);
    expect(after('emisor_http_requests_total', route)).toBe(count);
  });

  it('reports payments by kind and status, and the settlement latency of cross-bank payments', async () => {
    const before = await scrape();
    const started = Date.now();
    expect((await pay('beto', '5')).body).toMatchObject({ kind: 'INTERNAL', status: 'COMPLETED' });
    const crossBank = await pay('carla', '7');
    expect(crossBank.body).toMatchObject({ kind: 'CROSS_ORGANIZATION' });
    expect(await w.finished(ana.token, crossBank.body.id)).toMatchObject({ status: 'COMPLETED' });
    // COMPLETED shows once the recipient's bank is credited; the sender's batch is settled, and its
    // latency observed, in the sender's next round.
    const settledCount = (scraped: typeof before) => scraped('emisor_settlement_latency_seconds_count') ?? 0;
    let after = await scrape();
    await waitUntil(async () => settledCount((after = await scrape())) > settledCount(before), 10_000);
    const internal = { kind: 'INTERNAL', status: 'COMPLETED' };
    const cross = { kind: 'CROSS_ORGANIZATION', status: 'COMPLETED' };
    expect((after('emisor_payments', internal) ?? 0) - (before('emisor_payments', internal) ?? 0)).toBe(1);
    expect((after('emisor_payments', cross) ?? 0) - (before('emisor_payments', cross) ?? 0)).toBe(1);
    const crossPending = { kind: 'CROSS_ORGANIZATION', status: 'PENDING' };
    expect((after('emisor_payments', crossPending) ?? 0) - (before('emisor_payments', crossPending) ?? 0)).toBe(0);
    // Timed from when the payment was made until its batch settled: within the wait for COMPLETED.
    expect(settledCount(after) - settledCount(before)).toBe(1);
    const settled = after('emisor_settlement_latency_seconds_sum')! - (before('emisor_settlement_latency_seconds_sum') ?? 0);
    expect(settled).toBeGreaterThan(0);
    expect(settled).toBeLessThan((Date.now() - started) / 1000);
  });

  it('times the bank ledgers’ appends, which write the read model in the same transaction', async () => {
    const appended = { outcome: 'appended' };
    const before = await scrape();
    expect((await pay('beto', '4')).body).toMatchObject({ kind: 'INTERNAL', status: 'COMPLETED' });
    const after = await scrape();
    expect(after('emisor_event_store_append_duration_seconds_count', appended)! - before('emisor_event_store_append_duration_seconds_count', appended)!).toBeGreaterThanOrEqual(1);
  });

  it('counts a bank ledger’s rounds decided again after another writer appended to the bank first', async () => {
    const organization = w.bankA.organizationId;
    const conflict = { organization, reason: 'conflict' };
    const retries = (scraped: Awaited<ReturnType<typeof scrape>>) => scraped('emisor_ip_ledger_round_retries_total', conflict) ?? 0;
    expect((await pay('beto', '2')).status).toBe(201);
    const before = retries(await scrape());
    // Another process's write to the bank's stream, which this process's ledger has not read. The
    // settlement's periodic pass reads the ledgers' tails every second: when it runs in between, the
    // payment's round does not conflict, so up to three tries.
    let tries = 0;
    while (tries < 3 && retries(await scrape()) === before) {
      tries++;
      await w.f.runtime.services.eventStore.append(
        bankLedgerStream(organization),
        [
          {
            id: randomUUID(),
            type: 'InstantPaymentClientTokenRevoked',
            data: { clientId: ana.id, organizationId: organization, tokenId: randomUUID(), expiresAt: new Date(Date.now() + 60_000).toISOString() },
            metadata: { actorId: null, organizationId: organization, correlationId: 'other-process', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
          },
        ],
        'any',
      );
      expect((await pay('beto', '2')).body).toMatchObject({ kind: 'INTERNAL', status: 'COMPLETED' });
    }
    const moved = retries(await scrape()) - before;
    expect(moved).toBeGreaterThanOrEqual(1);
    expect(moved).toBeLessThanOrEqual(tries);
  });

  it('reports event-store appends, projection lag per projection and the chain height', async () => {
    const before = await scrape();
    const crossBank = await pay('carla', '3');
    expect(await w.finished(ana.token, crossBank.body.id)).toMatchObject({ status: 'COMPLETED' });
    const after = await scrape();
    const appended = { outcome: 'appended' };
    expect(after('emisor_event_store_append_duration_seconds_count', appended)!).toBeGreaterThan(before('emisor_event_store_append_duration_seconds_count', appended)!);
    for (const projection of w.f.runtime.services.projections.projections.map((projection) => projection.name)) expect(after('emisor_projection_lag_events', { projection })).toBeGreaterThanOrEqual(0);
    expect(after('emisor_chain_height')!).toBeGreaterThan(before('emisor_chain_height')!);
    expect(after('emisor_chain_block_time_seconds')).toBeGreaterThan(0);
  });

  it('reports how long the oldest writing transaction on the server has held back the event feed', async () => {
    const { db } = w.f.runtime.services;
    // A transaction that wrote and stays open, as a forgotten psql session or a long migration would.
    const open = await db.transaction();
    let held: number | undefined;
    try {
      await open.raw('select pg_current_xact_id()');
      await new Promise((resolve) => setTimeout(resolve, 1200));
      held = await scraped();
      expect(held).toBeGreaterThanOrEqual(1.2);
    } finally {
      await open.rollback();
    }
    // Other suites share the server, so its other transactions may show here, but not one as old as this.
    expect(await scraped()).toBeLessThan(held!);

    function scraped(): Promise<number | undefined> {
      return scrape().then((series) => series('emisor_event_feed_held_back_seconds', {}));
    }
  });

  it('reports the process as the leader while it runs the process managers and timers', async () => {
    expect(w.f.runtime.leader.isLeader).toBe(true);
    expect((await scrape())('emisor_leader')).toBe(1);
  });

  it('requires METRICS_TOKEN as a bearer token when it is set', async () => {
    const services = w.f.runtime.services;
    const guarded = supertest(createApp({ ...services, config: { ...services.config, METRICS_TOKEN: 'a-metrics-token-of-length' } }));
    const refused = await guarded.get('/metrics');
    expect([refused.status, refused.body.code]).toEqual([401, 'UNAUTHENTICATED']);
    expect((await guarded.get('/metrics').set('Authorization', 'Bearer another-token-of-length')).status).toBe(401);
    const served = await guarded.get('/metrics').set('Authorization', 'Bearer a-metrics-token-of-length');
    expect(served.status).toBe(200);
    expect(served.text).toContain('emisor_http_requests_total');
  });
});

/**
 * Prometheus scrapes every few seconds for the life of the service: a scrape that read the event log or
 * every payment (as the projection lag and the payment counts once did) costs more with every payment.
 */
describe('a /metrics scrape does not read the history', () => {
  let w: InstantPaymentsWorld;

  beforeAll(async () => {
    w = await startInstantPayments();
  }, 60_000);
  afterAll(() => w?.stop());

  it('puts the settlement latency of the payments it settled in cumulative buckets, each timed from when it was made', async () => {
    const { db, chain, projections } = w.f.runtime.services;
    const metrics = new Metrics({ db, chain, eventsInDatabase: true, projections: projections.projections });
    const settledAt = new Date('2026-11-30T12:00:00.000Z');
    // Made 1 to 100 seconds before their batch settled, and one from a snapshot that did not keep when it was made.
    const made = Array.from({ length: 100 }, (_, index) => ({ createdAt: new Date(settledAt.getTime() - (index + 1) * 1000).toISOString() }));
    metrics.paymentsSettled([...made, { createdAt: null }], settledAt);
    const scraped = parse(await metrics.registry.metrics());
    const upTo = (le: string) => scraped('emisor_settlement_latency_seconds_bucket', { le });
    expect(['0.05', '0.1', '0.25', '0.5', '1', '2.5', '5', '10', '30', '60', '300', '900', '+Inf'].map(upTo)).toEqual([0, 0, 0, 0, 1, 2, 5, 10, 30, 60, 100, 100, 100]);
    expect(scraped('emisor_settlement_latency_seconds_count')).toBe(100);
    expect(scraped('emisor_settlement_latency_seconds_sum')).toBe(5050);
  });

  it('reports the connections waiting to be accepted on the port the HTTP server listens on, once it listens', async () => {
    const { db, chain, projections } = w.f.runtime.services;
    const metrics = new Metrics({ db, chain, eventsInDatabase: true, projections: projections.projections });
    const listener = await unacceptingListener(10_000);
    try {
      await listener.connect(3);
      expect(await metrics.registry.metrics()).not.toMatch(/^emisor_http_accept_queue/m);
      metrics.observeListening(listener.port);
      expect(parse(await metrics.registry.metrics())('emisor_http_accept_queue', { port: String(listener.port) })).toBe(3);
    } finally {
      await listener.stop();
    }
  });

  it('keeps its settlement latency however long ago the payments settled (Prometheus takes the window)', async () => {
    const { db, chain, projections } = w.f.runtime.services;
    const metrics = new Metrics({ db, chain, eventsInDatabase: true, projections: projections.projections });
    metrics.paymentsSettled([{ createdAt: new Date(Date.now() - 400).toISOString() }], new Date());
    const clock = jest.spyOn(Date, 'now').mockReturnValue(Date.now() + 16 * 60_000);
    try {
      const later = parse(await metrics.registry.metrics());
      expect(later('emisor_settlement_latency_seconds_bucket', { le: '0.25' })).toBe(0);
      expect(later('emisor_settlement_latency_seconds_bucket', { le: '0.5' })).toBe(1);
      expect(later('emisor_settlement_latency_seconds_count')).toBe(1);
    } finally {
      clock.mockRestore();
    }
  });

  it('reads neither the whole event log nor every payment, with 20,000 of each behind it', async () => {
    const { db, chain, projections } = w.f.runtime.services;
    const trx = await db.transaction();
    try {
      // History the projections are past, and payments settled long ago; rolled back at the end.
      await trx.raw(`insert into events (event_id, stream_id, stream_version, type, data, metadata)
                     select gen_random_uuid(), 'History-' || i, 1, 'HistoryRecorded', '{}', '{}' from generate_series(1, 20000) i`);
      await trx.raw(`update projection_checkpoints set commit_position = pg_current_xact_id(), prepare_position = (select max(position) from events)`);
      await trx.raw(`insert into ip_payments (id, kind, status, amount, sender_client_id, sender_organization_id, sender_alias,
                       recipient_client_id, recipient_organization_id, recipient_alias, created_at, settled_at, updated_at)
                     select 'history-' || i, 'CROSS_ORGANIZATION', 'COMPLETED', 1, 's', 'bank-s', 's', 'r', 'bank-r', 'r',
                            now() - interval '2 hours' - i * interval '1 second', now() - interval '1 hour', now() - interval '1 hour'
                       from generate_series(1, 20000) i`);
      await trx.raw('analyze events, ip_payments');
      const metrics = new Metrics({ db: trx, chain, eventsInDatabase: true, projections: projections.projections });
      // Counted around the scrape alone (the set-up above may scan: the planner's choice, not the
      // scrape's): sequential scans of the log, and pages of the payments table and its indexes read.
      const reads = async (): Promise<{ eventScans: number; paymentPages: number }> =>
        (
          await trx.raw(
            `select (select seq_scan::int from pg_stat_xact_user_tables where relname = 'events') as "eventScans",
                    (select sum(pg_stat_get_xact_blocks_fetched(c.oid))::int from pg_class c
                      where c.oid = 'ip_payments'::regclass or c.oid in (select indexrelid from pg_index where indrelid = 'ip_payments'::regclass)) as "paymentPages"`,
          )
        ).rows[0];
      const before = await reads();
      const scraped = parse(await metrics.registry.metrics());
      const after = await reads();
      expect(after.eventScans - before.eventScans).toBe(0);
      // The settlement latency is kept in memory (a query of the latest cross-bank payments once read them at every scrape).
      expect(after.paymentPages - before.paymentPages).toBe(0);
      for (const { name } of projections.projections) expect(scraped('emisor_projection_lag_events', { projection: name })).toBe(0);
      expect(scraped('emisor_payments', { kind: 'CROSS_ORGANIZATION', status: 'COMPLETED' })).toBeUndefined();
    } finally {
      await trx.rollback();
    }
  });

  it('counts, per projection, the events of its types it has not applied, reading the backlog once for all of them', async () => {
    const { db, chain } = w.f.runtime.services;
    const trx = await db.transaction();
    try {
      // Three read models, all past the history; then a backlog none of them has applied.
      const views = [
        { name: 'ledger-view', handles: ['PaymentMade'] },
        { name: 'audit-view', handles: ['PaymentMade', 'ClientRegistered'] },
        { name: 'idle-view', handles: ['NeverRecorded'] },
      ];
      await trx.raw(`insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
                     select name, pg_current_xact_id(), (select max(position) from events), now() from unnest(?::text[]) name`, [views.map((view) => view.name)]);
      const backlog: Array<[type: string, appliedInline: string[]]> = [
        ['PaymentMade', []],
        ['PaymentMade', ['ledger-view']],
        ['PaymentMade', []],
        ['ClientRegistered', []],
        ['ClientRegistered', ['ledger-view']],
        ['SomethingElse', []],
      ];
      for (const [index, [type, appliedInline]] of backlog.entries())
        await trx.raw(`insert into events (event_id, stream_id, stream_version, type, data, metadata) values (gen_random_uuid(), ?, 1, ?, '{}', ?::jsonb)`, [
          `Backlog-${index}`,
          type,
          JSON.stringify({ appliedInline }),
        ]);
      // The backlog is this transaction's: its position is past every checkpoint, and the scrape sees it.
      const before = await trx.raw(`select idx_scan::int + seq_scan::int as reads from pg_stat_xact_user_tables where relname = 'events'`);
      const metrics = new Metrics({ db: trx, chain, eventsInDatabase: true, projections: views });
      const scraped = parse(await metrics.registry.metrics());
      const after = await trx.raw(`select idx_scan::int + seq_scan::int as reads from pg_stat_xact_user_tables where relname = 'events'`);

      expect(scraped('emisor_projection_lag_events', { projection: 'ledger-view' })).toBe(2);
      expect(scraped('emisor_projection_lag_events', { projection: 'audit-view' })).toBe(5);
      expect(scraped('emisor_projection_lag_events', { projection: 'idle-view' })).toBe(0);
      expect(after.rows[0].reads - before.rows[0].reads).toBe(1);
    } finally {
      await trx.rollback();
    }
  });

  it('counts from where each projection stands in this process, not from a checkpoint thousands of ignored events behind', async () => {
    const { db, chain } = w.f.runtime.services;
    const trx = await db.transaction();
    try {
      const views = [{ name: 'ledger-view', handles: ['PaymentMade'] }];
      await trx.raw(`insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
                     values ('ledger-view', pg_current_xact_id(), (select max(position) from events), now())`);
      // 20,000 events the projection has passed without saving its checkpoint (applied inline), then two it owes.
      await trx.raw(`insert into events (event_id, stream_id, stream_version, type, data, metadata)
                     select gen_random_uuid(), 'Passed-' || i, 1, 'PaymentMade', '{}', '{"appliedInline": ["ledger-view"]}' from generate_series(1, 20000) i`);
      const { rows: passed } = await trx.raw(`select transaction_id::text as commit, position::text as prepare from events order by transaction_id desc, position desc limit 1`);
      await trx.raw(`insert into events (event_id, stream_id, stream_version, type, data, metadata)
                     select gen_random_uuid(), 'Owed-' || i, 1, 'PaymentMade', '{}', '{}' from generate_series(1, 2) i`);
      const reached = new Map([['ledger-view', { commit: BigInt(passed[0].commit), prepare: BigInt(passed[0].prepare) }]]);
      const fetched = async () => (await trx.raw(`select idx_tup_fetch::int as fetched from pg_stat_xact_user_tables where relname = 'events'`)).rows[0].fetched;
      const before = await fetched();
      const scraped = parse(await new Metrics({ db: trx, chain, eventsInDatabase: true, projections: views, reached: () => reached }).registry.metrics());
      const read = (await fetched()) - before;

      expect(scraped('emisor_projection_lag_events', { projection: 'ledger-view' })).toBe(2);
      expect(read).toBeLessThan(10);
      // Without a position in memory (a process that does not run the projections) the checkpoint counts.
      const fromCheckpoint = parse(await new Metrics({ db: trx, chain, eventsInDatabase: true, projections: views }).registry.metrics());
      expect(fromCheckpoint('emisor_projection_lag_events', { projection: 'ledger-view' })).toBe(2);
    } finally {
      await trx.rollback();
    }
  });
});

/**
 * Prometheus's client collects every series of a scrape at once. The database is the payments' too: a
 * scrape that took a connection per series it reads would take them from the pool the payments wait on.
 */
describe('a /metrics scrape and the connection pool', () => {
  it('holds one database connection at a time, whatever the number of series it reads', async () => {
    const database = await createTestDatabase();
    try {
      // Its own pool (five connections), so that nothing else takes one during the scrape.
      const pool = (database.knex.client as { pool: NodeJS.EventEmitter }).pool;
      let held = 0;
      let most = 0;
      const acquired = () => (most = Math.max(most, ++held));
      const released = () => --held;
      pool.on('acquireSuccess', acquired);
      pool.on('release', released);
      const chain = { status: async () => ({ height: 7 }) } as unknown as ConstructorParameters<typeof Metrics>[0]['chain'];
      const metrics = new Metrics({ db: database.knex, chain, eventsInDatabase: true, projections: [{ name: 'instant-payments', handles: ['InstantPaymentSent'] }] });
      const scraped = parse(await metrics.registry.metrics());
      pool.removeListener('acquireSuccess', acquired);
      pool.removeListener('release', released);

      expect(most).toBe(1);
      expect(held).toBe(0);
      // Every series that reads the database was read.
      expect(scraped('emisor_projection_lag_events', { projection: 'instant-payments' })).toBe(0);
      expect(scraped('emisor_event_feed_held_back_seconds')).toBeGreaterThanOrEqual(0);
      expect(scraped('emisor_chain_height')).toBe(7);
    } finally {
      await database.drop();
    }
  });
});
