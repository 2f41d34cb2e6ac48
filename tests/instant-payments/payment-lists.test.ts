import * as paymentListCounts from '../../migrations/20261213000100_payment_list_counts';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import { bankDashboard, bankExport, clientMovements, listBankPayments } from '../../read-side/instant-payments';
import type { PaymentParties } from '../../write-side/instant-payments/events';
import { clientRegistration, paymentParties, paymentReceived, settlementBatchFailure, type PaymentParty } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A bank's Transactions tab, its export and a client's movements list payments on either side of the
 * party, merged from what it sent and what it received (read-side/instant-payments.ts, eitherSide),
 * and take their totals from counts the projection keeps. The merge must give the order, and the
 * counts the totals, that one query over both sides gives.
 */
describe('Instant Payments: payments on either side of a bank or a client, in time order', () => {
  let database: TestDatabase;
  const bank = 'bank-a';

  const ana: PaymentParty = [bank, 'ana', 'ana.v'];
  const beto: PaymentParty = [bank, 'beto', 'beto.v'];
  const carla: PaymentParty = ['bank-b', 'carla', 'carla.v'];
  const dora: PaymentParty = ['bank-c', 'dora', 'dora.v'];
  const second = (n: number) => `2026-11-01T10:00:0${n}.000Z`;
  const event = eventLog(second(9));
  const payment = (paymentId: string, kind: PaymentParties['kind'], sender: PaymentParty, recipient: PaymentParty, createdAt: string) =>
    paymentParties(paymentId, kind, sender, recipient, createdAt);
  const transferred = (parties: PaymentParties) => event(`ip-bank-${parties.senderOrganizationId}`, 'InstantPaymentTransferred', parties);
  const sent = (parties: PaymentParties) => event(`ip-bank-${parties.senderOrganizationId}`, 'InstantPaymentSent', parties);
  const received = (parties: PaymentParties) => event(`ip-bank-${parties.recipientOrganizationId}`, 'InstantPaymentsReceived', paymentReceived(parties, second(9)));
  const failed = (parties: PaymentParties) => settlementBatchFailure(parties, second(9)).map(({ type, data }) => event(`ip-bank-${parties.senderOrganizationId}`, type, data));
  // Sent, received and internal payments interleaved in time; p3 and p4 share their time (the id breaks the tie).
  const p = {
    p1: payment('p1', 'INTERNAL', ana, beto, second(0)),
    p2: payment('p2', 'CROSS_ORGANIZATION', carla, ana, second(1)),
    p3: payment('p3', 'CROSS_ORGANIZATION', ana, carla, second(2)),
    p4: payment('p4', 'CROSS_ORGANIZATION', dora, beto, second(2)),
    p5: payment('p5', 'INTERNAL', beto, ana, second(3)),
    p6: payment('p6', 'CROSS_ORGANIZATION', beto, dora, second(4)),
    p7: payment('p7', 'CROSS_ORGANIZATION', carla, ana, second(5)),
    p8: payment('p8', 'CROSS_ORGANIZATION', carla, dora, second(6)),
  };
  const history = [
    ...[ana, beto, carla, dora].map(([organization, client]) => event(`ip-bank-${organization}`, 'InstantPaymentClientRegistered', clientRegistration(organization, client, '1000'))),
    transferred(p.p1),
    sent(p.p2),
    sent(p.p3),
    sent(p.p4),
    transferred(p.p5),
    sent(p.p6),
    sent(p.p7),
    sent(p.p8),
    received(p.p2),
    received(p.p3),
    received(p.p8),
    ...failed(p.p6),
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    // In two batches, so that counts kept across batches are added up, as the runner's are.
    await database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, history.slice(0, 9)));
    await database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, history.slice(9)));
  });
  afterAll(() => database.drop());

  const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
  const page = (number: number, size = 50) => ({ page: number, pageSize: size });

  describe("a bank's Transactions tab", () => {
    it('lists every payment the bank sent, received or kept inside, newest first, the id breaking ties, each once', async () => {
      const listed = await listBankPayments(database.knex, bank, page(1));
      expect(ids(listed.items)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
      expect(listed.items.map((item) => item.direction)).toEqual(['IN', 'OUT', 'INTERNAL', 'IN', 'OUT', 'IN', 'INTERNAL']);
      expect(listed.total).toBe(7);
    });

    it('pages through the merged order without a gap or an overlap', async () => {
      const pages = await Promise.all([1, 2, 3, 4].map((number) => listBankPayments(database.knex, bank, page(number, 2))));
      expect(pages.map((listed) => ids(listed.items))).toEqual([['p7', 'p6'], ['p5', 'p4'], ['p3', 'p2'], ['p1']]);
      expect(pages.map((listed) => listed.total)).toEqual([7, 7, 7, 7]);
    });

    it('applies each filter to both sides, in the items and in the total alike', async () => {
      const filtered = async (filter: object) => {
        const listed = await listBankPayments(database.knex, bank, { ...page(1), ...filter });
        return { ids: ids(listed.items), total: listed.total };
      };
      expect(await filtered({ kind: 'CROSS_ORGANIZATION' })).toEqual({ ids: ['p7', 'p6', 'p4', 'p3', 'p2'], total: 5 });
      expect(await filtered({ status: 'PENDING' })).toEqual({ ids: ['p7', 'p4'], total: 2 });
      expect(await filtered({ alias: 'carla.v' })).toEqual({ ids: ['p7', 'p3', 'p2'], total: 3 });
      expect(await filtered({ from: new Date('2026-11-01T10:00:02.000Z'), to: new Date('2026-11-01T10:00:04.000Z') })).toEqual({ ids: ['p6', 'p5', 'p4', 'p3'], total: 4 });
    });

    it('totals what one count over both sides finds, for every bank, kind and status', async () => {
      const filters = [{}, ...['INTERNAL', 'CROSS_ORGANIZATION'].map((kind) => ({ kind })), ...['PENDING', 'COMPLETED', 'FAILED'].map((status) => ({ status })), { kind: 'CROSS_ORGANIZATION', status: 'COMPLETED' }];
      for (const organization of [bank, 'bank-b', 'bank-c'])
        for (const filter of filters) {
          const [counted] = await database
            .knex('ip_payments')
            .where((either) => either.where('sender_organization_id', organization).orWhere('recipient_organization_id', organization))
            .where(filter)
            .count<{ n: string }[]>('* as n');
          expect({ organization, filter, total: (await listBankPayments(database.knex, organization, { ...page(1), ...filter })).total }).toEqual({ organization, filter, total: Number(counted!.n) });
        }
    });

    it('is empty for a bank with no payments', async () => {
      expect(await listBankPayments(database.knex, 'bank-z', page(1))).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    });
  });

  describe("a bank's export", () => {
    it('writes every payment on either side, oldest first, the id breaking ties', async () => {
      const file = bankExport(database.knex, bank, { format: 'json' });
      let text = '';
      for await (const chunk of file.body) text += chunk.toString();
      expect((JSON.parse(text) as Array<{ id: string }>).map((record) => record.id)).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7']);
    });

    it('keeps to the requested period on both sides', async () => {
      const file = bankExport(database.knex, bank, { format: 'csv', from: new Date('2026-11-01T10:00:01.000Z'), to: new Date('2026-11-01T10:00:03.000Z') });
      let text = '';
      for await (const chunk of file.body) text += chunk.toString();
      expect(text.trim().split('\r\n').slice(1).map((line) => line.split(',')[0])).toEqual(['"p2"', '"p3"', '"p4"', '"p5"']);
    });
  });

  describe("a client's movements", () => {
    it('lists what the client sent and what it received once COMPLETED, newest first', async () => {
      const ofAna = await clientMovements(database.knex, 'ana', page(1));
      // p7 is on its way to Ana (PENDING): the recipient sees a payment once it is COMPLETED.
      expect(ids(ofAna.items)).toEqual(['p5', 'p3', 'p2', 'p1']);
      expect(ofAna.items.map((item) => item.direction)).toEqual(['IN', 'OUT', 'IN', 'OUT']);
      expect(ofAna.total).toBe(4);
      const ofBeto = await clientMovements(database.knex, 'beto', page(2, 2));
      expect(ids(ofBeto.items)).toEqual(['p1']);
      expect(ofBeto.total).toBe(3);
    });

    it('totals what one count over both sides finds, for every client', async () => {
      for (const [, client] of [ana, beto, carla, dora]) {
        const [counted] = await database.knex('ip_payments')
          .where('sender_client_id', client)
          .orWhere((shown) => shown.where('recipient_client_id', client).where('status', 'COMPLETED'))
          .count<{ n: string }[]>('* as n');
        expect((await clientMovements(database.knex, client, page(1))).total).toBe(Number(counted!.n));
      }
    });

    it('is empty for a client that has paid and received nothing', async () => {
      expect(await clientMovements(database.knex, 'nobody', page(1))).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    });
  });
});

/**
 * An INTERNAL payment is on its bank's sent side, so the index of the received side holds payments
 * between two banks alone (one index entry less for four payments in five). Every view of a bank must
 * still find its rows through an index, never by reading the whole table, and a page the received
 * side's own index, not every bank's cross-bank payments by time (`ip_payments_cross`).
 */
describe("A bank's views read what it received through the index of cross-bank payments", () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    // 40,000 payments over three banks across two days, four in five INTERNAL (the recipient at the sender's bank).
    await database.knex.raw(`
      insert into ip_payments (id, kind, status, amount, sender_client_id, sender_organization_id, sender_alias,
                               recipient_client_id, recipient_organization_id, recipient_alias, created_at, settled_at, updated_at)
      select 'g' || n, kind, 'COMPLETED', 100, 'c' || (n % 3000), 'bank-' || (n % 3), 'a' || (n % 3000),
             'c' || (recipient % 3000), 'bank-' || (recipient % 3), 'a' || (recipient % 3000), at, at, at
        from generate_series(1, 40000) as n,
             lateral (select case when n % 5 = 0 then 'CROSS_ORGANIZATION' else 'INTERNAL' end as kind,
                             case when n % 5 = 0 then n + 1 else n + 3 end as recipient,
                             timestamptz '2026-11-01T00:00:00Z' + n * interval '4 seconds' as at) as payment;
      analyze ip_payments;
    `);
  });
  afterAll(() => database.drop());

  interface PlanNode {
    'Node Type': string;
    'Relation Name'?: string;
    'Index Name'?: string;
    Plans?: PlanNode[];
  }
  /** How the statements `view` sends read ip_payments: the indexes they use, and `Seq Scan` where one reads the whole table. */
  async function scansOf(view: () => Promise<unknown>): Promise<string[]> {
    const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    const record = (query: { sql: string; bindings: readonly unknown[] }) => statements.push(query);
    database.knex.on('query', record);
    try {
      await view();
    } finally {
      database.knex.off('query', record);
    }
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node['Index Name']?.startsWith('ip_payments')) scans.push(node['Index Name']);
      else if (node['Relation Name'] === 'ip_payments' && node['Node Type'] !== 'Bitmap Heap Scan') scans.push(node['Node Type']);
      node.Plans?.forEach(walk);
    };
    for (const { sql, bindings } of statements.filter((statement) => statement.sql.includes('ip_payments'))) {
      const [{ 'QUERY PLAN': plan }] = (await database.knex.raw(`explain (format json) ${sql.replace(/\$\d+/g, '?')}`, bindings as never)).rows;
      walk((plan as Array<{ Plan: PlanNode }>)[0]!.Plan);
    }
    return scans;
  }
  const hour = (at: string) => new Date(`2026-11-01T${at}:00.000Z`);

  it("lists a bank's payments, a deep page too, through its sent side's index and its received side's", async () => {
    for (const page of [1, 100]) {
      const scans = await scansOf(() => listBankPayments(database.knex, 'bank-0', { page, pageSize: 50 }));
      expect(scans).toEqual(expect.arrayContaining(['ip_payments_sender_org', 'ip_payments_received_cross']));
      expect(scans).not.toContain('ip_payments_cross');
      expect(scans).not.toContain('Seq Scan');
    }
  });

  it('lists and counts a period through indexes', async () => {
    const scans = await scansOf(() => listBankPayments(database.knex, 'bank-0', { page: 1, pageSize: 50, from: hour('10:00'), to: hour('10:30') }));
    expect(scans).not.toHaveLength(0);
    expect(scans).not.toContain('Seq Scan');
  });

  it("sums a dashboard's cut hours through indexes", async () => {
    const scans = await scansOf(() => bankDashboard(database.knex, 'bank-0', { from: hour('10:30'), to: hour('12:30') }));
    expect(scans).not.toHaveLength(0);
    expect(scans).not.toContain('Seq Scan');
  });

  it('finds the same payments as one query over both sides', async () => {
    const listed = await listBankPayments(database.knex, 'bank-1', { page: 1, pageSize: 100, from: hour('10:00'), to: hour('10:30') });
    const both = await database
      .knex('ip_payments')
      .where((either) => either.where('sender_organization_id', 'bank-1').orWhere('recipient_organization_id', 'bank-1'))
      .whereBetween('created_at', [hour('10:00'), hour('10:30')])
      .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id', order: 'desc' }])
      .select('id');
    expect(listed.total).toBe(both.length);
    expect(listed.items.map((item) => item.id)).toEqual(both.slice(0, 100).map((row) => row.id));
  });
});

/** The migration that added the kept counts fills them from the payments already recorded. */
describe('Migration to kept list counts', () => {
  let database: TestDatabase;
  const event = eventLog('2026-11-01T10:00:00.000Z');

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const parties = (paymentId: string, kind: PaymentParties['kind'], sender: PaymentParty, recipient: PaymentParty) =>
    paymentParties(paymentId, kind, sender, recipient, '2026-11-01T10:00:00.000Z', '5');
  const counts = async () => ({
    clients: await database.knex('ip_clients').orderBy('id').select('id', 'movements'),
    banks: (
      await database.knex('ip_bank_payment_counts').select('organization_id', 'kind', 'status').sum('payments as payments').groupBy('organization_id', 'kind', 'status').orderBy(['organization_id', 'kind', 'status'])
    ).filter((row) => Number(row.payments) !== 0),
  });

  it('counts what the projection keeps: each client’s movements, each bank’s payments by kind and status', async () => {
    const [a1, a2, b1]: PaymentParty[] = [['bank-a', 'a1', 'a1.alias'], ['bank-a', 'a2', 'a2.alias'], ['bank-b', 'b1', 'b1.alias']];
    await database.knex.transaction((trx) =>
      instantPaymentsProjection.applyBatch(trx, [
        ...[a1, a2, b1].map(([organization, client]) => event(`ip-bank-${organization}`, 'InstantPaymentClientRegistered', clientRegistration(organization, client, '100'))),
        event('ip-bank-bank-a', 'InstantPaymentTransferred', parties('m1', 'INTERNAL', a1, a2)),
        event('ip-bank-bank-a', 'InstantPaymentSent', parties('m2', 'CROSS_ORGANIZATION', a1, b1)),
        event('ip-bank-bank-b', 'InstantPaymentSent', parties('m3', 'CROSS_ORGANIZATION', b1, a2)),
        event('ip-bank-bank-a', 'InstantPaymentsReceived', paymentReceived(parties('m3', 'CROSS_ORGANIZATION', b1, a2), '2026-11-01T10:00:01.000Z')),
      ]),
    );
    const kept = await counts();
    expect(kept).toEqual({
      clients: [
        { id: 'a1', movements: '2' },
        { id: 'a2', movements: '2' },
        { id: 'b1', movements: '1' },
      ],
      banks: [
        { organization_id: 'bank-a', kind: 'CROSS_ORGANIZATION', status: 'COMPLETED', payments: '1' },
        { organization_id: 'bank-a', kind: 'CROSS_ORGANIZATION', status: 'PENDING', payments: '1' },
        { organization_id: 'bank-a', kind: 'INTERNAL', status: 'COMPLETED', payments: '1' },
        { organization_id: 'bank-b', kind: 'CROSS_ORGANIZATION', status: 'COMPLETED', payments: '1' },
        { organization_id: 'bank-b', kind: 'CROSS_ORGANIZATION', status: 'PENDING', payments: '1' },
      ],
    });

    await paymentListCounts.down(database.knex);
    await paymentListCounts.up(database.knex);

    expect(await counts()).toEqual(kept);
  });
});

