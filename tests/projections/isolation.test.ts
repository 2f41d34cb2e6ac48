import type { Logger } from '../../runtime/logger';
import { ProjectionRunner } from '../../projections/runner';
import { failedProjections } from '../../read-side/projection-failures';
import { createLogger } from '../../runtime/logger';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { appendRecorded, appliedRows, createRecordingTable, range, recordingProjection, waitUntilVisible } from './recording-projection';

/** A logger that keeps what the runner logs at error level, to read its retry delays. */
function recordingLogger() {
  const errors: Array<Record<string, unknown>> = [];
  const logger = createLogger('silent');
  logger.error = ((fields: Record<string, unknown>) => void errors.push(fields)) as Logger['error'];
  return { logger, errors };
}

describe('ProjectionRunner: a projection that fails on an event', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const logger = createLogger('silent');

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));

  it('stops alone: it applies what comes before the event, the others go on, and start-up does not fail', async () => {
    const [broken, healthy] = ['stops_alone', 'goes_on'];
    await createRecordingTable(database.knex, broken);
    await createRecordingTable(database.knex, healthy);
    await waitUntilVisible(store, await appendRecorded(store, broken, 1, 10));
    const lastHealthy = await appendRecorded(store, healthy, 1, 10);
    await waitUntilVisible(store, lastHealthy);
    const failing = recordingProjection(broken, async (_trx, sequence) => {
      if (sequence === 6) throw new TypeError("Cannot read properties of undefined (reading 'tokenId')");
    });
    const runner = new ProjectionRunner(store, database.knex, [failing, recordingProjection(healthy)], logger, { batchSize: 100 });

    await expect(runner.start()).resolves.toBeUndefined();
    try {
      await expect(runner.waitFor(lastHealthy, 5000, [healthy])).resolves.toBe(true);
      // A command whose answer needs the stopped read model learns it at once instead of after the timeout.
      await expect(runner.waitFor(lastHealthy, 60_000, [broken])).resolves.toBe(false);
      // Asked for no read model in particular, it waits for those still running.
      await expect(runner.waitFor(lastHealthy, 5000)).resolves.toBe(true);
      const more = await appendRecorded(store, healthy, 11, 15);
      await expect(runner.waitFor(more, 5000, [healthy])).resolves.toBe(true);
    } finally {
      await runner.stop();
    }

    expect((await appliedRows(database.knex, broken)).sequences).toEqual(range(1, 5));
    expect((await appliedRows(database.knex, healthy)).sequences).toEqual(range(1, 15));
    const failures = await failedProjections(database.knex);
    expect(failures).toEqual([
      expect.objectContaining({
        projection: broken,
        eventType: `${broken}Recorded`,
        streamId: `${broken}-stream`,
        reason: "TypeError: Cannot read properties of undefined (reading 'tokenId')",
      }),
    ]);
  });

  it('names the database error without its SQL', async () => {
    const name = 'sql_failure';
    await createRecordingTable(database.knex, name);
    await waitUntilVisible(store, await appendRecorded(store, name, 1, 3));
    const failing = recordingProjection(name, async (trx, sequence) => {
      if (sequence === 2) await trx.raw('insert into projection_checkpoints (name) values (null)');
    });
    const runner = new ProjectionRunner(store, database.knex, [failing], logger);
    await runner.start();
    await runner.stop();

    const failure = (await failedProjections(database.knex)).find((candidate) => candidate.projection === name);
    expect(failure?.reason).toBe('database error 23502 on table projection_checkpoints, column name');
    expect((await appliedRows(database.knex, name)).sequences).toEqual([1]);
  });

  it('is tried again at the next start, and its failure is cleared once it applies past the event', async () => {
    const name = 'fixed_later';
    await createRecordingTable(database.knex, name);
    const last = await appendRecorded(store, name, 1, 8);
    await waitUntilVisible(store, last);
    const failing = recordingProjection(name, async (_trx, sequence) => {
      if (sequence === 4) throw new Error('a bug');
    });
    const first = new ProjectionRunner(store, database.knex, [failing], logger);
    await first.start();
    await first.stop();
    expect((await failedProjections(database.knex)).map((failure) => failure.projection)).toContain(name);

    const fixed = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger);
    await fixed.start();
    try {
      await expect(fixed.waitFor(last, 5000)).resolves.toBe(true);
    } finally {
      await fixed.stop();
    }

    expect((await failedProjections(database.knex)).map((failure) => failure.projection)).not.toContain(name);
    const applied = await appliedRows(database.knex, name);
    expect(applied.sequences).toEqual(range(1, 8));
    expect(applied.distinctEvents).toBe(8);
  });

  it('retries after a database failure at most a second later, and from the shortest delay again once a batch succeeds', async () => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined); // knex reports the lost connections there
    const name = 'back_off';
    await createRecordingTable(database.knex, name);
    const last = await appendRecorded(store, name, 1, 12);
    await waitUntilVisible(store, last);
    const kills = new Map([
      [5, 6],
      [10, 1],
    ]);
    const flaky = recordingProjection(name, async (trx, sequence) => {
      const left = kills.get(sequence) ?? 0;
      if (left === 0) return;
      kills.set(sequence, left - 1);
      await trx.raw('select pg_terminate_backend(pg_backend_pid())');
    });
    const { logger: watched, errors } = recordingLogger();
    const runner = new ProjectionRunner(store, database.knex, [flaky], watched, { batchSize: 1 });
    await runner.start();
    try {
      await expect(runner.waitFor(last, 10_000)).resolves.toBe(true);
    } finally {
      await runner.stop();
      jest.restoreAllMocks();
    }

    expect(errors.map((fields) => fields.retryInMs)).toEqual([100, 200, 400, 800, 1000, 1000, 100]);
    const applied = await appliedRows(database.knex, name);
    expect(applied.sequences).toEqual(range(1, 12));
    expect(applied.distinctEvents).toBe(12);
  });

  // A runner starts again when its process is elected again (the leader stepped down in the outage).
  it('retries from the shortest delay when it is started again after a stop in the middle of its back-off', async () => {
    jest.spyOn(console, 'log').mockImplementation(() => undefined);
    const name = 'back_off_restarted';
    await createRecordingTable(database.knex, name);
    const last = await appendRecorded(store, name, 1, 4);
    await waitUntilVisible(store, last);
    let kills = 3;
    const flaky = recordingProjection(name, async (trx, sequence) => {
      if (sequence !== 3 || kills === 0) return;
      kills--;
      await trx.raw('select pg_terminate_backend(pg_backend_pid())');
    });
    const { logger: watched, errors } = recordingLogger();
    const runner = new ProjectionRunner(store, database.knex, [flaky], watched, { batchSize: 1 });
    await runner.start();
    try {
      while (errors.length < 2) await new Promise((resolve) => setTimeout(resolve, 10));
      await runner.stop();
      await runner.start();
      await expect(runner.waitFor(last, 10_000)).resolves.toBe(true);
    } finally {
      await runner.stop();
      jest.restoreAllMocks();
    }

    expect(errors.map((fields) => fields.retryInMs)).toEqual([100, 200, 100]);
    expect((await appliedRows(database.knex, name)).sequences).toEqual(range(1, 4));
  });
});
