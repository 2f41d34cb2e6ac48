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

export type AccountEvent = AccountCreated | AccountLabelChanged | AccountArchived | AccountUnarchived | AccountGroupChanged;

export const ACCOUNT_EVENT_TYPES = [
  'AccountCreated',
  'AccountLabelChanged',
  'AccountArchived',
  'AccountUnarchived',
  'AccountGroupChanged',
] as const satisfies readonly AccountEvent['type'][];

export const accountStream = (accountId: string) => `account-${accountId}`;
