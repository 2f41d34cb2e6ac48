import type { Knex } from 'knex';

/**
 * A bank ledger's snapshot holds every client of the bank. Saved as one value, a bank of a million
 * clients had its ~100 MB of JSON joined into one string, measured and encoded for the driver on the
 * event loop (~150 ms without a round), and parsed by PostgreSQL in one piece. Its clients are now
 * saved a slice at a time, each slice a row of its own (`json`: kept as text, its syntax checked), and
 * the snapshot's head names its slices (`slices_of`); a head saved whole, as the chain's are, names none.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table stream_snapshot_slices (
      snapshot_id uuid not null,
      slice integer not null,
      stream_id text not null,
      version integer not null,
      items json not null,
      primary key (snapshot_id, slice)
    );
    create index stream_snapshot_slices_stream on stream_snapshot_slices (stream_id, version);
    alter table stream_snapshots add column slices_of uuid;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table stream_snapshots drop column slices_of;
    drop table stream_snapshot_slices;
  `);
}
