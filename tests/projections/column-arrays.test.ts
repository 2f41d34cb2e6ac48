import { insertRows, textArray, unnested, type Columns } from '../../projections/column-arrays';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

interface Row {
  id: string;
  note: string | null;
  amount: string;
  flag: boolean;
  at: string;
  details: unknown;
}

const COLUMNS: Columns<Row> = [
  ['id', 'text'],
  ['note', 'text'],
  ['amount', 'numeric'],
  ['flag', 'boolean'],
  ['at', 'timestamptz'],
  ['details', 'jsonb'],
];

/**
 * Rows reach PostgreSQL as one binary text array per column: every value must arrive exactly as it was,
 * whatever text a client put in it (a payment's reference is free text).
 */
describe('column arrays (rows as typed arrays, unnested)', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.knex.raw(`
      create table ca_rows (
        id text primary key,
        note text,
        amount numeric(78, 0) not null,
        flag boolean not null,
        at timestamptz not null,
        details jsonb
      )`);
  });
  afterAll(() => database.drop());
  beforeEach(() => database.knex.raw('truncate ca_rows'));

  const stored = () =>
    database
      .knex('ca_rows')
      .orderBy('id')
      .select('id', 'note', database.knex.raw('amount::text as amount'), 'flag', database.knex.raw(`to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as at`), 'details');

  const awkwardNotes = [
    'plain',
    'with "double quotes"',
    'back\\slash and \\" both',
    'commas, {braces}, and spaces',
    'NULL',
    'null',
    '',
    '  leading and trailing  ',
    'üñíçødé ✓ 🙂',
    'new\nline and\ttab',
    'a line separator \u2028, a paragraph separator \u2029 and a control \u0001',
    'a JSON escape written out: \\u0041 \\n \\"',
  ];

  it('inserts every row with each value as it was: quotes, backslashes, braces, the text NULL, empty text, unicode', async () => {
    const rows: Row[] = awkwardNotes.map((note, index) => ({
      id: `row-${String(index).padStart(2, '0')}`,
      note,
      amount: `${index + 1}000000000000000000000000000001`,
      flag: index % 2 === 0,
      at: `2026-01-0${(index % 9) + 1}T10:20:30.456Z`,
      details: { note, list: [index, 'a"b'] },
    }));
    const { sql, values } = insertRows('ca_rows', COLUMNS, rows);
    await database.knex.raw(sql, values);

    expect(await stored()).toEqual(rows);
  });

  it('writes null and undefined as NULL, not as text', async () => {
    const rows = [
      { id: 'a', note: null, amount: '1', flag: true, at: '2026-01-01T00:00:00.000Z', details: null },
      { id: 'b', note: undefined as unknown as null, amount: '2', flag: false, at: '2026-01-01T00:00:00.000Z', details: undefined },
    ];
    const { sql, values } = insertRows('ca_rows', COLUMNS, rows);
    await database.knex.raw(sql, values);

    expect(await stored()).toEqual([
      { id: 'a', note: null, amount: '1', flag: true, at: '2026-01-01T00:00:00.000Z', details: null },
      { id: 'b', note: null, amount: '2', flag: false, at: '2026-01-01T00:00:00.000Z', details: null },
    ]);
  });

  it('writes any value of a jsonb column as JSON, a string or a number too', async () => {
    const rows = ['text', 'NULL', 42, true, ['a', { b: 'c"d\\e' }]].map((details, index) => ({
      id: `j${index}`,
      note: null,
      amount: '1',
      flag: true,
      at: '2026-01-01T00:00:00.000Z',
      details,
    }));
    const { sql, values } = insertRows('ca_rows', COLUMNS, rows);
    await database.knex.raw(sql, values);

    expect((await stored()).map((row) => row.details)).toEqual(['text', 'NULL', 42, true, ['a', { b: 'c"d\\e' }]]);
  });

  it('takes bigint amounts and Date timestamps', async () => {
    const rows = [{ id: 'a', note: 'x', amount: 123456789012345678901234567890n, flag: true, at: new Date('2026-03-04T05:06:07.089Z'), details: [] }];
    const { sql, values } = insertRows('ca_rows', COLUMNS as never, rows);
    await database.knex.raw(sql, values);

    expect(await stored()).toEqual([{ id: 'a', note: 'x', amount: '123456789012345678901234567890', flag: true, at: '2026-03-04T05:06:07.089Z', details: [] }]);
  });

  it('inserts nothing for no rows', async () => {
    const { sql, values } = insertRows('ca_rows', COLUMNS, []);
    await database.knex.raw(sql, values);

    expect(await stored()).toEqual([]);
  });

  it('hands its rows on as it unnests them, never storing them all first (no function scan)', async () => {
    const rows = Array.from({ length: 3 }, (_, index) => ({ id: `p${index}`, note: null, amount: '1', flag: true, at: '2026-01-01T00:00:00.000Z', details: null }));
    const { sql, values } = insertRows('ca_rows', COLUMNS, rows);
    const plan = JSON.stringify((await database.knex.raw(`explain (format json) ${sql}`, values)).rows[0]['QUERY PLAN']);

    expect(plan).toContain('"Node Type":"ProjectSet"');
    expect(plan).not.toContain('"Node Type":"Function Scan"');
  });

  it('pairs the columns’ values row by row', async () => {
    const rows = Array.from({ length: 50 }, (_, index) => ({
      id: `r${String(index).padStart(2, '0')}`,
      note: index % 3 === 0 ? null : `note ${index}`,
      amount: String(index * 7),
      flag: index % 2 === 0,
      at: `2026-01-01T00:00:${String(index).padStart(2, '0')}.000Z`,
      details: { index },
    }));
    const { sql, values } = insertRows('ca_rows', COLUMNS, rows);
    await database.knex.raw(sql, values);

    expect(await stored()).toEqual(rows);
  });

  it('serves as the source of an update joined by key, as the projections use it', async () => {
    await database.knex('ca_rows').insert([
      { id: 'a', note: 'old', amount: '10', flag: false, at: '2026-01-01T00:00:00Z' },
      { id: 'b', note: 'old', amount: '20', flag: false, at: '2026-01-01T00:00:00Z' },
    ]);
    const changes = unnested<Pick<Row, 'id' | 'note' | 'amount'>>(
      [
        ['id', 'text'],
        ['note', 'text'],
        ['amount', 'numeric'],
      ],
      [{ id: 'b', note: 'a "new" note, {really}', amount: '5' }],
    );
    await database.knex.raw(`update ca_rows t set note = v.note, amount = t.amount + v.amount from ${changes.source} where t.id = v.id`, changes.values);

    expect((await stored()).map(({ id, note, amount }) => ({ id, note, amount }))).toEqual([
      { id: 'a', note: 'old', amount: '10' },
      { id: 'b', note: 'a "new" note, {really}', amount: '25' },
    ]);
  });
});

describe('textArray', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  const read = async (array: Buffer): Promise<unknown> => (await database.knex.raw('select ?::text[] as elements', [array])).rows[0].elements;

  it('is read by PostgreSQL as the same text, element by element, nulls as NULL', async () => {
    const values = ['a', 'b,c', 'd"e', 'f\\g', null, undefined, 7, true, '', 'NULL', 'üñí 🙂', 'x'.repeat(500)];

    expect(await read(textArray(values))).toEqual(['a', 'b,c', 'd"e', 'f\\g', null, null, '7', 'true', '', 'NULL', 'üñí 🙂', 'x'.repeat(500)]);
  });

  it('carries values as JSON for a jsonb column', async () => {
    expect(await read(textArray(['text', 42, { a: 'b"c' }, null], true))).toEqual(['"text"', '42', '{"a":"b\\"c"}', null]);
  });

  it('is an empty array for no values', async () => {
    expect(await read(textArray([]))).toEqual([]);
  });

  it('grows past its first guess of the values’ size (elements of many bytes each)', async () => {
    const values = Array.from({ length: 40 }, (_, index) => `${index}:${'€'.repeat(200)}`);

    expect(await read(textArray(values))).toEqual(values);
  });
});

describe('column types with a modifier', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.knex.raw('create table ca_modified (code character varying(4) primary key, amount numeric(10, 0) not null)');
  });
  afterAll(() => database.drop());

  const columns: Columns<{ code: string; amount: string }> = [
    ['code', 'character varying(4)'],
    ['amount', 'numeric(10,0)'],
  ];

  it('refuses text longer than the column holds, as an insert of the value itself would, rather than cutting it short', async () => {
    const { sql, values } = insertRows('ca_modified', columns, [{ code: 'ABCDE', amount: '1' }]);

    await expect(database.knex.raw(sql, values)).rejects.toThrow(/too long for type character varying\(4\)/);
    expect(await database.knex('ca_modified').count({ rows: '*' })).toEqual([{ rows: '0' }]);
  });

  it('rounds a number to the column’s scale, as the column does', async () => {
    const { sql, values } = insertRows('ca_modified', columns, [{ code: 'AB', amount: '2.5' }]);
    await database.knex.raw(sql, values);

    expect(await database.knex('ca_modified').select('code', database.knex.raw('amount::text as amount'))).toEqual([{ code: 'AB', amount: '3' }]);
  });
});
