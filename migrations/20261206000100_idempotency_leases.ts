import type { Knex } from 'knex';

/**
 * Idempotency claims hold a lease (write-side/idempotency.ts): a claim token names the attempt that
 * owns the key, `lease_until` is when another attempt may take it over. Both are compared in SQL, on
 * the database's clock, so a crashed or cut-off attempt frees its key by itself.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table idempotency_keys
      add column claim_token uuid,
      add column lease_until timestamptz not null default now();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('alter table idempotency_keys drop column claim_token, drop column lease_until');
}
