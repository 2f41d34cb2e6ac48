import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { createTestDatabase } from '../support/test-database';
import { eventStoreContract } from './event-store-contract';

describe('PostgreSQL event store contract', () => {
  eventStoreContract(async () => {
    const database = await createTestDatabase();
    return { store: new PostgresEventStore(database.pool), close: () => database.drop() };
  });
});
