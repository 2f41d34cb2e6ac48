import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';
import type { EntryKind, EntryRow } from '../projections/activity-log';
import type { ProposalStatus } from '../write-side/proposal/events';
import { countRows, readPage, type CountQuery, type Page, type PageRequest } from './pagination';
import { effectiveStatus } from './proposals';
import { seesAllAccounts, whereEntryVisible } from './visibility';

/** An activity_log row as PostgreSQL returns it. */
export type StoredEntry = Omit<EntryRow, 'occurred_at' | 'voting_ends_at' | 'decided_at' | 'executed_at'> & {
  occurred_at: Date;
  voting_ends_at: Date | null;
  decided_at: Date | null;
  executed_at: Date | null;
};

/** A row with what the view shows beside it: the actor's name, the token's symbol and exponent. */
export type DisplayedEntry = StoredEntry & { actor_name: string | null; symbol: string | null; exponent: number | null };

/**
 * Entries with their display columns, joined in the same statement: one round trip per page. An
 * unregistered denom shows as itself with exponent 0.
 */
export function displayed(db: Knex, entries: Knex.QueryBuilder): Knex.QueryBuilder {
  return db
    .select(
      'e.*',
      'u.name as actor_name',
      db.raw('case when e.denom is null then null else coalesce(t.symbol, e.denom) end as symbol'),
      db.raw('case when e.denom is null then null else coalesce(t.exponent, 0) end as exponent'),
    )
    .from(entries.as('e'))
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .leftJoin('tokens as t', 't.denom', 'e.denom');
}

export interface ActivityFilter extends PageRequest {
  multisigId?: string;
  kind?: EntryKind;
  type?: string;
  actorId?: string;
  from?: Date;
  to?: Date;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Portal path of an operation's detail page. */
export const operationPath = (operationId: string) => `/operations/${operationId}`;

/**
 * CHAIN entries show the status the chain would answer now (an open proposal past its voting period
 * is REJECTED), with the governance read model's rule.
 */
export function entryStatus(row: Pick<StoredEntry, 'kind' | 'status' | 'voting_ends_at'>, now: Date): ProposalStatus | null {
  if (row.kind !== 'CHAIN' || row.status === null) return null;
  return row.voting_ends_at ? effectiveStatus({ status: row.status as ProposalStatus, voting_ends_at: row.voting_ends_at }, now) : (row.status as ProposalStatus);
}

/** When it was decided; an open proposal past its voting period was decided when the period ended. */
export function entryDecidedAt(row: Pick<StoredEntry, 'kind' | 'status' | 'voting_ends_at' | 'decided_at'>, now: Date): string | null {
  return iso(row.decided_at) ?? (entryStatus(row, now) !== row.status ? iso(row.voting_ends_at) : null);
}

export function entryView(row: DisplayedEntry, now: Date) {
  const status = entryStatus(row, now);
  return {
    id: row.operation_id,
    kind: row.kind,
    type: row.type,
    side: row.side,
    organizationId: row.organization_id,
    multisigId: row.multisig_id,
    counterpartyMultisigId: row.counterparty_multisig_id,
    actor: row.actor_id ? { id: row.actor_id, name: row.actor_name } : null,
    subject: { type: row.subject_type, id: row.subject_id, organizationId: row.subject_organization_id },
    title: row.title,
    status,
    executorResult: row.kind === 'CHAIN' ? (row.executor_result ?? 'NOT_RUN') : null,
    amount: row.amount,
    denom: row.denom,
    symbol: row.symbol,
    exponent: row.exponent,
    from: row.from_address,
    to: row.to_address,
    txHash: row.tx_hash,
    height: row.height === null ? null : Number(row.height),
    summary: row.summary,
    occurredAt: iso(row.occurred_at)!,
    decidedAt: entryDecidedAt(row, now),
    executedAt: iso(row.executed_at),
    link: operationPath(row.operation_id),
  };
}

export type EntryView = ReturnType<typeof entryView>;

/** Display names of the users who acted; one query per page. */
export async function userNames(db: Knex, userIds: Array<string | null>): Promise<Map<string, string>> {
  const ids = [...new Set(userIds.filter((id): id is string => id !== null))];
  const rows: Array<{ id: string; name: string }> = ids.length ? await db('users').whereIn('id', ids).select('id', 'name') : [];
  return new Map(rows.map((row) => [row.id, row.name]));
}

const NEWEST_FIRST = [
  { column: 'occurred_at', order: 'desc' },
  { column: 'operation_id', order: 'desc' },
] as const;

/** The organization's entries the principal may see, under every filter but the account one. */
function filtered(db: Knex, principal: Principal, filter: ActivityFilter): Knex.QueryBuilder {
  const query = whereEntryVisible(db, db('activity_log').where('organization_id', principal.organizationId), principal);
  if (filter.kind) query.where('kind', filter.kind);
  if (filter.type) query.where('type', filter.type);
  if (filter.actorId) query.where('actor_id', filter.actorId);
  if (filter.from) query.where('occurred_at', '>=', filter.from);
  if (filter.to) query.where('occurred_at', '<=', filter.to);
  return query;
}

/**
 * An account's entries: those of its own proposals and administration, and those where it received
 * value from another account of the organization. Two index scans, each in feed order.
 */
function ofAccount(db: Knex, principal: Principal, filter: ActivityFilter & { multisigId: string }) {
  const own = filtered(db, principal, filter).where('multisig_id', filter.multisigId);
  const received = filtered(db, principal, filter)
    .where('counterparty_multisig_id', filter.multisigId)
    .whereRaw('multisig_id is distinct from ?', [filter.multisigId]);
  return { own, received };
}

/** Running totals count every entry: they answer only when nothing narrows the feed, the visibility rule included. */
const hasNarrowingFilter = (filter: ActivityFilter, principal: Principal) =>
  !seesAllAccounts(principal) ||
  filter.kind !== undefined || filter.type !== undefined || filter.actorId !== undefined || filter.from !== undefined || filter.to !== undefined;

/**
 * The organization's feed, newest first, its page and total read in one statement. The unfiltered and
 * per-account totals come from running counts; narrower filters count their matches through the index
 * of that filter.
 */
export async function listActivity(db: Knex, principal: Principal, filter: ActivityFilter, now = new Date()): Promise<Page<EntryView>> {
  const { rows, total } = await readPage<DisplayedEntry>(db, (db) => activityPage(db, principal, filter), (db) => activityTotal(db, principal, filter), filter);
  return { items: rows.map((row) => entryView(row, now)), total, page: filter.page, pageSize: filter.pageSize };
}

function activityPage(db: Knex, principal: Principal, filter: ActivityFilter): Knex.QueryBuilder {
  const offset = (filter.page - 1) * filter.pageSize;
  let entries: Knex.QueryBuilder;
  if (filter.multisigId) {
    const { own, received } = ofAccount(db, principal, { ...filter, multisigId: filter.multisigId });
    const reach = offset + filter.pageSize;
    entries = db
      .select('*')
      .from(db.raw('((?) union all (?)) as entries', [own.orderBy([...NEWEST_FIRST]).limit(reach), received.orderBy([...NEWEST_FIRST]).limit(reach)]));
  } else {
    entries = filtered(db, principal, filter);
  }
  return displayed(db, entries.orderBy([...NEWEST_FIRST]).offset(offset).limit(filter.pageSize)).orderBy(
    NEWEST_FIRST.map(({ column, order }) => ({ column: `e.${column}`, order })),
  );
}

function activityTotal(db: Knex, principal: Principal, filter: ActivityFilter): CountQuery {
  if (!hasNarrowingFilter(filter, principal))
    return db.select(
      db.raw('coalesce((?), 0)', [db('activity_log_totals').where({ organization_id: principal.organizationId, multisig_id: filter.multisigId ?? '' }).select('entries')]),
    );
  if (!filter.multisigId) return countRows(db, filtered(db, principal, filter));
  const { own, received } = ofAccount(db, principal, { ...filter, multisigId: filter.multisigId });
  return db.select(db.raw('(?) + (?)', [countRows(db, own), countRows(db, received)]));
}
