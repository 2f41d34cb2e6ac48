import type { Knex } from 'knex';

/**
 * The Instant Payments engine keeps one ledger stream per bank (see docs/payments.md); its read
 * models gain the client's active flag, the payment's request fingerprint and settlement batch, and
 * the cash movements. Stream snapshots let long streams load from a saved state plus their tail.
 * The earlier per-client and per-payment streams belonged to a service that was never deployed: their
 * rows are not carried over.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop table if exists ip_payments, ip_clients;
    create table ip_clients (
      id text primary key,
      organization_id text not null,
      name text not null,
      alias text unique,
      external_ref text,
      demo boolean not null,
      active boolean not null default true,
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
      request_fingerprint text,
      batch_number integer,
      failure_code text,
      tx_hash text,
      created_at timestamptz not null,
      settled_at timestamptz,
      updated_at timestamptz not null
    );
    create index ip_payments_sender on ip_payments (sender_client_id, created_at desc);
    create index ip_payments_recipient on ip_payments (recipient_client_id, created_at desc);
    create index ip_payments_sender_org on ip_payments (sender_organization_id, created_at);
    create index ip_payments_recipient_org on ip_payments (recipient_organization_id, created_at);
    create index ip_payments_open on ip_payments (sender_organization_id) where status = 'PENDING';
    create table ip_cash_movements (
      id text primary key,
      kind text not null,
      client_id text not null,
      organization_id text not null,
      amount numeric(78, 0) not null,
      reference text,
      created_at timestamptz not null
    );
    create index ip_cash_movements_client on ip_cash_movements (client_id, created_at desc);
    create table stream_snapshots (
      stream_id text primary key,
      version integer not null,
      state jsonb not null,
      taken_at timestamptz not null
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table stream_snapshots, ip_cash_movements');
}
