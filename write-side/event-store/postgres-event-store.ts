import { Observable } from 'rxjs';
import type { Pool, PoolClient } from 'pg';
import {
  ConcurrencyError,
  type AppendResult,
  type EventStore,
  type ExpectedVersion,
  type GlobalPosition,
  type NewEvent,
  type RecordedEvent,
} from './event-store';

const NOTIFY_CHANNEL = 'emisor_events';
const IDLE_POLL_MS = 50;
const BATCH = 1000;

interface EventRow {
  position: string;
  transaction_id: string;
  event_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: NewEvent['metadata'];
}

const toRecorded = (row: EventRow): RecordedEvent => ({
  id: row.event_id,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  data: row.data,
  metadata: row.metadata,
  position: { commit: BigInt(row.transaction_id), prepare: BigInt(row.position) },
});

const COLUMNS = 'position, transaction_id::text, event_id, stream_id, stream_version, type, data, metadata';

export class PostgresEventStore implements EventStore {
  constructor(private readonly pool: Pool) {}

  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const client = await this.pool.connect();
    try {
      await client.query('begin');
      const version = await this.advanceStream(client, streamId, events.length, expectedVersion);
      if (version === null) {
        await client.query('rollback');
        return await this.previousAppend(streamId, events, expectedVersion);
      }
      const first = version - events.length + 1;
      const inserted = await client.query<{ position: string; transaction_id: string }>(
        `insert into events (event_id, stream_id, stream_version, type, data, metadata)
         select id, $1, $2::int + ord - 1, type, data, metadata
           from unnest($3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[]) with ordinality as e(id, type, data, metadata, ord)
         order by ord
         returning position, transaction_id::text`,
        [
          streamId,
          first,
          events.map((event) => event.id),
          events.map((event) => event.type),
          events.map((event) => JSON.stringify(event.data)),
          events.map((event) => JSON.stringify(event.metadata)),
        ],
      );
      await client.query(`select pg_notify('${NOTIFY_CHANNEL}', '')`);
      await client.query('commit');
      const last = inserted.rows[inserted.rows.length - 1]!;
      return {
        nextExpectedVersion: version,
        position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.position) },
      };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      if ((error as { code?: string }).code === '23505') return this.previousAppend(streamId, events, expectedVersion);
      throw error;
    } finally {
      client.release();
    }
  }

  /** Moves the stream's version forward under its row lock; null when the expected version does not hold. */
  private async advanceStream(
    client: PoolClient,
    streamId: string,
    count: number,
    expectedVersion: ExpectedVersion,
  ): Promise<number | null> {
    const result =
      expectedVersion === 'any'
        ? await client.query<{ version: number }>(
            `insert into event_streams (stream_id, version) values ($1, $2)
             on conflict (stream_id) do update set version = event_streams.version + $2 returning version`,
            [streamId, count],
          )
        : expectedVersion === 0
          ? await client.query<{ version: number }>(
              `insert into event_streams (stream_id, version) values ($1, $2) on conflict do nothing returning version`,
              [streamId, count],
            )
          : await client.query<{ version: number }>(
              `update event_streams set version = version + $2 where stream_id = $1 and version = $3 returning version`,
              [streamId, count, expectedVersion],
            );
    return result.rows[0]?.version ?? null;
  }

  /** An append that could not be written is either a retry of one that was (idempotent) or a conflict. */
  private async previousAppend(
    streamId: string,
    events: NewEvent[],
    expectedVersion: ExpectedVersion,
  ): Promise<AppendResult> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where event_id = any($1::uuid[]) order by position`,
      [events.map((event) => event.id)],
    );
    if (rows.length === events.length && rows.every((row) => row.stream_id === streamId)) {
      const last = rows[rows.length - 1]!;
      return {
        nextExpectedVersion: last.stream_version,
        position: { commit: BigInt(last.transaction_id), prepare: BigInt(last.position) },
      };
    }
    throw new ConcurrencyError(streamId, expectedVersion);
  }

  async readStream(streamId: string): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 order by stream_version`,
      [streamId],
    );
    return rows.map(toRecorded);
  }

  async readAll(after: GlobalPosition | null, limit: number): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events
        where (transaction_id, position) > ($1::text::xid8, $2::bigint)
          and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        order by transaction_id, position
        limit $3`,
      [String(after?.commit ?? 0n), String(after?.prepare ?? 0n), limit],
    );
    return rows.map(toRecorded);
  }

  subscribe(after: GlobalPosition | null): Observable<RecordedEvent> {
    return new Observable<RecordedEvent>((subscriber) => {
      let checkpoint = after;
      let stopped = false;
      let wake: (() => void) | null = null;
      let listener: PoolClient | null = null;

      const sleep = () =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            wake = null;
            resolve();
          }, IDLE_POLL_MS);
          wake = () => {
            clearTimeout(timer);
            wake = null;
            resolve();
          };
        });

      const run = async () => {
        listener = await this.pool.connect();
        listener.on('notification', () => wake?.());
        await listener.query(`listen ${NOTIFY_CHANNEL}`);
        while (!stopped) {
          const batch = await this.readAll(checkpoint, BATCH);
          for (const event of batch) {
            if (stopped) return;
            subscriber.next(event);
            checkpoint = event.position;
          }
          if (batch.length < BATCH) await sleep();
        }
      };

      run().catch((error) => {
        if (!stopped) subscriber.error(error);
      });

      return () => {
        stopped = true;
        wake?.();
        const client = listener;
        if (client)
          client
            .query(`unlisten ${NOTIFY_CHANNEL}`)
            .catch(() => undefined)
            .finally(() => client.release());
      };
    });
  }

  async ping(): Promise<void> {
    await this.pool.query('select 1');
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
