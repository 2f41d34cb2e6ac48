import type { Knex } from 'knex';
import { PostgresSnapshotStore, type SnapshotStore } from '../event-store/snapshots';

/**
 * What lets an embedded chain start without replaying its whole history: snapshots of its state, and
 * where each transaction is, so that blocks before the snapshot stay findable by hash.
 */
export interface ChainHistory {
  snapshots: SnapshotStore;
  /** The height of a recorded transaction; null when unknown. */
  locate(streamId: string, txHash: string): Promise<number | null>;
  /** Records where transactions are; recording one again changes nothing. */
  record(streamId: string, locations: Array<{ txHash: string; height: number }>): Promise<void>;
}

/** Snapshots in stream_snapshots, locations in chain_tx_locations. */
export class PostgresChainHistory implements ChainHistory {
  readonly snapshots: SnapshotStore;

  constructor(private readonly db: Knex) {
    this.snapshots = new PostgresSnapshotStore(db);
  }

  async locate(streamId: string, txHash: string): Promise<number | null> {
    const row: { height: string } | undefined = await this.db('chain_tx_locations').where({ stream_id: streamId, tx_hash: txHash }).first('height');
    return row ? Number(row.height) : null;
  }

  async record(streamId: string, locations: Array<{ txHash: string; height: number }>): Promise<void> {
    if (locations.length === 0) return;
    await this.db.raw(
      `insert into chain_tx_locations (stream_id, tx_hash, height)
       select ?, * from unnest(?::text[], ?::bigint[]) on conflict do nothing`,
      [streamId, locations.map((location) => location.txHash), locations.map((location) => location.height)],
    );
  }
}
