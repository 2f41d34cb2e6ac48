import type { Knex } from 'knex';

/**
 * Read models of the issuing core: accounts (multisigs) and their members, proposals and votes,
 * the token registry, whitelists, address books and bridging requests. Each table belongs to one
 * projection (projections/accounts.ts, proposals.ts, tokens.ts, whitelist.ts, address-book.ts,
 * bridging.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table accounts (
      id text primary key,
      organization_id text not null,
      label text not null,
      type text not null,
      address text not null unique,
      group_id text,
      threshold integer not null,
      total_weight integer not null,
      group_version integer not null,
      archived boolean not null default false,
      created_by text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index accounts_organization on accounts (organization_id, created_at);

    create table account_members (
      account_id text not null references accounts (id) on delete cascade,
      user_id text not null,
      address text not null,
      weight integer not null,
      primary key (account_id, user_id)
    );
    create index account_members_user on account_members (user_id);

    create table proposals (
      id text primary key,
      account_id text not null,
      organization_id text not null,
      kind text not null,
      status text not null,
      title text not null,
      proposer_id text not null,
      messages jsonb not null,
      group_change jsonb,
      electorate jsonb not null,
      threshold integer not null,
      total_weight integer not null,
      group_version integer not null,
      tally_yes integer not null default 0,
      tally_no integer not null default 0,
      tally_abstain integer not null default 0,
      tally_no_with_veto integer not null default 0,
      rejection_reason text,
      executor_result text,
      execution_attempts integer not null default 0,
      execution_pending boolean not null default false,
      tx_hash text,
      height bigint,
      failure_reason text,
      bridging_request_id text,
      created_at timestamptz not null,
      voting_ends_at timestamptz not null,
      decided_at timestamptz,
      executed_at timestamptz,
      updated_at timestamptz not null
    );
    create index proposals_account on proposals (account_id, created_at desc);
    create index proposals_organization on proposals (organization_id, created_at desc);
    create index proposals_open on proposals (voting_ends_at) where status = 'SUBMITTED';
    create index proposals_accepted on proposals (updated_at) where status = 'ACCEPTED';

    create table proposal_votes (
      proposal_id text not null references proposals (id) on delete cascade,
      user_id text not null,
      address text not null,
      option text not null,
      weight integer not null,
      cast_at timestamptz not null,
      primary key (proposal_id, user_id)
    );
    create index proposal_votes_user on proposal_votes (user_id);

    create table tokens (
      id text primary key,
      denom text not null unique,
      symbol text not null,
      name text not null,
      exponent integer not null,
      native boolean not null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );

    create table whitelist_entries (
      id text primary key,
      account_id text not null,
      organization_id text not null,
      address text not null,
      label text not null,
      created_by text,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      unique (account_id, address)
    );

    create table address_book_entries (
      id text primary key,
      user_id text not null,
      name text not null,
      address text not null,
      note text,
      created_at timestamptz not null,
      updated_at timestamptz not null
    );
    create index address_book_entries_user on address_book_entries (user_id, name);

    create table bridging_requests (
      id text primary key,
      kind text not null,
      organization_id text not null,
      proposal_id text not null,
      account_id text not null,
      amount numeric(78, 0) not null,
      denom text not null,
      exchange_address text not null,
      requested_by text,
      requested_at timestamptz not null
    );
    create index bridging_requests_organization on bridging_requests (organization_id, requested_at desc);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table bridging_requests, address_book_entries, whitelist_entries, tokens, proposal_votes, proposals, account_members, accounts',
  );
}
