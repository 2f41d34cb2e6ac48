import { isDeepStrictEqual } from 'node:util';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AppendExpectedRevision,
  type JSONType,
  type Position,
  type RecordedEvent as EsdbRecordedEvent,
} from '@eventstore/db-client';
import { Observable } from 'rxjs';
import {
  comparePositions,
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent, type StreamPage } from './event-store';

/** Events read from $all per request; system events are dropped client-side, so pages may come back thinner. */
const READ_PAGE = 500;

/** ESDB revisions count from 0; our versions count events, so version = revision + 1 (0 = no stream). */
const expectedRevision = (expected: ExpectedVersion): AppendExpectedRevision =>
  expected === 'any' ? ANY : expected === 0 ? NO_STREAM : BigInt(expected - 1);

/** $-prefixed streams and types are EventStoreDB's own (metadata, statistics, links). */
const isSystemEvent = (event: EsdbRecordedEvent) => event.streamId.startsWith('$') || event.type.startsWith('$');

const asStored = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

function toRecorded(event: EsdbRecordedEvent, commitPosition?: bigint): RecordedEvent {
  // Servers before 22.6 omit the position of stream reads; the commit position is then the best order key.
  const position: GlobalPosition = event.position ?? { commit: commitPosition ?? 0n, prepare: commitPosition ?? 0n };
  return {
    id: event.id,
    streamId: event.streamId,
    streamVersion: Number(event.revision) + 1,
    type: event.type,
    data: event.data,
    metadata: event.metadata as unknown as RecordedEvent['metadata'],
    position: { commit: position.commit, prepare: position.prepare },
  };
}

/**
 * The EventStore port on EventStoreDB (`@eventstore/db-client`). EventStoreDB keeps the global order
 * ($all, by transaction-log position) and the per-stream revisions itself; this adapter maps versions,
 * errors and idempotent retries onto the port's contract.
 */
export class EventStoreDbEventStore implements EventStore {
  constructor(private readonly client: EventStoreDBClient) {}

  /** e.g. `esdb://localhost:2113?tls=false`. The client connects lazily, on the first call. */
  static async connect(connectionString: string): Promise<EventStoreDbEventStore> {
    return new EventStoreDbEventStore(EventStoreDBClient.connectionString(connectionString));
  }

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((event) =>
          jsonEvent({ id: event.id, type: event.type, data: asStored(event.data) as JSONType, metadata: event.metadata }),
        ),
        { expectedRevision: expectedRevision(expectedVersion) },
      );
      // EventStoreDB acknowledges an idempotent retry without a position: answer with the first result.
      if (!result.position) return await this.previousAppend(streamId, events, expectedVersion);
      return {
        nextExpectedVersion: Number(result.nextExpectedRevision) + 1,
        position: { commit: result.position.commit, prepare: result.position.prepare },
      };
    } catch (error) {
      // A retry whose expected version has since moved on also lands here.
      if (error instanceof WrongExpectedVersionError) return this.previousAppend(streamId, events, expectedVersion);
      throw error;
    }
  }

  /** The events with these ids, in this stream, with the same content: a retry; anything else: a conflict. */
  private async previousAppend(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const stored = await this.readStream(streamId);
    const start = stored.findIndex((event) => event.id === events[0]!.id);
    const written = start < 0 ? [] : stored.slice(start, start + events.length);
    const sameEvents =
      written.length === events.length &&
      written.every(
        (event, index) =>
          event.id === events[index]!.id &&
          event.type === events[index]!.type &&
          isDeepStrictEqual(event.data, asStored(events[index]!.data)),
      );
    if (!sameEvents) throw new ConcurrencyError(streamId, expectedVersion);
    const last = written[written.length - 1]!;
    return { nextExpectedVersion: last.streamVersion, position: last.position };
  }

  async readStream(streamId: string, page: StreamPage = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    // EventStoreDB revisions are 0-based: stream version v is revision v - 1.
    const options = { fromRevision: BigInt(page.afterVersion ?? 0), ...(page.limit === undefined ? {} : { maxCount: page.limit }) };
    try {
      for await (const resolved of this.client.readStream(streamId, options)) {
        if (resolved.event) events.push(toRecorded(resolved.event, resolved.commitPosition));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    try {
      for await (const resolved of this.client.readStream(streamId, { direction: BACKWARDS, fromRevision: END, maxCount: 1 }))
        if (resolved.event) return toRecorded(resolved.event, resolved.commitPosition);
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw error;
    }
    return null;
  }

  /**
   * EventStoreDB reads $all from a position inclusively, and its pages count system events too; so it
   * pages until `limit` events strictly after `after` are found or $all ends.
   */
  async readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from: Position | typeof START = after ?? START;
    let skipThrough = after;
    for (;;) {
      let read = 0;
      let last: Position | null = null;
      for await (const resolved of this.client.readAll({ fromPosition: from, maxCount: READ_PAGE })) {
        read++;
        const event = resolved.event;
        if (!event) continue;
        last = event.position;
        if (skipThrough && comparePositions(event.position, skipThrough) <= 0) continue;
        if (isSystemEvent(event)) continue;
        events.push(toRecorded(event));
        if (events.length === limit) return events;
      }
      if (read < READ_PAGE || !last) return events;
      from = last;
      skipThrough = last;
    }
  }

  subscribe(after: GlobalPosition | null): Observable<RecordedEvent> {
    return new Observable<RecordedEvent>((subscriber) => {
      const subscription = this.client.subscribeToAll({
        fromPosition: after ?? START,
        filter: excludeSystemEvents(),
      });
      subscription.on('data', (resolved) => {
        const event = resolved.event;
        // The subscription starts after `after`; the check guards the exactly-once promise regardless.
        if (!event || isSystemEvent(event) || (after && comparePositions(event.position, after) <= 0)) return;
        subscriber.next(toRecorded(event));
      });
      subscription.on('error', (error) => subscriber.error(error));
      subscription.on('end', () => subscriber.complete());
      return () => {
        subscription.unsubscribe().catch(() => undefined);
      };
    });
  }

  async ping(): Promise<void> {
    for await (const _ of this.client.readAll({ maxCount: 1 })) break;
  }

  async close(): Promise<void> {
    await this.client.dispose();
  }
}
