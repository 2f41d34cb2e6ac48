import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

const metadata = { actorId: null, organizationId: null, correlationId: 'c', causationId: null, occurredAt: new Date(0).toISOString(), schemaVersion: 1 };

describe('PostgreSQL event store smoke', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('appends and reads back a stream', async () => {
    const store = new PostgresEventStore(database.pool);
    await store.append('s-1', [{ id: randomUUID(), type: 'Happened', data: { n: 1 }, metadata }], 0);
    const events = await store.readStream('s-1');
    expect(events.map((event) => [event.type, event.streamVersion])).toEqual([['Happened', 1]]);
    expect((await store.readAll(null, 10)).length).toBe(1);
  });
});
