import type { Knex } from 'knex';

export interface Snapshot {
  streamId: string;
  /** The stream version the state includes (the tail starts after it). */
  version: number;
  state: unknown;
}

/** A snapshot whose state is already JSON (written in slices by its owner). */
export interface SerializedSnapshot {
  streamId: string;
  version: number;
  stateJson: string;
}

/** Saved states of long streams, so that loading one reads its snapshot and the tail after it. */
export interface SnapshotStore {
  load(streamId: string): Promise<Snapshot | null>;
  save(snapshot: Snapshot | SerializedSnapshot): Promise<void>;
}

/**
 * Snapshots in PostgreSQL (whichever event store holds the events: a snapshot is a cache of a fold,
 * never the truth; a lost or older one only makes the tail longer). A save never replaces a newer one.
 */
export class PostgresSnapshotStore implements SnapshotStore {
  constructor(private readonly db: Knex) {}

  async load(streamId: string): Promise<Snapshot | null> {
    const row = await this.db('stream_snapshots').where({ stream_id: streamId }).first('version', 'state');
    return row ? { streamId, version: Number(row.version), state: row.state } : null;
  }

  async save(snapshot: Snapshot | SerializedSnapshot): Promise<void> {
    await this.db.raw(
      `insert into stream_snapshots (stream_id, version, state, taken_at) values (?, ?, ?::jsonb, now())
       on conflict (stream_id) do update set version = excluded.version, state = excluded.state, taken_at = excluded.taken_at
       where stream_snapshots.version < excluded.version`,
      [snapshot.streamId, snapshot.version, 'stateJson' in snapshot ? snapshot.stateJson : JSON.stringify(snapshot.state)],
    );
  }
}
