import { CommittedProgress } from '../../projections/committed-progress';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { newEvent } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { appendRecorded, createRecordingTable, recordingProjection, waitUntilVisible } from './recording-projection';

/**
 * Issue 10.5: the projections run in the elected leader only. A follower's read-your-writes waits on
 * what the leader's runner commits (its checkpoints and recorded failures), woken by the runner's
 * announcement of each commit rather than by a poll.
 */
describe('CommittedProgress: read-your-writes in a process that does not run the projections', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const logger = createLogger('silent');
  const opened: CommittedProgress[] = [];
  /** A follower's view with a poll too slow to matter: only the runner's announcements can wake it in time. */
  const follower = (projections: Projection[]) => {
    const progress = new CommittedProgress(database.knex, database.url, projections, logger, { eventsInDatabase: true, pollMs: 60_000 });
    opened.push(progress);
    return progress;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.pool);
  });
  afterAll(async () => {
    for (const progress of opened) await progress.stop();
    await database.drop();
  });

  it('wakes a waiting write as soon as the leader’s runner commits the checkpoint, not at the next poll', async () => {
    const name = 'announced';
    await createRecordingTable(database.knex, name);
    const position = await appendRecorded(store, name, 1, 3);
    await waitUntilVisible(store, position);
    const progress = follower([recordingProjection(name)]);
    let answeredAt = 0;
    const waiting = progress.waitFor(position, 20_000, [name]).then((reached) => {
      answeredAt = Date.now();
      return reached;
    });
    // Not applied anywhere yet: the wait holds.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(answeredAt).toBe(0);

    const leader = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger);
    await leader.start();
    const appliedAt = Date.now();
    await leader.stop();

    expect(await waiting).toBe(true);
    expect(answeredAt - appliedAt).toBeLessThan(1000);
  });

  it('answers at once when the projection owes nothing up to the position (it ignores those events)', async () => {
    const name = 'ignoring';
    await createRecordingTable(database.knex, name);
    const { position } = await store.append('ignored-stream', [newEvent('SomethingElseHappened', {})], 0);
    await waitUntilVisible(store, position);

    expect(await follower([recordingProjection(name)]).waitFor(position, 0, [name])).toBe(true);
  });

  // A follower under load asks about ever newer positions: what it learnt stays learnt.
  it('does not look again at what it knows: a settled position the projection owes nothing up to, or its checkpoint', async () => {
    const name = 'remembered';
    await createRecordingTable(database.knex, name);
    const first = await store.append('remembered-stream', [newEvent('NothingForIt', {})], 0);
    const second = await store.append('remembered-stream', [newEvent('NothingForItEither', {})], 1);
    await waitUntilVisible(store, second.position);
    const progress = follower([recordingProjection(name)]);
    let looks = 0;
    const count = () => looks++;
    database.knex.on('query', count);
    try {
      expect(await progress.waitFor(second.position, 0, [name])).toBe(true);
      expect(await progress.waitFor(first.position, 0, [name])).toBe(true);
      expect(await progress.waitFor(second.position, 0, [name])).toBe(true);
    } finally {
      database.knex.off('query', count);
    }
    expect(looks).toBe(1);
  });

  // Every write through a follower waits: one query per wake for all of them, not one each.
  it('looks at all the waits pending together in one query, and wakes each at its own position', async () => {
    const name = 'crowded';
    await createRecordingTable(database.knex, name);
    const positions = [];
    for (let n = 1; n <= 5; n++) positions.push(await appendRecorded(store, name, n, n));
    await waitUntilVisible(store, positions[4]!);
    const progress = follower([recordingProjection(name)]);
    const waits = positions.map((position) => progress.waitFor(position, 20_000, [name]));
    // Let the first look (each pending, nothing applied) pass before counting.
    await new Promise((resolve) => setTimeout(resolve, 300));

    // The follower's looks, told from the runner's statements on the same knex by what they read.
    let looks = 0;
    const count = (query: { sql: string }) => (looks += query.sql.includes('projection_failures f') ? 1 : 0);
    database.knex.on('query', count);
    try {
      const leader = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger);
      await leader.start();
      await leader.stop();
      expect(await Promise.all(waits)).toEqual([true, true, true, true, true]);
    } finally {
      database.knex.off('query', count);
    }
    // One per announcement that woke it (the runner commits one checkpoint here), and perhaps one more
    // for an announcement that arrived during it: never one per wait.
    expect(looks).toBeGreaterThanOrEqual(1);
    expect(looks).toBeLessThanOrEqual(2);
  });

  it('answers false when the position is not applied in time', async () => {
    const name = 'unapplied';
    await createRecordingTable(database.knex, name);
    const position = await appendRecorded(store, name, 1, 1);
    await waitUntilVisible(store, position);
    const started = Date.now();

    expect(await follower([recordingProjection(name)]).waitFor(position, 300, [name])).toBe(false);
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
  });

  // A leader that steps down stops its runner: the writes waiting on it go on waiting on the new leader's
  // checkpoints (runtime/bootstrap.ts) instead of running into their timeout.
  it('has the stopping runner end its pending waits with false at once', async () => {
    const name = 'stepping_down';
    await createRecordingTable(database.knex, name);
    const runner = new ProjectionRunner(store, database.knex, [recordingProjection(name)], logger);
    await runner.start();
    const notYetWritten = { commit: 2n ** 62n, prepare: 0n };
    const waiting = runner.waitFor(notYetWritten, 20_000, [name]);
    const stopping = Date.now();
    await runner.stop();

    expect(await waiting).toBe(false);
    expect(Date.now() - stopping).toBeLessThan(1000);
  });

  describe('a projection the leader records as stopped by an event it cannot apply', () => {
    const name = 'broken';
    const broken = recordingProjection(name, async () => {
      throw new Error('cannot apply');
    });
    let position: Awaited<ReturnType<typeof appendRecorded>>;

    beforeAll(async () => {
      await createRecordingTable(database.knex, name);
      position = await appendRecorded(store, name, 1, 1);
      await waitUntilVisible(store, position);
    });

    it('ends a wait naming it with false as soon as the failure is recorded', async () => {
      const waiting = follower([broken]).waitFor(position, 20_000, [name]);
      const leader = new ProjectionRunner(store, database.knex, [broken], logger);
      await leader.start();
      const recordedAt = Date.now();
      await leader.stop();

      expect(await waiting).toBe(false);
      expect(Date.now() - recordedAt).toBeLessThan(1000);
    });

    it('leaves it out of a wait that names no projection, like the runner', async () => {
      const healthy = 'healthy_beside_broken';
      await createRecordingTable(database.knex, healthy);
      const healthyAt = await appendRecorded(store, healthy, 1, 1);
      await waitUntilVisible(store, healthyAt);
      const leader = new ProjectionRunner(store, database.knex, [recordingProjection(healthy)], logger);
      await leader.start();
      await leader.stop();

      expect(await follower([broken, recordingProjection(healthy)]).waitFor(healthyAt, 2000)).toBe(true);
    });
  });
});

/**
 * A process's first look at a projection starts from the projection's checkpoint, not from the start
 * of the log: it had scanned every event up to the checkpoint, a cost that grew with history.
 */
describe('CommittedProgress: a first look reads the backlog, not the history', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('reads a handful of events, with 20,000 of the projection’s own behind its checkpoint', async () => {
    const name = 'history_owed';
    const trx = await database.knex.transaction();
    const progress = new CommittedProgress(trx, database.url, [{ name, handles: ['HistoryRecorded'] }], createLogger('silent'), { eventsInDatabase: true, pollMs: 60_000 });
    try {
      await trx.raw(`insert into events (event_id, stream_id, stream_version, type, data, metadata)
                     select gen_random_uuid(), 'History-' || i, 1, 'HistoryRecorded', '{}', '{}' from generate_series(1, 20000) i`);
      await trx.raw('analyze events');
      // Applied up to the last event but one: the projection owes exactly one.
      const { rows } = await trx.raw(`select transaction_id::text as commit, position::text as prepare from events order by position desc limit 2`);
      const [last, checkpoint] = rows as Array<{ commit: string; prepare: string }>;
      await trx.raw(`insert into projection_checkpoints (name, commit_position, prepare_position, updated_at) values (?, ?::text::xid8, ?, now())`, [
        name,
        checkpoint!.commit,
        checkpoint!.prepare,
      ]);
      const before = await trx.raw(`select idx_tup_fetch::int + seq_tup_read::int as read from pg_stat_xact_user_tables where relname = 'events'`);

      expect(await progress.waitFor({ commit: BigInt(last!.commit), prepare: BigInt(last!.prepare) }, 0, [name])).toBe(false);

      const after = await trx.raw(`select idx_tup_fetch::int + seq_tup_read::int as read from pg_stat_xact_user_tables where relname = 'events'`);
      expect(after.rows[0].read - before.rows[0].read).toBeLessThan(100);
    } finally {
      await progress.stop();
      await trx.rollback();
    }
  });
});
