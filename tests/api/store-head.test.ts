import { randomUUID } from 'node:crypto';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { newEvent } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { eventsSince, storeHead } from './store-head';

/**
 * The tests' view of the store's head (tests/api/store-head.ts). The PostgreSQL feed hides a commit
 * while any older transaction on the server still runs; a head read then must wait, not miss it.
 */
describe('the tests’ store head', () => {
  let database: TestDatabase;
  let services: { eventStore: PostgresEventStore; db: TestDatabase['knex'] };

  beforeAll(async () => {
    database = await createTestDatabase();
    services = { eventStore: new PostgresEventStore(database.pool), db: database.knex };
  });
  afterAll(() => database.drop());

  const append = (type: string) => services.eventStore.append(`Head-${randomUUID()}`, [newEvent(type)], 0);

  it('counts an event committed while an older transaction on the server is still open', async () => {
    const before = await storeHead(services);
    const older = await database.pool.connect();
    try {
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      const appended = await append('CommittedBehindAnOlderTransaction');
      setTimeout(() => void older.query('commit'), 300);
      expect(await storeHead(services)).toEqual(appended.position);
      expect(await eventsSince(services, before)).toEqual([expect.stringMatching(/:CommittedBehindAnOlderTransaction$/)]);
    } finally {
      older.release();
    }
  });
});
