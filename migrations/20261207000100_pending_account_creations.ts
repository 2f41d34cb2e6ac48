import type { Knex } from 'knex';

/**
 * Account creations recorded but not finished (write-side/account): the periodic recovery finishes
 * what a failure between the chain and the event store left half-way, when nobody retries it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table pending_account_creations (
      account_id text primary key,
      organization_id text not null,
      requested_at timestamptz not null,
      updated_at timestamptz not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table pending_account_creations');
}
