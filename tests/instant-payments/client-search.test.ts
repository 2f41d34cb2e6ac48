import * as clientSearch from '../../migrations/20261216000100_client_search';
import { instantPaymentsProjection } from '../../projections/instant-payments';
import { listBankClients } from '../../read-side/instant-payments';
import { clientRegistration } from '../support/instant-payments-events';
import { eventLog } from '../support/recorded-events';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A bank's search of its clients (`GET /organizations/:id/instant-payments/clients?q=`): part of a name
 * or an alias, whatever its case, the bank's own clients only, with the count of the matches; found
 * through a trigram index on a table of names and aliases that no payment writes, so a bank with many
 * clients does not read them all for each search.
 */
describe('Instant Payments: a bank searches its clients by part of a name or alias', () => {
  let database: TestDatabase;
  const event = eventLog('2026-11-01T10:00:00.000Z');
  const registered = (bank: string, client: string, name: string) =>
    event(`ip-bank-${bank}`, 'InstantPaymentClientRegistered', { ...clientRegistration(bank, client, '100'), name });
  const aliased = (bank: string, client: string, alias: string) => event(`ip-bank-${bank}`, 'InstantPaymentAliasActivated', { clientId: client, organizationId: bank, alias });
  const apply = (events: ReturnType<typeof event>[]) => database.knex.transaction((trx) => instantPaymentsProjection.applyBatch(trx, events));
  const search = async (organizationId: string, q: string) => {
    const page = await listBankClients(database.knex, organizationId, { page: 1, pageSize: 10, q });
    return { total: page.total, ids: page.items.map((shown) => shown.id) };
  };
  const searchRows = () => database.knex('ip_client_search').orderBy('id').select('*');

  beforeAll(async () => {
    database = await createTestDatabase();
    await apply([
      registered('bank-a', 'a1', 'Maria Silva'),
      registered('bank-a', 'a2', 'João Silveira'),
      aliased('bank-a', 'a1', 'maria.silva'),
      registered('bank-a', 'a3', 'Padaria 50% Off'),
      registered('bank-a', 'a4', 'Ana 500 Ltda'),
      registered('bank-b', 'b1', 'Maria Silva'),
    ]);
    // Aliases activated in a later batch than their clients' registration.
    await apply([aliased('bank-a', 'a2', 'joao'), aliased('bank-a', 'a3', 'padaria_50'), aliased('bank-a', 'a4', 'ana500'), aliased('bank-b', 'b1', 'maria.b'), registered('bank-a', 'a5', 'Carlos')]);
  });
  afterAll(() => database.drop());

  it('keeps each client’s name and alias to search by, as they register and activate aliases', async () => {
    expect(await searchRows()).toEqual([
      { id: 'a1', organization_id: 'bank-a', name: 'Maria Silva', alias: 'maria.silva' },
      { id: 'a2', organization_id: 'bank-a', name: 'João Silveira', alias: 'joao' },
      { id: 'a3', organization_id: 'bank-a', name: 'Padaria 50% Off', alias: 'padaria_50' },
      { id: 'a4', organization_id: 'bank-a', name: 'Ana 500 Ltda', alias: 'ana500' },
      { id: 'a5', organization_id: 'bank-a', name: 'Carlos', alias: null },
      { id: 'b1', organization_id: 'bank-b', name: 'Maria Silva', alias: 'maria.b' },
    ]);
  });

  it('finds part of a name or of an alias, whatever its case, and counts the matches', async () => {
    expect(await search('bank-a', 'silv')).toEqual({ total: 2, ids: ['a1', 'a2'] });
    expect(await search('bank-a', 'MARIA.S')).toEqual({ total: 1, ids: ['a1'] });
    expect(await search('bank-a', 'JOAO')).toEqual({ total: 1, ids: ['a2'] });
    expect(await search('bank-a', 'carl')).toEqual({ total: 1, ids: ['a5'] });
    expect(await search('bank-a', 'nobody')).toEqual({ total: 0, ids: [] });
  });

  it("finds none of another bank's clients", async () => {
    expect(await search('bank-b', 'maria')).toEqual({ total: 1, ids: ['b1'] });
    expect(await search('bank-b', 'joao')).toEqual({ total: 0, ids: [] });
  });

  it('takes %, _ and \\ as the characters typed, not as wildcards', async () => {
    expect(await search('bank-a', '50%')).toEqual({ total: 1, ids: ['a3'] });
    expect(await search('bank-a', 'a_5')).toEqual({ total: 1, ids: ['a3'] });
    expect(await search('bank-a', '_')).toEqual({ total: 1, ids: ['a3'] });
    expect(await search('bank-a', '%')).toEqual({ total: 1, ids: ['a3'] });
    expect(await search('bank-a', '\\')).toEqual({ total: 0, ids: [] });
  });

  it('is filled by its migration from the clients already registered', async () => {
    const before = await searchRows();
    await clientSearch.down(database.knex);
    await clientSearch.up(database.knex);
    expect(await searchRows()).toEqual(before);
  });

  it('finds them through the search index, not by reading every client of the bank', async () => {
    await database.knex.raw(`
      insert into ip_clients (id, organization_id, name, alias, external_ref, demo, active, balance, created_at, updated_at)
      select 'many-' || n, 'bank-a', 'Client ' || md5(n::text), 'alias' || n, null, false, true, 0, now(), now()
        from generate_series(1, 50000) as n;
      insert into ip_client_search (id, organization_id, name, alias) select id, organization_id, name, alias from ip_clients where id like 'many-%';
      analyze ip_clients, ip_client_search;
    `);
    const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    const record = (query: { sql: string; bindings: readonly unknown[] }) => statements.push(query);
    database.knex.on('query', record);
    try {
      expect(await search('bank-a', 'silv')).toEqual({ total: 2, ids: ['a1', 'a2'] });
    } finally {
      database.knex.off('query', record);
    }
    // The page with its count as a column: one statement, one snapshot (read-side/pagination.ts).
    expect(statements.map(({ sql }) => sql.split(' ')[0])).toEqual(['select']);
    const [{ sql, bindings }] = statements;
    const [{ 'QUERY PLAN': plan }] = (await database.knex.raw(`explain (format json) ${sql.replace(/\$\d+/g, '?')}`, bindings as never)).rows;
    const scans = JSON.stringify(plan).match(/"Index Name":"\w+"|"Node Type":"Seq Scan"/g);
    expect(scans).toEqual(expect.arrayContaining(['"Index Name":"ip_client_search_text"']));
    expect(scans).not.toContain('"Node Type":"Seq Scan"');
  });
});
