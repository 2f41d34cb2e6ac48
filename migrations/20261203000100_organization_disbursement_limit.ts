import type { Knex } from 'knex';

/** The central bank's per-organization daily disbursement limit (contract "Bridging"); 0 until set. */
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table organizations add column disbursement_limit_per_day numeric(78, 0) not null default 0');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table organizations drop column disbursement_limit_per_day');
}
