import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  FORWARDS,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type EventStoreDBClient,
  type Position,
  type ReadPosition,
  type RegexFilter,
} from '@eventstore/db-client';

interface StoredRecord {
  streamId: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
  revision: bigint;
  position: Position;
}

const after = (a: Position, b: Position) => a.commit > b.commit || (a.commit === b.commit && a.prepare > b.prepare);

/**
 * An in-memory stand-in for the part of `@eventstore/db-client` the adapter uses, with the server's
 * documented behaviour where it differs from our port: revisions from 0, WrongExpectedVersionError,
 * idempotent retries acknowledged without a position, StreamNotFoundError on reads, readAll from a
 * position inclusive of it, subscribeToAll exclusive of it, and system events ($-types, $-streams)
 * interleaved in $all. It lets the contract exercise the adapter's mapping where no EventStoreDB runs;
 * it is no substitute for running the contract against a real one (EVENTSTORE_URL).
 */
export function emulatedEventStoreDb(): EventStoreDBClient {
  const streams = new Map<string, StoredRecord[]>();
  const log: StoredRecord[] = [];
  const subscriptions = new Set<(record: StoredRecord) => void>();
  let nextPosition = 100n;

  const write = (streamId: string, id: string, type: string, data: unknown, metadata: unknown): StoredRecord => {
    const stream = streams.get(streamId) ?? [];
    streams.set(streamId, stream);
    const record = { streamId, id, type, data, metadata, revision: BigInt(stream.length), position: { commit: nextPosition, prepare: nextPosition } };
    nextPosition += 100n;
    stream.push(record);
    log.push(record);
    for (const deliver of subscriptions) deliver(record);
    return record;
  };

  const resolved = (record: StoredRecord): AllStreamResolvedEvent => ({
    event: { ...record, isJson: true, created: new Date(0) } as never,
    commitPosition: record.position.commit,
  });

  const client = {
    async appendToStream(streamId: string, events: EventData[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
      const expected = options.expectedRevision ?? ANY;
      const stream = streams.get(streamId) ?? [];
      const current = stream.length === 0 ? NO_STREAM : BigInt(stream.length - 1);
      // The server compares event ids only: the events at the expected place already carry them.
      const from = expected === ANY ? stream.findIndex((record) => record.id === events[0]!.id) : expected === NO_STREAM ? 0 : Number(expected) + 1;
      const already = from >= 0 ? stream.slice(from, from + events.length) : [];
      if (already.length > 0 && already[0]!.id === events[0]!.id) {
        if (already.length === events.length && already.every((record, index) => record.id === events[index]!.id))
          return { success: true, nextExpectedRevision: already[already.length - 1]!.revision } satisfies AppendResult;
        throw new WrongExpectedVersionError(undefined, { streamName: streamId, expected, current });
      }
      if (expected !== ANY && expected !== current) throw new WrongExpectedVersionError(undefined, { streamName: streamId, expected, current });
      let last: StoredRecord | null = null;
      for (const event of events) {
        last = write(streamId, event.id, event.type, event.data, event.metadata);
        if (last.revision === 0n) write('$streams', `${event.id}-link`, '$>', `0@${streamId}`, undefined);
      }
      return { success: true, nextExpectedRevision: last!.revision, position: last!.position } satisfies AppendResult;
    },

    readStream(streamId: string, options: { direction?: typeof BACKWARDS | typeof FORWARDS; fromRevision?: bigint | typeof END; maxCount?: number | bigint } = {}) {
      return (async function* () {
        const stream = streams.get(streamId);
        if (!stream) throw new StreamNotFoundError(undefined, streamId);
        if (options.direction === BACKWARDS) {
          // Backwards from a revision inclusive of it, newest first; END is the last revision.
          const newest = options.fromRevision === undefined || options.fromRevision === END ? stream.length - 1 : Number(options.fromRevision);
          for (const record of stream.slice(0, newest + 1).reverse().slice(0, Number(options.maxCount ?? stream.length))) yield resolved(record);
          return;
        }
        const from = Number(options.fromRevision === END ? stream.length : (options.fromRevision ?? 0n));
        for (const record of [...stream].slice(from, from + Number(options.maxCount ?? stream.length))) yield resolved(record);
      })();
    },

    readAll(options: { fromPosition?: ReadPosition; maxCount?: number | bigint } = {}) {
      const from = options.fromPosition ?? START;
      const records = log.filter((record) => from === START || (from !== 'end' && !after(from, record.position)));
      return (async function* () {
        for (const record of records.slice(0, Number(options.maxCount ?? records.length))) yield resolved(record);
      })();
    },

    subscribeToAll(options: { fromPosition?: ReadPosition; filter?: RegexFilter } = {}) {
      const subscription = new EventEmitter() as EventEmitter & { unsubscribe(): Promise<void> };
      const pattern = options.filter ? new RegExp(options.filter.regex) : null;
      const from = options.fromPosition ?? START;
      const deliver = (record: StoredRecord) => {
        if (pattern && !pattern.test(record.type)) return;
        setImmediate(() => subscription.emit('data', resolved(record)));
      };
      for (const record of log) if (from === START || (from !== 'end' && after(record.position, from))) deliver(record);
      subscriptions.add(deliver);
      subscription.unsubscribe = async () => void subscriptions.delete(deliver);
      return subscription;
    },

    async dispose() {
      subscriptions.clear();
    },
  };
  return client as unknown as EventStoreDBClient;
}
