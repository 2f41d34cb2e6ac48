import { PostgresSnapshotStore } from '../../write-side/event-store/snapshots';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A snapshot is a cache of a stream's fold: a save never replaces a newer one, and one saved in slices
 * is read whole or not at all, whatever another save of the stream does meanwhile.
 */
describe('PostgreSQL snapshot store', () => {
  let database: TestDatabase;
  let store: PostgresSnapshotStore;
  let stream = 0;
  const nextStream = () => `Ledger-${++stream}`;
  const sliceRows = async (streamId: string) =>
    (await database.knex('stream_snapshot_slices').where({ stream_id: streamId }).orderBy(['version', 'slice'])).map((row) => [row.version, row.slice]);

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresSnapshotStore(database.knex);
  });
  afterAll(() => database.drop());

  describe('saved whole', () => {
    it('loads the state at its version, with no slices', async () => {
      const streamId = nextStream();
      await store.save({ streamId, version: 7, state: { height: 7 } });
      expect(await store.load(streamId)).toEqual({ streamId, version: 7, state: { height: 7 } });
    });

    it('never replaces a newer one', async () => {
      const streamId = nextStream();
      await store.save({ streamId, version: 9, state: { height: 9 } });
      await store.save({ streamId, version: 8, state: { height: 8 } });
      expect((await store.load(streamId))!.state).toEqual({ height: 9 });
    });

    it('loads nothing for a stream never saved', async () => {
      expect(await store.load(nextStream())).toBeNull();
    });
  });

  describe('saved in slices', () => {
    it('loads its head with its slices, each the text added, in the order they were added', async () => {
      const streamId = nextStream();
      const saving = store.inSlices(streamId, 12);
      await saving.add(JSON.stringify([['a', 1], ['b', 2]]));
      await saving.add(JSON.stringify([['c', 3], ['d', 4]]));
      await saving.add(JSON.stringify([['e', 5]]));
      await saving.complete(JSON.stringify({ bank: 'x' }));
      expect(await store.load(streamId)).toEqual({ streamId, version: 12, state: { bank: 'x' }, slices: ['[["a",1],["b",2]]', '[["c",3],["d",4]]', '[["e",5]]'] });
    });

    it('is not read before its head is saved: the snapshot before it is', async () => {
      const streamId = nextStream();
      await store.save({ streamId, version: 3, state: { height: 3 } });
      const saving = store.inSlices(streamId, 10);
      await saving.add(JSON.stringify([['a', 1]]));
      expect(await store.load(streamId)).toEqual({ streamId, version: 3, state: { height: 3 } });
    });

    it('drops the slices of the snapshots it replaces, and of saves left unfinished before its version', async () => {
      const streamId = nextStream();
      const first = store.inSlices(streamId, 10);
      await first.add(JSON.stringify([['a', 1]]));
      await first.complete(JSON.stringify({ n: 1 }));
      const unfinished = store.inSlices(streamId, 15);
      await unfinished.add(JSON.stringify([['crashed', 0]]));
      const second = store.inSlices(streamId, 20);
      await second.add(JSON.stringify([['b', 2]]));
      await second.add(JSON.stringify([['c', 3]]));
      await second.complete(JSON.stringify({ n: 2 }));
      expect(await sliceRows(streamId)).toEqual([
        [20, 0],
        [20, 1],
      ]);
      expect((await store.load(streamId))!.slices).toEqual(['[["b",2]]', '[["c",3]]']);
    });

    it('loses to a snapshot of its version or a later one saved meanwhile, and leaves no slice of its own', async () => {
      const streamId = nextStream();
      const slower = store.inSlices(streamId, 30);
      const faster = store.inSlices(streamId, 30);
      await slower.add(JSON.stringify([['slow', 1]]));
      await faster.add(JSON.stringify([['fast', 1]]));
      await faster.complete(JSON.stringify({ by: 'faster' }));
      await slower.complete(JSON.stringify({ by: 'slower' }));
      expect(await store.load(streamId)).toEqual({ streamId, version: 30, state: { by: 'faster' }, slices: ['[["fast",1]]'] });
      expect(await sliceRows(streamId)).toEqual([[30, 0]]);

      const older = store.inSlices(streamId, 25);
      await older.add(JSON.stringify([['old', 1]]));
      await older.complete(JSON.stringify({ by: 'older' }));
      expect((await store.load(streamId))!.state).toEqual({ by: 'faster' });
      expect(await sliceRows(streamId)).toEqual([[30, 0]]);
    });

    it('keeps the slices of a later save under way when it lands (they are that save’s, not leftovers)', async () => {
      const streamId = nextStream();
      const later = store.inSlices(streamId, 50);
      await later.add(JSON.stringify([['later', 1]]));
      const earlier = store.inSlices(streamId, 40);
      await earlier.add(JSON.stringify([['earlier', 1]]));
      await earlier.complete(JSON.stringify({ v: 40 }));
      await later.complete(JSON.stringify({ v: 50 }));
      expect(await store.load(streamId)).toEqual({ streamId, version: 50, state: { v: 50 }, slices: ['[["later",1]]'] });
    });

    it('leaves nothing once given up', async () => {
      const streamId = nextStream();
      const saving = store.inSlices(streamId, 5);
      await saving.add(JSON.stringify([['a', 1]]));
      await saving.discard();
      expect(await sliceRows(streamId)).toEqual([]);
      expect(await store.load(streamId)).toBeNull();
    });

    it('is replaced by a later snapshot saved whole, which drops its slices', async () => {
      const streamId = nextStream();
      const saving = store.inSlices(streamId, 5);
      await saving.add(JSON.stringify([['a', 1]]));
      await saving.complete(JSON.stringify({ v: 5 }));
      await store.save({ streamId, version: 6, state: { v: 6 } });
      expect(await store.load(streamId)).toEqual({ streamId, version: 6, state: { v: 6 } });
      expect(await sliceRows(streamId)).toEqual([]);
    });
  });
});
