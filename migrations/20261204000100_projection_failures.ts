import type { Knex } from 'knex';

/**
 * One row per projection stopped by an event it could not apply: which event, and why. The runner
 * writes it when it stops the projection and removes it once the projection applies past that event;
 * the health check and the control panel's alerts read it, in whichever process asks.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table projection_failures (
      name text primary key,
      event_id text not null,
      event_type text not null,
      stream_id text not null,
      commit_position xid8 not null,
      prepare_position bigint not null,
      reason text not null,
      failed_at timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table projection_failures');
}
