import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { appendRecorded, createRecordingTable, recordingProjection, waitUntilVisible } from './recording-projection';

/** What the projection-lag gauge counts from in the process that runs the projections. */
describe('ProjectionRunner.reachedPositions', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));

  it('tells where each running projection stands, past the events it ignored without saving its checkpoint', async () => {
    const [busy, idle] = ['reached_busy', 'reached_idle'];
    await createRecordingTable(database.knex, busy);
    await createRecordingTable(database.knex, idle);
    const runner = new ProjectionRunner(store, database.knex, [recordingProjection(busy), recordingProjection(idle)], createLogger('silent'));
    expect(runner.reachedPositions()).toEqual(new Map());
    await runner.start();
    try {
      const last = await appendRecorded(store, busy, 1, 20);
      await waitUntilVisible(store, last);
      await expect(runner.waitFor(last, 5000)).resolves.toBe(true);

      expect(runner.reachedPositions()).toEqual(new Map([[busy, last], [idle, last]]));
      // The idle projection ignored all twenty: its saved checkpoint did not move.
      const saved = await database.knex('projection_checkpoints').whereIn('name', [busy, idle]).pluck('name');
      expect(saved).toEqual([busy]);
    } finally {
      await runner.stop();
    }
    expect(runner.reachedPositions()).toEqual(new Map());
  });
});
