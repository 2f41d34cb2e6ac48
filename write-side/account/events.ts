import type { DomainEvent } from '../decider';
import type { ElectorateMember } from '../proposal/events';

/** MultisigType: CENTRAL's mint/burn account, its bridging account, a bank's settlement account, any other. */
export const MULTISIG_TYPES = ['ISSUANCE', 'BRIDGING', 'SETTLEMENT', 'CUSTOM'] as const;
export type MultisigType = (typeof MULTISIG_TYPES)[number];

export type AccountMember = ElectorateMember;

export type AccountCreated = DomainEvent<
  'AccountCreated',
  {
    accountId: string;
    organizationId: string;
    label: string;
    type: MultisigType;
    /** The group policy account on the chain. */
    address: string;
    groupId: string;
    members: AccountMember[];
    threshold: number;
    createdBy: string | null;
    createdAt: string;
    /** The MsgCreateGroupWithPolicy transaction. */
    txHash: string;
  }
>;

/**
 * An account's creation, recorded before anything reaches the chain: the inputs of its group, so
 * that whoever resumes it (a retry of the same request, the seed run again) creates that group and
 * no other. The account exists once AccountCreated follows.
 */
export type AccountCreationRequested = DomainEvent<
  'AccountCreationRequested',
  {
    accountId: string;
    organizationId: string;
    label: string;
    type: MultisigType;
    members: AccountMember[];
    threshold: number;
    createdBy: string | null;
    requestedAt: string;
  }
>;

/**
 * One signed attempt at the group's MsgCreateGroupWithPolicy, kept before it is broadcast: an
 * interrupted attempt is resolved by looking its hash up on the chain or re-sending these very bytes,
 * which the signer's sequence lets the chain take at most once.
 */
export type AccountCreationSigned = DomainEvent<
  'AccountCreationSigned',
  { accountId: string; attempt: number; txHash: string; txBytes: string; signedAt: string }
>;

/**
 * An attempt that created no group: abandoned because its sequence went to another transaction
 * (signing again may succeed), or refused by the chain for what it asked.
 */
export type AccountCreationFailed = DomainEvent<
  'AccountCreationFailed',
  { accountId: string; attempt: number; txHash: string; reason: string; abandoned: boolean; failedAt: string }
>;

export type AccountLabelChanged = DomainEvent<'AccountLabelChanged', { accountId: string; label: string; changedAt: string }>;
export type AccountArchived = DomainEvent<'AccountArchived', { accountId: string; archivedAt: string }>;
export type AccountUnarchived = DomainEvent<'AccountUnarchived', { accountId: string; unarchivedAt: string }>;

/** An executed group-change proposal: the group's new members and threshold (the group version bumps). */
export type AccountGroupChanged = DomainEvent<
  'AccountGroupChanged',
  {
    accountId: string;
    members: AccountMember[];
    threshold: number;
    groupVersion: number;
    proposalId: string;
    txHash: string;
    changedAt: string;
  }
>;

export type AccountCreationEvent = AccountCreationRequested | AccountCreationSigned | AccountCreationFailed;

export type AccountEvent =
  | AccountCreationEvent
  | AccountCreated
  | AccountLabelChanged
  | AccountArchived
  | AccountUnarchived
  | AccountGroupChanged;

/** The events the accounts read model folds (the creation steps before AccountCreated show nowhere). */
export const ACCOUNT_EVENT_TYPES = [
  'AccountCreated',
  'AccountLabelChanged',
  'AccountArchived',
  'AccountUnarchived',
  'AccountGroupChanged',
] as const satisfies readonly AccountEvent['type'][];

export const ACCOUNT_CREATION_EVENT_TYPES = [
  'AccountCreationRequested',
  'AccountCreationSigned',
  'AccountCreationFailed',
] as const satisfies readonly AccountCreationEvent['type'][];

export const accountStream = (accountId: string) => `account-${accountId}`;
