import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { eventStoreContract, waitUntil } from './event-store-contract';

describe('PostgreSQL event store contract', () => {
  eventStoreContract(async () => {
    const database = await createTestDatabase();
    return { store: new PostgresEventStore(database.pool), close: () => database.drop() };
  });
});

describe('PostgreSQL append cost does not grow with the number of streams', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('finds each appended stream\'s version through its key, never by reading every stream', async () => {
    await database.pool.query(`insert into event_streams (stream_id, version) select 'Account-' || g, 1 from generate_series(1, 5000) g`);
    await database.pool.query('analyze event_streams');

    const client = await database.pool.connect();
    try {
      await client.query('begin');
      const appends = [{ streamId: 'Account-1', expectedVersion: 1, events: [{ id: randomUUID(), type: 'Renamed', data: {}, metadata: {} }] }];
      const { rows } = await client.query('select * from append_events($1::jsonb)', [JSON.stringify(appends)]);
      const scans = await client.query(`select seq_scan::int from pg_stat_xact_user_tables where relname = 'event_streams'`);
      await client.query('rollback');
      expect(rows[0].next_version).toBe(2);
      expect(scans.rows[0].seq_scan).toBe(0);
    } finally {
      client.release();
    }
  });
});

/** Plan nodes that take rows from a table (a bitmap index scan only marks where they are). */
const TABLE_SCANS = new Set(['Seq Scan', 'Index Scan', 'Index Only Scan', 'Bitmap Heap Scan']);

describe('PostgreSQL stream pages cost the page, not the rest of the stream', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.pool);
    await database.pool.query(`insert into events (event_id, stream_id, stream_version, type, data, metadata)
                               select gen_random_uuid(), 'Ledger-long', g, 'Paid', '{}', '{}' from generate_series(1, 20000) g`);
  });
  afterAll(() => database.drop());

  /** Rows PostgreSQL took from the table to run the statement the store sent, by its own account (EXPLAIN ANALYZE). */
  async function rowsFetchedFor(read: () => Promise<unknown>): Promise<number> {
    const sent = jest.spyOn(database.pool, 'query');
    await read();
    const [first, second] = sent.mock.calls[0] as unknown as [string | { text: string; values: unknown[] }, unknown[] | undefined];
    const { text, values } = typeof first === 'string' ? { text: first, values: second } : first;
    sent.mockRestore();
    const { rows } = await database.pool.query(`explain (analyze, format json) ${text}`, values);
    type PlanNode = { 'Node Type': string; 'Actual Rows': number; Plans?: PlanNode[] };
    const fetched = (node: PlanNode): number =>
      (TABLE_SCANS.has(node['Node Type']) ? node['Actual Rows'] : 0) + (node.Plans ?? []).reduce((sum, child) => sum + fetched(child), 0);
    return fetched(rows[0]['QUERY PLAN'][0].Plan as PlanNode);
  }

  it('reads a page from the middle of a 20,000-event stream by fetching that page’s events alone', async () => {
    const page = await store.readStream('Ledger-long', { afterVersion: 5000, limit: 100 });
    expect(page.map((event) => event.streamVersion)).toEqual(Array.from({ length: 100 }, (_, index) => 5001 + index));
    expect(await rowsFetchedFor(() => store.readStream('Ledger-long', { afterVersion: 5000, limit: 100 }))).toBeLessThanOrEqual(100);
    expect(await rowsFetchedFor(() => store.readStream('Ledger-long', { limit: 1 }))).toBeLessThanOrEqual(1);
  });

  it('reads a stream’s last, shorter page, and nothing past its end', async () => {
    expect((await store.readStream('Ledger-long', { afterVersion: 19990, limit: 100 })).map((event) => event.streamVersion)).toEqual(
      Array.from({ length: 10 }, (_, index) => 19991 + index),
    );
    expect(await store.readStream('Ledger-long', { afterVersion: 20000, limit: 100 })).toEqual([]);
  });
});

describe('PostgreSQL feed with its readers named', () => {
  let store: PostgresEventStore;
  withEventStoreDatabase((fixture) => ({ store } = fixture));

  const metadata = (appliedInline?: string[]) => ({
    actorId: null,
    organizationId: null,
    correlationId: 'test',
    causationId: null,
    occurredAt: '2026-11-24T00:00:00.000Z',
    schemaVersion: 1,
    ...(appliedInline ? { appliedInline } : {}),
  });
  const feed = { readersByType: new Map([['Paid', ['payments']], ['Audited', ['payments', 'audit']]]) };

  it('leaves out the data of events every reader applied inline and of events no reader handles, and keeps the rest', async () => {
    await store.append(
      'Ledger-1',
      [
        { id: randomUUID(), type: 'Paid', data: { amount: '1' }, metadata: metadata(['payments']) },
        { id: randomUUID(), type: 'Paid', data: { amount: '2' }, metadata: metadata() },
        { id: randomUUID(), type: 'Audited', data: { amount: '3' }, metadata: metadata(['payments']) },
        { id: randomUUID(), type: 'Audited', data: { amount: '4' }, metadata: metadata(['payments', 'audit']) },
        { id: randomUUID(), type: 'Renamed', data: { name: 'x' }, metadata: metadata() },
      ],
      0,
    );
    // The feed shows a commit once every older transaction on the server has ended (other suites run beside this one).
    await waitUntil(async () => (await store.readAll(null, 10)).length === 5);
    const read = await store.readAll(null, 10, feed);
    expect(read.map((event) => [event.type, event.data])).toEqual([
      ['Paid', null],
      ['Paid', { amount: '2' }],
      ['Audited', { amount: '3' }],
      ['Audited', null],
      ['Renamed', null],
    ]);
    expect(read[0]!.metadata.appliedInline).toEqual(['payments']);
    expect((await store.readAll(null, 10)).map((event) => event.data)).toEqual([{ amount: '1' }, { amount: '2' }, { amount: '3' }, { amount: '4' }, { name: 'x' }]);
  });
});
