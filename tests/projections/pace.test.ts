import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { waitUntil } from '../event-store/event-store-contract';
import { gate } from '../support/gate';
import { createTestDatabase, type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { appendRecorded, appliedRows, createRecordingTable, failingOnceAt, range, recordedType, recordingProjection, waitUntilVisible } from './recording-projection';

/** A recording projection of its own table that reads the events of another scenario's stream. */
const reading = (projection: Projection, scenario: string): Projection => ({ ...projection, handles: [recordedType(scenario)] });

describe('ProjectionRunner: each projection at its own pace', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const logger = createLogger('silent');

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));

  describe('catching up', () => {
    it('lets the others run two batches ahead of a slow projection, no further, and brings both to the head', async () => {
      const [slow, fast] = ['catch_up_slow', 'catch_up_fast'];
      await createRecordingTable(database.knex, slow);
      await createRecordingTable(database.knex, fast);
      await waitUntilVisible(store, await appendRecorded(store, slow, 1, 40));
      const held = gate();
      const runner = new ProjectionRunner(
        store,
        database.knex,
        [recordingProjection(slow, held.passed), reading(recordingProjection(fast), slow)],
        logger,
        { batchSize: 5 },
      );

      const caughtUp = runner.catchUp();
      try {
        // The slow one holds events 1-5; the store is read two batches past them, and the fast one applies all that.
        await waitUntil(async () => (await appliedRows(database.knex, fast)).count === 15);
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect((await appliedRows(database.knex, fast)).sequences).toEqual(range(1, 15));
        expect((await appliedRows(database.knex, slow)).count).toBe(0);
      } finally {
        held.open();
      }

      await expect(caughtUp).resolves.toBe(40);
      for (const name of [slow, fast]) {
        const applied = await appliedRows(database.knex, name);
        expect(applied.sequences).toEqual(range(1, 40));
        expect(applied.distinctEvents).toBe(40);
        expect(applied.transactions).toBe(8);
      }
    });

    it('applies to a projection only the events after its own checkpoint when another one reads the log from further back', async () => {
      // A log of its own, so that the batches fall where the comments say.
      const own = await createTestDatabase();
      try {
        const ownStore = new PostgresEventStore(own.pool);
        const [ahead, fromZero] = ['checkpoint_ahead', 'checkpoint_from_zero'];
        await createRecordingTable(own.knex, ahead);
        await createRecordingTable(own.knex, fromZero);
        await waitUntilVisible(ownStore, await appendRecorded(ownStore, ahead, 1, 7));
        await new ProjectionRunner(ownStore, own.knex, [recordingProjection(ahead)], logger, { batchSize: 5 }).catchUp();
        await waitUntilVisible(ownStore, await appendRecorded(ownStore, ahead, 8, 12));

        // Read in batches 1-5, 6-10, 11-12: the first all behind the checkpoint at 7, the second half.
        const runner = new ProjectionRunner(ownStore, own.knex, [recordingProjection(ahead), reading(recordingProjection(fromZero), ahead)], logger, { batchSize: 5 });
        await expect(runner.catchUp()).resolves.toBe(12);

        const applied = await appliedRows(own.knex, ahead);
        expect(applied.sequences).toEqual(range(1, 12));
        expect(applied.distinctEvents).toBe(12);
        // 1-5 and 6-7 in the first run, 8-10 and 11-12 in the second.
        expect(applied.transactions).toBe(4);
        expect((await appliedRows(own.knex, fromZero)).sequences).toEqual(range(1, 12));
      } finally {
        await own.drop();
      }
    });

    it('starts every projection over from its own checkpoint after a database failure in one of them, each event applied once', async () => {
      const [failing, healthy] = ['outage_failing', 'outage_healthy'];
      await createRecordingTable(database.knex, failing);
      await createRecordingTable(database.knex, healthy);
      await waitUntilVisible(store, await appendRecorded(store, failing, 1, 40));
      const failingOnce = failingOnceAt(failing, 13);
      const runner = new ProjectionRunner(store, database.knex, [failingOnce.projection, reading(recordingProjection(healthy), failing)], logger, {
        batchSize: 5,
        restartDelayMs: 20,
      });

      await runner.start();
      try {
        const last = await appendRecorded(store, failing, 41, 45);
        await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
      } finally {
        await runner.stop();
      }

      expect(failingOnce.failed()).toBe(true);
      for (const name of [failing, healthy]) {
        const applied = await appliedRows(database.knex, name);
        expect(applied.sequences).toEqual(range(1, 45));
        expect(applied.distinctEvents).toBe(45);
      }
    });
  });

  describe('following live events', () => {
    it('answers a wait on a fast projection while a slow one is still writing the same events', async () => {
      const [slow, fast] = ['live_slow', 'live_fast'];
      await createRecordingTable(database.knex, slow);
      await createRecordingTable(database.knex, fast);
      const held = gate();
      const runner = new ProjectionRunner(store, database.knex, [recordingProjection(slow, held.passed), reading(recordingProjection(fast), slow)], logger);
      await runner.start();
      try {
        const last = await appendRecorded(store, slow, 1, 10);
        await expect(runner.waitFor(last, 5000, [fast])).resolves.toBe(true);
        await expect(runner.waitFor(last, 100, [slow])).resolves.toBe(false);
        held.open();
        await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
      } finally {
        held.open();
        await runner.stop();
      }

      for (const name of [slow, fast]) expect((await appliedRows(database.knex, name)).sequences).toEqual(range(1, 10));
    });
  });
});
