import type { Knex } from 'knex';

/**
 * Read models of the read side: balances and supply folded from the chain's blocks
 * (projections/balances.ts), and the activity log (projections/activity-log.ts). Every list is read
 * through an index in its sort order, so answers stay fast however long the history grows.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table chain_head (
      chain_id text primary key,
      height bigint not null,
      block_time timestamptz not null
    );

    create table chain_balances (
      address text not null,
      denom text not null,
      amount numeric(78, 0) not null,
      primary key (address, denom)
    );

    create table chain_supply (
      denom text primary key,
      supply numeric(78, 0) not null,
      minted numeric(78, 0) not null,
      burned numeric(78, 0) not null,
      mints bigint not null,
      burns bigint not null
    );

    -- One row per side of each coin a block moved: a send has an OUT and an IN row, a mint an IN, a burn an OUT.
    create table chain_movements (
      height bigint not null,
      tx_index integer not null,
      movement_index integer not null,
      direction text not null,
      address text not null,
      kind text not null,
      counterparty text,
      denom text not null,
      amount numeric(78, 0) not null,
      tx_hash text not null,
      block_time timestamptz not null,
      primary key (height, tx_index, movement_index, direction)
    );
    create index chain_movements_address on chain_movements (address, block_time);

    -- One row per organization party to an operation: the one it belongs to (ORIGIN) and, for a
    -- transfer into another organization or an administrator acting on another organization, that
    -- other one (COUNTERPARTY).
    create table activity_log (
      operation_id text not null,
      organization_id text not null,
      kind text not null,
      type text not null,
      side text not null,
      multisig_id text,
      counterparty_multisig_id text,
      actor_id text,
      subject_type text not null,
      subject_id text not null,
      subject_organization_id text not null,
      title text,
      summary jsonb not null,
      status text,
      executor_result text,
      amount numeric(78, 0),
      denom text,
      from_address text,
      to_address text,
      tx_hash text,
      height bigint,
      occurred_at timestamptz not null,
      voting_ends_at timestamptz,
      decided_at timestamptz,
      executed_at timestamptz,
      primary key (operation_id, organization_id)
    );
    create index activity_log_feed on activity_log (organization_id, occurred_at desc, operation_id desc);
    create index activity_log_account on activity_log (organization_id, multisig_id, occurred_at desc, operation_id desc);
    create index activity_log_received on activity_log (organization_id, counterparty_multisig_id, occurred_at desc, operation_id desc)
      where counterparty_multisig_id is not null;
    create index activity_log_kind on activity_log (organization_id, kind, occurred_at desc, operation_id desc);
    create index activity_log_type on activity_log (organization_id, type, occurred_at desc, operation_id desc);
    create index activity_log_actor on activity_log (organization_id, actor_id, occurred_at desc, operation_id desc);
    create index activity_log_tx on activity_log (tx_hash) where tx_hash is not null;

    -- Entry counts kept as entries arrive, so the unfiltered and per-account totals cost no count(*).
    -- multisig_id '' is the whole organization's feed.
    create table activity_log_totals (
      organization_id text not null,
      multisig_id text not null,
      entries bigint not null,
      primary key (organization_id, multisig_id)
    );

    -- Who owns an address, as of the event being folded: accounts and current exchange addresses.
    create table activity_log_accounts (
      account_id text primary key,
      organization_id text not null,
      address text not null
    );
    create index activity_log_accounts_address on activity_log_accounts (address);
    create table activity_log_exchanges (
      organization_id text primary key,
      address text not null
    );
    create index activity_log_exchanges_address on activity_log_exchanges (address);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(
    'drop table activity_log_exchanges, activity_log_accounts, activity_log_totals, activity_log, chain_movements, chain_supply, chain_balances, chain_head',
  );
}
