import type { DomainEvent } from '../decider';

/** Proposal statuses, as in Cosmos x/group. */
export const PROPOSAL_STATUSES = ['SUBMITTED', 'ACCEPTED', 'REJECTED', 'ABORTED', 'WITHDRAWN'] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

export const VOTE_OPTIONS = ['YES', 'NO', 'ABSTAIN', 'NO_WITH_VETO'] as const;
export type VoteOption = (typeof VOTE_OPTIONS)[number];

export const PROPOSAL_KINDS = ['MINT', 'BURN', 'TRANSFER', 'GROUP_CHANGE', 'DISBURSEMENT', 'REDEMPTION'] as const;
export type ProposalKind = (typeof PROPOSAL_KINDS)[number];

/** NOT_RUN: the chain refused the attempt before a block for a stale sequence; it is abandoned and signed again. */
export type ExecutorResult = 'SUCCESS' | 'FAILURE' | 'NOT_RUN';

/** A member of the account's group as it stood when the proposal was submitted (x/group: the electorate). */
export interface ElectorateMember {
  userId: string;
  /** The member's custody-key address on the chain. */
  address: string;
  weight: number;
}

/**
 * One message the proposal executes, in the Cosmos JSON shape (`@type` plus the message's fields,
 * amounts as decimal strings). The executor turns it into protobuf with write-side/chain/messages.
 */
export type ProposalMessage =
  | { '@type': '/cosmos.bank.v1beta1.MsgSend'; fromAddress: string; toAddress: string; amount: Coin[] }
  // The emisor.tokenfactory.v1 names are those of proposals recorded before the Osmosis module name.
  | { '@type': '/osmosis.tokenfactory.v1beta1.MsgMint' | '/emisor.tokenfactory.v1.MsgMint'; sender: string; amount: Coin; mintToAddress: string }
  | { '@type': '/osmosis.tokenfactory.v1beta1.MsgBurn' | '/emisor.tokenfactory.v1.MsgBurn'; sender: string; amount: Coin; burnFromAddress: string }
  | {
      '@type': '/cosmos.group.v1.MsgUpdateGroupMembers';
      admin: string;
      groupId: string;
      memberUpdates: Array<{ address: string; weight: string }>;
    }
  | {
      '@type': '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy';
      admin: string;
      groupPolicyAddress: string;
      threshold: string;
    };

export interface Coin {
  denom: string;
  amount: string;
}

/** A secp256k1 signature by a member's custody key over a canonical sign document (sign-document.ts). */
export interface MemberSignature {
  /** Base64 of the 33-byte compressed public key. */
  publicKey: string;
  /** Base64 of the 64-byte r||s signature over sha256(sign document bytes). */
  signature: string;
}

/** What a group change sets: the new electorate and threshold (userIds resolved to addresses). */
export interface GroupChange {
  members: ElectorateMember[] | null;
  threshold: number | null;
}

export type ProposalSubmitted = DomainEvent<
  'ProposalSubmitted',
  {
    proposalId: string;
    multisigId: string;
    organizationId: string;
    policyAddress: string;
    chainId: string;
    kind: ProposalKind;
    title: string;
    proposerId: string;
    proposerAddress: string;
    messages: ProposalMessage[];
    /** Only on GROUP_CHANGE: the group the account will have once executed. */
    groupChange: GroupChange | null;
    /** Only on DISBURSEMENT and REDEMPTION: the bridging request it carries out. */
    bridgingRequestId: string | null;
    electorate: ElectorateMember[];
    threshold: number;
    groupVersion: number;
    createdAt: string;
    votingEndsAt: string;
    /** The proposer's signature over the proposal sign document. */
    proposerSignature: MemberSignature;
  }
>;

export type VoteCast = DomainEvent<
  'VoteCast',
  {
    proposalId: string;
    userId: string;
    address: string;
    option: VoteOption;
    weight: number;
    castAt: string;
    /** The voter's signature over the vote sign document. */
    signature: MemberSignature;
  }
>;

export interface Tally {
  yes: number;
  no: number;
  abstain: number;
  noWithVeto: number;
}

export type ProposalAccepted = DomainEvent<'ProposalAccepted', { proposalId: string; tally: Tally; decidedAt: string }>;

export type RejectionReason = 'THRESHOLD_UNREACHABLE' | 'VOTING_PERIOD_ENDED';

export type ProposalRejected = DomainEvent<
  'ProposalRejected',
  { proposalId: string; tally: Tally; reason: RejectionReason; decidedAt: string }
>;

export type ProposalAborted = DomainEvent<
  'ProposalAborted',
  { proposalId: string; reason: 'GROUP_CHANGED'; groupVersion: number; causedByProposalId: string | null; abortedAt: string }
>;

export type ProposalWithdrawn = DomainEvent<'ProposalWithdrawn', { proposalId: string; withdrawnBy: string; withdrawnAt: string }>;

/**
 * Written before the signed transaction is broadcast: the exact bytes, so that a crash can only ever
 * re-send the same transaction (same signers' sequences: the chain takes it at most once).
 */
export type ProposalExecutionStarted = DomainEvent<
  'ProposalExecutionStarted',
  { proposalId: string; attempt: number; txHash: string; txBytes: string; signers: string[]; startedAt: string }
>;

export type ProposalExecuted = DomainEvent<
  'ProposalExecuted',
  {
    proposalId: string;
    attempt: number;
    txHash: string;
    height: number;
    executorResult: ExecutorResult;
    reason: string | null;
    executedAt: string;
  }
>;

export type ProposalEvent =
  | ProposalSubmitted
  | VoteCast
  | ProposalAccepted
  | ProposalRejected
  | ProposalAborted
  | ProposalWithdrawn
  | ProposalExecutionStarted
  | ProposalExecuted;

export const PROPOSAL_EVENT_TYPES = [
  'ProposalSubmitted',
  'VoteCast',
  'ProposalAccepted',
  'ProposalRejected',
  'ProposalAborted',
  'ProposalWithdrawn',
  'ProposalExecutionStarted',
  'ProposalExecuted',
] as const satisfies readonly ProposalEvent['type'][];

export const proposalStream = (proposalId: string) => `proposal-${proposalId}`;
