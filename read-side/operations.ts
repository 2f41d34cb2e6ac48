import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';
import type { AdminOperationType } from '../projections/admin-operations';
import { notFound } from '../write-side/errors';
import type { ProposalRow } from './proposals';
import { findProposal } from './proposals';
import { whereEntryVisible } from './visibility';
import { displayed, entryView, operationPath, userNames, type DisplayedEntry, type EntryView, type StoredEntry } from './activity-log';

/**
 * The spec's Operation detail rule: Sign and Reject appear only while the proposal is live
 * (SUBMITTED), the viewer is a member (in the electorate it was submitted to) and the proposal is not
 * proposer-restricted for the viewer: a disbursement is the bridging identity's to sign alone, and
 * whoever already has a vote recorded (the proposer's YES is cast at creation; votes are final) has
 * nothing left to sign.
 */
export function signable(input: { status: string; kind: string; member: boolean; myVote: string | null }): boolean {
  const proposerRestricted = input.kind === 'DISBURSEMENT' || input.myVote !== null;
  return input.status === 'SUBMITTED' && input.member && !proposerRestricted;
}

/** Where the portal shows what an ADMIN operation changed. */
function adminLink(entry: EntryView, viewer: Principal): string {
  const type = entry.type as AdminOperationType;
  const elsewhere = entry.subject.organizationId !== viewer.organizationId;
  const organizationPage = `/control-panel/organizations/${entry.subject.organizationId}`;
  const multisigId = typeof entry.summary.multisigId === 'string' ? entry.summary.multisigId : null;
  switch (type) {
    case 'WHITELIST_ADD':
    case 'WHITELIST_REMOVE':
      return multisigId ? `/multisigs/${multisigId}/whitelist` : '/multisigs';
    case 'ACCOUNT_CREATED':
      return multisigId ? `/multisigs/${multisigId}` : '/multisigs';
    case 'USER_INVITED':
    case 'USER_ROLE_CHANGED':
    case 'USER_DEACTIVATED':
    case 'INVITATION_CANCELLED':
    case 'INVITATION_RESENT':
      return elsewhere ? organizationPage : '/control-panel?tab=internal-users';
    case 'EXCHANGE_ADDRESS_SET':
    case 'EXCHANGE_FROZEN':
    case 'EXCHANGE_UNFROZEN':
      return elsewhere ? organizationPage : '/control-panel?tab=organization-profile';
    case 'CHAIN_RPC_UPDATED':
      return elsewhere ? organizationPage : '/control-panel?tab=chain-rpc';
    case 'ORGANIZATION_STATUS_CHANGED':
    case 'ORGANIZATION_UPDATED':
      return elsewhere ? organizationPage : '/control-panel?tab=organization-profile';
    case 'DISBURSEMENT_REQUESTED':
    case 'REDEMPTION_REQUESTED':
      return operationPath(String(entry.summary.proposalId));
  }
}

function adminView(entry: EntryView, viewer: Principal) {
  return {
    kind: 'ADMIN' as const,
    id: entry.id,
    type: entry.type,
    side: entry.side,
    organizationId: entry.organizationId,
    multisigId: entry.multisigId,
    actor: entry.actor,
    subject: entry.subject,
    occurredAt: entry.occurredAt,
    summary: entry.summary,
    link: adminLink(entry, viewer),
  };
}

async function accountSummary(db: Knex, id: string | null) {
  if (!id) return null;
  const row: { id: string; label: string; type: string; address: string } | undefined = await db('accounts').where({ id }).first('id', 'label', 'type', 'address');
  return row ?? null;
}

/**
 * The CHAIN template. The originating organization sees everything: the transaction, each elector's
 * vote with its weight, the lifecycle and the receipt. A counterparty sees its side: the transfer and
 * its receipt, not the sender's governance.
 */
async function chainView(db: Knex, entry: EntryView, viewer: Principal, now: Date) {
  const transaction = {
    amount: entry.amount,
    denom: entry.denom,
    symbol: entry.symbol,
    exponent: entry.exponent,
    from: entry.from,
    to: entry.to,
    messages: null as unknown[] | null,
    groupChange: null as unknown,
  };
  const receipts = { txHash: entry.txHash, height: entry.height, executorResult: entry.executorResult, failureReason: null as string | null };
  const common = {
    kind: 'CHAIN' as const,
    id: entry.id,
    type: entry.type,
    side: entry.side,
    organizationId: entry.organizationId,
    multisigId: entry.multisigId,
    counterpartyMultisigId: entry.counterpartyMultisigId,
    status: entry.status,
    link: entry.link,
  };
  if (entry.side === 'COUNTERPARTY')
    return {
      ...common,
      title: null,
      account: await accountSummary(db, entry.multisigId),
      proposer: null,
      transaction,
      votes: null,
      lifecycle: { createdAt: null, votingEndsAt: null, decidedAt: null, executedAt: entry.executedAt, rejectionReason: null, executionPending: false },
      receipts,
      myVote: null,
      canSign: false,
      canReject: false,
    };

  const [proposal, stored, account] = await Promise.all([
    findProposal(db, entry.id, now),
    db<ProposalRow>('proposals').where({ id: entry.id }).first('electorate'),
    accountSummary(db, entry.multisigId),
  ]);
  if (!proposal || !stored) throw notFound('Operation');
  const names = await userNames(db, [proposal.proposerId, ...stored.electorate.map((member) => member.userId)]);
  const votes = new Map(proposal.votes.map((vote) => [vote.userId, vote]));
  const myVote = votes.get(viewer.userId)?.option ?? null;
  const member = stored.electorate.some((elector) => elector.userId === viewer.userId);
  const canVote = signable({ status: proposal.status, kind: proposal.kind, member, myVote });
  return {
    ...common,
    status: proposal.status,
    title: proposal.title,
    account,
    proposer: { id: proposal.proposerId, name: names.get(proposal.proposerId) ?? null },
    transaction: { ...transaction, messages: proposal.messages, groupChange: proposal.groupChange },
    votes: {
      threshold: proposal.threshold,
      totalWeight: proposal.totalWeight,
      tally: proposal.tally,
      breakdown: stored.electorate.map((elector) => ({
        userId: elector.userId,
        name: names.get(elector.userId) ?? null,
        weight: elector.weight,
        option: votes.get(elector.userId)?.option ?? null,
        castAt: votes.get(elector.userId)?.castAt ?? null,
      })),
    },
    lifecycle: {
      createdAt: proposal.createdAt,
      votingEndsAt: proposal.votingEndsAt,
      decidedAt: proposal.decidedAt,
      executedAt: proposal.executedAt,
      rejectionReason: proposal.rejectionReason,
      executionPending: proposal.executionPending,
    },
    receipts: { txHash: proposal.txHash, height: proposal.height, executorResult: proposal.executorResult, failureReason: proposal.failureReason },
    myVote,
    canSign: canVote,
    canReject: canVote,
  };
}

export type OperationView = ReturnType<typeof adminView> | Awaited<ReturnType<typeof chainView>>;

/** The viewer's entry of an operation; one of other organizations, or of accounts it may not see, does not exist for it (404). */
async function entryOf(db: Knex, viewer: Principal, operationId: string, now: Date): Promise<EntryView> {
  const [row]: DisplayedEntry[] = await displayed(
    db,
    whereEntryVisible(db, db('activity_log').where({ operation_id: operationId, organization_id: viewer.organizationId }), viewer),
  );
  if (!row) throw notFound('Operation');
  return entryView(row, now);
}

/** GET /operations/<id>: any operation from its id alone, in the CHAIN or the ADMIN template. */
export async function findOperation(db: Knex, viewer: Principal, operationId: string, now = new Date()): Promise<OperationView> {
  const entry = await entryOf(db, viewer, operationId, now);
  return entry.kind === 'ADMIN' ? adminView(entry, viewer) : chainView(db, entry, viewer, now);
}

export interface OperationLookup {
  proposalId?: string;
  multisigId?: string;
  txHash?: string;
}

/**
 * Resolves share links and legacy links by what identifies an operation: a proposal id (with the
 * account it belongs to, as legacy `?multisigId=` links carry it) or the hash of its transaction.
 */
export async function lookupOperation(db: Knex, viewer: Principal, lookup: OperationLookup) {
  const query = whereEntryVisible(db, db('activity_log').where('organization_id', viewer.organizationId), viewer);
  if (lookup.proposalId) query.where({ operation_id: lookup.proposalId, kind: 'CHAIN' });
  if (lookup.txHash) query.where('tx_hash', lookup.txHash.toUpperCase());
  if (lookup.multisigId) query.where((where) => where.where('multisig_id', lookup.multisigId!).orWhere('counterparty_multisig_id', lookup.multisigId!));
  const row: Pick<StoredEntry, 'operation_id' | 'kind'> | undefined = await query.first('operation_id', 'kind');
  if (!row) throw notFound('Operation');
  return { operationId: row.operation_id, kind: row.kind, link: operationPath(row.operation_id) };
}
