import * as clientSearch from '../../migrations/20261216000100_client_search';
import { listBankClients } from '../../read-side/instant-payments';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A bank's search of its clients (`GET /instant-payments/bank/clients?q=`): part of a name or an alias,
 * whatever its case, the bank's own clients only, with the count of the matches; found through a
 * trigram index, so a bank with many clients does not read them all for each search.
 */
describe('Instant Payments: a bank searches its clients by part of a name or alias', () => {
  let database: TestDatabase;
  const client = (id: string, organization_id: string, name: string, alias: string | null, created_at: string) => ({
    id,
    organization_id,
    name,
    alias,
    external_ref: null,
    demo: false,
    active: true,
    balance: '0',
    created_at: new Date(created_at),
    updated_at: new Date(created_at),
  });
  const search = async (organizationId: string, q: string) => {
    const page = await listBankClients(database.knex, organizationId, { page: 1, pageSize: 10, q });
    return { total: page.total, ids: page.items.map((shown) => shown.id) };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.knex('ip_clients').insert([
      client('a1', 'bank-a', 'Maria Silva', 'maria.silva', '2026-11-01T10:00:00.000Z'),
      client('a2', 'bank-a', 'João Silveira', 'joao', '2026-11-01T10:01:00.000Z'),
      client('a3', 'bank-a', 'Padaria 50% Off', 'padaria_50', '2026-11-01T10:02:00.000Z'),
      client('a4', 'bank-a', 'Ana 500 Ltda', 'ana500', '2026-11-01T10:03:00.000Z'),
      client('a5', 'bank-a', 'Carlos', null, '2026-11-01T10:04:00.000Z'),
      client('b1', 'bank-b', 'Maria Silva', 'maria.b', '2026-11-01T10:05:00.000Z'),
    ]);
  });
  afterAll(() => database.drop());

  it('finds part of a name or of an alias, whatever its case, newest first, and counts the matches', async () => {
    expect(await search('bank-a', 'silv')).toEqual({ total: 2, ids: ['a2', 'a1'] });
    expect(await search('bank-a', 'MARIA.S')).toEqual({ total: 1, ids: ['a1'] });
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

  it('finds them through the search index, not by reading every client of the bank', async () => {
    await database.knex.raw(`
      insert into ip_clients (id, organization_id, name, alias, external_ref, demo, active, balance, created_at, updated_at)
      select 'many-' || n, 'bank-a', 'Client ' || md5(n::text), 'alias' || n, null, false, true, 0, now(), now()
        from generate_series(1, 50000) as n;
      analyze ip_clients;
    `);
    const statements: Array<{ sql: string; bindings: readonly unknown[] }> = [];
    const record = (query: { sql: string; bindings: readonly unknown[] }) => statements.push(query);
    database.knex.on('query', record);
    try {
      expect(await search('bank-a', 'silv')).toEqual({ total: 2, ids: ['a2', 'a1'] });
    } finally {
      database.knex.off('query', record);
    }
    expect(statements).toHaveLength(2);
    for (const { sql, bindings } of statements) {
      const [{ 'QUERY PLAN': plan }] = (await database.knex.raw(`explain (format json) ${sql.replace(/\$\d+/g, '?')}`, bindings as never)).rows;
      const scans = JSON.stringify(plan).match(/"Index Name":"\w+"|"Node Type":"Seq Scan"/g);
      expect(scans).toEqual(expect.arrayContaining(['"Index Name":"ip_clients_search"']));
      expect(scans).not.toContain('"Node Type":"Seq Scan"');
    }
  });

  it('is added by its migration with room on each page for updates in place, and taken away by its undo', async () => {
    const shape = async () => {
      const { rows } = await database.knex.raw(`
        select (select count(*)::int from pg_indexes where tablename = 'ip_clients' and indexname = 'ip_clients_search') as indexes,
               (select reloptions from pg_class where relname = 'ip_clients') as options`);
      return rows[0];
    };
    expect(await shape()).toEqual({ indexes: 1, options: ['fillfactor=90'] });
    await clientSearch.down(database.knex);
    expect(await shape()).toEqual({ indexes: 0, options: null });
    await clientSearch.up(database.knex);
    expect(await shape()).toEqual({ indexes: 1, options: ['fillfactor=90'] });
  });
});
