import type { Observable } from 'rxjs';

export interface EventMetadata {
  actorId: string | null;
  organizationId: string | null;
  correlationId: string;
  causationId: string | null;
  occurredAt: string;
  schemaVersion: number;
  /**
   * Read models that applied this event in the transaction that appended it (see
   * EventStore.appendWith); the projection runner does not apply it to them again, a rebuild does.
   */
  appliedInline?: string[];
}

/** An event as the write side proposes it: `id` makes an append idempotent. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  data: Data;
  metadata: EventMetadata;
}

/**
 * A place in the global order. PostgreSQL: (writing transaction id, row position); EventStoreDB:
 * (commit, prepare). Compared lexicographically; a subscriber resumes strictly after it.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

export interface RecordedEvent<Type extends string = string, Data = unknown> extends NewEvent<Type, Data> {
  streamId: string;
  /** 1-based: the first event of a stream has version 1. */
  streamVersion: number;
  position: GlobalPosition;
}

/** The version the stream must be at (its number of events; 0 = the stream does not exist), or 'any'. */
export type ExpectedVersion = number | 'any';

export interface StreamPage {
  /** Only events with a higher stream version (0 = from the first event). */
  afterVersion?: number;
  /** At most this many events. */
  limit?: number;
}

/** One stream's part of an append to several (EventStore.appendAllWith). */
export interface StreamAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
}

export interface AppendResult {
  nextExpectedVersion: number;
  position: GlobalPosition;
}

export class ConcurrencyError extends Error {
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedVersion,
  ) {
    super(`Stream ${streamId} is not at version ${String(expected)}`);
    this.name = 'ConcurrencyError';
  }
}

/** An append's precondition (InlineWrite.precondition) did not hold: nothing was written. */
export class PreconditionFailed extends Error {
  constructor(readonly streamId: string, detail: string) {
    super(`Append to ${streamId} refused: ${detail}`);
    this.name = 'PreconditionFailed';
  }
}

/** Runs one statement of a read model's inline write: `$1`… placeholders, as PostgreSQL takes them. */
export type InlineQuery = (text: string, values: unknown[]) => Promise<unknown>;

/** A statement of an inline write, with `?` placeholders; it reads from `landed` (see InlineWrite). */
export interface InlineStatement {
  sql: string;
  values: unknown[];
}

/** PostgreSQL's `$n` for a statement's `?` placeholders (it holds no other question mark), numbered after `after`. */
export function positional(sql: string, after = 0): string {
  let index = after;
  return sql.replace(/\?/g, () => `$${++index}`);
}

/** A read model written in the transaction of an append (EventStore.appendWith). */
export interface InlineWrite {
  /** A shared advisory lock (the hashtext of each name) taken before anything is written. */
  lock: { class: string; object: string };
  /**
   * The writes as statements the store joins to its append in one statement and round trip: each reads
   * from `landed`, one row when the append landed and none when it did not. Null when they cannot be
   * one statement: `write` then runs them in the append's transaction.
   */
  statements: InlineStatement[] | null;
  write(query: InlineQuery): Promise<void>;
  /**
   * What the decisions assumed of other rows, checked in the append's transaction before anything is
   * written: a statement that fails with SQLSTATE EM001 (the `facts_hold` function) when it no longer
   * holds. The append then writes nothing and fails with PreconditionFailed.
   */
  precondition?: InlineStatement;
}

/** A read model its writer writes in the transaction of each of its appends, where the store can (appendWith). */
export interface InlineReadModel {
  /** The projection's name, which the events it applied carry (metadata.appliedInline). */
  name: string;
  /** Its writes for the events of one append. */
  writeFor(events: NewEvent[]): InlineWrite;
}

export interface EventStore {
  /** Atomic per stream; a retry with the same event ids returns the first result and appends nothing. */
  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /**
   * Where the read models live in the same database (the PostgreSQL adapter only): `append`, with a
   * read model written in the same transaction, after the events and before the commit, so both land
   * or neither does. A retry of an append that landed returns the first result and writes nothing.
   * Subscribers are not woken for it (its readers are current already): they take its events at their
   * next poll, or with the next append that wakes them.
   */
  appendWith?(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion, inline: InlineWrite): Promise<AppendResult>;
  /**
   * `appendWith` for appends to several streams (each at most once) with one read-model write for all
   * their events, in one statement: every append lands, or the call fails and nothing is written. An
   * append to a stream not at its expected version, or a retry of one that landed, fails it too, as a
   * precondition that no longer holds does: the caller tells which by appending each alone.
   */
  appendAllWith?(appends: StreamAppend[], inline: InlineWrite): Promise<AppendResult[]>;
  /**
   * The stream's events in order; `afterVersion` and `limit` read a page of it (a long stream's tail
   * after a snapshot, without reading its history).
   */
  readStream(streamId: string, page?: StreamPage): Promise<RecordedEvent[]>;
  /** The stream's newest event, null for a stream with none: where a long stream's reader resumes, without reading its history. */
  readLastEvent(streamId: string): Promise<RecordedEvent | null>;
  /** Events strictly after `after` (null = from the beginning), in global order, at most `limit`. */
  readAll(after: GlobalPosition | null, limit: number, feed?: FeedReaders): Promise<RecordedEvent[]>;
  /** Every event after `after`, exactly once, in global order; live events follow the history. */
  subscribe(after: GlobalPosition | null, feed?: FeedReaders): Observable<RecordedEvent>;
  /** Whether the store answers; health checks call it. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Who reads a feed: the projections that handle each event type. An event whose every reader applied it
 * in its own append (`metadata.appliedInline`), or that no reader handles, is only a position to them:
 * a store may hand it over with `data: null` instead of reading, sending and parsing a payload nobody
 * uses (under payment load nearly every event is such a one).
 */
export interface FeedReaders {
  readersByType: ReadonlyMap<string, readonly string[]>;
}

export const comparePositions = (a: GlobalPosition, b: GlobalPosition): number =>
  a.commit === b.commit ? (a.prepare === b.prepare ? 0 : a.prepare < b.prepare ? -1 : 1) : a.commit < b.commit ? -1 : 1;

export const positionToString = (position: GlobalPosition) => `${position.commit}:${position.prepare}`;

export function positionFromString(text: string): GlobalPosition {
  const [commit, prepare] = text.split(':');
  return { commit: BigInt(commit!), prepare: BigInt(prepare!) };
}
