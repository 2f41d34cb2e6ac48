import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { newEvent, waitUntil } from '../event-store/event-store-contract';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import {
  appendRecorded,
  appliedRows,
  createRecordingTable,
  failingOnceAt,
  range,
  recordedType,
  recordingProjection,
  waitUntilVisible,
} from './recording-projection';

/**
 * A projection writes its rows and its checkpoint in one transaction, so whatever kills it mid-batch,
 * the restarted runner applies every event exactly once: no duplicates, no gaps.
 */
describe('ProjectionRunner after a crash', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const logger = createLogger('silent');

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));
  afterEach(() => jest.restoreAllMocks());

  describe('a crash during catch-up', () => {
    it('rolls the failing batch back, and a new runner applies every event exactly once', async () => {
      const name = 'catch_up_crash';
      await createRecordingTable(database.knex, name);
      await waitUntilVisible(store, await appendRecorded(store, name, 1, 40));
      let killed = false;
      const crashing = recordingProjection(name, async (trx, sequence) => {
        if (sequence === 23 && !killed) {
          killed = true;
          // The process dies mid-batch: its connection goes with it, and nothing of the batch commits.
          await trx.raw('select pg_terminate_backend(pg_backend_pid())');
        }
      });
      jest.spyOn(console, 'log').mockImplementation(() => undefined); // knex reports the lost connection there

      const first = new ProjectionRunner(store, database.knex, [crashing], logger, { batchSize: 7, restartDelayMs: 60_000 });
      await first.start();
      await first.stop();

      // Batches 1-7, 8-14 and 15-21 committed with their checkpoints; 22-28 left nothing behind.
      expect(killed).toBe(true);
      expect((await appliedRows(database.knex, name)).sequences).toEqual(range(1, 21));

      const restarted = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger, { batchSize: 7 });
      await restarted.start();
      await restarted.stop();

      const applied = await appliedRows(database.knex, name);
      expect(applied.sequences).toEqual(range(1, 40));
      expect(applied.distinctEvents).toBe(40);
    });
  });

  describe('a crash while following live events', () => {
    it('restarts from the checkpoints by itself after a database failure and applies every event exactly once', async () => {
      const name = 'live_crash';
      await createRecordingTable(database.knex, name);
      const crashingOnce = failingOnceAt(name, 13);
      const runner = new ProjectionRunner(store, database.knex, [crashingOnce.projection], logger, { batchSize: 5, restartDelayMs: 20 });
      await runner.start();
      try {
        const last = await appendRecorded(store, name, 1, 30);
        await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
      } finally {
        await runner.stop();
      }

      expect(crashingOnce.failed()).toBe(true);
      const applied = await appliedRows(database.knex, name);
      expect(applied.sequences).toEqual(range(1, 30));
      expect(applied.distinctEvents).toBe(30);
    });

    it('recovers when its database connection dies mid-batch', async () => {
      jest.spyOn(console, 'log').mockImplementation(() => undefined); // knex reports the lost connection there
      const name = 'connection_lost';
      await createRecordingTable(database.knex, name);
      let killed = false;
      const losingConnection = recordingProjection(name, async (trx, sequence) => {
        if (sequence === 9 && !killed) {
          killed = true;
          await trx.raw('select pg_terminate_backend(pg_backend_pid())');
        }
      });
      const runner = new ProjectionRunner(store, database.knex, [losingConnection], logger, { batchSize: 4, restartDelayMs: 20 });
      await runner.start();
      try {
        const last = await appendRecorded(store, name, 1, 20);
        await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
      } finally {
        await runner.stop();
      }

      expect(killed).toBe(true);
      const applied = await appliedRows(database.knex, name);
      expect(applied.sequences).toEqual(range(1, 20));
      expect(applied.distinctEvents).toBe(20);
    });
  });

  describe('live batches', () => {
    it('applies events that arrive together in one transaction per batch', async () => {
      const name = 'live_batches';
      await createRecordingTable(database.knex, name);
      const runner = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger, { batchSize: 50 });
      await runner.start();
      try {
        const events = range(1, 120).map((sequence) => newEvent(recordedType(name), { sequence }));
        const { position } = await store.append(`${name}-stream`, events, 0);
        await expect(runner.waitFor(position, 5000)).resolves.toBe(true);
      } finally {
        await runner.stop();
      }

      const applied = await appliedRows(database.knex, name);
      expect(applied.sequences).toEqual(range(1, 120));
      expect(applied.transactions).toBe(3);
    });

    it('hands a projection that folds batches all its events of a batch in one call, in order', async () => {
      const name = 'batch_folding';
      const calls: number[][] = [];
      const folding = {
        ...recordingProjection(name),
        applyBatch: async (_trx: unknown, events: { data: unknown }[]) =>
          void calls.push(events.map((event) => (event.data as { sequence: number }).sequence)),
      };
      const runner = new ProjectionRunner(store, database.knex, [folding], logger, { batchSize: 50 });
      await runner.start();
      try {
        const events = range(1, 60).map((sequence) => newEvent(recordedType(name), { sequence }));
        const { position } = await store.append(`${name}-stream`, events, 0);
        await expect(runner.waitFor(position, 5000)).resolves.toBe(true);
      } finally {
        await runner.stop();
      }

      expect(calls).toEqual([range(1, 50), range(51, 60)]);
    });

    it('waits in waitFor until the position is applied, and gives up after the timeout', async () => {
      const name = 'wait_for';
      await createRecordingTable(database.knex, name);
      const runner = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger);
      const position = await appendRecorded(store, name, 1, 1);

      await expect(runner.waitFor(position, 50)).resolves.toBe(false); // not started yet
      await runner.start();
      try {
        await expect(runner.waitFor(position, 5000)).resolves.toBe(true);
        await waitUntil(async () => (await appliedRows(database.knex, name)).count === 1);
      } finally {
        await runner.stop();
      }
    });
  });
});
