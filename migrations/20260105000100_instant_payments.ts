import type { Knex } from 'knex';

/**
 * Instant Payments read models: retail clients (with their sub-ledger balance) and payments. KPIs
 * are aggregates over ip_payments (indexed by organization and time).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ip_clients (
      id text primary key,
      organization_id text not null,
      name text not null,
      alias text unique,
      external_ref text,
      demo boolean not null,
      balance numeric(78, 0) not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index ip_clients_organization on ip_clients (organization_id, created_at desc);
    create table ip_payments (
      id text primary key,
      kind text not null,
      status text not null,
      amount numeric(78, 0) not null,
      reference text,
      sender_client_id text not null,
      sender_organization_id text not null,
      sender_alias text not null,
      recipient_client_id text not null,
      recipient_organization_id text not null,
      recipient_alias text not null,
      failure_code text,
      tx_hash text,
      settlement_pending boolean not null default false,
      created_at timestamptz not null,
      settled_at timestamptz,
      updated_at timestamptz not null
    );
    create index ip_payments_sender on ip_payments (sender_client_id, created_at desc);
    create index ip_payments_recipient on ip_payments (recipient_client_id, created_at desc);
    create index ip_payments_sender_org on ip_payments (sender_organization_id, created_at);
    create index ip_payments_recipient_org on ip_payments (recipient_organization_id, created_at);
    create index ip_payments_open on ip_payments (updated_at) where status = 'PENDING';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table ip_payments, ip_clients');
}
