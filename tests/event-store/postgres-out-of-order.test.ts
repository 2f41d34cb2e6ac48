import pg from 'pg';
import type { GlobalPosition, NewEvent, RecordedEvent } from '../../write-side/event-store/event-store';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { newEvent, newStreamId, waitUntil } from './event-store-contract';

/**
 * PostgreSQL hands out positions when rows are inserted, but transactions commit in any order. A
 * subscriber must never move past an event that is still uncommitted, or it would skip it for good.
 */
describe('PostgreSQL event store: transactions that commit out of order', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let slowWriter: pg.Client;

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));
  beforeEach(async () => {
    slowWriter = new pg.Client({ connectionString: database.url });
    await slowWriter.connect();
  });
  afterEach(() => slowWriter.end());

  /** Starts an append through the adapter's own SQL in a transaction that stays open. */
  async function beginSlowAppend(streamId: string, event: NewEvent): Promise<void> {
    await slowWriter.query('begin');
    await slowWriter.query('select * from append_events($1::jsonb)', [
      JSON.stringify([{ streamId, expectedVersion: 0, events: [event] }]),
    ]);
  }

  function subscribeFrom(after: GlobalPosition) {
    const received: RecordedEvent[] = [];
    const subscription = store.subscribe(after).subscribe((event) => received.push(event));
    return { received, stop: () => subscription.unsubscribe() };
  }

  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('holds a subscriber before an open transaction, then delivers its event first and every later one once', async () => {
    const marker = (await store.append(newStreamId(), [newEvent('MarkerPlaced')], 0)).position;
    const subscriber = subscribeFrom(marker);
    try {
      const early = newEvent('CommittedBefore');
      await store.append(newStreamId(), [early], 0);
      await waitUntil(() => subscriber.received.length === 1);

      const late = newEvent('CommittedLate');
      await beginSlowAppend(newStreamId(), late);
      const after = [newEvent('CommittedAfter1'), newEvent('CommittedAfter2'), newEvent('CommittedAfter3')];
      for (const event of after) await store.append(newStreamId(), [event], 0);
      await pause(400); // several polling rounds and notifications

      expect(subscriber.received.map((event) => event.id)).toEqual([early.id]);
      expect(await store.readAll(marker, 100)).toHaveLength(1);

      await slowWriter.query('commit');
      await waitUntil(() => subscriber.received.length >= 5);
      await pause(300); // room for a duplicate to show up

      expect(subscriber.received.map((event) => event.id)).toEqual([early, late, ...after].map((event) => event.id));
    } finally {
      subscriber.stop();
    }
  });

  it('moves on past a transaction that rolls back, delivering everything committed after it', async () => {
    const marker = (await store.append(newStreamId(), [newEvent('MarkerPlaced')], 0)).position;
    const subscriber = subscribeFrom(marker);
    try {
      await beginSlowAppend(newStreamId(), newEvent('NeverCommitted'));
      const after = [newEvent('CommittedAfter1'), newEvent('CommittedAfter2')];
      for (const event of after) await store.append(newStreamId(), [event], 0);
      await pause(200);
      expect(subscriber.received).toEqual([]);

      await slowWriter.query('rollback');
      await waitUntil(() => subscriber.received.length >= 2);
      await pause(200);

      expect(subscriber.received.map((event) => event.id)).toEqual(after.map((event) => event.id));
    } finally {
      subscriber.stop();
    }
  });

  it('keeps a stream in order in the global order when two writers append to it with any version', async () => {
    const streamId = newStreamId();
    const marker = (await store.append(newStreamId(), [newEvent('MarkerPlaced')], 0)).position;
    await beginSlowAppend(streamId, newEvent('First'));
    // The second writer waits on the stream's lock and only then takes its transaction id.
    const second = store.append(streamId, [newEvent('Second')], 'any');
    await pause(100);
    await slowWriter.query('commit');
    await second;

    await waitUntil(async () => (await store.readAll(marker, 10)).length === 2);
    const all = await store.readAll(marker, 10);
    expect(all.map((event) => [event.type, event.streamVersion])).toEqual([
      ['First', 1],
      ['Second', 2],
    ]);
  });

  it('releases its connections when a subscriber leaves before its LISTEN connection is ready', async () => {
    for (let round = 0; round < 5; round++) store.subscribe(null).subscribe().unsubscribe();

    await waitUntil(() => database.pool.totalCount === database.pool.idleCount);
    expect(database.pool.totalCount - database.pool.idleCount).toBe(0);
  });
});
