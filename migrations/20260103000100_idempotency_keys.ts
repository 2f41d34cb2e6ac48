import type { Knex } from 'knex';

/**
 * Idempotency-Key records of value-moving POSTs (write-side/idempotency.ts): per caller and key, the
 * request's fingerprint and, once done, the first response. Write-side state, not a read model.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table idempotency_keys (
      scope text not null,
      key text not null,
      fingerprint text not null,
      status text not null,
      response_status integer,
      response_body jsonb,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      primary key (scope, key)
    );
    create index idempotency_keys_age on idempotency_keys (created_at);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table idempotency_keys');
}
