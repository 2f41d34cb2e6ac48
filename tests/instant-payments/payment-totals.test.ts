import { instantPaymentsProjection } from '../../projections/instant-payments';
import type { PaymentParties } from '../../write-side/instant-payments/events';
import type { RecordedEvent } from '../../write-side/event-store/event-store';
import { clientRegistration, paymentParties, type PaymentParty } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The payment counts that GET /metrics reports (`ip_payment_totals`) are kept by the Instant Payments
 * projection as the payments change, one set of rows per bank ledger: summed over the banks they equal
 * a count of the payments by kind and status, however the events are batched.
 */
describe('Instant Payments payment counts', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const at = '2026-11-23T10:00:00.000Z';
  const event = eventLog(at);
  const party = (bank: string): PaymentParty => [bank, `${bank}-client`, `${bank}.client`];
  const payment = (paymentId: string, kind: PaymentParties['kind'], sender: string, recipient: string) => paymentParties(paymentId, kind, party(sender), party(recipient), at);
  const received = (recipient: string, sender: string, batchNumber: number, paymentIds: string[]) =>
    event(`ip-bank-${recipient}`, 'InstantPaymentsReceived', {
      organizationId: recipient,
      senderOrganizationId: sender,
      batchNumber,
      txHash: `tx-${sender}-${batchNumber}`,
      settledAt: at,
      payments: paymentIds.map((paymentId) => ({ paymentId, recipientClientId: `${recipient}-client`, amount: '10' })),
    });
  const batchStarted = (sender: string, batchNumber: number, recipient: string, paymentIds: string[]) =>
    event(`ip-bank-${sender}`, 'InstantPaymentSettlementBatchStarted', {
      organizationId: sender,
      batchNumber,
      txHash: `tx-${sender}-${batchNumber}`,
      txBytes: '',
      from: 'address',
      transfers: [{ organizationId: recipient, to: 'address', amount: '10', payments: paymentIds.map((paymentId) => ({ paymentId, recipientClientId: `${recipient}-client`, amount: '10' })) }],
    });

  /** Two banks with a client each: INTERNAL payments, cross-bank ones both ways, one batch settled and one failed. */
  const history = (prefix: string): RecordedEvent[] => {
    const [a, b] = [`${prefix}-a`, `${prefix}-b`];
    return [
      ...[a, b].map((bank) =>
        event(`ip-bank-${bank}`, 'InstantPaymentClientRegistered', clientRegistration(bank, `${bank}-client`, '100')),
      ),
      event(`ip-bank-${a}`, 'InstantPaymentTransferred', payment(`${prefix}-p1`, 'INTERNAL', a, a)),
      event(`ip-bank-${a}`, 'InstantPaymentSent', payment(`${prefix}-p2`, 'CROSS_ORGANIZATION', a, b)),
      event(`ip-bank-${a}`, 'InstantPaymentSent', payment(`${prefix}-p3`, 'CROSS_ORGANIZATION', a, b)),
      event(`ip-bank-${b}`, 'InstantPaymentSent', payment(`${prefix}-p4`, 'CROSS_ORGANIZATION', b, a)),
      batchStarted(a, 1, b, [`${prefix}-p2`, `${prefix}-p3`]),
      received(b, a, 1, [`${prefix}-p2`, `${prefix}-p3`]),
      batchStarted(b, 1, a, [`${prefix}-p4`]),
      event(`ip-bank-${b}`, 'InstantPaymentSettlementBatchFailed', { organizationId: b, batchNumber: 1, txHash: null, failureCode: 'CHAIN_REFUSED', reason: 'test', failedAt: at }),
      event(`ip-bank-${b}`, 'InstantPaymentTransferred', payment(`${prefix}-p5`, 'INTERNAL', b, b)),
      event(`ip-bank-${a}`, 'InstantPaymentSent', payment(`${prefix}-p6`, 'CROSS_ORGANIZATION', a, b)),
    ];
  };

  const apply = (events: RecordedEvent[]) => database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, events));

  const totals = async (prefix: string) =>
    (await database.knex('ip_payment_totals').where('organization_id', 'like', `${prefix}-%`).select('kind', 'status').sum('count as count').groupBy('kind', 'status').orderBy(['kind', 'status'])).map(
      (row) => `${row.kind} ${row.status} ${row.count}`,
    );

  it('equal the payments by kind and status when the history is applied in one batch', async () => {
    await apply(history('one-batch'));
    expect(await totals('one-batch')).toEqual(['CROSS_ORGANIZATION COMPLETED 2', 'CROSS_ORGANIZATION FAILED 1', 'CROSS_ORGANIZATION PENDING 1', 'INTERNAL COMPLETED 2']);
  });

  it('equal them, row for row, when the same history is applied one event at a time', async () => {
    for (const each of history('per-event')) await apply([each]);
    expect(await totals('per-event')).toEqual(await totals('one-batch'));
    const rows = (prefix: string) =>
      database.knex('ip_payment_totals').where('organization_id', 'like', `${prefix}-%`).select(database.knex.raw(`substr(organization_id, length(?) + 1) as bank, kind, status, count`, [prefix])).orderBy(['bank', 'kind', 'status']);
    expect(await rows('per-event')).toEqual(await rows('one-batch'));
  });

  it('count each change under the ledger that recorded it: the sender its payments, the recipient their completion', async () => {
    const rows = await database.knex('ip_payment_totals').where('organization_id', 'like', 'one-batch-%').select('organization_id', 'kind', 'status', 'count').orderBy(['organization_id', 'kind', 'status']);
    expect(rows).toEqual([
      { organization_id: 'one-batch-a', kind: 'CROSS_ORGANIZATION', status: 'PENDING', count: '3' },
      { organization_id: 'one-batch-a', kind: 'INTERNAL', status: 'COMPLETED', count: '1' },
      { organization_id: 'one-batch-b', kind: 'CROSS_ORGANIZATION', status: 'COMPLETED', count: '2' },
      { organization_id: 'one-batch-b', kind: 'CROSS_ORGANIZATION', status: 'FAILED', count: '1' },
      { organization_id: 'one-batch-b', kind: 'CROSS_ORGANIZATION', status: 'PENDING', count: '-2' },
      { organization_id: 'one-batch-b', kind: 'INTERNAL', status: 'COMPLETED', count: '1' },
    ]);
    const counted = await database.knex('ip_payments').where('id', 'like', 'one-batch-%').select('kind', 'status').count('* as count').groupBy('kind', 'status').orderBy(['kind', 'status']);
    expect(counted.map((row) => `${row.kind} ${row.status} ${row.count}`)).toEqual(await totals('one-batch'));
  });
});
