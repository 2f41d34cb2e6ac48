import { TableChanges } from '../../projections/table-changes';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A batch's changes, gathered in memory and written set-based, leave the table as the same changes
 * run one statement at a time would.
 */
describe('TableChanges', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.knex.raw(`
      create table tc_items (
        id text primary key,
        name text not null,
        note text,
        tags jsonb not null default '[]',
        archived boolean not null default false,
        changed_at timestamptz
      )`);
  });
  afterAll(() => database.drop());
  beforeEach(() => database.knex.raw('truncate tc_items'));

  const rows = () => database.knex('tc_items').orderBy('id').select('id', 'name', 'note', 'tags', 'archived', database.knex.raw(`to_char(changed_at at time zone 'UTC', 'YYYY-MM-DD') as changed_at`));
  const write = (changes: TableChanges) => database.knex.transaction((trx) => changes.write(trx));

  it('inserts, then merges each row\'s updates (the later one winning per column), with defaults for what rows leave out', async () => {
    const changes = new TableChanges('tc_items');
    changes.insert({ id: 'a', name: 'Alpha', note: null });
    changes.insert({ id: 'b', name: 'Beta', tags: ['x', 'y'] });
    changes.update('a', { name: 'Alfa', changed_at: '2026-01-02T00:00:00.000Z' });
    changes.update('a', { note: 'second', archived: true });
    changes.update('b', { note: 'kept' });
    changes.update('b', { note: null });
    changes.update('missing', { name: 'nobody' });
    await write(changes);

    expect(await rows()).toEqual([
      { id: 'a', name: 'Alfa', note: 'second', tags: [], archived: true, changed_at: '2026-01-02' },
      { id: 'b', name: 'Beta', note: null, tags: ['x', 'y'], archived: false, changed_at: null },
    ]);
  });

  it('inserts rows that leave out different columns without defaults in one statement, and those that give a defaulted column in another', async () => {
    const changes = new TableChanges('tc_items');
    changes.insert({ id: 's1', name: 'One', note: 'noted' });
    changes.insert({ id: 's2', name: 'Two' });
    changes.insert({ id: 's3', name: 'Three', changed_at: '2026-03-04T00:00:00.000Z' });
    changes.insert({ id: 's4', name: 'Four', archived: true });
    const inserts: string[] = [];
    const seen = ({ sql }: { sql: string }) => {
      if (/^insert into "tc_items"/.test(sql)) inserts.push(sql);
    };
    database.knex.on('query', seen);
    try {
      await write(changes);
    } finally {
      database.knex.off('query', seen);
    }

    expect(inserts).toHaveLength(2);
    expect((await rows()).filter((row) => row.id.startsWith('s'))).toEqual([
      { id: 's1', name: 'One', note: 'noted', tags: [], archived: false, changed_at: null },
      { id: 's2', name: 'Two', note: null, tags: [], archived: false, changed_at: null },
      { id: 's3', name: 'Three', note: null, tags: [], archived: false, changed_at: '2026-03-04' },
      { id: 's4', name: 'Four', note: null, tags: [], archived: true, changed_at: null },
    ]);
  });

  it('applies updates to rows written by earlier batches, and deletes them', async () => {
    const first = new TableChanges('tc_items');
    first.insert({ id: 'a', name: 'Alpha' });
    first.insert({ id: 'b', name: 'Beta' });
    first.insert({ id: 'c', name: 'Gamma' });
    await write(first);

    const second = new TableChanges('tc_items');
    second.update('a', { tags: { nested: [1, 2] } });
    second.update('b', { name: 'lost' });
    second.delete('b');
    second.delete('c');
    second.insert({ id: 'c', name: 'Gamma again' });
    second.update('c', { note: 'new row' });
    await write(second);

    expect(await rows()).toEqual([
      { id: 'a', name: 'Alpha', note: null, tags: { nested: [1, 2] }, archived: false, changed_at: null },
      { id: 'c', name: 'Gamma again', note: 'new row', tags: [], archived: false, changed_at: null },
    ]);
  });

  it('ignores an insert of an existing key when told to, still applying later updates to the row that exists', async () => {
    const first = new TableChanges('tc_items', { onConflict: 'ignore' });
    first.insert({ id: 'a', name: 'Alpha' });
    await write(first);

    const second = new TableChanges('tc_items', { onConflict: 'ignore' });
    second.insert({ id: 'a', name: 'Replayed' });
    second.update('a', { note: 'after' });
    await write(second);

    expect(await rows()).toEqual([{ id: 'a', name: 'Alpha', note: 'after', tags: [], archived: false, changed_at: null }]);
  });

  it('gives a row it inserts its initial values, leaves a row already there without them, and says which rows it inserted', async () => {
    const first = new TableChanges('tc_items', { onConflict: 'ignore' });
    first.insert({ id: 'a', name: 'Alpha' });
    expect([...(await write(first))]).toEqual(['a']);

    const second = new TableChanges('tc_items', { onConflict: 'ignore' });
    second.insert({ id: 'a', name: 'Replayed' });
    second.insert({ id: 'b', name: 'Beta' });
    second.initial('a', { note: 'initial a' });
    second.initial('b', { note: 'initial b' });
    second.initial('c', { note: 'never inserted' });
    expect([...(await write(second))]).toEqual(['b']);

    expect(await rows()).toEqual([
      { id: 'a', name: 'Alpha', note: null, tags: [], archived: false, changed_at: null },
      { id: 'b', name: 'Beta', note: 'initial b', tags: [], archived: false, changed_at: null },
    ]);
    const failing = new TableChanges('tc_items');
    failing.insert({ id: 'd', name: 'Delta' });
    expect([...(await write(failing))]).toEqual(['d']);
  });

  it('updates rows through the key\'s index, never by reading the whole table', async () => {
    await database.knex.raw(`insert into tc_items (id, name) select 'row-' || g, 'n' from generate_series(1, 5000) g`);
    await database.knex.raw('analyze tc_items');
    const changes = new TableChanges('tc_items');
    changes.update('row-7', { note: 'changed' });
    changes.update('row-4000', { archived: true });
    const statements: Array<{ sql: string; bindings: unknown[] }> = [];
    const capture = (query: { sql: string; bindings: unknown[] }) => statements.push(query);
    database.knex.on('query', capture);
    await write(changes).finally(() => database.knex.off('query', capture));

    const update = statements.find((statement) => statement.sql.startsWith('update'))!;
    const plan = (await database.pool.query(`explain ${update.sql}`, update.bindings)).rows.map((row: { 'QUERY PLAN': string }) => row['QUERY PLAN']).join('\n');
    expect(plan).not.toMatch(/Seq Scan on tc_items/);
    expect(plan).toMatch(/Index Scan on tc_items_pkey|Index Scan using tc_items_pkey/);
    expect(await database.knex('tc_items').whereIn('id', ['row-7', 'row-4000']).orderBy('id').select('id', 'note', 'archived')).toEqual([
      { id: 'row-4000', note: null, archived: true },
      { id: 'row-7', note: 'changed', archived: false },
    ]);
  });

  it('writes every value as given: quotes, backslashes and braces in text, the text NULL, a JSON string, an explicit null', async () => {
    const first = new TableChanges('tc_items');
    first.insert({ id: 'a', name: 'say "hi", {there}\\', note: 'NULL', tags: 'just a string' });
    first.insert({ id: 'b', name: 'Beta', note: 'to be cleared' });
    await write(first);

    const second = new TableChanges('tc_items');
    second.update('b', { note: null, tags: { quoted: 'a"b' } });
    await write(second);

    expect(await rows()).toEqual([
      { id: 'a', name: 'say "hi", {there}\\', note: 'NULL', tags: 'just a string', archived: false, changed_at: null },
      { id: 'b', name: 'Beta', note: null, tags: { quoted: 'a"b' }, archived: false, changed_at: null },
    ]);
  });

  it('refuses to write an array column, naming it (a column array cannot carry one)', async () => {
    await database.knex.raw('create table tc_listed (id text primary key, labels text[])');
    const changes = new TableChanges('tc_listed');
    changes.insert({ id: 'a', labels: ['x'] });

    await expect(write(changes)).rejects.toThrow('tc_listed.labels: an array column cannot be written as a column array');
    expect(await database.knex('tc_listed').count({ count: '*' })).toEqual([{ count: '0' }]);
  });

  it('fails on an insert of an existing key by default, and on a change without a key', async () => {
    const first = new TableChanges('tc_items');
    first.insert({ id: 'a', name: 'Alpha' });
    await write(first);

    const again = new TableChanges('tc_items');
    again.insert({ id: 'a', name: 'Again' });
    await expect(write(again)).rejects.toMatchObject({ code: '23505' });
    expect(() => again.insert({ id: 'a', name: 'Twice in a batch' })).toThrow('tc_items: a inserted twice');
    expect(() => again.update(undefined, { name: 'x' })).toThrow('tc_items: update without id');
    expect(() => again.delete('')).toThrow('tc_items: delete without id');
  });
});
