import { randomUUID } from 'node:crypto';
import type { Observable } from 'rxjs';
import type { Projection } from '../../projections/projection';
import { ProjectionRunner } from '../../projections/runner';
import { AppError, businessRule } from '../../write-side/errors';
import { createLogger } from '../../runtime/logger';
import { CommandHandler, eventMetadata, MAX_COMMAND_ATTEMPTS, type CommandContext, type ReadModelNeeds } from '../../write-side/command-handler';
import type { Decider } from '../../write-side/decider';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../write-side/event-store/event-store';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';

/** A tiny aggregate: a counter that only goes up, and can be reset once it is above zero. */
type CounterCommand = { type: 'Increment'; by: number } | { type: 'Reset' };
type CounterEvent = { type: 'CounterIncremented'; data: { by: number } } | { type: 'CounterReset'; data: Record<string, never> };
const counter: Decider<{ value: number }, CounterCommand, CounterEvent> = {
  initialState: () => ({ value: 0 }),
  evolve: (state, event) => (event.type === 'CounterIncremented' ? { value: state.value + event.data.by } : { value: 0 }),
  decide: (command, state) => {
    if (command.type === 'Reset') return state.value === 0 ? [] : [{ type: 'CounterReset', data: {} }];
    if (command.by <= 0) throw businessRule('INCREMENT_NOT_POSITIVE', 'A counter only goes up');
    return [{ type: 'CounterIncremented', data: { by: command.by } }];
  },
};

/** Its read model: one row per counter, in a table this test creates. */
const counterProjection: Projection = {
  name: 'test_counters',
  tables: ['test_counters'],
  handles: ['CounterIncremented', 'CounterReset'],
  async applyBatch(trx, events) {
    for (const event of events) {
      const by = event.type === 'CounterIncremented' ? (event.data as { by: number }).by : null;
      await trx.raw(
        `insert into test_counters (counter_id, value) values (?, ?)
         on conflict (counter_id) do update set value = case when ? then test_counters.value + excluded.value else 0 end`,
        [event.streamId, by ?? 0, by !== null],
      );
    }
  },
};

const context = (): CommandContext => ({
  actorId: 'user-1',
  organizationId: 'org-1',
  correlationId: randomUUID(),
  causationId: 'request-1',
  now: new Date('2026-03-01T12:00:00.000Z'),
});

/** Delegates to a real store; tests override the calls they need to steer. */
class StoreSpy implements EventStore {
  appends = 0;
  conflicts = 0;
  constructor(protected readonly inner: EventStore) {}
  async append(streamId: string, events: NewEvent[], expected: ExpectedVersion): Promise<AppendResult> {
    this.appends++;
    try {
      return await this.inner.append(streamId, events, expected);
    } catch (error) {
      if (error instanceof ConcurrencyError) this.conflicts++;
      throw error;
    }
  }
  readStream(streamId: string): Promise<RecordedEvent[]> {
    return this.inner.readStream(streamId);
  }
  readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    return this.inner.readLastEvent(streamId);
  }
  readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    return this.inner.readAll(after, limit);
  }
  subscribe(after: GlobalPosition | null): Observable<RecordedEvent> {
    return this.inner.subscribe(after);
  }
  ping(): Promise<void> {
    return this.inner.ping();
  }
  close(): Promise<void> {
    return this.inner.close();
  }
}

describe('CommandHandler', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const logger = createLogger('silent');

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    await database.knex.raw('create table test_counters (counter_id text primary key, value integer not null)');
  });

  const counterId = () => `counter-${randomUUID()}`;

  describe('load → fold → decide → append', () => {
    it('decides on the state folded from the stream and appends the new events with the context as metadata', async () => {
      const handler = new CommandHandler(store, null, 1000);
      const streamId = counterId();
      await handler.handle(counter, streamId, { type: 'Increment', by: 2 }, context());
      const commandContext = context();

      const handled = await handler.handle(counter, streamId, { type: 'Increment', by: 3 }, commandContext);

      expect(handled.state).toEqual({ value: 5 });
      expect(handled.version).toBe(2);
      const stored = await store.readStream(streamId);
      expect(stored.map((event) => [event.type, event.data])).toEqual([
        ['CounterIncremented', { by: 2 }],
        ['CounterIncremented', { by: 3 }],
      ]);
      expect(stored[1]!.metadata).toEqual({
        actorId: 'user-1',
        organizationId: 'org-1',
        correlationId: commandContext.correlationId,
        causationId: 'request-1',
        occurredAt: '2026-03-01T12:00:00.000Z',
        schemaVersion: 1,
      });
      expect(handled.position).toEqual(stored[1]!.position);
    });

    it('uses the event ids the caller chose', async () => {
      const handler = new CommandHandler(store, null, 1000);
      const streamId = counterId();
      const eventId = randomUUID();

      await handler.handle(counter, streamId, { type: 'Increment', by: 1 }, context(), { eventIds: [eventId] });

      expect((await store.readStream(streamId)).map((event) => event.id)).toEqual([eventId]);
    });

    it('appends nothing when the decision has no events', async () => {
      const handler = new CommandHandler(store, null, 1000);
      const streamId = counterId();

      const handled = await handler.handle(counter, streamId, { type: 'Reset' }, context());

      expect(handled).toEqual({ events: [], state: { value: 0 }, version: 0, position: null });
      expect(await store.readStream(streamId)).toEqual([]);
    });

    it('appends nothing when the decision refuses the command', async () => {
      const handler = new CommandHandler(store, null, 1000);
      const streamId = counterId();

      await expect(handler.handle(counter, streamId, { type: 'Increment', by: 0 }, context())).rejects.toMatchObject({
        status: 422,
        code: 'INCREMENT_NOT_POSITIVE',
      });
      expect(await store.readStream(streamId)).toEqual([]);
    });
  });

  describe('conflicts with concurrent writers', () => {
    it('re-decides on the fresh state, so two concurrent commands both succeed', async () => {
      // Both handlers read the empty stream before either appends, so one of them must conflict.
      let reads = 0;
      let bothRead!: () => void;
      const barrier = new Promise<void>((resolve) => (bothRead = resolve));
      const spy = new (class extends StoreSpy {
        override async readStream(streamId: string) {
          const events = await super.readStream(streamId);
          if (++reads === 2) bothRead();
          if (reads <= 2) await barrier;
          return events;
        }
      })(store);
      const handler = new CommandHandler(spy, null, 1000);
      const streamId = counterId();

      const results = await Promise.all([
        handler.handle(counter, streamId, { type: 'Increment', by: 1 }, context()),
        handler.handle(counter, streamId, { type: 'Increment', by: 10 }, context()),
      ]);

      expect(spy.conflicts).toBe(1);
      expect(results.map((result) => result.version).sort()).toEqual([1, 2]);
      expect(Math.max(...results.map((result) => result.state.value))).toBe(11);
      expect((await store.readStream(streamId)).map((event) => event.streamVersion)).toEqual([1, 2]);
    });

    it(`gives up with ConcurrencyError after ${MAX_COMMAND_ATTEMPTS} attempts on a stream that keeps moving`, async () => {
      // A rival writer appends right after every read, so every append of the handler conflicts.
      const spy = new (class extends StoreSpy {
        override async readStream(streamId: string) {
          const events = await super.readStream(streamId);
          await this.inner.append(
            streamId,
            [{ id: randomUUID(), type: 'CounterIncremented', data: { by: 100 }, metadata: eventMetadata(context()) }],
            'any',
          );
          return events;
        }
      })(store);
      const handler = new CommandHandler(spy, null, 1000);
      const streamId = counterId();

      await expect(handler.handle(counter, streamId, { type: 'Increment', by: 1 }, context())).rejects.toBeInstanceOf(
        ConcurrencyError,
      );

      expect(spy.appends).toBe(MAX_COMMAND_ATTEMPTS);
      expect(spy.conflicts).toBe(MAX_COMMAND_ATTEMPTS);
      const stored = await store.readStream(streamId);
      expect(stored.every((event) => (event.data as { by: number }).by === 100)).toBe(true);
    });
  });

  describe('read-your-writes', () => {
    it('returns only once the projections have applied the append', async () => {
      const runner = new ProjectionRunner(store, database.knex, [counterProjection], logger);
      await runner.start();
      try {
        const handler = new CommandHandler(store, (position, timeoutMs) => runner.waitFor(position, timeoutMs), 5000);
        const streamId = counterId();
        for (let expected = 1; expected <= 10; expected++) {
          await handler.handle(counter, streamId, { type: 'Increment', by: 1 }, context());
          const row = await database.knex('test_counters').where({ counter_id: streamId }).first('value');
          expect(row?.value).toBe(expected);
        }
      } finally {
        await runner.stop();
      }
    });

    it('answers a command that decides nothing (a retry) once the projections hold what the stream already has', async () => {
      const streamId = counterId();
      const first = new CommandHandler(store, null, 1000);
      await first.handle(counter, streamId, { type: 'Increment', by: 3 }, context());
      await first.handle(counter, streamId, { type: 'Reset' }, context());
      // As after a restart: the read model has not applied the first attempt yet, and the retried Reset decides nothing.
      const runner = new ProjectionRunner(store, database.knex, [counterProjection], logger);
      const handler = new CommandHandler(store, (position, timeoutMs) => runner.waitFor(position, timeoutMs), 5000);
      let answered = false;
      const retry = handler.handle(counter, streamId, { type: 'Reset' }, context()).then(() => (answered = true));
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(answered).toBe(false);
      await runner.start();
      try {
        await retry;
        expect(await database.knex('test_counters').where({ counter_id: streamId }).first('value')).toEqual({ value: 0 });
      } finally {
        await runner.stop();
      }
    });

    it('answers 503 DEPENDENCY_UNAVAILABLE when the projections do not catch up in time, the write being recorded', async () => {
      const stalled = new ProjectionRunner(store, database.knex, [counterProjection], logger); // never started
      const handler = new CommandHandler(store, (position, timeoutMs) => stalled.waitFor(position, timeoutMs), 100);
      const streamId = counterId();

      const failure = await handler.handle(counter, streamId, { type: 'Increment', by: 1 }, context()).catch((error) => error);

      expect(failure).toBeInstanceOf(AppError);
      expect(failure).toMatchObject({ status: 503, code: 'DEPENDENCY_UNAVAILABLE' });
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it('waits also for the read models of the event types the caller adds (alsoAwait), on a first attempt and on a retry', async () => {
      const asked: ReadModelNeeds[] = [];
      const handler = new CommandHandler(store, async (_position, _timeoutMs, needs) => (asked.push(needs), true), 1000);
      const streamId = counterId();
      await handler.handle(counter, streamId, { type: 'Increment', by: 1 }, context(), { alsoAwait: ['BlockCommitted'] });
      await handler.handle(counter, streamId, { type: 'Reset' }, context(), { alsoAwait: ['BlockCommitted'] });
      await handler.handle(counter, streamId, { type: 'Reset' }, context(), { alsoAwait: ['BlockCommitted'] });
      expect(asked).toEqual([
        { eventTypes: ['CounterIncremented', 'BlockCommitted'] },
        { eventTypes: ['CounterReset', 'BlockCommitted'] },
        { eventTypes: ['CounterIncremented', 'CounterReset', 'BlockCommitted'] },
      ]);
    });

    it('does not wait when the caller opts out', async () => {
      const stalled = new ProjectionRunner(store, database.knex, [counterProjection], logger);
      const handler = new CommandHandler(store, (position, timeoutMs) => stalled.waitFor(position, timeoutMs), 100);

      await expect(
        handler.handle(counter, counterId(), { type: 'Increment', by: 1 }, context(), { waitForProjections: false }),
      ).resolves.toMatchObject({ version: 1 });
    });
  });
});
