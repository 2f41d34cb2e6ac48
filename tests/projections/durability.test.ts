import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { appendRecorded, runnerNotingSetting, waitUntilVisible } from './recording-projection';

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

  const noting = (name: string) => runnerNotingSetting(database.knex, store, name, 'synchronous_commit');

  it('commits a catch-up batch and a live one without waiting for the disk', async () => {
    const name = 'durability_batches';
    const { runner, settings } = await noting(name);
    await runner.start();
    try {
      const last = await appendRecorded(store, name, 4, 5);
      await waitUntilVisible(store, last);
      await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
    } finally {
      await runner.stop();
    }
    expect(settings).toHaveLength(5);
    expect(new Set(settings)).toEqual(new Set(['off']));
    // The setting is the transaction's own: the pool's connections go back as the server has them.
    const { rows } = await database.knex.raw(`select current_setting('synchronous_commit') as setting`);
    expect(rows[0].setting).toBe('on');
  });

  it('commits a rebuild only once it is on disk', async () => {
    const name = 'durability_rebuild';
    const { runner, settings } = await noting(name);
    await runner.rebuild(name);
    expect(settings).toEqual(['on', 'on', 'on']);
  });
});
