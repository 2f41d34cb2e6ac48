import type { Knex } from 'knex';

/** One row per projection: the global position of the last event it applied. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table projection_checkpoints (
      name text primary key,
      commit_position xid8 not null,
      prepare_position bigint not null,
      updated_at timestamptz not null default now()
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table projection_checkpoints');
}
