import type { Knex } from 'knex';

/**
 * The PostgreSQL event store. `transaction_id` is the writing transaction's xid8: readers only take
 * rows below the oldest running transaction (pg_snapshot_xmin), ordered by (transaction_id, position),
 * so an event committed late by a transaction that started early is never skipped.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table event_streams (
      stream_id text primary key,
      version integer not null
    );
    create table events (
      position bigserial primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      event_id uuid not null unique,
      stream_id text not null,
      stream_version integer not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      unique (stream_id, stream_version)
    );
    create index events_global_order on events (transaction_id, position);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table events; drop table event_streams;');
}
