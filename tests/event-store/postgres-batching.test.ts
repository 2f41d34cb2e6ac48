import { ConcurrencyError } from '../../write-side/event-store/event-store';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { newEvent, newStreamId } from './event-store-contract';

/**
 * The PostgreSQL adapter sends the appends that arrive together in one statement. Each append must
 * still succeed or fail on its own, as if it had been sent alone.
 */
describe('PostgreSQL event store: appends sent together', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  beforeAll(async () => {
    database = await createTestDatabase();
    store = new PostgresEventStore(database.pool, { maxBatchesInFlight: 1 });
  });
  afterAll(() => database.drop());

  it('answers each append of a statement on its own: written, conflict, idempotent retry', async () => {
    const existing = newStreamId();
    const retried = [newEvent('Retried')];
    const first = await store.append(existing, retried, 0);

    const [written, conflicting, retry, ...others] = await Promise.allSettled([
      store.append(newStreamId(), [newEvent(), newEvent()], 0),
      store.append(existing, [newEvent()], 0),
      store.append(existing, retried, 0),
      ...Array.from({ length: 10 }, () => store.append(newStreamId(), [newEvent()], 'any')),
    ]);

    expect(written).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 2 } });
    expect(conflicting).toMatchObject({ status: 'rejected', reason: expect.any(ConcurrencyError) });
    expect(retry).toEqual({ status: 'fulfilled', value: first });
    for (const other of others) expect(other).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    expect(await store.readStream(existing)).toHaveLength(1);
  });

  it('answers a crowd at one version of one stream after a single write: one wins, a retry of it gets its result, the rest conflict', async () => {
    const streamId = newStreamId();
    const winner = [newEvent('Won')];

    const [won, retry, ...others] = await Promise.allSettled([
      store.append(streamId, winner, 0),
      store.append(streamId, winner, 0),
      ...Array.from({ length: 8 }, () => store.append(streamId, [newEvent('Lost')], 0)),
    ]);

    expect(won).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
    expect(retry).toEqual(won);
    for (const other of others) expect(other).toMatchObject({ status: 'rejected', reason: expect.any(ConcurrencyError) });
    expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Won']);
  });

  it('fails only the append whose data cannot be stored', async () => {
    const [unstorable, fine] = await Promise.allSettled([
      store.append(newStreamId(), [newEvent('Unstorable', { amount: 10n })], 0),
      store.append(newStreamId(), [newEvent()], 0),
    ]);

    expect(unstorable.status).toBe('rejected');
    expect(fine).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
  });

  it('keeps appends to one stream in the order they were made, across statements', async () => {
    const streamId = newStreamId();

    const results = await Promise.all([1, 2, 3, 4].map((index) => store.append(streamId, [newEvent(`Step${index}`)], 'any')));

    expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 2, 3, 4]);
    expect((await store.readStream(streamId)).map((event) => event.type)).toEqual(['Step1', 'Step2', 'Step3', 'Step4']);
  });

  it('lets one of two appends racing with the same event ids into different streams win, the other conflict', async () => {
    const shared = newEvent('Shared');
    const [a, b] = [newStreamId(), newStreamId()];

    const outcomes = await Promise.allSettled([
      store.append(a, [shared], 'any'),
      store.append(b, [shared], 'any'),
      store.append(newStreamId(), [newEvent()], 0),
    ]);

    expect(outcomes.slice(0, 2).map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(outcomes.find((outcome) => outcome.status === 'rejected')).toMatchObject({ reason: expect.any(ConcurrencyError) });
    expect(outcomes[2]).toMatchObject({ status: 'fulfilled' });
    expect((await store.readStream(a)).length + (await store.readStream(b)).length).toBe(1);
  });
});
