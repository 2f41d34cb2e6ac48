import * as openSettlementBatches from '../../migrations/20261211000100_open_settlement_batches';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import type { RecordedEvent } from '../../write-side/event-store/event-store';
import { clientRegistration, paymentParties } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The Instant Payments read model of settlement batches: a started batch is one row listing its
 * payments (`ip_open_settlement_batches`), not a batch number written on each payment's row, and a
 * failed batch fails and refunds exactly the PENDING payments that row lists. The row goes when its
 * batch is settled, abandoned or failed.
 */
describe('Instant Payments read model of settlement batches', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const at = '2026-11-28T10:00:00.000Z';
  const recorded = eventLog(at);
  const event = (bank: string, type: string, data: unknown) => recorded(`ip-bank-${bank}`, type, data);
  const registered = (bank: string, client: string, balance: string) =>
    event(bank, 'InstantPaymentClientRegistered', clientRegistration(bank, client, balance));
  const sent = (bank: string, paymentId: string, sender: string, amount: string) =>
    event(bank, 'InstantPaymentSent', paymentParties(paymentId, 'CROSS_ORGANIZATION', [bank, sender, `${sender}.alias`], ['other-bank', 'elsewhere', 'elsewhere.alias'], at, amount));
  const started = (bank: string, batchNumber: number, payments: Array<[string, string]>) =>
    event(bank, 'InstantPaymentSettlementBatchStarted', {
      organizationId: bank,
      batchNumber,
      txHash: `tx-${bank}-${batchNumber}`,
      txBytes: '',
      from: 'address',
      transfers: [{ organizationId: 'other-bank', to: 'address', amount: '0', payments: payments.map(([paymentId, amount]) => ({ paymentId, recipientClientId: 'elsewhere', amount })) }],
    });
  const abandoned = (bank: string, batchNumber: number) =>
    event(bank, 'InstantPaymentSettlementBatchAbandoned', { organizationId: bank, batchNumber, txHash: `tx-${bank}-${batchNumber}`, reason: 'stale sequence' });
  const settled = (bank: string, batchNumber: number) =>
    event(bank, 'InstantPaymentSettlementBatchSettled', { organizationId: bank, batchNumber, txHash: `tx-${bank}-${batchNumber}`, height: 7, settledAt: at });
  const failed = (bank: string, batchNumber: number) =>
    event(bank, 'InstantPaymentSettlementBatchFailed', { organizationId: bank, batchNumber, txHash: `tx-${bank}-${batchNumber}`, failureCode: 'CHAIN_REFUSED', reason: 'test', failedAt: at });

  const apply = (events: RecordedEvent[]) => database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, events));
  const openBatches = (bank: string) =>
    database.knex('ip_open_settlement_batches').where('organization_id', bank).select('batch_number', 'payment_ids').orderBy('batch_number');
  const payment = (id: string) => database.knex('ip_payments').where({ id }).first(database.knex.raw('xmin::text as version'), 'status', 'failure_code', 'tx_hash');
  const balance = async (client: string) => (await database.knex('ip_clients').where({ id: client }).first('balance')).balance as string;

  it('holds a started batch as one row listing its payments, and rewrites none of their rows', async () => {
    await apply([registered('start', 'ana', '100'), sent('start', 'start-p1', 'ana', '10'), sent('start', 'start-p2', 'ana', '20')]);
    const before = await Promise.all([payment('start-p1'), payment('start-p2')]);

    await apply([started('start', 1, [['start-p1', '10'], ['start-p2', '20']])]);

    expect(await openBatches('start')).toEqual([{ batch_number: 1, payment_ids: ['start-p1', 'start-p2'] }]);
    expect(await Promise.all([payment('start-p1'), payment('start-p2')])).toEqual(before);
  });

  it('fails and refunds exactly the PENDING payments of a failed batch, and drops its row', async () => {
    await apply([
      registered('fail', 'bea', '100'),
      sent('fail', 'fail-p1', 'bea', '10'),
      sent('fail', 'fail-p2', 'bea', '20'),
      sent('fail', 'fail-p3', 'bea', '30'),
      started('fail', 1, [['fail-p1', '10']]),
      settled('fail', 1),
      started('fail', 2, [['fail-p2', '20']]),
    ]);
    expect(await balance('bea')).toBe('40');

    await apply([failed('fail', 2)]);

    expect(await payment('fail-p2')).toMatchObject({ status: 'FAILED', failure_code: 'CHAIN_REFUSED', tx_hash: 'tx-fail-2' });
    expect(await payment('fail-p1')).toMatchObject({ status: 'PENDING', failure_code: null });
    expect(await payment('fail-p3')).toMatchObject({ status: 'PENDING', failure_code: null });
    expect(await balance('bea')).toBe('60');
    expect(await openBatches('fail')).toEqual([]);
  });

  it('refunds a payment once when the batch that failed had taken it over from an abandoned one', async () => {
    await apply([
      registered('again', 'cid', '100'),
      sent('again', 'again-p1', 'cid', '25'),
      started('again', 1, [['again-p1', '25']]),
      abandoned('again', 1),
      started('again', 2, [['again-p1', '25']]),
    ]);
    expect(await openBatches('again')).toEqual([{ batch_number: 2, payment_ids: ['again-p1'] }]);

    await apply([failed('again', 2)]);

    expect(await payment('again-p1')).toMatchObject({ status: 'FAILED' });
    expect(await balance('cid')).toBe('100');
    expect(await openBatches('again')).toEqual([]);
  });

  // A cross-bank payment's row is updated once, when its batch settles: in place (a HOT update, no new
  // entry in any of the table's indexes), since no index names a column that update changes and the
  // table's pages keep room for it (migration 20261212000100).
  it('keeps the settled version of each payment on the page its PENDING row was written to', async () => {
    const paymentIds = Array.from({ length: 80 }, (_, n) => `in-place-p${n}`);
    await apply([registered('in-place', 'eva', '1000'), registered('other-bank', 'elsewhere', '0')]);
    // Written one round at a time, as a bank ledger writes them: their pages fill up.
    for (const paymentId of paymentIds) await apply([sent('in-place', paymentId, 'eva', '10')]);
    const pageOf = async (paymentId: string): Promise<number> =>
      (await database.knex.raw(`select (ctid::text::point)[0]::int as page from ip_payments where id = ?`, [paymentId])).rows[0].page;
    const page = await pageOf(paymentIds[0]!);
    const onThatPage = (await Promise.all(paymentIds.map(async (paymentId) => ({ paymentId, page: await pageOf(paymentId) })))).filter((row) => row.page === page);
    expect(onThatPage.length).toBeGreaterThan(10);
    // One payment in five is cross-bank: three of a page's rows settle in one batch.
    const settling = onThatPage.slice(0, 3).map((row) => row.paymentId);

    await apply([
      event('other-bank', 'InstantPaymentsReceived', {
        organizationId: 'other-bank',
        senderOrganizationId: 'in-place',
        batchNumber: 1,
        txHash: 'tx-in-place-1',
        settledAt: at,
        payments: settling.map((paymentId) => ({ paymentId, recipientClientId: 'elsewhere', amount: '10' })),
      }),
    ]);

    for (const paymentId of settling) {
      expect(await payment(paymentId)).toMatchObject({ status: 'COMPLETED', tx_hash: 'tx-in-place-1' });
      expect(await pageOf(paymentId)).toBe(page);
    }
  });

  it('builds the same rows whether the events come in one batch or one at a time', async () => {
    const history = (bank: string) => [
      registered(bank, `${bank}-dan`, '100'),
      sent(bank, `${bank}-p1`, `${bank}-dan`, '10'),
      sent(bank, `${bank}-p2`, `${bank}-dan`, '20'),
      started(bank, 1, [[`${bank}-p1`, '10']]),
      abandoned(bank, 1),
      started(bank, 2, [[`${bank}-p1`, '10']]),
      settled(bank, 2),
      started(bank, 3, [[`${bank}-p2`, '20']]),
      failed(bank, 3),
      sent(bank, `${bank}-p3`, `${bank}-dan`, '30'),
      started(bank, 4, [[`${bank}-p3`, '30']]),
    ];
    await apply(history('together'));
    for (const each of history('apart')) await apply([each]);

    for (const bank of ['together', 'apart']) {
      expect(await openBatches(bank)).toEqual([{ batch_number: 4, payment_ids: [`${bank}-p3`] }]);
      expect(await balance(`${bank}-dan`)).toBe('60');
      expect(await payment(`${bank}-p2`)).toMatchObject({ status: 'FAILED' });
    }
  });
});

/** The migration that replaced the payments' batch number carries over what a refund still needs. */
describe('Migration to ip_open_settlement_batches', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const row = (id: string, bank: string, batchNumber: number | null, status: string) => ({
    id,
    kind: 'CROSS_ORGANIZATION',
    status,
    amount: '1',
    sender_client_id: 'client',
    sender_organization_id: bank,
    sender_alias: 'client.alias',
    recipient_client_id: 'elsewhere',
    recipient_organization_id: 'other-bank',
    recipient_alias: 'elsewhere.alias',
    batch_number: batchNumber,
    created_at: '2026-11-28T10:00:00.000Z',
    updated_at: '2026-11-28T10:00:00.000Z',
  });

  it('keeps each bank’s newest batch with its PENDING payments, and neither older batches nor settled payments', async () => {
    await openSettlementBatches.down(database.knex);
    await database.knex('ip_payments').insert([
      row('a-settled', 'bank-a', 1, 'COMPLETED'),
      row('a-abandoned', 'bank-a', 1, 'PENDING'),
      row('a-open-1', 'bank-a', 2, 'PENDING'),
      row('a-open-2', 'bank-a', 2, 'PENDING'),
      row('a-due', 'bank-a', null, 'PENDING'),
      row('b-settled', 'bank-b', 5, 'COMPLETED'),
    ]);

    await openSettlementBatches.up(database.knex);

    expect(await database.knex('ip_open_settlement_batches').select('organization_id', 'batch_number', 'payment_ids')).toEqual([
      { organization_id: 'bank-a', batch_number: 2, payment_ids: ['a-open-1', 'a-open-2'] },
    ]);
    expect(await database.knex('ip_payments').columnInfo()).not.toHaveProperty('batch_number');
  });
});
