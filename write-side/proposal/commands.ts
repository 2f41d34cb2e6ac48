import { conflict, notFound } from '../errors';
import type { WriteSidePorts } from '../ports';
import { accountDecider, type AccountState } from '../account/decide';
import { accountStream } from '../account/events';
import { custodyKeyOfUser } from '../account/custody';
import type { Chain } from '../chain/chain';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import type { ProposalExecution } from '../processes/proposal-execution';
import { proposalDecider, type KindFacts, type ProposalState } from './decide';
import {
  proposalStream,
  type GroupChange,
  type ProposalEvent,
  type ProposalKind,
  type ProposalMessage,
  type ProposalSubmitted,
  type VoteOption,
} from './events';
import { inactiveOwnersOf } from '../../read-side/organizations';
import { valueAddresses } from './messages';
import { proposalSignDocument, signDocument, voteSignDocument } from './sign-document';

export type GovernanceServices = Pick<WriteSidePorts, 'eventStore' | 'commands' | 'db' | 'logger' | 'config' | 'keyEncryptionKey'> & {
  chain: Chain;
  proposalExecution: ProposalExecution;
};

export async function loadAccount(services: Pick<WriteSidePorts, 'eventStore'>, accountId: string): Promise<AccountState> {
  const state = fold(accountDecider, (await services.eventStore.readStream(accountStream(accountId))) as never);
  if (!state.exists) throw notFound('Account');
  return state;
}

export async function loadProposal(services: Pick<WriteSidePorts, 'eventStore'>, proposalId: string): Promise<ProposalState> {
  return fold(proposalDecider, (await services.eventStore.readStream(proposalStream(proposalId))) as unknown as ProposalEvent[]);
}

export interface SubmitInput {
  proposalId: string;
  account: AccountState;
  kind: ProposalKind;
  title: string;
  proposerId: string;
  messages: ProposalMessage[];
  groupChange?: GroupChange | null;
  bridgingRequestId?: string | null;
  /** What the rules of a MINT, BURN or TRANSFER judge (see the proposal decider). */
  kindFacts?: KindFacts;
}

/**
 * Submits a proposal: signs the proposal document and the proposer's YES with the proposer's custody
 * key, appends both in one step, and executes at once when the proposer's weight meets the
 * threshold. A retry with the same proposal id (an Idempotency-Key replay) converges on the first.
 */
export async function submitProposal(services: GovernanceServices, context: CommandContext, input: SubmitInput): Promise<ProposalState> {
  const account = input.account;
  const existing = await loadProposal(services, input.proposalId);
  if (existing.status !== null) {
    if (existing.proposal?.proposerId !== input.proposerId || existing.proposal?.multisigId !== account.accountId)
      throw conflict('PROPOSAL_EXISTS', 'A proposal with this id already exists');
    return services.proposalExecution.execute(input.proposalId);
  }
  const key = await custodyKeyOfUser(services, input.proposerId);
  const member = account.members.find((candidate) => candidate.userId === input.proposerId);
  if (member && member.address !== key.address) throw new Error(`member ${member.userId}'s address does not match its custody key`);
  const createdAt = context.now.toISOString();
  const votingEndsAt = new Date(context.now.getTime() + services.config.PROPOSAL_VOTING_PERIOD).toISOString();
  const fields: Omit<ProposalSubmitted['data'], 'proposerSignature'> = {
    proposalId: input.proposalId,
    multisigId: account.accountId!,
    organizationId: account.organizationId!,
    policyAddress: account.address!,
    chainId: services.chain.chainId,
    kind: input.kind,
    title: input.title,
    proposerId: input.proposerId,
    proposerAddress: key.address,
    messages: input.messages,
    groupChange: input.groupChange ?? null,
    bridgingRequestId: input.bridgingRequestId ?? null,
    electorate: account.members,
    threshold: account.threshold,
    groupVersion: account.groupVersion,
    createdAt,
    votingEndsAt,
  };
  const proposal: ProposalSubmitted['data'] = { ...fields, proposerSignature: signDocument(key, proposalSignDocument(fields)) };
  const proposerVote = member
    ? signDocument(key, voteSignDocument(fields, { userId: member.userId, address: member.address, option: 'YES', castAt: createdAt }))
    : null;
  const inactiveParties = await inactiveOwnersOf(services.db, valueAddresses(input.messages));
  const handled = await services.commands.handle(
    proposalDecider,
    proposalStream(input.proposalId),
    {
      type: 'SubmitProposal',
      proposal,
      proposerVote,
      inactiveParties,
      facts: { account: { type: account.type, archived: account.archived }, kind: input.kindFacts ?? null },
    },
    context,
  );
  if (handled.state.status === 'ACCEPTED') return services.proposalExecution.execute(input.proposalId, { actorId: context.actorId });
  return handled.state;
}

/**
 * Casts a member's signed vote; the proposal executes the moment the threshold is met. `voteId` (from
 * an Idempotency-Key) names the VoteCast event: a retry of a vote already recorded under it finishes
 * what the first attempt left (the execution) instead of refusing the member's own vote.
 */
export async function castVote(
  services: GovernanceServices,
  context: CommandContext,
  input: { proposalId: string; userId: string; option: VoteOption; voteId?: string },
): Promise<ProposalState> {
  const recorded = await services.eventStore.readStream(proposalStream(input.proposalId));
  let state = fold(proposalDecider, recorded as unknown as ProposalEvent[]);
  if (state.status === null || !state.proposal) throw notFound('Proposal');
  if (input.voteId !== undefined && recorded.some((event) => event.id === input.voteId))
    return state.status === 'ACCEPTED' ? services.proposalExecution.execute(input.proposalId, { actorId: context.actorId }) : state;
  const proposal = state.proposal;
  const account = await loadAccount(services, proposal.multisigId);
  // Make the proposal's real state visible first: a newer group aborts it, an ended period rejects it.
  if (account.groupVersion > proposal.groupVersion && state.status === 'SUBMITTED')
    await services.proposalExecution.abortStale(account.accountId!, account.groupVersion, null);
  else if (state.status === 'SUBMITTED' && context.now.getTime() >= Date.parse(proposal.votingEndsAt))
    state = await services.proposalExecution.expire(input.proposalId, context.now);
  state = await loadProposal(services, input.proposalId);
  const member = proposal.electorate.find((candidate) => candidate.userId === input.userId);
  const castAt = context.now.toISOString();
  let signature = { publicKey: '', signature: '' };
  if (member && state.status === 'SUBMITTED') {
    const key = await custodyKeyOfUser(services, input.userId);
    if (key.address !== member.address) throw new Error(`member ${member.userId}'s address does not match its custody key`);
    const { proposerSignature: _signature, ...fields } = proposal;
    signature = signDocument(key, voteSignDocument(fields, { userId: member.userId, address: member.address, option: input.option, castAt }));
  }
  const handled = await services.commands.handle(
    proposalDecider,
    proposalStream(input.proposalId),
    {
      type: 'CastVote',
      userId: input.userId,
      option: input.option,
      signature,
      groupVersion: account.groupVersion,
      now: castAt,
      inactiveParties: await inactiveOwnersOf(services.db, valueAddresses(proposal.messages)),
    },
    context,
    input.voteId === undefined ? {} : { eventIds: [input.voteId] },
  );
  if (handled.state.status === 'ACCEPTED') return services.proposalExecution.execute(input.proposalId, { actorId: context.actorId });
  return handled.state;
}

export async function withdrawProposal(
  services: GovernanceServices,
  context: CommandContext,
  input: { proposalId: string; userId: string },
): Promise<ProposalState> {
  return (
    await services.commands.handle(
      proposalDecider,
      proposalStream(input.proposalId),
      { type: 'WithdrawProposal', userId: input.userId, now: context.now.toISOString() },
      context,
    )
  ).state;
}
