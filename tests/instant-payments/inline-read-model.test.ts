import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { instantPaymentsInlineWrite, instantPaymentsProjection } from '../../projections/instant-payments';
import { inlineWritersLock, ProjectionRunner } from '../../projections/runner';
import { createPool, endPool } from '../../runtime/database';
import { createLogger } from '../../runtime/logger';
import { Metrics } from '../../runtime/metrics';
import { ConcurrencyError, PreconditionFailed, type InlineStatement, type InlineWrite, type NewEvent } from '../../write-side/event-store/event-store';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { BankLedgerCommand } from '../../write-side/instant-payments/decide';
import { BankLedger, type LedgerPorts } from '../../write-side/instant-payments/ledger';
import { waitUntil } from '../event-store/event-store-contract';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { payC0ToC1, payWithinBank, registerTwoClients, testLedgerPorts } from './ledger-ports';

/**
 * On PostgreSQL a bank ledger writes the Instant Payments read model in the transaction that appends
 * its round (issue 9: "the payment's read-model rows written in that same transaction"): a payment is
 * in the read model when its decision returns, the projection runner does not apply it a second time,
 * and a rebuild still builds the same rows from the log.
 */
describe('Instant Payments read model written with the events', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ports: LedgerPorts;
  const context = { actorId: null, organizationId: 'bank', correlationId: 'test', now: new Date('2026-11-23T10:00:00Z') };
  let bankNumber = 0;

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    ports = testLedgerPorts(database, store, {
      // Nothing here runs the projection: whatever the read model holds was written inline.
      readModelReached: async () => false,
      inlineReadModel: {
        name: instantPaymentsProjection.name,
        writeFor: (events) => instantPaymentsInlineWrite(events, inlineWritersLock(instantPaymentsProjection.name)),
      },
    });
  });

  const request = (command: BankLedgerCommand) => ({ command: () => command, context });

  async function bankWithTwoClients(): Promise<{ id: string; ledger: BankLedger }> {
    const id = `inline-bank-${++bankNumber}`;
    const ledger = await BankLedger.load(id, ports);
    await registerTwoClients(ledger, context);
    return { id, ledger };
  }

  const pay = (id: string, paymentId: string, amount: bigint): BankLedgerCommand => payC0ToC1(id, paymentId, amount, context);

  /**
   * Catches the runner up until it has applied everything this database committed. The log's readers
   * see a commit once every older writing transaction of the PostgreSQL server has ended, and the
   * other test files' databases share the server: one catch-up may stop short of a commit while another
   * file is writing (it did in CI, and the failed test left its transactions open for the next ones).
   */
  async function catchUpAll(runner: ProjectionRunner): Promise<void> {
    const { rows } = await database.knex.raw<{ rows: Array<{ commit: string; prepare: string }> }>(
      'select transaction_id::text as commit, position::text as prepare from events order by transaction_id desc, position desc limit 1',
    );
    const head = { commit: BigInt(rows[0]!.commit), prepare: BigInt(rows[0]!.prepare) };
    await waitUntil(async () => {
      await runner.catchUp();
      return runner.waitFor(head, 0);
    }, 20_000);
  }

  const balances = async (id: string) =>
    new Map(
      ((await database.knex('ip_clients').where({ organization_id: id }).select('id', 'balance')) as Array<{ id: string; balance: string }>).map((row) => [row.id, row.balance]),
    );

  describe('a bank ledger round', () => {
    it('holds the payment and both balances in the read model when its decision returns, with no projection running', async () => {
      const { id, ledger } = await bankWithTwoClients();
      const decision = await ledger.submit(request(pay(id, 'inline-p1', 300n)));

      expect(decision.readModelApplied).toBe(true);
      const row = await database.knex('ip_payments').where({ id: 'inline-p1' }).first('status', 'amount', 'sender_client_id', 'recipient_client_id');
      expect(row).toEqual({ status: 'COMPLETED', amount: '300', sender_client_id: `${id}-c0`, recipient_client_id: `${id}-c1` });
      expect(await balances(id)).toEqual(new Map([[`${id}-c0`, '700'], [`${id}-c1`, '1300']]));
    });

    it('marks its events as applied inline by the Instant Payments read model', async () => {
      const { id, ledger } = await bankWithTwoClients();
      await ledger.submit(request(pay(id, 'inline-p2', 1n)));
      const events = await store.readStream(`ip-bank-${id}`);
      expect(events.map((event) => event.metadata.appliedInline)).toEqual(events.map(() => ['instant-payments']));
    });

    it('writes nothing of a refused command, and the read model still equals the ledger', async () => {
      const { id, ledger } = await bankWithTwoClients();
      await expect(ledger.submit(request(pay(id, 'inline-too-much', 5_000n)))).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
      expect(await database.knex('ip_payments').where({ id: 'inline-too-much' }).first()).toBeUndefined();
      expect(await balances(id)).toEqual(new Map([[`${id}-c0`, '1000'], [`${id}-c1`, '1000']]));
    });
  });

  describe('the projection runner', () => {
    it('does not apply events written inline a second time, and a rebuild builds the same rows from the log', async () => {
      const { id, ledger } = await bankWithTwoClients();
      await Promise.all(Array.from({ length: 20 }, (_, n) => ledger.submit(request(pay(id, `inline-run-${n}`, 10n)))));
      const written = await balances(id);
      expect(written).toEqual(new Map([[`${id}-c0`, '800'], [`${id}-c1`, '1200']]));

      const runner = new ProjectionRunner(store, database.knex, [instantPaymentsProjection], createLogger('silent'));
      await runner.catchUp();
      expect(await balances(id)).toEqual(written);
      expect(await database.knex('ip_payments').where('id', 'like', 'inline-run-%').count({ count: '*' }).first()).toEqual({ count: '20' });

      const report = await runner.rebuild(instantPaymentsProjection.name);
      expect(report.projections[0]!.applied).toBeGreaterThanOrEqual(20 + 4);
      expect(await balances(id)).toEqual(written);
      expect(await database.knex('ip_payments').where('id', 'like', 'inline-run-%').count({ count: '*' }).first()).toEqual({ count: '20' });
    });

    it('applies and checkpoints while an inline writer is under way; a rebuild waits for the writer', async () => {
      const { id, ledger } = await bankWithTwoClients();
      // An event the runner itself must apply (written without the read model, as EventStoreDB would).
      const cashIn: NewEvent = {
        id: randomUUID(),
        type: 'InstantPaymentClientCashedIn',
        data: { movementId: randomUUID(), clientId: `${id}-c0`, organizationId: id, amount: '5', reference: null },
        metadata: { actorId: null, organizationId: id, correlationId: 'test', causationId: null, occurredAt: context.now.toISOString(), schemaVersion: 1 },
      };
      await store.append(`ip-bank-${id}`, [cashIn], 'any');
      await ledger.submit(request(pay(id, 'inline-concurrent', 1n))).catch(() => undefined);
      const writer = await database.pool.connect();
      try {
        const lock = inlineWritersLock(instantPaymentsProjection.name);
        await writer.query('begin');
        await writer.query('select pg_advisory_xact_lock_shared(hashtext($1), hashtext($2))', [lock.class, lock.object]);

        const runner = new ProjectionRunner(store, database.knex, [instantPaymentsProjection], createLogger('silent'));
        await catchUpAll(runner);
        expect((await balances(id)).get(`${id}-c0`)).toBe('1004');

        let rebuilt = false;
        const rebuild = runner.rebuild(instantPaymentsProjection.name).then(() => (rebuilt = true));
        await sleep(300);
        expect(rebuilt).toBe(false);
        await writer.query('commit');
        await rebuild;
      } finally {
        // A failure above leaves it in its transaction: ended here, not handed back to the pool open.
        await writer.query('rollback').catch(() => undefined);
        writer.release();
      }
      expect((await balances(id)).get(`${id}-c0`)).toBe('1004');
    });

    it('counts no lag on GET /metrics for events the read model applied inline', async () => {
      const { id, ledger } = await bankWithTwoClients();
      await ledger.submit(request(pay(id, 'inline-lag', 1n)));
      const runner = new ProjectionRunner(store, database.knex, [instantPaymentsProjection], createLogger('silent'));
      await catchUpAll(runner);
      const metrics = new Metrics({ db: database.knex, chain: null as never, eventsInDatabase: true, projections: [instantPaymentsProjection] });
      const text = await metrics.registry.getSingleMetricAsString('emisor_projection_lag_events');
      expect(text).toContain('emisor_projection_lag_events{projection="instant-payments"} 0');
    });

    it('rebuilds the rows of an inline round committed while an older transaction still held the log back', async () => {
      const { id, ledger } = await bankWithTwoClients();
      const older = await database.pool.connect();
      try {
        // An older writing transaction keeps what the log's readers see below its id.
        await older.query('begin');
        await older.query('select pg_current_xact_id()');
        await ledger.submit(request(pay(id, 'inline-behind-horizon', 50n)));

        const runner = new ProjectionRunner(store, database.knex, [instantPaymentsProjection], createLogger('silent'));
        let rebuilt = false;
        const rebuild = runner.rebuild(instantPaymentsProjection.name).then(() => (rebuilt = true));
        await sleep(300);
        expect(rebuilt).toBe(false);
        await older.query('commit');
        await rebuild;
      } finally {
        await older.query('rollback').catch(() => undefined);
        older.release();
      }
      expect(await database.knex('ip_payments').where({ id: 'inline-behind-horizon' }).first('status')).toEqual({ status: 'COMPLETED' });
      expect(await balances(id)).toEqual(new Map([[`${id}-c0`, '950'], [`${id}-c1`, '1050']]));
    });
  });

  describe('the writes of a round', () => {
    /**
     * The plan PostgreSQL keeps for a prepared statement after a few runs, with `?` as `$n`; `before`
     * runs first in the same transaction, which is rolled back.
     */
    async function genericPlan(sql: string, values: unknown[], before?: string): Promise<string> {
      let index = 0;
      const text = sql.replace(/\?/g, () => `$${++index}`);
      const client = await database.pool.connect();
      try {
        await client.query('begin');
        if (before) await client.query(before);
        await client.query('set local plan_cache_mode = force_generic_plan');
        await client.query(`create temporary table landed on commit drop as select 1`);
        // Prepared in SQL and explained as executed: an EXPLAIN sent with parameters plans for their values.
        const name = `kept_${randomUUID().slice(0, 8)}`;
        await client.query(`prepare ${name} as ${text}`);
        // A binary array (a column of rows) is written out as its text literal by the server itself.
        const literals = await Promise.all(
          values.map(async (value) =>
            value instanceof Buffer ? ((await client.query('select $1::text[]::text as literal', [value])).rows[0] as { literal: string }).literal : String(value),
          ),
        );
        const { rows } = await client.query(`explain execute ${name}(${literals.map((literal) => client.escapeLiteral(literal)).join(', ')})`);
        await client.query(`deallocate ${name}`);
        return rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.query('rollback');
        client.release();
      }
    }

    /** The updates of the read model a batch's receipt makes, to `ip_clients` and `ip_payments`. */
    function receiptUpdates(id: string, paymentId: string): InlineStatement[] {
      const at = context.now.toISOString();
      const received: NewEvent = {
        id: randomUUID(),
        type: 'InstantPaymentsReceived',
        data: { organizationId: id, senderOrganizationId: 'other', batchNumber: 1, txHash: 'AB', settledAt: at, payments: [{ paymentId, recipientClientId: `${id}-c1`, amount: '1' }] },
        metadata: { actorId: null, organizationId: id, correlationId: 'test', causationId: null, occurredAt: at, schemaVersion: 1 },
      };
      const statements = instantPaymentsInlineWrite([received], inlineWritersLock(instantPaymentsProjection.name)).statements!;
      const updates = statements.filter((statement) => statement.sql.trimStart().startsWith('update'));
      expect(updates.map((statement) => statement.sql.match(/update (\w+)/)![1])).toEqual(['ip_clients', 'ip_payments']);
      return updates;
    }

    it('update clients and payments by primary key, never by scanning the tables', async () => {
      const { id, ledger } = await bankWithTwoClients();
      await ledger.submit(request(pay(id, 'inline-plan-p', 1n)));
      await database.knex.raw(
        `insert into ip_clients (id, organization_id, name, alias, external_ref, demo, active, balance, created_at, updated_at)
         select 'plan-c' || g, 'plan-bank', 'n', null, null, true, true, 0, now(), now() from generate_series(1, 2000) g`,
      );
      await database.knex.raw(
        `insert into ip_payments
         select (jsonb_populate_record(null::ip_payments, to_jsonb(p) || jsonb_build_object('id', 'plan-p' || g))).*
           from ip_payments p, generate_series(1, 2000) g where p.id = 'inline-plan-p'`,
      );
      await database.knex.raw('analyze ip_clients');
      await database.knex.raw('analyze ip_payments');
      for (const update of receiptUpdates(id, 'inline-plan-p')) {
        const plan = await genericPlan(update.sql, update.values);
        expect(plan).not.toMatch(/Seq Scan on ip_(clients|payments)/);
        expect(plan).toMatch(/Index Scan using ip_(clients|payments)_pkey/);
      }
    });

    it('update by primary key in a plan made while the tables were empty, which is kept as they grow', async () => {
      // Emptied, never analyzed: PostgreSQL takes such a table for ten pages (with autovacuum off, as on
      // the CI machine, it stays unanalyzed however large it grows).
      for (const update of receiptUpdates('inline-empty-bank', 'inline-empty-p')) {
        const plan = await genericPlan(update.sql, update.values, 'truncate ip_clients, ip_payments cascade');
        expect(plan).not.toMatch(/Seq Scan on ip_(clients|payments)/);
        expect(plan).toMatch(/Index Scan using ip_(clients|payments)_pkey/);
      }
    });

    it('are planned once per connection and shape, not again at every round', async () => {
      // One connection: every round runs in the session whose prepared statements are read below.
      const pool = createPool(database.url, 1);
      try {
        const id = `inline-bank-${++bankNumber}`;
        const ledger = await BankLedger.load(id, { ...ports, eventStore: new PostgresEventStore(pool) });
        const clients = 40;
        const client = (n: number) => ({ clientId: `${id}-c${n}`, alias: `${id.replace(/-/g, '.')}.c${n}` });
        await Promise.all(
          Array.from({ length: clients }, (_, n) =>
            ledger.submit(request({ type: 'RegisterClient', clientId: client(n).clientId, name: `c${n}`, externalRef: null, demo: true, startingBalance: 1_000n, bank: { status: 'ACTIVE' }, settlementBalance: 10n ** 12n })),
          ),
        );
        await Promise.all(Array.from({ length: clients }, (_, n) => ledger.submit(request({ type: 'ActivateAlias', ...client(n) }))));
        const rounds = 12;
        for (let round = 0; round < rounds; round++) {
          await Promise.all(
            Array.from({ length: clients / 2 }, (_, n) => ledger.submit(request(payWithinBank(id, `planned-${round}-${n}`, client(2 * n).clientId, client(2 * n + 1), 1n, context)))),
          );
        }
        const { rows } = await pool.query<{ generic_plans: string; custom_plans: string }>(
          "select generic_plans, custom_plans from pg_prepared_statements where statement like '%insert into ip_payments (%'",
        );
        const plans = (column: 'generic_plans' | 'custom_plans') => rows.reduce((sum, row) => sum + Number(row[column]), 0);
        expect(rows.length).toBeGreaterThan(0);
        // PostgreSQL tries a shape's first five runs with plans of their own, then keeps the generic
        // plan unless those were cheaper.
        expect(plans('custom_plans')).toBeLessThanOrEqual(5 * rows.length);
        expect(plans('generic_plans')).toBeGreaterThanOrEqual(rounds - 5 * rows.length);
      } finally {
        await endPool(pool);
      }
    });
  });

  describe.each([
    ['in one statement joined to the append', true],
    ['in the append\'s transaction', false],
  ])('PostgresEventStore.appendWith, writes %s', (_form, joined) => {
    const event = (type: string): NewEvent => ({
      id: randomUUID(),
      type,
      data: { n: 1 },
      metadata: { actorId: null, organizationId: null, correlationId: 'test', causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
    });
    const table = joined ? 'inline_rows_joined' : 'inline_rows_transaction';
    /** Counts the writes it runs; the note null makes the write fail (a not-null column). */
    const rowWrite = (streamId: string, note: string | null, writes: string[] = []): InlineWrite => ({
      lock: inlineWritersLock('test-inline'),
      statements: joined ? [{ sql: `insert into ${table} (stream_id, note) select ?, ? from landed`, values: [streamId, note] }] : null,
      write: async (query) => {
        writes.push(streamId);
        await query(`insert into ${table} (stream_id, note) values ($1, $2)`, [streamId, note]);
      },
    });
    const rows = (streamId: string) => database.knex(table).where({ stream_id: streamId }).select('note');

    beforeAll(() => database.knex.raw(`create table ${table} (stream_id text primary key, note text not null)`));

    it('commits the events and the read model rows together', async () => {
      const streamId = `inline-${randomUUID()}`;
      const result = await store.appendWith(streamId, [event('Happened')], 0, rowWrite(streamId, 'written'));
      expect(result.nextExpectedVersion).toBe(1);
      expect(await store.readStream(streamId)).toHaveLength(1);
      expect(await rows(streamId)).toEqual([{ note: 'written' }]);
    });

    it('writes no event when the read model write fails', async () => {
      const streamId = `inline-${randomUUID()}`;
      await expect(store.appendWith(streamId, [event('Happened')], 0, rowWrite(streamId, null))).rejects.toMatchObject({ code: '23502' });
      expect(await store.readStream(streamId)).toEqual([]);
      expect(await rows(streamId)).toEqual([]);
    });

    it('answers a retry of an append that landed with the first result, writing nothing again', async () => {
      const streamId = `inline-${randomUUID()}`;
      const events = [event('Happened'), event('HappenedAgain')];
      const first = await store.appendWith(streamId, events, 0, rowWrite(streamId, 'first'));
      const retry = await store.appendWith(streamId, events, 0, rowWrite(streamId, 'retry'));
      expect(retry).toEqual(first);
      expect(await store.readStream(streamId)).toHaveLength(2);
      expect(await rows(streamId)).toEqual([{ note: 'first' }]);
    });

    it('refuses other events at a version the stream has passed, writing nothing', async () => {
      const streamId = `inline-${randomUUID()}`;
      await store.append(streamId, [event('Happened')], 0);
      const writes: string[] = [];
      await expect(store.appendWith(streamId, [event('Conflicting')], 0, rowWrite(streamId, 'conflicting', writes))).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(streamId)).toHaveLength(1);
      expect(await rows(streamId)).toEqual([]);
    });

    it('checks its precondition first: when it holds the append lands; when not it writes nothing and fails with PreconditionFailed', async () => {
      const precondition = (holds: boolean) => ({ sql: `select facts_hold(?::boolean, 'the test fact')`, values: [holds] });
      const kept = `inline-${randomUUID()}`;
      await store.appendWith(kept, [event('Happened')], 0, { ...rowWrite(kept, 'kept'), precondition: precondition(true) });
      expect(await store.readStream(kept)).toHaveLength(1);
      expect(await rows(kept)).toEqual([{ note: 'kept' }]);

      const refused = `inline-${randomUUID()}`;
      const writes: string[] = [];
      const failing = store.appendWith(refused, [event('Happened')], 0, { ...rowWrite(refused, 'refused', writes), precondition: precondition(false) });
      await expect(failing).rejects.toBeInstanceOf(PreconditionFailed);
      await expect(failing).rejects.toThrow(/the test fact/);
      expect(await store.readStream(refused)).toEqual([]);
      expect(await rows(refused)).toEqual([]);
      expect(writes).toEqual([]);
    });

    it('fails with PreconditionFailed, writing no event, when a row it writes is in the read model already (what its writer assumed absent)', async () => {
      const streamId = `inline-${randomUUID()}`;
      await database.knex(table).insert({ stream_id: streamId, note: 'recorded before' });
      const failing = store.appendWith(streamId, [event('Happened')], 0, rowWrite(streamId, 'again'));
      await expect(failing).rejects.toBeInstanceOf(PreconditionFailed);
      await expect(failing).rejects.toThrow(new RegExp(`${table} already holds a row it writes`));
      expect(await store.readStream(streamId)).toEqual([]);
      expect(await rows(streamId)).toEqual([{ note: 'recorded before' }]);
    });

    it('wakes no subscriber: the feed takes its events at its next poll, not with a read per append', async () => {
      const streamId = `inline-${randomUUID()}`;
      const readAll = store.readAll.bind(store);
      let reads = 0;
      store.readAll = (...args) => {
        reads++;
        return readAll(...args);
      };
      const delivered: string[] = [];
      const subscription = store.subscribe(null).subscribe((recorded) => {
        if (recorded.streamId === streamId) delivered.push(recorded.id);
      });
      try {
        // The subscriber is past the history before the appends start.
        await sleep(200);
        reads = 0;
        const started = Date.now();
        for (let version = 0; version < 30; version++) await store.appendWith(streamId, [event('Happened')], version, rowWrite(`${streamId}-${version}`, 'written'));
        await waitUntil(() => delivered.length === 30);
        // One read per poll interval (50 ms) at most, where an announcement per append had woken one read each.
        expect(reads).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 50) + 2);
        expect(reads).toBeLessThan(30);
      } finally {
        subscription.unsubscribe();
        store.readAll = readAll;
      }
    });
  });
});
