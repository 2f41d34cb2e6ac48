import { randomUUID } from 'node:crypto';
import { firstValueFrom, take, toArray, timeout } from 'rxjs';
import {
  comparePositions,
  ConcurrencyError,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from '../../write-side/event-store/event-store';

/**
 * The EventStore port's contract. Every adapter runs this same suite (tests/event-store/*.test.ts).
 * Tests share one store, which may hold events of earlier runs: each test writes to streams of its own
 * and reads the global order only after a marker event it appended itself.
 */
export function eventStoreContract(openStore: () => Promise<{ store: EventStore; close(): Promise<void> }>): void {
  let store: EventStore;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ store, close } = await openStore());
  });
  afterAll(() => close());

  describe('append and readStream', () => {
    it('reads back a stream in order, with versions from 1, ids, types, data and metadata', async () => {
      const streamId = newStreamId();
      const events = [newEvent('AccountOpened', { owner: 'ana' }), newEvent('FundsDeposited', { amount: '1250' })];

      const result = await store.append(streamId, events, 0);

      expect(result.nextExpectedVersion).toBe(2);
      const stored = await store.readStream(streamId);
      expect(stored.map(({ id, type, data, metadata, streamId: stream, streamVersion }) => ({ id, type, data, metadata, stream, streamVersion }))).toEqual(
        events.map((event, index) => ({ ...event, stream: streamId, streamVersion: index + 1 })),
      );
      expect(comparePositions(stored[1]!.position, result.position)).toBeGreaterThanOrEqual(0);
      expect(comparePositions(stored[0]!.position, stored[1]!.position)).toBeLessThan(0);
    });

    it('reads a page of a stream: the events after a version, at most a limit', async () => {
      const streamId = newStreamId();
      await store.append(streamId, [1, 2, 3, 4, 5].map((n) => newEvent('Counted', { n })), 0);

      const versions = async (page: { afterVersion?: number; limit?: number }) => (await store.readStream(streamId, page)).map((event) => event.streamVersion);
      expect(await versions({ afterVersion: 2 })).toEqual([3, 4, 5]);
      expect(await versions({ afterVersion: 1, limit: 2 })).toEqual([2, 3]);
      expect(await versions({ limit: 1 })).toEqual([1]);
      expect(await versions({ afterVersion: 5 })).toEqual([]);
    });

    it('reads a stream’s newest event alone, and none of a stream that does not exist', async () => {
      const streamId = newStreamId();
      await store.append(streamId, [1, 2, 3].map((n) => newEvent('Counted', { n })), 0);
      await store.append(newStreamId(), [newEvent('Counted', { n: 9 })], 0);
      const last = await store.readLastEvent(streamId);
      expect(last).toMatchObject({ streamId, streamVersion: 3, type: 'Counted', data: { n: 3 } });
      expect(last).toEqual((await store.readStream(streamId)).at(-1));
      await expect(store.readLastEvent(newStreamId())).resolves.toBeNull();
    });

    it('reads a stream that does not exist as no events', async () => {
      await expect(store.readStream(newStreamId())).resolves.toEqual([]);
    });

    it('refuses an empty append', async () => {
      await expect(store.append(newStreamId(), [], 0)).rejects.toThrow();
    });
  });

  describe('expected version', () => {
    it('appends only when the stream is at the expected version, else throws ConcurrencyError', async () => {
      const streamId = newStreamId();
      await expect(store.append(streamId, [newEvent()], 1)).rejects.toBeInstanceOf(ConcurrencyError);
      await store.append(streamId, [newEvent(), newEvent()], 0);

      await expect(store.append(streamId, [newEvent()], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(streamId, [newEvent()], 1)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(streamId, [newEvent()], 3)).rejects.toBeInstanceOf(ConcurrencyError);
      const appended = await store.append(streamId, [newEvent()], 2);

      expect(appended.nextExpectedVersion).toBe(3);
      expect((await store.readStream(streamId)).map((event) => event.streamVersion)).toEqual([1, 2, 3]);
    });

    it("appends with 'any' whatever the version, to a new or an existing stream", async () => {
      const streamId = newStreamId();
      expect((await store.append(streamId, [newEvent()], 'any')).nextExpectedVersion).toBe(1);
      expect((await store.append(streamId, [newEvent(), newEvent()], 'any')).nextExpectedVersion).toBe(3);
      expect(await store.readStream(streamId)).toHaveLength(3);
    });
  });

  describe('idempotency by event id', () => {
    it('answers a retry with the same events with the first result and appends nothing', async () => {
      const streamId = newStreamId();
      const events = [newEvent('PaymentRequested', { amount: '10' }), newEvent('PaymentDebited', { amount: '10' })];
      const first = await store.append(streamId, events, 0);
      await store.append(streamId, [newEvent()], 2);

      await expect(store.append(streamId, events, 0)).resolves.toEqual(first);
      await expect(store.append(streamId, events, 'any')).resolves.toEqual(first);
      expect(await store.readStream(streamId)).toHaveLength(3);
    });

    it('treats other events under the same ids as a conflict', async () => {
      const streamId = newStreamId();
      const written = newEvent('PaymentRequested', { amount: '10' });
      await store.append(streamId, [written], 0);

      await expect(store.append(streamId, [{ ...written, data: { amount: '99' } }], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(streamId, [{ ...written, type: 'PaymentCancelled' }], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(store.append(streamId, [written, newEvent()], 0)).rejects.toBeInstanceOf(ConcurrencyError);
      expect((await store.readStream(streamId)).map((event) => event.id)).toEqual([written.id]);
    });
  });

  describe('ordering', () => {
    it('keeps each stream in append order across many appends', async () => {
      const streamId = newStreamId();
      const events = Array.from({ length: 10 }, (_, index) => newEvent('Counted', { index }));
      for (let index = 0; index < events.length; index += 2) await store.append(streamId, events.slice(index, index + 2), index);

      const stored = await store.readStream(streamId);
      expect(stored.map((event) => event.id)).toEqual(events.map((event) => event.id));
      expect(stored.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    });

    it('reads all streams in one global order: the order of the appends, positions strictly increasing', async () => {
      const marker = await appendMarker();
      const [a, b] = [newStreamId(), newStreamId()];
      const appends: [string, NewEvent[], number][] = [
        [a, [newEvent('A1'), newEvent('A2')], 0],
        [b, [newEvent('B1')], 0],
        [a, [newEvent('A3')], 2],
        [b, [newEvent('B2'), newEvent('B3')], 1],
      ];
      const results = [];
      for (const [streamId, events, expected] of appends) results.push(await store.append(streamId, events, expected));

      const all = await readAllAfter(marker, 6);
      expect(all.map((event) => event.type)).toEqual(['A1', 'A2', 'B1', 'A3', 'B2', 'B3']);
      for (let index = 1; index < all.length; index++)
        expect(comparePositions(all[index - 1]!.position, all[index]!.position)).toBeLessThan(0);
      expect(comparePositions(all[0]!.position, marker)).toBeGreaterThan(0);
      // A reader that has read an append's last event has reached the append's position, and not before
      // it has read past the previous append: read-your-writes relies on both.
      const lastOfEachAppend = [all[1]!, all[2]!, all[3]!, all[5]!];
      for (const [index, result] of results.entries()) {
        expect(comparePositions(lastOfEachAppend[index]!.position, result.position)).toBeGreaterThanOrEqual(0);
        if (index > 0) expect(comparePositions(result.position, lastOfEachAppend[index - 1]!.position)).toBeGreaterThan(0);
      }
    });

    it('pages readAll from a checkpoint: strictly after it, at most the limit, without gaps or repeats', async () => {
      const marker = await appendMarker();
      const streamId = newStreamId();
      const events = Array.from({ length: 7 }, (_, index) => newEvent('Paged', { index }));
      await store.append(streamId, events, 0);
      await readAllAfter(marker, 7); // visible to readers

      const pages: RecordedEvent[][] = [];
      let checkpoint: GlobalPosition = marker;
      for (;;) {
        const page = await store.readAll(checkpoint, 3);
        if (page.length === 0) break;
        pages.push(page);
        checkpoint = page[page.length - 1]!.position;
      }

      expect(pages.map((page) => page.length)).toEqual([3, 3, 1]);
      expect(pages.flat().map((event) => event.id)).toEqual(events.map((event) => event.id));
    });
  });

  describe('subscription', () => {
    it('delivers the history after a checkpoint, then live events, each exactly once and in order', async () => {
      const marker = await appendMarker();
      const streamId = newStreamId();
      const history = [newEvent('History1'), newEvent('History2'), newEvent('History3')];
      const live = [newEvent('Live1'), newEvent('Live2'), newEvent('Live3')];
      await store.append(streamId, history, 0);

      const received: RecordedEvent[] = [];
      const subscription = store.subscribe(marker).subscribe((event) => received.push(event));
      try {
        await waitUntil(() => received.length >= 3);
        await store.append(streamId, live.slice(0, 2), 3);
        await store.append(streamId, live.slice(2), 5);
        await waitUntil(() => received.length >= 6);
        await new Promise((resolve) => setTimeout(resolve, 300)); // room for a duplicate to show up
      } finally {
        subscription.unsubscribe();
      }

      expect(received.map((event) => event.id)).toEqual([...history, ...live].map((event) => event.id));
      expect(received.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6]);
    });

    it('starts a new subscription strictly after the checkpoint it is given', async () => {
      const streamId = newStreamId();
      const first = await store.append(streamId, [newEvent('Before')], 0);
      await store.append(streamId, [newEvent('After')], 1);

      const [next] = await firstValueFrom(store.subscribe(first.position).pipe(take(1), toArray(), timeout(5000)));

      expect(next!.type).toBe('After');
    });
  });

  describe('concurrent writers', () => {
    it('lets exactly one of many writers at the same expected version win', async () => {
      const streamId = newStreamId();
      const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => store.append(streamId, [newEvent()], 0)));

      expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
      const failures = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(failures).toHaveLength(11);
      for (const failure of failures) expect(failure.reason).toBeInstanceOf(ConcurrencyError);
      expect(await store.readStream(streamId)).toHaveLength(1);
    });

    it('gives every version to exactly one writer when writers retry on conflict', async () => {
      const streamId = newStreamId();
      const writers = Array.from({ length: 8 }, (_, writer) => newEvent('Written', { writer }));
      await Promise.all(
        writers.map(async (event) => {
          for (;;) {
            const version = (await store.readStream(streamId)).length;
            try {
              return await store.append(streamId, [event], version);
            } catch (error) {
              if (!(error instanceof ConcurrencyError)) throw error;
            }
          }
        }),
      );

      const stored = await store.readStream(streamId);
      expect(stored.map((event) => event.streamVersion)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(new Set(stored.map((event) => event.id))).toEqual(new Set(writers.map((event) => event.id)));
    });
  });

  /** A fresh event whose position bounds the global reads of one test. */
  async function appendMarker(): Promise<GlobalPosition> {
    return (await store.append(newStreamId(), [newEvent('MarkerPlaced')], 0)).position;
  }

  /**
   * readAll after `after` until `count` events have come (a store may show a commit to readers a little
   * later, e.g. PostgreSQL while an older transaction is still running), then a check that none follow.
   */
  async function readAllAfter(after: GlobalPosition, count: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    await waitUntil(async () => {
      const checkpoint = events[events.length - 1]?.position ?? after;
      events.push(...(await store.readAll(checkpoint, count - events.length)));
      return events.length === count;
    });
    expect(await store.readAll(events[events.length - 1]!.position, 10)).toEqual([]);
    return events;
  }
}

export const newStreamId = () => `contract-${randomUUID()}`;

export const newEvent = (type = 'SomethingHappened', data: unknown = { at: 'contract' }): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    actorId: 'user-1',
    organizationId: 'org-1',
    correlationId: randomUUID(),
    causationId: null,
    occurredAt: '2026-01-01T00:00:00.000Z',
    schemaVersion: 1,
  },
});

export async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
