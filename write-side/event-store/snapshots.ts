import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';

export interface Snapshot {
  streamId: string;
  /** The stream version the state includes (the tail starts after it). */
  version: number;
  state: unknown;
  /**
   * The JSON text of each slice of items its owner saved a slice at a time (SnapshotStore.inSlices), in
   * order; absent when saved whole. Left as text for the owner to parse one slice per turn of the event
   * loop: parsed by the driver as the rows arrived, several slices in one turn, a million items' slices
   * held the loop 33–93 ms ten times in a load.
   */
  slices?: string[];
}

/**
 * A snapshot whose long list is saved a slice at a time while its owner goes on: no statement, and no
 * string in memory, holds the whole of it. Nothing of it is read until `complete` saves its head.
 */
export interface SnapshotSlices {
  /** Saves the next slice: the JSON text of an array of items. */
  add(itemsJson: string): Promise<void>;
  /**
   * Saves the head (the state but its items, as JSON) with the slices added, unless the stream has a
   * snapshot of this version or a later one; either way no older snapshot's slices are kept.
   */
  complete(stateJson: string): Promise<void>;
  /** Drops the slices added: the snapshot was given up. */
  discard(): Promise<void>;
}

/** Saved states of long streams, so that loading one reads its snapshot and the tail after it. */
export interface SnapshotStore {
  load(streamId: string): Promise<Snapshot | null>;
  save(snapshot: Snapshot): Promise<void>;
  /** Begins a snapshot of the stream at `version` saved in slices. */
  inSlices(streamId: string, version: number): SnapshotSlices;
}

/**
 * Snapshots in PostgreSQL (whichever event store holds the events: a snapshot is a cache of a fold,
 * never the truth; a lost or older one only makes the tail longer). A save never replaces a newer one.
 * A sliced snapshot's slices are rows of `stream_snapshot_slices` under an id of that save's own, so
 * that two processes saving the same stream never mix their slices; its head names them (`slices_of`).
 */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly db: Knex) {}

  /** The head and its slices in one statement: one view of the table, whatever a save does meanwhile. */
  async load(streamId: string): Promise<Snapshot | null> {
    const { rows } = await this.db.raw<{ rows: Array<{ slice: number | null; version: number | null; state: string }> }>(
      `select null::integer as slice, version, state::text as state from stream_snapshots where stream_id = ?
       union all
       select slice.slice, null, slice.items::text
         from stream_snapshots head join stream_snapshot_slices slice on slice.snapshot_id = head.slices_of
        where head.stream_id = ?
       order by slice nulls first`,
      [streamId, streamId],
    );
    const [head, ...slices] = rows;
    if (!head) return null;
    const snapshot: Snapshot = { streamId, version: Number(head.version), state: JSON.parse(head.state) as unknown };
    if (slices.length > 0) snapshot.slices = slices.map((slice) => slice.state);
    return snapshot;
  }

  async save(snapshot: Snapshot): Promise<void> {
    await this.db.raw(
      `with head as (${UPSERT_HEAD})
       delete from stream_snapshot_slices where stream_id = ? and exists (select 1 from head) and version < ?`,
      [snapshot.streamId, snapshot.version, JSON.stringify(snapshot.state), null, snapshot.streamId, snapshot.version],
    );
  }

  inSlices(streamId: string, version: number): SnapshotSlices {
    const db = this.db;
    const snapshotId = randomUUID();
    let slices = 0;
    return {
      async add(itemsJson) {
        await db.raw(`insert into stream_snapshot_slices (snapshot_id, slice, stream_id, version, items) values (?, ?, ?, ?, ?::json)`, [
          snapshotId,
          slices++,
          streamId,
          version,
          itemsJson,
        ]);
      },
      // Saved: the older snapshots' slices go, and those of saves left unfinished before it. Not saved
      // (a later one was): this save's own go.
      async complete(stateJson) {
        await db.raw(
          `with head as (${UPSERT_HEAD})
           delete from stream_snapshot_slices
            where stream_id = ? and case when exists (select 1 from head) then version < ? else snapshot_id = ? end`,
          [streamId, version, stateJson, slices > 0 ? snapshotId : null, streamId, version, snapshotId],
        );
      },
      async discard() {
        await db.raw('delete from stream_snapshot_slices where snapshot_id = ?', [snapshotId]);
      },
    };
  }
}

/** A snapshot's head, unless the stream has one of its version or a later one; returns a row when saved. */
const UPSERT_HEAD = `
  insert into stream_snapshots (stream_id, version, state, slices_of, taken_at) values (?, ?, ?::jsonb, ?::uuid, now())
  on conflict (stream_id) do update set version = excluded.version, state = excluded.state, slices_of = excluded.slices_of, taken_at = excluded.taken_at
  where stream_snapshots.version < excluded.version
  returning version`;
