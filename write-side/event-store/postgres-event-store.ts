import { createHash, randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { Observable } from 'rxjs';
import type { Pool, PoolClient } from 'pg';
import {
  ConcurrencyError,
  positional,
  PreconditionFailed,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type FeedReaders,
  type GlobalPosition,
  type InlineStatement,
  type InlineWrite,
  type NewEvent,
  type RecordedEvent,
  type StreamAppend,
  type StreamPage,
} from './event-store';

const NOTIFY_CHANNEL = 'emisor_events';
/** A subscriber re-reads at least this often: it also covers commits that no notification announced. */
const IDLE_POLL_MS = 50;
const NOTIFY_INTERVAL_MS = 10;
const READ_BATCH = 1000;
const MIN_EVENTS_PER_STATEMENT = 8;
const UNIQUE_VIOLATION = '23505';
/** Raised by `facts_hold` when an append's precondition does not hold. */
const FACTS_CHANGED = 'EM001';
const DEADLOCK_DETECTED = '40P01';

/** Prepared-statement names by text: a handful of shapes, each hashed once rather than on every append. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `emisor_append_with_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
    statementNames.set(text, name);
  }
  return name;
}

export interface PostgresEventStoreOptions {
  /** Append statements on the wire at once; appends arriving meanwhile wait and go together. */
  maxBatchesInFlight?: number;
  /** Upper bound on the events of one append statement. */
  maxEventsPerBatch?: number;
}

/** An event's row as `COLUMNS` (and readAll) select it, in that order. */
type EventRow = [
  position: string,
  transactionId: string,
  eventId: string,
  streamId: string,
  streamVersion: number,
  type: string,
  data: unknown,
  metadata: NewEvent['metadata'],
];

interface PendingAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: ExpectedVersion;
  /** The append as append_events reads it. */
  json: string;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

interface AppendRow {
  append_index: number;
  next_version: number | null;
  commit_position: string | null;
  prepare_position: string | null;
}

/** What an append that landed (its row's next version not null) answers. */
const landedResult = (row: AppendRow): AppendResult => ({
  nextExpectedVersion: row.next_version!,
  position: { commit: BigInt(row.commit_position!), prepare: BigInt(row.prepare_position!) },
});

/** A feed's readers as the read statement takes them, worked out once per feed. */
const feedJson = new WeakMap<FeedReaders, string>();
function readersJson(feed: FeedReaders): string {
  let json = feedJson.get(feed);
  if (json === undefined) {
    json = JSON.stringify(Object.fromEntries(feed.readersByType));
    feedJson.set(feed, json);
  }
  return json;
}

const toRecorded = ([position, transactionId, id, streamId, streamVersion, type, data, metadata]: EventRow): RecordedEvent => ({
  id,
  streamId,
  streamVersion,
  type,
  data,
  metadata,
  position: { commit: BigInt(transactionId), prepare: BigInt(position) },
});

const COLUMNS = 'position, transaction_id::text, event_id, stream_id, stream_version, type, data, metadata';

/** One append as append_events reads it. */
const appendJson = (streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion) =>
  JSON.stringify({
    streamId,
    expectedVersion: expectedVersion === 'any' ? null : expectedVersion,
    events: events.map((event) => ({ id: event.id, type: event.type, data: event.data ?? null, metadata: event.metadata })),
  });

/** What the event becomes once stored as jsonb, so a retry can be compared with what was written. */
const asStored = (value: unknown): unknown => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * The default event store, on PostgreSQL.
 *
 * Appends go through the `append_events` function (migrations/20260101000050_append_function.ts):
 * each call is one statement and one transaction. While some calls are in flight, new appends queue
 * and leave together in the next call (group commit), so throughput is not capped by round trips.
 *
 * Global order is (writing transaction id, row position), and readers only take rows of transactions
 * older than the oldest one still running, so an event committed late by an early transaction is
 * never skipped. A long-running writing transaction anywhere on the server therefore delays, but never
 * reorders, what subscribers see.
 */
export class PostgresEventStore implements EventStore {
  private readonly queue: PendingAppend[] = [];
  private batchesInFlight = 0;
  private sendScheduled = false;
  private readonly maxBatchesInFlight: number;
  private readonly maxEventsPerBatch: number;
  /** Local subscribers to wake when an append commits. */
  private readonly wakers = new Set<() => void>();
  /** The LISTEN connection that wakes local subscribers on other processes' appends. */
  private listener: Promise<{ stop(): Promise<void> } | null> | null = null;
  /** Tags this process's notifications, so its own listener ignores them (local wakers already ran). */
  private readonly instanceId = randomUUID();
  private notifying = false;
  private notifyAgain = false;

  constructor(
    private readonly pool: Pool,
    options: PostgresEventStoreOptions = {},
  ) {
    this.maxBatchesInFlight = options.maxBatchesInFlight ?? 4;
    this.maxEventsPerBatch = options.maxEventsPerBatch ?? 1000;
  }

  append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) return Promise.reject(new Error('append needs at least one event'));
    return new Promise<AppendResult>((resolve, reject) => {
      // Serialised here, so an event that cannot be fails its own append only, not its whole batch.
      const json = appendJson(streamId, events, expectedVersion);
      this.queue.push({ streamId, events, expectedVersion, json, resolve, reject });
      this.scheduleSend();
    });
  }

  /**
   * One append with a read model's writes, not grouped with other appends. Where the writes come as
   * statements, one statement does it all (one round trip, its own transaction): the lock, the append,
   * then each write joined to `landed`. Otherwise a transaction: BEGIN with the lock, the append, the
   * writes, COMMIT. An append that wrote nothing (a retry of one that landed, or a conflict) writes
   * nothing else and is answered as `append` answers it.
   */
  async appendWith(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion, inline: InlineWrite): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const appends = `[${appendJson(streamId, events, expectedVersion)}]`;
    let row: AppendRow;
    try {
      row = inline.statements ? (await this.appendJoined(appends, inline, inline.statements))[0]! : await this.appendInTransaction(appends, inline);
    } catch (error) {
      const { code, message, table, constraint } = error as { code?: string; message: string; table?: string; constraint?: string };
      // A read model's row already there (a payment recorded before the writer's memory): what the
      // writer assumed does not hold, as when its precondition fails.
      if (code === UNIQUE_VIOLATION && table !== undefined && table !== 'events') throw new PreconditionFailed(streamId, `${table} already holds a row it writes (${constraint ?? 'unique key'})`);
      // The same event ids raced in by another writer: the first result, or a conflict.
      if (code === UNIQUE_VIOLATION) return this.previousAppend(streamId, events, expectedVersion);
      if (code === FACTS_CHANGED) throw new PreconditionFailed(streamId, message);
      throw error;
    }
    if (row.next_version === null) return this.previousAppend(streamId, events, expectedVersion);
    // Not announced: its read model is written, and under payment load an announcement per round had the
    // runner read every round back (one read per round, besides a pg_notify) only to skip it.
    return landedResult(row);
  }

  async appendAllWith(appends: StreamAppend[], inline: InlineWrite): Promise<AppendResult[]> {
    if (appends.some((append) => append.events.length === 0)) throw new Error('append needs at least one event');
    if (new Set(appends.map((append) => append.streamId)).size < appends.length) throw new Error('an append to several streams takes each at most once');
    if (!inline.statements) throw new Error('appends to several streams write their read model in the same statement');
    const rows = await this.appendJoined(`[${appends.map(({ streamId, events, expectedVersion }) => appendJson(streamId, events, expectedVersion)).join(',')}]`, inline, inline.statements, appends.length);
    return rows.map(landedResult);
  }

  /**
   * The appends, the precondition and the read model's writes as one statement. With `all` (the number
   * of appends) every append must land, else the statement fails (facts_hold) and writes nothing; without
   * it the writes read from `landed`, which is empty when the one append did not land.
   */
  private async appendJoined(appends: string, inline: InlineWrite, statements: InlineStatement[], all?: number): Promise<AppendRow[]> {
    let parameter = all === undefined ? 3 : 4;
    const numbered = ({ sql, values }: InlineStatement) => {
      const text = positional(sql, parameter);
      parameter += values.length;
      return text;
    };
    // The append reads from the precondition, so it runs in the same statement: when it fails, the
    // statement fails and nothing is written.
    const precondition = inline.precondition ? `with precondition as materialized (${numbered(inline.precondition)}), ` : 'with ';
    const after = inline.precondition ? 'precondition, ' : '';
    const writes = statements.map((statement, index) => `, write_${index} as (${numbered(statement)})`);
    const landed =
      all === undefined
        ? 'select 1 from appended where next_version is not null'
        : "select 1 from appended having facts_hold(count(next_version) = $4::int, 'every append of the statement landed')";
    const text = `${precondition}appended as materialized (select appended.* from ${after}append_events_after_lock($1::jsonb, $2, $3) appended),
      landed as materialized (${landed})${writes.join('')}
      ${all === undefined ? 'select * from appended' : 'select appended.* from appended, landed order by appended.append_index'}`;
    const { rows } = await this.pool.query<AppendRow>({
      // Named per shape, so each shape is planned once per connection.
      name: statementName(text),
      text,
      values: [
        appends,
        inline.lock.class,
        inline.lock.object,
        ...(all === undefined ? [] : [all]),
        ...(inline.precondition?.values ?? []),
        ...statements.flatMap((statement) => statement.values),
      ],
    });
    return rows;
  }

  private async appendInTransaction(appends: string, inline: InlineWrite): Promise<AppendRow> {
    const client = await this.pool.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      if (inline.precondition) await client.query(positional(inline.precondition.sql), inline.precondition.values);
      const { rows } = await client.query<AppendRow>('select * from append_events_after_lock($1::jsonb, $2, $3)', [appends, inline.lock.class, inline.lock.object]);
      if (rows[0]!.next_version !== null) await inline.write((text, values) => client.query(text, values));
      await client.query('commit');
      return rows[0]!;
    } catch (error) {
      await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /**
   * Sends on the next turn of the event loop rather than at once, so that the appends the current turn
   * produces (typically every writer the previous statement released) leave in one statement.
   */
  private scheduleSend(): void {
    if (this.sendScheduled) return;
    this.sendScheduled = true;
    setImmediate(() => {
      this.sendScheduled = false;
      this.sendQueued();
    });
  }

  /**
   * Sends queued appends while fewer than the maximum statements are in flight. The queue is shared out
   * over the free statements (PostgreSQL runs them on several cores, and their commits share WAL
   * flushes), though never in pieces smaller than MIN_EVENTS_PER_STATEMENT.
   *
   * A statement takes each stream at most once (append_events decides all its appends against one
   * snapshot), so a second append to a stream waits, in order, for a later statement. One that expects a
   * version no later than the statement's append to that stream is held aside instead: once that append
   * is written, it cannot be (it is a conflict or an idempotent retry) and is answered at once; otherwise
   * it goes back to the head of the queue. On a hot stream this answers a crowd of writers after one
   * statement instead of one statement each.
   */
  private sendQueued(): void {
    while (this.batchesInFlight < this.maxBatchesInFlight && this.queue.length > 0) {
      const queuedEvents = this.queue.reduce((sum, append) => sum + append.events.length, 0);
      const freeStatements = this.maxBatchesInFlight - this.batchesInFlight;
      const share = Math.min(this.maxEventsPerBatch, Math.max(MIN_EVENTS_PER_STATEMENT, Math.ceil(queuedEvents / freeStatements)));
      const batch: PendingAppend[] = [];
      const unwritable: PendingAppend[] = [];
      const expectedByStream = new Map<string, ExpectedVersion>();
      let size = 0;
      for (let index = 0; index < this.queue.length; ) {
        const append = this.queue[index]!;
        if (batch.length > 0 && size + append.events.length > share) break;
        const sent = expectedByStream.get(append.streamId);
        if (sent === undefined) {
          batch.push(append);
          expectedByStream.set(append.streamId, append.expectedVersion);
          size += append.events.length;
        } else if (sent !== 'any' && append.expectedVersion !== 'any' && append.expectedVersion <= sent) {
          unwritable.push(append);
        } else {
          index++;
          continue;
        }
        this.queue.splice(index, 1);
      }
      this.batchesInFlight++;
      void this.write(batch)
        .then((written) => {
          const retry = unwritable.filter((append) => !written.has(append.streamId));
          for (const append of unwritable) if (written.has(append.streamId)) this.settleUnwritten(append);
          this.queue.unshift(...retry);
        })
        .finally(() => {
          this.batchesInFlight--;
          this.scheduleSend();
        });
    }
  }

  /** Settles every append of the batch and returns the streams it wrote to; never rejects. */
  private async write(batch: PendingAppend[]): Promise<Set<string>> {
    const written = new Set<string>();
    let rows: AppendRow[];
    try {
      rows = await this.appendEvents(batch);
    } catch (error) {
      const code = (error as { code?: string }).code;
      // Two writers racing with the same event ids (or, rarely, a deadlock on them) fail the whole
      // statement; alone, each append gets its own answer.
      if (batch.length > 1 && (code === UNIQUE_VIOLATION || code === DEADLOCK_DETECTED)) {
        for (const streams of await Promise.all(batch.map((append) => this.write([append]))))
          for (const streamId of streams) written.add(streamId);
        return written;
      }
      for (const append of batch) {
        if (code === UNIQUE_VIOLATION) this.settleUnwritten(append);
        else append.reject(error);
      }
      return written;
    }
    for (const row of rows) {
      const append = batch[row.append_index - 1]!;
      if (row.next_version === null) {
        this.settleUnwritten(append);
        continue;
      }
      written.add(append.streamId);
      append.resolve(landedResult(row));
    }
    if (written.size > 0) this.announce();
    return written;
  }

  private async appendEvents(batch: PendingAppend[]): Promise<AppendRow[]> {
    const { rows } = await this.pool.query<AppendRow>({
      name: 'emisor_append_events',
      text: 'select * from append_events($1::jsonb)',
      values: [`[${batch.map((append) => append.json).join(',')}]`],
    });
    return rows;
  }

  private settleUnwritten(append: PendingAppend): void {
    this.previousAppend(append.streamId, append.events, append.expectedVersion).then(append.resolve, append.reject);
  }

  /**
   * An append that wrote nothing is either a retry of one that was written (same ids, same events, in
   * that stream): it gets the first result; or a conflict.
   */
  private async previousAppend(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const stored = await this.readEvents(
      `select ${COLUMNS} from events where event_id = any($1::uuid[]) order by events.transaction_id, events.position`,
      [events.map((event) => event.id)],
    );
    const sameEvents =
      stored.length === events.length &&
      stored.every(
        (event, index) =>
          event.streamId === streamId &&
          event.id === events[index]!.id &&
          event.type === events[index]!.type &&
          isDeepStrictEqual(event.data, asStored(events[index]!.data)),
      );
    if (!sameEvents) throw new ConcurrencyError(streamId, expectedVersion);
    const last = stored[stored.length - 1]!;
    return { nextExpectedVersion: last.streamVersion, position: last.position };
  }

  /**
   * Wakes local subscribers at once, and subscribers of other processes through a NOTIFY sent after
   * the commit: inside the appending transaction it would serialise every commit on the server-wide
   * notification lock. Notifications are coalesced, at most one per NOTIFY_INTERVAL_MS, so that under
   * load they do not cost a statement per append statement.
   */
  private announce(): void {
    for (const wake of this.wakers) wake();
    this.notifyOtherProcesses();
  }

  private notifyOtherProcesses(): void {
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    setTimeout(() => {
      this.pool
        .query('select pg_notify($1, $2)', [NOTIFY_CHANNEL, this.instanceId])
        .catch(() => undefined) // best effort: subscribers poll anyway
        .finally(() => {
          this.notifying = false;
          if (this.notifyAgain) {
            this.notifyAgain = false;
            this.notifyOtherProcesses();
          }
        });
    }, NOTIFY_INTERVAL_MS);
  }

  /**
   * A page names its versions' range, not only where it starts: a stream's versions run 1, 2, 3… without
   * gaps, so the page's events are those up to `afterVersion + limit`. With only the start and a limit,
   * PostgreSQL (whose estimate of one stream's events is a guess) fetched every later event of the
   * stream and sorted them to return the first few: each page of a million-event stream read the rest
   * of it, and a bank ledger's replay of one took two minutes.
   */
  async readStream(streamId: string, page: StreamPage = {}): Promise<RecordedEvent[]> {
    const range = page.limit === undefined ? '' : ' and stream_version <= $2 + $3';
    return this.readEvents(`select ${COLUMNS} from events where stream_id = $1 and stream_version > $2${range} order by stream_version`, [
      streamId,
      page.afterVersion ?? 0,
      ...(page.limit === undefined ? [] : [page.limit]),
    ]);
  }

  async readLastEvent(streamId: string): Promise<RecordedEvent | null> {
    const [last] = await this.readEvents(`select ${COLUMNS} from events where stream_id = $1 order by stream_version desc limit 1`, [streamId]);
    return last ?? null;
  }

  async readAll(after: GlobalPosition | null, limit: number, feed?: FeedReaders): Promise<RecordedEvent[]> {
    // $4: each type's readers; the data is read only when one of them did not apply the event inline.
    return this.readEvents(
      `select position, transaction_id::text, event_id, stream_id, stream_version, type,
              case when $4::jsonb is null or not (coalesce($4::jsonb -> type, '[]') <@ coalesce(metadata -> 'appliedInline', '[]'))
                   then data end as data,
              metadata
         from events
        where (transaction_id, position) > ($1::text::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by events.transaction_id, events.position
        limit $3`,
      [String(after?.commit ?? 0n), String(after?.prepare ?? 0n), limit, feed ? readersJson(feed) : null],
    );
  }

  /**
   * Events read as arrays of their columns (node-pg's `rowMode: 'array'`), not as an object per row
   * keyed by column name that would be copied into the event and dropped: a catch-up reads millions.
   */
  private async readEvents(text: string, values: unknown[]): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>({ text, values, rowMode: 'array' });
    return rows.map(toRecorded);
  }

  subscribe(after: GlobalPosition | null, feed?: FeedReaders): Observable<RecordedEvent> {
    return new Observable<RecordedEvent>((subscriber) => {
      let checkpoint = after;
      let stopped = false;
      // Set by every wake-up, so one that arrives while a read is running is not lost.
      let woken = false;
      let endSleep: (() => void) | null = null;
      const wake = () => {
        woken = true;
        endSleep?.();
      };
      const sleep = () =>
        new Promise<void>((resolve) => {
          if (woken) return resolve();
          const timer = setTimeout(() => endSleep?.(), IDLE_POLL_MS);
          endSleep = () => {
            clearTimeout(timer);
            endSleep = null;
            resolve();
          };
        });

      this.addWaker(wake);
      const run = async () => {
        while (!stopped) {
          woken = false;
          const batch = await this.readAll(checkpoint, READ_BATCH, feed);
          for (const event of batch) {
            if (stopped) return;
            subscriber.next(event);
            checkpoint = event.position;
          }
          if (batch.length < READ_BATCH) await sleep();
        }
      };
      run().catch((error) => {
        if (!stopped) subscriber.error(error);
      });

      return () => {
        stopped = true;
        endSleep?.();
        this.removeWaker(wake);
      };
    });
  }

  private addWaker(wake: () => void): void {
    this.wakers.add(wake);
    if (this.wakers.size === 1) this.listener = this.listen();
  }

  private removeWaker(wake: () => void): void {
    this.wakers.delete(wake);
    if (this.wakers.size > 0 || !this.listener) return;
    const listener = this.listener;
    this.listener = null;
    void listener.then((listening) => listening?.stop());
  }

  /** Null when it cannot listen: subscribers then only poll, which is slower but loses nothing. */
  private async listen(): Promise<{ stop(): Promise<void> } | null> {
    let client: PoolClient | null = null;
    const onNotification = (message: { payload?: string }) => {
      if (message.payload !== this.instanceId) for (const wake of this.wakers) wake();
    };
    const onError = () => undefined; // a lost connection only costs the wake-ups; polling goes on
    try {
      client = await this.pool.connect();
      client.on('notification', onNotification);
      client.on('error', onError);
      await client.query(`listen ${NOTIFY_CHANNEL}`);
    } catch {
      client?.release(true);
      return null;
    }
    const connection = client;
    return {
      stop: async () => {
        let failure: Error | undefined;
        await connection.query(`unlisten ${NOTIFY_CHANNEL}`).catch((error: Error) => (failure = error));
        connection.removeListener('notification', onNotification);
        connection.removeListener('error', onError);
        connection.release(failure);
      },
    };
  }

  async ping(): Promise<void> {
    await this.pool.query('select 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
