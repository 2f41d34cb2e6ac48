import { AppError, conflict, forbidden, notFound } from '../errors';
import { validateGroup } from '../account/decide';
import type { MultisigType } from '../account/events';
import { LegacyTypeUrl, TypeUrl } from '../chain/messages';
import type { Decider } from '../decider';
import type {
  ElectorateMember,
  ExecutorResult,
  MemberSignature,
  ProposalEvent,
  ProposalMessage,
  ProposalStatus,
  ProposalSubmitted,
  RejectionReason,
  Tally,
  VoteCast,
  VoteOption,
} from './events';

/**
 * The proposal aggregate: Cosmos x/group's threshold decision policy, decided on the write side.
 *
 * - Submission casts the proposer's YES at once (EXEC_TRY); it is ACCEPTED in the same step when the
 *   proposer's weight already meets the threshold.
 * - One vote per member, final. ACCEPTED as soon as the YES weight reaches min(threshold, total
 *   weight); REJECTED as soon as YES plus the weight that has not voted can no longer reach it
 *   (ABSTAIN and NO_WITH_VETO count as NO), or when the voting period ends with the threshold unmet.
 * - ABORTED when the account's group (members or threshold) changes while the proposal is open:
 *   its votes were cast under the old group (stricter than x/group, which aborts on policy changes).
 * - WITHDRAWN by its proposer while SUBMITTED.
 * - An ACCEPTED proposal is executed on the chain; a FAILURE may be retried, a SUCCESS is final.
 */
export interface ProposalState {
  status: ProposalStatus | null;
  proposal: ProposalSubmitted['data'] | null;
  votes: VoteCast['data'][];
  tally: Tally;
  rejectionReason: RejectionReason | null;
  decidedAt: string | null;
  execution: {
    attempts: number;
    /** The attempt whose transaction was signed and may be on its way to the chain, and who signed it. */
    pending: { attempt: number; txHash: string; txBytes: string; signers: string[] } | null;
    result: ExecutorResult | null;
    txHash: string | null;
    height: number | null;
    reason: string | null;
  };
}

/**
 * What the command module looked up for the rules of a proposal's kind; the decider judges them
 * against the messages the proposal will execute.
 */
export type KindFacts =
  | { kind: 'MINT'; proposerOrganizationType: OrganizationType; nativeDenom: string; tokenRegistered: boolean }
  | { kind: 'BURN'; proposerOrganizationType: OrganizationType; nativeDenom: string; tokenRegistered: boolean; balance: bigint }
  | {
      kind: 'TRANSFER';
      tokenRegistered: boolean;
      /** The account's balance of the denom it sends. */
      balance: bigint;
      /** The recipient is on the account's whitelist, or is an account of its own organization. */
      recipientAllowed: boolean;
    };

type OrganizationType = 'CENTRAL' | 'COMMERCIAL';

export interface SubmissionFacts {
  /** The account proposed to, as its stream has it. */
  account: { type: MultisigType | null; archived: boolean };
  /** MINT, BURN and TRANSFER need theirs; null for kinds judged without any (a group change, or bridging's, which the bridging decider judged). */
  kind: KindFacts | null;
}

export type ProposalCommand =
  | {
      type: 'SubmitProposal';
      proposal: ProposalSubmitted['data'];
      /** The proposer's YES; null only when the proposer is not in the electorate (a REDEMPTION request). */
      proposerVote: MemberSignature | null;
      /** Organizations not ACTIVE whose accounts the proposal would move value from or to. */
      inactiveParties: readonly string[];
      facts: SubmissionFacts;
    }
  | {
      type: 'CastVote';
      userId: string;
      option: VoteOption;
      signature: MemberSignature;
      groupVersion: number;
      now: string;
      /** As at submission: a vote that would execute the proposal is refused while any of them is not ACTIVE. */
      inactiveParties: readonly string[];
    }
  | { type: 'ExpireProposal'; now: string }
  | { type: 'AbortProposal'; groupVersion: number; causedByProposalId: string | null; now: string }
  | { type: 'WithdrawProposal'; userId: string; now: string }
  | { type: 'StartExecution'; txHash: string; txBytes: string; signers: string[]; now: string }
  | {
      type: 'RecordExecution';
      attempt: number;
      txHash: string;
      height: number;
      executorResult: ExecutorResult;
      reason: string | null;
      now: string;
    };

const EMPTY_TALLY: Tally = { yes: 0, no: 0, abstain: 0, noWithVeto: 0 };

export const initialProposalState = (): ProposalState => ({
  status: null,
  proposal: null,
  votes: [],
  tally: EMPTY_TALLY,
  rejectionReason: null,
  decidedAt: null,
  execution: { attempts: 0, pending: null, result: null, txHash: null, height: null, reason: null },
});

export const totalWeight = (electorate: readonly ElectorateMember[]): number =>
  electorate.reduce((sum, member) => sum + member.weight, 0);

/** x/group: a threshold above the group's total weight is met by all of it. */
export const effectiveThreshold = (threshold: number, total: number): number => Math.min(threshold, total);

export function tallyOf(votes: readonly Pick<VoteCast['data'], 'option' | 'weight'>[]): Tally {
  const tally = { ...EMPTY_TALLY };
  for (const vote of votes) {
    if (vote.option === 'YES') tally.yes += vote.weight;
    else if (vote.option === 'NO') tally.no += vote.weight;
    else if (vote.option === 'ABSTAIN') tally.abstain += vote.weight;
    else tally.noWithVeto += vote.weight;
  }
  return tally;
}

export type Outcome = 'ACCEPTED' | 'REJECTED' | 'UNDECIDED';

/** The threshold policy's verdict on a tally: final as soon as the remaining weight cannot change it. */
export function outcomeOf(tally: Tally, total: number, threshold: number): Outcome {
  const needed = effectiveThreshold(threshold, total);
  if (tally.yes >= needed) return 'ACCEPTED';
  const cast = tally.yes + tally.no + tally.abstain + tally.noWithVeto;
  const undecided = Math.max(0, total - cast);
  return tally.yes + undecided < needed ? 'REJECTED' : 'UNDECIDED';
}

const notOpen = (detail: string) => conflict('PROPOSAL_NOT_OPEN', detail);
/** Suspension: nothing moves value from or to an organization that is not ACTIVE. */
const partyNotActive = (organizationIds: readonly string[]) =>
  new AppError(422, 'ORGANIZATION_NOT_ACTIVE', 'Business rule violated', `Value cannot move from or to an organization that is not active (${organizationIds.join(', ')})`);
const notExecutable = (detail: string) => conflict('PROPOSAL_NOT_EXECUTABLE', detail);
const at = (iso: string) => Date.parse(iso);

/** Open: its votes still matter, or it was accepted and has not executed (nor is executing). */
export function isOpen(state: ProposalState): boolean {
  return (
    state.status === 'SUBMITTED' ||
    (state.status === 'ACCEPTED' && state.execution.result !== 'SUCCESS' && state.execution.pending === null)
  );
}

function verdictEvents(proposal: ProposalSubmitted['data'], votes: VoteCast['data'][], now: string): ProposalEvent[] {
  const tally = tallyOf(votes);
  const outcome = outcomeOf(tally, totalWeight(proposal.electorate), proposal.threshold);
  if (outcome === 'ACCEPTED')
    return [{ type: 'ProposalAccepted', data: { proposalId: proposal.proposalId, tally, decidedAt: now } }];
  if (outcome === 'REJECTED')
    return [
      {
        type: 'ProposalRejected',
        data: { proposalId: proposal.proposalId, tally, reason: 'THRESHOLD_UNREACHABLE', decidedAt: now },
      },
    ];
  return [];
}

const rule = (code: string, detail: string) => new AppError(422, code, 'Business rule violated', detail);

/** The coin a proposal's first mint, burn or send moves, as the chain will execute it. */
function coinMoved(messages: readonly ProposalMessage[]): { denom: string; amount: bigint; recipient: string | null } | null {
  for (const message of messages)
    switch (message['@type']) {
      case TypeUrl.send:
        return message.amount.length === 1
          ? { denom: message.amount[0]!.denom, amount: BigInt(message.amount[0]!.amount), recipient: message.toAddress }
          : null;
      case TypeUrl.mint:
      case LegacyTypeUrl.mint:
        return { denom: message.amount.denom, amount: BigInt(message.amount.amount), recipient: message.mintToAddress };
      case TypeUrl.burn:
      case LegacyTypeUrl.burn:
        return { denom: message.amount.denom, amount: BigInt(message.amount.amount), recipient: null };
    }
  return null;
}

function requireFunds(balance: bigint, amount: bigint, denom: string): void {
  if (balance < amount) throw rule('INSUFFICIENT_FUNDS', `The account holds ${balance} ${denom}, less than ${amount}`);
}

/**
 * The rules of each proposal kind: mint and burn are the central bank's (the native token only from
 * its ISSUANCE account; a burn within the account's balance); a transfer goes to another account on
 * the whitelist or of the same organization, within the balance; every moved denom is registered; a
 * group change sets members or a threshold, to a valid group that differs from the current one.
 */
function judgeKind(proposal: ProposalSubmitted['data'], facts: SubmissionFacts): void {
  const kindFacts = facts.kind;
  if (proposal.kind === 'GROUP_CHANGE') {
    const change = proposal.groupChange;
    if (!change || (change.members === null && change.threshold === null))
      throw rule('NO_CHANGE', 'A group change sets members, a threshold, or both');
    validateGroup(change.members ?? proposal.electorate, change.threshold ?? proposal.threshold);
    if (proposal.messages.length === 0) throw rule('NO_CHANGE', 'The group already has these members and this threshold');
    return;
  }
  if (proposal.kind !== 'MINT' && proposal.kind !== 'BURN' && proposal.kind !== 'TRANSFER') return;
  const coin = coinMoved(proposal.messages);
  if (kindFacts?.kind !== proposal.kind || !coin) throw new Error(`a ${proposal.kind} proposal is judged on its coin and the facts of its kind`);
  const unknownToken = () => rule('UNKNOWN_TOKEN', `The token ${coin.denom} is not registered`);
  switch (kindFacts.kind) {
    case 'MINT':
    case 'BURN':
      if (kindFacts.proposerOrganizationType !== 'CENTRAL') throw forbidden('Only the central bank mints and burns', 'CENTRAL_BANK_ONLY');
      if (coin.denom === kindFacts.nativeDenom && facts.account.type !== 'ISSUANCE')
        throw rule('ISSUANCE_ACCOUNT_REQUIRED', 'Only the ISSUANCE account mints and burns the native token');
      if (!kindFacts.tokenRegistered) throw unknownToken();
      if (kindFacts.kind === 'BURN') requireFunds(kindFacts.balance, coin.amount, coin.denom);
      return;
    case 'TRANSFER':
      if (coin.recipient === proposal.policyAddress) throw rule('SELF_TRANSFER', 'An account cannot transfer to itself');
      if (!kindFacts.tokenRegistered) throw unknownToken();
      if (!kindFacts.recipientAllowed) throw rule('WHITELIST_VIOLATION', "The recipient is not on this account's whitelist");
      requireFunds(kindFacts.balance, coin.amount, coin.denom);
      return;
  }
}

export function decideProposal(command: ProposalCommand, state: ProposalState): ProposalEvent[] {
  if (command.type === 'SubmitProposal') {
    const proposal = command.proposal;
    if (state.status !== null) throw conflict('PROPOSAL_EXISTS', `Proposal ${proposal.proposalId} already exists`);
    if (command.facts.account.archived) throw conflict('ACCOUNT_ARCHIVED', 'The account is archived and takes no new proposals');
    judgeKind(proposal, command.facts);
    if (command.facts.account.type === 'SETTLEMENT' || proposal.electorate.length === 0)
      throw rule('NOT_A_MULTISIG', 'This account has no group to propose to');
    if (proposal.electorate.length === 0 || totalWeight(proposal.electorate) <= 0)
      throw new AppError(422, 'EMPTY_GROUP', 'Business rule violated', 'The account has no voting weight');
    if (!Number.isInteger(proposal.threshold) || proposal.threshold < 1)
      throw new AppError(422, 'INVALID_THRESHOLD', 'Business rule violated', 'The threshold must be a positive integer');
    if (at(proposal.votingEndsAt) <= at(proposal.createdAt))
      throw new AppError(422, 'INVALID_VOTING_PERIOD', 'Business rule violated', 'The voting period must end after submission');
    const member = proposal.electorate.find((candidate) => candidate.userId === proposal.proposerId);
    if (!member && (command.proposerVote !== null || proposal.kind !== 'REDEMPTION'))
      throw forbidden('Only a member of the account can propose', 'NOT_A_MEMBER');
    if (member && command.proposerVote === null)
      throw forbidden("The proposer's YES vote must be signed at submission", 'SIGNATURE_REQUIRED');
    if (command.inactiveParties.length > 0) throw partyNotActive(command.inactiveParties);
    const events: ProposalEvent[] = [{ type: 'ProposalSubmitted', data: proposal }];
    if (member && command.proposerVote) {
      const vote: VoteCast['data'] = {
        proposalId: proposal.proposalId,
        userId: member.userId,
        address: member.address,
        option: 'YES',
        weight: member.weight,
        castAt: proposal.createdAt,
        signature: command.proposerVote,
      };
      events.push({ type: 'VoteCast', data: vote }, ...verdictEvents(proposal, [vote], proposal.createdAt));
    }
    return events;
  }

  const proposal = state.proposal;
  if (state.status === null || proposal === null) throw notFound('Proposal');

  switch (command.type) {
    case 'CastVote': {
      if (state.status !== 'SUBMITTED') throw notOpen(`The proposal is ${state.status}`);
      if (at(command.now) >= at(proposal.votingEndsAt)) throw notOpen('The voting period has ended');
      if (command.groupVersion !== proposal.groupVersion) throw notOpen("The account's group changed after submission");
      const member = proposal.electorate.find((candidate) => candidate.userId === command.userId);
      if (!member) throw forbidden('Only a member of the account can vote', 'NOT_A_MEMBER');
      if (state.votes.some((vote) => vote.userId === command.userId))
        throw conflict('ALREADY_VOTED', 'This member has already voted; votes are final');
      const vote: VoteCast['data'] = {
        proposalId: proposal.proposalId,
        userId: member.userId,
        address: member.address,
        option: command.option,
        weight: member.weight,
        castAt: command.now,
        signature: command.signature,
      };
      const verdict = verdictEvents(proposal, [...state.votes, vote], command.now);
      if (verdict.some((event) => event.type === 'ProposalAccepted') && command.inactiveParties.length > 0)
        throw partyNotActive(command.inactiveParties);
      return [{ type: 'VoteCast', data: vote }, ...verdict];
    }
    case 'ExpireProposal': {
      if (state.status !== 'SUBMITTED' || at(command.now) < at(proposal.votingEndsAt)) return [];
      return [
        {
          type: 'ProposalRejected',
          data: { proposalId: proposal.proposalId, tally: state.tally, reason: 'VOTING_PERIOD_ENDED', decidedAt: proposal.votingEndsAt },
        },
      ];
    }
    case 'AbortProposal': {
      if (!isOpen(state) || command.groupVersion <= proposal.groupVersion) return [];
      return [
        {
          type: 'ProposalAborted',
          data: {
            proposalId: proposal.proposalId,
            reason: 'GROUP_CHANGED',
            groupVersion: command.groupVersion,
            causedByProposalId: command.causedByProposalId,
            abortedAt: command.now,
          },
        },
      ];
    }
    case 'WithdrawProposal': {
      if (state.status !== 'SUBMITTED') throw notOpen(`The proposal is ${state.status}`);
      if (command.userId !== proposal.proposerId) throw forbidden('Only the proposer can withdraw a proposal', 'NOT_PROPOSER');
      return [{ type: 'ProposalWithdrawn', data: { proposalId: proposal.proposalId, withdrawnBy: command.userId, withdrawnAt: command.now } }];
    }
    case 'StartExecution': {
      if (state.status !== 'ACCEPTED') throw notExecutable(`The proposal is ${state.status}, not ACCEPTED`);
      if (state.execution.result === 'SUCCESS') throw notExecutable('The proposal has already been executed');
      if (state.execution.pending) throw conflict('EXECUTION_IN_PROGRESS', 'The proposal is being executed');
      return [
        {
          type: 'ProposalExecutionStarted',
          data: {
            proposalId: proposal.proposalId,
            attempt: state.execution.attempts + 1,
            txHash: command.txHash,
            txBytes: command.txBytes,
            signers: command.signers,
            startedAt: command.now,
          },
        },
      ];
    }
    case 'RecordExecution': {
      const pending = state.execution.pending;
      if (!pending || pending.attempt !== command.attempt) return []; // recorded already: idempotent
      return [
        {
          type: 'ProposalExecuted',
          data: {
            proposalId: proposal.proposalId,
            attempt: command.attempt,
            txHash: command.txHash,
            height: command.height,
            executorResult: command.executorResult,
            reason: command.reason,
            executedAt: command.now,
          },
        },
      ];
    }
  }
}

export function evolveProposal(state: ProposalState, event: ProposalEvent): ProposalState {
  switch (event.type) {
    case 'ProposalSubmitted':
      return { ...state, status: 'SUBMITTED', proposal: event.data };
    case 'VoteCast': {
      const votes = [...state.votes, event.data];
      return { ...state, votes, tally: tallyOf(votes) };
    }
    case 'ProposalAccepted':
      return { ...state, status: 'ACCEPTED', decidedAt: event.data.decidedAt };
    case 'ProposalRejected':
      return { ...state, status: 'REJECTED', rejectionReason: event.data.reason, decidedAt: event.data.decidedAt };
    case 'ProposalAborted':
      return { ...state, status: 'ABORTED', decidedAt: event.data.abortedAt };
    case 'ProposalWithdrawn':
      return { ...state, status: 'WITHDRAWN', decidedAt: event.data.withdrawnAt };
    case 'ProposalExecutionStarted':
      return {
        ...state,
        execution: {
          ...state.execution,
          attempts: event.data.attempt,
          pending: { attempt: event.data.attempt, txHash: event.data.txHash, txBytes: event.data.txBytes, signers: event.data.signers },
          txHash: event.data.txHash,
        },
      };
    case 'ProposalExecuted':
      return {
        ...state,
        execution: {
          ...state.execution,
          pending: null,
          result: event.data.executorResult,
          txHash: event.data.txHash,
          height: event.data.height,
          reason: event.data.reason,
        },
      };
  }
}

export const proposalDecider: Decider<ProposalState, ProposalCommand, ProposalEvent> = {
  initialState: initialProposalState,
  evolve: evolveProposal,
  decide: decideProposal,
};
