import * as settledPaymentHours from '../../migrations/20261214000100_settled_payment_hours';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import { bankDashboard, oversightBanks, oversightDistribution, oversightSummary } from '../../read-side/instant-payments';
import type { PaymentParties } from '../../write-side/instant-payments/events';
import { clientRegistration, paymentParties, paymentReceived, settlementBatchFailure, type PaymentParty } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A bank's dashboard and the issuer's oversight sum settled (COMPLETED) payments by the hour they were
 * made: whole hours from the hours the projection keeps (ip_settled_payment_hours), the hours a range
 * cuts from the payments themselves. The figures below are worked out by hand from the history.
 */
describe('Instant Payments: dashboards sum settled payments by the hour they were made', () => {
  let database: TestDatabase;
  const event = eventLog('2026-11-01T12:10:00.000Z');

  const a1: PaymentParty = ['bank-a', 'a1', 'a1.alias'];
  const a2: PaymentParty = ['bank-a', 'a2', 'a2.alias'];
  const b1: PaymentParty = ['bank-b', 'b1', 'b1.alias'];
  const b2: PaymentParty = ['bank-b', 'b2', 'b2.alias'];
  const c1: PaymentParty = ['bank-c', 'c1', 'c1.alias'];
  const at = (time: string) => `2026-11-01T${time}Z`;
  const ledger = (organization: string) => `ip-bank-${organization}`;

  const p = {
    internalA: paymentParties('internal-a', 'INTERNAL', a1, a2, at('10:15:00.000'), '100'),
    aToB: paymentParties('a-to-b', 'CROSS_ORGANIZATION', a1, b1, at('10:40:00.000'), '30'),
    failedAToB: paymentParties('failed-a-to-b', 'CROSS_ORGANIZATION', a2, b1, at('10:45:00.000'), '11'),
    pendingBToA: paymentParties('pending-b-to-a', 'CROSS_ORGANIZATION', b1, a1, at('10:50:00.000'), '7'),
    internalB: paymentParties('internal-b', 'INTERNAL', b1, b2, at('11:05:00.000'), '50'),
    aToC: paymentParties('a-to-c', 'CROSS_ORGANIZATION', a2, c1, at('11:20:00.000'), '40'),
    cToA: paymentParties('c-to-a', 'CROSS_ORGANIZATION', c1, a1, at('11:59:59.999'), '3'),
    nextDayA: paymentParties('next-day-a', 'INTERNAL', a2, a1, '2026-11-02T00:30:00.000Z', '9'),
  };
  const transferred = (parties: PaymentParties) => event(ledger(parties.senderOrganizationId), 'InstantPaymentTransferred', parties);
  const sent = (parties: PaymentParties) => event(ledger(parties.senderOrganizationId), 'InstantPaymentSent', parties);
  const received = (parties: PaymentParties) => event(ledger(parties.recipientOrganizationId), 'InstantPaymentsReceived', paymentReceived(parties, at('12:10:00.000')));
  const failed = (parties: PaymentParties) => settlementBatchFailure(parties, at('12:10:00.000')).map(({ type, data }) => event(ledger(parties.senderOrganizationId), type, data));
  const beforeSettlement = [
    ...[a1, a2, b1, b2, c1].map(([organization, client]) => event(ledger(organization), 'InstantPaymentClientRegistered', clientRegistration(organization, client, '1000'))),
    transferred(p.internalA),
    sent(p.aToB),
    sent(p.failedAToB),
    sent(p.pendingBToA),
    transferred(p.internalB),
    sent(p.aToC),
    sent(p.cToA),
    received(p.aToB),
    received(p.cToA),
    ...failed(p.failedAToB),
  ];
  // a-to-c, made at 11:20, settles in a later batch (and a later hour); then a payment of the next day.
  const afterSettlement = [received(p.aToC), transferred(p.nextDayA)];

  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date();
    await database.knex('organizations').insert(
      ['bank-a', 'bank-b', 'bank-c'].map((id) => ({ id, name: id, type: 'COMMERCIAL', status: 'ACTIVE', created_at: now, updated_at: now })),
    );
  });
  afterAll(() => database.drop());

  const apply = (events: typeof beforeSettlement) => database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, events));
  const range = (from?: string, to?: string) => ({ ...(from ? { from: new Date(from) } : {}), ...(to ? { to: new Date(to) } : {}) });
  const kpis = async (organizationId: string, within = range()) => {
    const { kpis: shown } = await bankDashboard(database.knex, organizationId, within);
    return { internal: [shown.internal.volume, shown.internal.count], cross: [shown.crossOrganization.volume, shown.crossOrganization.count], total: [shown.total.volume, shown.total.count] };
  };
  const summary = async (within = range()) => {
    const shown = await oversightSummary(database.knex, within);
    return [shown.settledVolume, shown.paymentCount];
  };
  const banks = async (within = range()) =>
    (await oversightBanks(database.knex, { sort: 'name', order: 'asc', ...within })).map((bank) => [bank.organizationId, bank.volume, bank.payments]);

  describe('before a cross-bank payment settles', () => {
    beforeAll(() => apply(beforeSettlement));

    it('counts it nowhere yet, nor a payment whose settlement failed or is pending', async () => {
      expect(await kpis('bank-a')).toEqual({ internal: ['100', 1], cross: ['33', 2], total: ['133', 3] });
      expect(await kpis('bank-c')).toEqual({ internal: ['0', 0], cross: ['3', 1], total: ['3', 1] });
      expect(await summary()).toEqual(['183', 4]);
    });
  });

  describe('once every payment has settled', () => {
    beforeAll(() => apply(afterSettlement));

    it("sums a bank's settled payments on either side, over all time", async () => {
      expect(await kpis('bank-a')).toEqual({ internal: ['109', 2], cross: ['73', 3], total: ['182', 5] });
      expect(await kpis('bank-b')).toEqual({ internal: ['50', 1], cross: ['30', 1], total: ['80', 2] });
      expect(await kpis('bank-c')).toEqual({ internal: ['0', 0], cross: ['43', 2], total: ['43', 2] });
    });

    it('counts a cross-bank payment in the hour it was made, not the hour it settled', async () => {
      const { byHour } = await bankDashboard(database.knex, 'bank-c', range());
      expect(byHour.filter((hour) => hour.count > 0)).toEqual([{ hour: 11, volume: '43', count: 2 }]);
    });

    it('sums whole days, and a range that cuts hours, as the payments made in it', async () => {
      expect(await kpis('bank-a', range('2026-11-01T00:00:00.000Z', '2026-11-01T23:59:59.999Z'))).toEqual({ internal: ['100', 1], cross: ['73', 3], total: ['173', 4] });
      expect(await kpis('bank-a', range('2026-11-01T10:30:00.000Z', '2026-11-01T11:30:00.000Z'))).toEqual({ internal: ['0', 0], cross: ['70', 2], total: ['70', 2] });
      expect(await kpis('bank-a', range('2026-11-01T10:20:00.000Z', '2026-11-01T10:45:00.000Z'))).toEqual({ internal: ['0', 0], cross: ['30', 1], total: ['30', 1] });
      // The range's last millisecond holds a payment: its hour is whole.
      expect(await kpis('bank-a', range('2026-11-01T11:00:00.000Z', '2026-11-01T11:59:59.999Z'))).toEqual({ internal: ['0', 0], cross: ['43', 2], total: ['43', 2] });
      expect(await kpis('bank-a', range('2026-11-01T11:00:00.000Z', '2026-11-01T11:59:59.998Z'))).toEqual({ internal: ['0', 0], cross: ['40', 1], total: ['40', 1] });
      expect(await kpis('bank-a', range('2026-11-01T11:00:00.001Z'))).toEqual({ internal: ['9', 1], cross: ['43', 2], total: ['52', 3] });
      expect(await kpis('bank-a', range(undefined, '2026-11-01T10:40:00.000Z'))).toEqual({ internal: ['100', 1], cross: ['30', 1], total: ['130', 2] });
    });

    it('distributes them by day and by hour of the day', async () => {
      const { byDay, byHour } = await bankDashboard(database.knex, 'bank-a', range());
      expect(byDay).toEqual([
        { day: '2026-11-01', volume: '173', count: 4 },
        { day: '2026-11-02', volume: '9', count: 1 },
      ]);
      expect(byHour.filter((hour) => hour.count > 0)).toEqual([
        { hour: 0, volume: '9', count: 1 },
        { hour: 10, volume: '130', count: 2 },
        { hour: 11, volume: '43', count: 2 },
      ]);
      expect(byHour).toHaveLength(24);
    });

    it('gives the issuer each payment once, system-wide, and each bank its own', async () => {
      expect(await summary()).toEqual(['232', 6]);
      expect(await summary(range('2026-11-01T10:30:00.000Z', '2026-11-01T11:30:00.000Z'))).toEqual(['120', 3]);
      expect(await summary(range('2026-11-02', undefined))).toEqual(['9', 1]);
      const { byDay } = await oversightDistribution(database.knex, range());
      expect(byDay).toEqual([
        { day: '2026-11-01', volume: '223', count: 5 },
        { day: '2026-11-02', volume: '9', count: 1 },
      ]);
    });

    it("lists each bank's volume and payments, over all time and over a range that cuts hours", async () => {
      expect(await banks()).toEqual([
        ['bank-a', '182', 5],
        ['bank-b', '80', 2],
        ['bank-c', '43', 2],
      ]);
      expect(await banks(range('2026-11-01T10:30:00.000Z', '2026-11-01T11:30:00.000Z'))).toEqual([
        ['bank-a', '70', 2],
        ['bank-b', '80', 2],
        ['bank-c', '40', 1],
      ]);
    });
  });
});

/** The migration that added the kept hours fills them from the payments already settled. */
describe('Migration to kept settled hours', () => {
  let database: TestDatabase;
  const event = eventLog('2026-11-01T10:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const hours = () => database.knex('ip_settled_payment_hours').orderBy(['organization_id', 'counted_by', 'hour', 'kind']).select('*');

  it('keeps the rows the projection writes: a bank’s internal payments, both banks of a cross-bank one counted by the recipient’s ledger', async () => {
    const [a1, a2, b1]: PaymentParty[] = [['bank-a', 'a1', 'a1.alias'], ['bank-a', 'a2', 'a2.alias'], ['bank-b', 'b1', 'b1.alias']];
    const parties = (paymentId: string, kind: PaymentParties['kind'], sender: PaymentParty, recipient: PaymentParty, createdAt: string) =>
      paymentParties(paymentId, kind, sender, recipient, createdAt, '5');
    // Made at 11:00, settled at 12:00: counted in the hour it was made.
    const m3 = parties('m3', 'CROSS_ORGANIZATION', b1, a2, '2026-11-01T11:00:00.000Z');
    await database.knex.transaction((trx) =>
      instantPaymentsProjection.applyBatch(trx, [
        ...[a1, a2, b1].map(([organization, client]) => event(`ip-bank-${organization}`, 'InstantPaymentClientRegistered', clientRegistration(organization, client, '100'))),
        event('ip-bank-bank-a', 'InstantPaymentTransferred', parties('m1', 'INTERNAL', a1, a2, '2026-11-01T10:10:00.000Z')),
        event('ip-bank-bank-a', 'InstantPaymentTransferred', parties('m2', 'INTERNAL', a2, a1, '2026-11-01T10:50:00.000Z')),
        event('ip-bank-bank-b', 'InstantPaymentSent', m3),
        event('ip-bank-bank-a', 'InstantPaymentSent', parties('m4', 'CROSS_ORGANIZATION', a1, b1, '2026-11-01T11:10:00.000Z')),
        event('ip-bank-bank-a', 'InstantPaymentsReceived', paymentReceived(m3, '2026-11-01T12:00:01.000Z')),
      ]),
    );
    const kept = await hours();
    const row = (organization_id: string, counted_by: string, hour: string, kind: string, volume: string, payments: string) =>
      ({ organization_id, counted_by, hour: new Date(hour), kind, volume, payments });
    expect(kept).toEqual([
      row('bank-a', 'bank-a', '2026-11-01T10:00:00.000Z', 'INTERNAL', '10', '2'),
      row('bank-a', 'bank-a', '2026-11-01T11:00:00.000Z', 'CROSS_ORGANIZATION', '5', '1'),
      row('bank-b', 'bank-a', '2026-11-01T11:00:00.000Z', 'CROSS_ORGANIZATION', '5', '1'),
    ]);

    await settledPaymentHours.down(database.knex);
    await settledPaymentHours.up(database.knex);

    expect(await hours()).toEqual(kept);
  });
});

/** The kept counts are bigint: a scheme past 2³¹ settled payments (Pix makes that in a few years) still adds them up. */
describe('Settled payment counts past 2³¹', () => {
  let database: TestDatabase;
  const hour = (time: string) => new Date(`2026-11-01T${time}Z`);
  const kept = (hourMade: Date, kind: string, volume: string, payments: string) => ({ organization_id: 'bank-a', counted_by: 'bank-a', hour: hourMade, kind, volume, payments });

  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date();
    await database.knex('organizations').insert({ id: 'bank-a', name: 'bank-a', type: 'COMMERCIAL', status: 'ACTIVE', created_at: now, updated_at: now });
    await database.knex('ip_settled_payment_hours').insert([
      kept(hour('10:00:00.000'), 'INTERNAL', '4000000000', '2000000000'),
      kept(hour('11:00:00.000'), 'INTERNAL', '3000000000', '1500000000'),
      kept(hour('11:00:00.000'), 'CROSS_ORGANIZATION', '1000000000', '500000000'),
    ]);
    await database.knex('ip_bank_clients').insert({ organization_id: 'bank-a', clients: '2500000000' });
  });
  afterAll(() => database.drop());

  it("sums them on the bank's dashboard, by kind, by day and by hour", async () => {
    const { kpis, byDay, byHour } = await bankDashboard(database.knex, 'bank-a', {});
    expect([kpis.internal.count, kpis.crossOrganization.count, kpis.total.count, kpis.total.volume, kpis.users]).toEqual([3_500_000_000, 500_000_000, 4_000_000_000, '8000000000', 2_500_000_000]);
    expect(byDay).toEqual([{ day: '2026-11-01', volume: '8000000000', count: 4_000_000_000 }]);
    expect(byHour.filter((shown) => shown.count > 0)).toEqual([
      { hour: 10, volume: '4000000000', count: 2_000_000_000 },
      { hour: 11, volume: '4000000000', count: 2_000_000_000 },
    ]);
  });

  it("sums them in the issuer's summary and table of banks", async () => {
    const summary = await oversightSummary(database.knex, {});
    expect([summary.paymentCount, summary.averagePayment, summary.users]).toEqual([4_000_000_000, '2', 2_500_000_000]);
    expect(await oversightBanks(database.knex, { sort: 'payments', order: 'desc' })).toEqual([
      { organizationId: 'bank-a', name: 'bank-a', settlementAddress: null, volume: '8000000000', payments: 4_000_000_000, users: 2_500_000_000 },
    ]);
  });
});
