import type { Knex } from 'knex';

/**
 * Read models of the identity layer: organizations, users, their sessions (refresh-token families),
 * invitations, and the ADMIN operations the activity log lists. Each table belongs to one projection.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table organizations (
      id text primary key,
      name text not null,
      type text not null,
      status text not null,
      exchange_address text,
      exchange_frozen boolean not null default false,
      chain_rpc_url text,
      settlement_account_id text,
      settlement_address text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index organizations_type on organizations (type, name);

    create table users (
      id text primary key,
      organization_id text not null,
      kind text not null,
      email text unique,
      name text not null,
      role text not null,
      active boolean not null,
      address text not null,
      public_key text not null,
      locale text not null,
      pinned_multisig_ids jsonb not null default '[]',
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deactivated_at timestamptz
    );
    create index users_organization on users (organization_id, name);

    create table sessions (
      id text primary key,
      user_id text not null,
      started_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz
    );
    create index sessions_open_by_user on sessions (user_id) where revoked_at is null;

    create table invitations (
      id text primary key,
      organization_id text not null,
      invited_by_organization_id text not null,
      invited_by text,
      email text not null,
      role text not null,
      locale text not null,
      status text not null,
      token_hash text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      accepted_user_id text
    );
    create index invitations_organization on invitations (organization_id, created_at desc);
    create index invitations_issuer on invitations (invited_by_organization_id, created_at desc);

    create table admin_operations (
      id text primary key,
      type text not null,
      organization_id text not null,
      actor_id text,
      actor_organization_id text,
      occurred_at timestamptz not null,
      subject_type text not null,
      subject_id text not null,
      summary jsonb not null
    );
    create index admin_operations_feed on admin_operations (organization_id, occurred_at desc);
    create index admin_operations_subject on admin_operations (subject_type, subject_id);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table admin_operations, invitations, sessions, users, organizations');
}
