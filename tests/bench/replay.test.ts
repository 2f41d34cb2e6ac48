import { replayOnly } from '../../bench/support/replay';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { newEvent } from '../event-store/event-store-contract';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';

/**
 * bench:read's baseline replays the whole log. The store's feed hides commits newer than the oldest
 * transaction still running anywhere on the server, so a page can be empty before the end.
 */
describe('replayOnly (bench:read baseline)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    await store.append('replay-before', [1, 2, 3].map((n) => newEvent('Counted', { n })), 0);
  });

  it('waits out a transaction that hides newer commits, and reads every event', async () => {
    // A transaction with an id, open while three more events commit: the feed stops before them.
    const blocker = await database.pool.connect();
    let open = false;
    try {
      await blocker.query('begin');
      open = true;
      await blocker.query('select pg_current_xact_id()');
      await store.append('replay-after', [4, 5, 6].map((n) => newEvent('Counted', { n })), 0);
      expect((await store.readAll(null, 10)).length).toBeLessThan(6);

      const replayed = replayOnly(store, 6, 2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await blocker.query('commit');
      open = false;
      await expect(replayed).resolves.toBe(6);
    } finally {
      // Never left open: it would hide every newer commit on the server from every test's feed.
      if (open) await blocker.query('rollback');
      blocker.release();
    }
  });

  it('gives up when the events never show', async () => {
    await expect(replayOnly(store, 100, 2, 100)).rejects.toThrow(/^the replay found \d+ of 100 events for 100 ms$/);
  });
});
