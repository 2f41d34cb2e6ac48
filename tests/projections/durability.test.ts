import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { settingWhileRebuilding, settingWhileRunning } from './recording-projection';

/**
 * A read model is derived from events that are on disk before any projection can read them, and its
 * rows and checkpoint commit together: a batch whose commit a server crash loses is applied again
 * from the checkpoint before it. So the runner's batches do not wait for the disk; a rebuild, which an
 * operator is told is done, does.
 */
describe('ProjectionRunner: what a commit waits for', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));

  it('commits a catch-up batch and a live one without waiting for the disk', async () => {
    const { applied, afterwards } = await settingWhileRunning(database.knex, store, 'durability_batches', 'synchronous_commit');
    expect(applied).toEqual(['off', 'off', 'off', 'off', 'off']);
    // The setting is the transaction's own: the pool's connections go back as the server has them.
    expect(afterwards).toBe('on');
  });

  it('commits a rebuild only once it is on disk', async () => {
    expect(await settingWhileRebuilding(database.knex, store, 'durability_rebuild', 'synchronous_commit')).toEqual(['on', 'on', 'on']);
  });
});
