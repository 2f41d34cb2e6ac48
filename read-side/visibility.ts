import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';

/**
 * The contract's one visibility rule (Organizations and accounts, Visibility): administrators and
 * auditors see everything of their organization; members see only the accounts they belong to — in
 * account lists, the activity log, operation detail and lookup, the dashboard and exports alike. ADMIN
 * entries not tied to an account are visible to the whole organization. Every read applies it through
 * the functions below.
 */
export const seesAllAccounts = (principal: Pick<Principal, 'role'>) => principal.role === 'administrator' || principal.role === 'auditor';

/** The ids of the accounts a principal belongs to. */
const memberAccountIds = (db: Knex, principal: Pick<Principal, 'userId'>) =>
  db('account_members').where('account_members.user_id', principal.userId).select('account_members.account_id');

/** Narrows a query over accounts (`column`: its account id column) to those the principal may see. */
export function whereAccountVisible<Q extends Knex.QueryBuilder>(db: Knex, query: Q, principal: Principal, column: string): Q {
  if (!seesAllAccounts(principal)) query.whereIn(column, memberAccountIds(db, principal));
  return query;
}

/**
 * Narrows a query over activity_log rows (`alias`: the table's name or alias in it) to the entries the
 * principal may see: those of accounts it belongs to (either side), and ADMIN entries tied to no account.
 */
export function whereEntryVisible<Q extends Knex.QueryBuilder>(db: Knex, query: Q, principal: Principal, alias = 'activity_log'): Q {
  if (seesAllAccounts(principal)) return query;
  query.where((visible) =>
    visible
      .whereIn(`${alias}.multisig_id`, memberAccountIds(db, principal))
      .orWhereIn(`${alias}.counterparty_multisig_id`, memberAccountIds(db, principal))
      .orWhere((admin) => admin.where(`${alias}.kind`, 'ADMIN').whereNull(`${alias}.multisig_id`)),
  );
  return query;
}
