import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';
import { notFound } from '../write-side/errors';
import type { MultisigType } from '../write-side/account/events';
import type { Membership } from '../write-side/user/decide';
import type { Page, PageRequest } from './pagination';
import { seesAllAccounts, whereAccountVisible } from './visibility';

export interface AccountRow {
  id: string;
  organization_id: string;
  label: string;
  type: MultisigType;
  address: string;
  group_id: string | null;
  threshold: number;
  total_weight: number;
  group_version: number;
  archived: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface MemberView {
  userId: string;
  name: string | null;
  address: string;
  weight: number;
}

export interface AccountView {
  id: string;
  organizationId: string;
  label: string;
  type: MultisigType;
  address: string;
  members: MemberView[];
  policy: { threshold: number; totalWeight: number };
  archived: boolean;
  groupVersion: number;
  createdAt: string;
  updatedAt: string;
}

export { seesAllAccounts };

export async function membersOf(db: Knex, accountIds: string[]): Promise<Map<string, MemberView[]>> {
  const rows: Array<{ account_id: string; user_id: string; address: string; weight: number; name: string | null }> = accountIds.length
    ? await db('account_members')
        .leftJoin('users', 'users.id', 'account_members.user_id')
        .whereIn('account_members.account_id', accountIds)
        .orderBy([{ column: 'account_members.weight', order: 'desc' }, { column: 'users.name' }])
        .select('account_members.account_id', 'account_members.user_id', 'account_members.address', 'account_members.weight', 'users.name')
    : [];
  const byAccount = new Map<string, MemberView[]>();
  for (const row of rows) {
    const list = byAccount.get(row.account_id) ?? [];
    list.push({ userId: row.user_id, name: row.name, address: row.address, weight: row.weight });
    byAccount.set(row.account_id, list);
  }
  return byAccount;
}

export const accountView = (row: AccountRow, members: MemberView[]): AccountView => ({
  id: row.id,
  organizationId: row.organization_id,
  label: row.label,
  type: row.type,
  address: row.address,
  members,
  policy: { threshold: row.threshold, totalWeight: row.total_weight },
  archived: row.archived,
  groupVersion: row.group_version,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export interface AccountFilter extends PageRequest {
  type?: MultisigType;
  archived?: boolean;
}

function visible(db: Knex, principal: Principal) {
  return whereAccountVisible(db, db<AccountRow>('accounts').where('accounts.organization_id', principal.organizationId), principal, 'accounts.id');
}

/** Which of these account ids the principal may see (the rest do not exist for it). */
export async function visibleAccountIds(db: Knex, principal: Principal, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  return visible(db, principal).whereIn('accounts.id', ids).pluck('accounts.id');
}

export async function listAccounts(db: Knex, principal: Principal, filter: AccountFilter): Promise<Page<AccountView>> {
  const query = visible(db, principal);
  if (filter.type) query.where('accounts.type', filter.type);
  if (filter.archived !== undefined) query.where('accounts.archived', filter.archived);
  const [{ count }] = await query.clone().count<{ count: string }[]>('* as count');
  const rows: AccountRow[] = await query
    .orderBy([{ column: 'accounts.created_at' }, { column: 'accounts.id' }])
    .offset((filter.page - 1) * filter.pageSize)
    .limit(filter.pageSize)
    .select('accounts.*');
  const members = await membersOf(db, rows.map((row) => row.id));
  return {
    items: rows.map((row) => accountView(row, members.get(row.id) ?? [])),
    total: Number(count),
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

/** The account if the principal may see it; 404 otherwise (other organizations' accounts do not exist for them). */
export async function findVisibleAccount(db: Knex, principal: Principal, id: string): Promise<AccountView> {
  const row: AccountRow | undefined = await visible(db, principal).where('accounts.id', id).first('accounts.*');
  if (!row) throw notFound('Account');
  const members = await membersOf(db, [row.id]);
  return accountView(row, members.get(row.id) ?? []);
}

export async function findAccount(db: Knex, id: string): Promise<AccountView | null> {
  const row: AccountRow | undefined = await db<AccountRow>('accounts').where({ id }).first();
  if (!row) return null;
  const members = await membersOf(db, [row.id]);
  return accountView(row, members.get(row.id) ?? []);
}

export async function findAccountByType(db: Knex, organizationId: string, type: MultisigType): Promise<AccountView | null> {
  const row: AccountRow | undefined = await db<AccountRow>('accounts')
    .where({ organization_id: organizationId, type })
    .orderBy('created_at')
    .first();
  if (!row) return null;
  const members = await membersOf(db, [row.id]);
  return accountView(row, members.get(row.id) ?? []);
}

export async function findAccountByAddress(db: Knex, address: string): Promise<AccountRow | null> {
  return (await db<AccountRow>('accounts').where({ address }).first()) ?? null;
}

/** Addresses that belong to the organization itself: its accounts and its settlement account. */
export async function ownAddresses(db: Knex, organizationId: string): Promise<Set<string>> {
  const accounts: Array<{ address: string }> = await db('accounts').where({ organization_id: organizationId }).select('address');
  const organization: { settlement_address: string | null } | undefined = await db('organizations')
    .where({ id: organizationId })
    .first('settlement_address');
  const addresses = new Set(accounts.map((row) => row.address));
  if (organization?.settlement_address) addresses.add(organization.settlement_address);
  return addresses;
}

/**
 * Addresses an organization may use as its exchange: its own accounts that are not archived. Not the
 * settlement account: its custody key is the platform's and its balance backs the retail clients.
 */
export async function exchangeCandidates(db: Knex, organizationId: string): Promise<string[]> {
  return db<AccountRow>('accounts')
    .where({ organization_id: organizationId, archived: false })
    .whereNot('type', 'SETTLEMENT')
    .pluck('address');
}

/** The accounts a user belongs to, with who of their members can still vote (active, and not an auditor). */
export async function membershipsOf(db: Knex, userId: string): Promise<Membership[]> {
  const rows: Array<{ account_id: string; label: string; threshold: number; user_id: string; weight: number; active: boolean | null; role: string | null }> =
    await db('account_members as m')
      .join('accounts as a', 'a.id', 'm.account_id')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .whereIn('m.account_id', db('account_members').where('user_id', userId).select('account_id'))
      .orderBy(['a.created_at', 'a.id'])
      .select('m.account_id', 'a.label', 'a.threshold', 'm.user_id', 'm.weight', 'u.active', 'u.role');
  const byAccount = new Map<string, Membership>();
  for (const row of rows) {
    const membership = byAccount.get(row.account_id) ?? { accountId: row.account_id, label: row.label, threshold: row.threshold, members: [] };
    (membership.members as Membership['members'][number][]).push({ userId: row.user_id, weight: row.weight, canVote: row.active === true && row.role !== 'auditor' });
    byAccount.set(row.account_id, membership);
  }
  return [...byAccount.values()];
}
