import * as bankClientCounts from '../../migrations/20261215000100_bank_client_counts';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import { bankDashboard, listBankClients, oversightBanks, oversightSummary } from '../../read-side/instant-payments';
import { clientRegistration } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * The users a bank's dashboard and the issuer's oversight show are its clients, every one it has
 * registered (a deactivated client is still its client): counts kept as they register
 * (ip_bank_clients), so a view reads a row per bank, not every client.
 */
describe('Instant Payments: client counts kept as clients register', () => {
  let database: TestDatabase;
  const event = eventLog('2026-11-01T10:00:00.000Z');
  const registered = (bank: string, client: string) => event(`ip-bank-${bank}`, 'InstantPaymentClientRegistered', clientRegistration(bank, client, '100'));
  const apply = (events: ReturnType<typeof event>[]) => database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, events));
  const kept = () => database.knex('ip_bank_clients').orderBy('organization_id').select('organization_id', database.knex.raw('clients::int as clients'));

  beforeAll(async () => {
    database = await createTestDatabase();
    const now = new Date();
    await database.knex('organizations').insert(
      ['bank-a', 'bank-b', 'bank-c'].map((id) => ({ id, name: id, type: 'COMMERCIAL', status: 'ACTIVE', created_at: now, updated_at: now })),
    );
    await apply([registered('bank-a', 'a1'), registered('bank-a', 'a2'), registered('bank-b', 'b1')]);
    await apply([
      registered('bank-a', 'a3'),
      event('ip-bank-bank-a', 'InstantPaymentClientDeactivated', { clientId: 'a1', organizationId: 'bank-a', deactivatedAt: '2026-11-01T10:05:00.000Z' }),
    ]);
  });
  afterAll(() => database.drop());

  it('keeps one row per bank with clients, added to by each batch of registrations', async () => {
    expect(await kept()).toEqual([
      { organization_id: 'bank-a', clients: 3 },
      { organization_id: 'bank-b', clients: 1 },
    ]);
  });

  it("shows a bank's clients on its dashboard, a deactivated one included, and none for a bank without clients", async () => {
    expect((await bankDashboard(database.knex, 'bank-a', {})).kpis.users).toBe(3);
    expect((await bankDashboard(database.knex, 'bank-b', {})).kpis.users).toBe(1);
    expect((await bankDashboard(database.knex, 'bank-c', {})).kpis.users).toBe(0);
  });

  it("shows the system's clients, or one bank's, in the oversight summary and the table of banks", async () => {
    expect((await oversightSummary(database.knex, {})).users).toBe(4);
    expect((await oversightSummary(database.knex, { organizationId: 'bank-a' })).users).toBe(3);
    expect((await oversightBanks(database.knex, { sort: 'users', order: 'desc' })).map((bank) => [bank.organizationId, bank.users])).toEqual([
      ['bank-a', 3],
      ['bank-b', 1],
      ['bank-c', 0],
    ]);
  });

  it("gives a bank's list of clients its total, and a search the count of its matches", async () => {
    const firstPage = await listBankClients(database.knex, 'bank-a', { page: 1, pageSize: 2 });
    expect(firstPage.total).toBe(3);
    expect(firstPage.items.map((client) => client.id)).toEqual(['a1', 'a2']);
    const searched = await listBankClients(database.knex, 'bank-a', { page: 1, pageSize: 2, q: 'a3' });
    expect([searched.total, searched.items.map((client) => client.id)]).toEqual([1, ['a3']]);
    expect((await listBankClients(database.knex, 'bank-c', { page: 1, pageSize: 2 })).total).toBe(0);
  });

  it('is filled by its migration from the clients already registered', async () => {
    const before = await kept();
    await bankClientCounts.down(database.knex);
    await bankClientCounts.up(database.knex);
    expect(await kept()).toEqual(before);
  });
});
