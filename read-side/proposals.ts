import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';
import { notFound } from '../write-side/errors';
import type { GroupChange, ProposalKind, ProposalMessage, ProposalStatus, VoteOption } from '../write-side/proposal/events';
import type { Page, PageRequest } from './pagination';

export interface ProposalRow {
  id: string;
  account_id: string;
  organization_id: string;
  kind: ProposalKind;
  status: ProposalStatus;
  title: string;
  proposer_id: string;
  messages: ProposalMessage[];
  group_change: GroupChange | null;
  electorate: Array<{ userId: string; address: string; weight: number }>;
  threshold: number;
  total_weight: number;
  group_version: number;
  tally_yes: number;
  tally_no: number;
  tally_abstain: number;
  tally_no_with_veto: number;
  rejection_reason: string | null;
  executor_result: 'SUCCESS' | 'FAILURE' | null;
  execution_attempts: number;
  execution_pending: boolean;
  tx_hash: string | null;
  height: string | null;
  failure_reason: string | null;
  bridging_request_id: string | null;
  created_at: Date;
  voting_ends_at: Date;
  decided_at: Date | null;
  executed_at: Date | null;
}

export interface VoteView {
  userId: string;
  option: VoteOption;
  weight: number;
  castAt: string;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/**
 * A SUBMITTED proposal whose voting period has ended is REJECTED even before the expiry timer has
 * recorded it: the read shows what the chain's x/group would answer.
 */
export const effectiveStatus = (row: Pick<ProposalRow, 'status' | 'voting_ends_at'>, now: Date): ProposalStatus =>
  row.status === 'SUBMITTED' && new Date(row.voting_ends_at).getTime() <= now.getTime() ? 'REJECTED' : row.status;

export function proposalView(row: ProposalRow, votes: VoteView[], now: Date) {
  const status = effectiveStatus(row, now);
  return {
    id: row.id,
    multisigId: row.account_id,
    organizationId: row.organization_id,
    kind: row.kind,
    status,
    title: row.title,
    proposerId: row.proposer_id,
    messages: row.messages,
    groupChange: row.group_change,
    votes,
    tally: { yes: row.tally_yes, no: row.tally_no, abstain: row.tally_abstain, noWithVeto: row.tally_no_with_veto },
    threshold: row.threshold,
    totalWeight: row.total_weight,
    rejectionReason: row.rejection_reason ?? (status === 'REJECTED' && row.status === 'SUBMITTED' ? 'VOTING_PERIOD_ENDED' : null),
    executorResult: row.executor_result ?? 'NOT_RUN',
    executionPending: row.execution_pending,
    executionAttempts: row.execution_attempts,
    failureReason: row.failure_reason,
    txHash: row.tx_hash,
    height: row.height === null ? null : Number(row.height),
    createdAt: iso(row.created_at)!,
    votingEndsAt: iso(row.voting_ends_at)!,
    decidedAt: iso(row.decided_at) ?? (status !== row.status ? iso(row.voting_ends_at) : null),
    executedAt: iso(row.executed_at),
  };
}

export type ProposalView = ReturnType<typeof proposalView>;

export async function votesOf(db: Knex, proposalIds: string[]): Promise<Map<string, VoteView[]>> {
  const rows: Array<{ proposal_id: string; user_id: string; option: VoteOption; weight: number; cast_at: Date }> = proposalIds.length
    ? await db('proposal_votes').whereIn('proposal_id', proposalIds).orderBy([{ column: 'cast_at' }, { column: 'user_id' }])
    : [];
  const byProposal = new Map<string, VoteView[]>();
  for (const row of rows) {
    const list = byProposal.get(row.proposal_id) ?? [];
    list.push({ userId: row.user_id, option: row.option, weight: row.weight, castAt: new Date(row.cast_at).toISOString() });
    byProposal.set(row.proposal_id, list);
  }
  return byProposal;
}

async function viewsOf(db: Knex, rows: ProposalRow[], now: Date): Promise<ProposalView[]> {
  const votes = await votesOf(db, rows.map((row) => row.id));
  return rows.map((row) => proposalView(row, votes.get(row.id) ?? [], now));
}

export async function findProposal(db: Knex, id: string, now = new Date()): Promise<ProposalView | null> {
  const row: ProposalRow | undefined = await db<ProposalRow>('proposals').where({ id }).first();
  if (!row) return null;
  return (await viewsOf(db, [row], now))[0]!;
}

/** The proposal, if it belongs to the account; 404 otherwise. */
export async function findAccountProposal(db: Knex, accountId: string, id: string, now = new Date()): Promise<ProposalView> {
  const row: ProposalRow | undefined = await db<ProposalRow>('proposals').where({ id, account_id: accountId }).first();
  if (!row) throw notFound('Proposal');
  return (await viewsOf(db, [row], now))[0]!;
}

export interface ProposalFilter extends PageRequest {
  status?: ProposalStatus;
  kind?: ProposalKind;
}

function withStatus(query: Knex.QueryBuilder, status: ProposalStatus | undefined, now: Date) {
  if (status === 'SUBMITTED') query.where('status', 'SUBMITTED').where('voting_ends_at', '>', now);
  else if (status === 'REJECTED')
    query.where((where) => where.where('status', 'REJECTED').orWhere((expired) => expired.where('status', 'SUBMITTED').where('voting_ends_at', '<=', now)));
  else if (status) query.where('status', status);
}

export async function listProposals(db: Knex, accountId: string, filter: ProposalFilter, now = new Date()): Promise<Page<ProposalView>> {
  const query = db<ProposalRow>('proposals').where({ account_id: accountId });
  withStatus(query, filter.status, now);
  if (filter.kind) query.where('kind', filter.kind);
  const [{ count }] = await query.clone().count<{ count: string }[]>('* as count');
  const rows: ProposalRow[] = await query
    .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }])
    .offset((filter.page - 1) * filter.pageSize)
    .limit(filter.pageSize);
  return { items: await viewsOf(db, rows, now), total: Number(count), page: filter.page, pageSize: filter.pageSize };
}

/**
 * My Tasks: SUBMITTED proposals of the caller's organization where the caller is in the electorate
 * and has not voted yet, least time remaining first.
 */
export async function approvalQueue(
  db: Knex,
  principal: Principal,
  request: PageRequest,
  now = new Date(),
): Promise<Page<ProposalView & { timeRemainingSeconds: number }>> {
  const query = db<ProposalRow>('proposals')
    .where({ organization_id: principal.organizationId, status: 'SUBMITTED' })
    .where('voting_ends_at', '>', now)
    .whereRaw('electorate @> ?::jsonb', [JSON.stringify([{ userId: principal.userId }])])
    .whereNotExists(db('proposal_votes').whereRaw('proposal_votes.proposal_id = proposals.id').where('proposal_votes.user_id', principal.userId));
  const [{ count }] = await query.clone().count<{ count: string }[]>('* as count');
  const rows: ProposalRow[] = await query
    .orderBy([{ column: 'voting_ends_at' }, { column: 'created_at' }, { column: 'id' }])
    .offset((request.page - 1) * request.pageSize)
    .limit(request.pageSize);
  // My Tasks counts down to each proposal's end of voting.
  const items = (await viewsOf(db, rows, now)).map((view) => ({
    ...view,
    timeRemainingSeconds: Math.max(0, Math.floor((Date.parse(view.votingEndsAt) - now.getTime()) / 1000)),
  }));
  return { items, total: Number(count), page: request.page, pageSize: request.pageSize };
}

/** For the process manager: proposals whose state needs a nudge. */
export const overdueProposalIds = async (db: Knex, now: Date): Promise<string[]> =>
  (await db('proposals').where({ status: 'SUBMITTED' }).where('voting_ends_at', '<=', now).limit(500).pluck('id')) as string[];
