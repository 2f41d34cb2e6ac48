import { AppError, conflict, notFound } from '../errors';
import type { Decider } from '../decider';
import { canonicalJson } from '../proposal/sign-document';
import type { AccountCreationRequested, AccountEvent, AccountMember, MultisigType } from './events';

export interface AccountState {
  exists: boolean;
  accountId: string | null;
  organizationId: string | null;
  label: string;
  type: MultisigType | null;
  address: string | null;
  groupId: string | null;
  members: AccountMember[];
  threshold: number;
  archived: boolean;
  /** 1 at creation; every executed group change bumps it (open proposals of older versions abort). */
  groupVersion: number;
  /** Group-change proposals already applied, so that a replayed execution applies nothing twice. */
  appliedProposals: string[];
  /** The creation, from its request until AccountCreated. */
  creation: AccountCreation;
}

export interface AccountCreation {
  request: AccountCreationRequested['data'] | null;
  attempts: number;
  /** The signed attempt that may be on its way to the chain (resolved by its hash or by re-sending its bytes). */
  pending: { attempt: number; txHash: string; txBytes: string } | null;
  /** Why the last attempt created nothing. */
  lastFailure: string | null;
}

/** What the chain did with a signed creation attempt. */
export type CreationOutcome =
  | { created: true; address: string; groupId: string }
  | { created: false; reason: string; /** It lost its sequence to another transaction: signing again may succeed. */ abandoned: boolean };

export type AccountCommand =
  | { type: 'RequestCreation'; request: AccountCreationRequested['data'] }
  | { type: 'SignCreation'; txHash: string; txBytes: string; now: string }
  | { type: 'RecordCreation'; attempt: number; outcome: CreationOutcome; now: string }
  | { type: 'ChangeLabel'; label: string; now: string }
  | { type: 'Archive'; now: string }
  | { type: 'Unarchive'; now: string }
  | { type: 'ChangeGroup'; members: AccountMember[] | null; threshold: number | null; proposalId: string; txHash: string; now: string };

export const initialAccountState = (): AccountState => ({
  exists: false,
  accountId: null,
  organizationId: null,
  label: '',
  type: null,
  address: null,
  groupId: null,
  members: [],
  threshold: 0,
  archived: false,
  groupVersion: 0,
  appliedProposals: [],
  creation: { request: null, attempts: 0, pending: null, lastFailure: null },
});

const rule = (code: string, detail: string) => new AppError(422, code, 'Business rule violated', detail);

/** Members are distinct users with positive integer weights, and the threshold a positive integer within their total. */
export function validateGroup(members: readonly AccountMember[], threshold: number): void {
  if (members.length === 0) throw rule('INVALID_GROUP', 'An account needs at least one member');
  const ids = new Set(members.map((member) => member.userId));
  if (ids.size !== members.length) throw rule('INVALID_GROUP', 'A user can be a member only once');
  const addresses = new Set(members.map((member) => member.address));
  if (addresses.size !== members.length) throw rule('INVALID_GROUP', 'Two members share one chain address');
  if (members.some((member) => !Number.isSafeInteger(member.weight) || member.weight < 1))
    throw rule('INVALID_GROUP', 'Weights are positive integers');
  if (!Number.isSafeInteger(threshold) || threshold < 1) throw rule('INVALID_THRESHOLD', 'The threshold is a positive integer');
  const total = members.reduce((sum, member) => sum + member.weight, 0);
  if (threshold > total)
    throw rule('INVALID_THRESHOLD', `The threshold (${threshold}) exceeds the members' total weight (${total})`);
}

/** A user as the users read model has it: what decides whether they may join an account. */
export interface MemberCandidate {
  id: string;
  address: string;
  kind: string;
  role: string;
  active: boolean;
  organizationId: string;
}

/**
 * Members are active users of the account's organization: people (the BRIDGING identity only where
 * `allowSystem`, or where it already is a member), never auditors, who are read-only.
 */
export function eligibleMembers(
  organizationId: string,
  requested: ReadonlyArray<{ userId: string; weight: number }>,
  candidates: ReadonlyMap<string, MemberCandidate>,
  options: { allowSystem?: boolean; keep?: readonly AccountMember[] } = {},
): AccountMember[] {
  return requested.map((member) => {
    const kept = options.keep?.some((current) => current.userId === member.userId) ?? false;
    const user = candidates.get(member.userId);
    const eligible =
      user && user.organizationId === organizationId && user.active && (user.kind === 'HUMAN' || options.allowSystem || kept);
    if (!eligible) throw rule('INVALID_MEMBER', `User ${member.userId} is not an active user of the organization`);
    if (user.kind === 'HUMAN' && user.role === 'auditor')
      throw rule('AUDITOR_CANNOT_BE_MEMBER', `User ${member.userId} is an auditor; auditors cannot be account members`);
    return { userId: member.userId, address: user.address, weight: member.weight };
  });
}

export const SYSTEM_ACCOUNT_TYPES: readonly MultisigType[] = ['ISSUANCE', 'BRIDGING', 'SETTLEMENT'];

export function decideAccount(command: AccountCommand, state: AccountState): AccountEvent[] {
  switch (command.type) {
    case 'RequestCreation':
    case 'SignCreation':
    case 'RecordCreation':
      return decideCreation(command, state);
  }
  if (!state.exists || !state.accountId) throw notFound('Account');
  const accountId = state.accountId;
  switch (command.type) {
    case 'ChangeLabel': {
      const label = command.label.trim();
      if (!label) throw rule('INVALID_LABEL', 'The label must not be empty');
      if (label === state.label) return [];
      return [{ type: 'AccountLabelChanged', data: { accountId, label, changedAt: command.now } }];
    }
    case 'Archive':
      if (state.archived) return [];
      if (state.type && SYSTEM_ACCOUNT_TYPES.includes(state.type))
        throw rule('SYSTEM_ACCOUNT', `The ${state.type} account cannot be archived`);
      return [{ type: 'AccountArchived', data: { accountId, archivedAt: command.now } }];
    case 'Unarchive':
      if (!state.archived) return [];
      return [{ type: 'AccountUnarchived', data: { accountId, unarchivedAt: command.now } }];
    case 'ChangeGroup': {
      if (state.appliedProposals.includes(command.proposalId)) return [];
      // The chain has executed it already: record what it did (it was validated at submission).
      const members = command.members ?? state.members;
      const threshold = command.threshold ?? state.threshold;
      return [
        {
          type: 'AccountGroupChanged',
          data: {
            accountId,
            members,
            threshold,
            groupVersion: state.groupVersion + 1,
            proposalId: command.proposalId,
            txHash: command.txHash,
            changedAt: command.now,
          },
        },
      ];
    }
  }
}

/** What makes two creation requests the same one: everything but when it was asked. */
const sameRequest = (a: AccountCreationRequested['data'], b: AccountCreationRequested['data']) =>
  canonicalJson({ ...a, requestedAt: null }) === canonicalJson({ ...b, requestedAt: null });

/**
 * An account is created in steps, so that no failure between them leaves a group on the chain that
 * nobody records, nor lets a retry create a second one: the request (its group's inputs) is recorded
 * first, then each signed attempt before it is broadcast, then what the chain did with it. A request
 * made again with the same inputs resumes the recorded one.
 */
function decideCreation(
  command: Extract<AccountCommand, { type: 'RequestCreation' | 'SignCreation' | 'RecordCreation' }>,
  state: AccountState,
): AccountEvent[] {
  const { request, pending } = state.creation;
  switch (command.type) {
    case 'RequestCreation': {
      if (request || state.exists) {
        if (!request || !sameRequest(request, command.request)) throw conflict('ACCOUNT_EXISTS', 'The account already exists');
        return [];
      }
      if (!command.request.label.trim()) throw rule('INVALID_LABEL', 'The label must not be empty');
      validateGroup(command.request.members, command.request.threshold);
      return [{ type: 'AccountCreationRequested', data: { ...command.request, label: command.request.label.trim() } }];
    }
    case 'SignCreation':
      if (!request) throw notFound('Account');
      if (state.exists) throw conflict('ACCOUNT_EXISTS', 'The account already exists');
      if (pending) throw conflict('ACCOUNT_CREATION_IN_PROGRESS', 'An attempt at creating the account is under way');
      return [
        {
          type: 'AccountCreationSigned',
          data: { accountId: request.accountId, attempt: state.creation.attempts + 1, txHash: command.txHash, txBytes: command.txBytes, signedAt: command.now },
        },
      ];
    case 'RecordCreation': {
      if (!request || !pending || pending.attempt !== command.attempt) return []; // recorded already
      const { outcome } = command;
      if (!outcome.created)
        return [
          {
            type: 'AccountCreationFailed',
            data: {
              accountId: request.accountId,
              attempt: pending.attempt,
              txHash: pending.txHash,
              reason: outcome.reason,
              abandoned: outcome.abandoned,
              failedAt: command.now,
            },
          },
        ];
      const { requestedAt: _requestedAt, ...inputs } = request;
      return [
        {
          type: 'AccountCreated',
          data: { ...inputs, address: outcome.address, groupId: outcome.groupId, createdAt: command.now, txHash: pending.txHash },
        },
      ];
    }
  }
}

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountCreationRequested':
      return { ...state, creation: { ...state.creation, request: event.data } };
    case 'AccountCreationSigned':
      return {
        ...state,
        creation: {
          ...state.creation,
          attempts: event.data.attempt,
          pending: { attempt: event.data.attempt, txHash: event.data.txHash, txBytes: event.data.txBytes },
        },
      };
    case 'AccountCreationFailed':
      return { ...state, creation: { ...state.creation, pending: null, lastFailure: event.data.reason } };
    case 'AccountCreated':
      return {
        ...state,
        exists: true,
        accountId: event.data.accountId,
        organizationId: event.data.organizationId,
        label: event.data.label,
        type: event.data.type,
        address: event.data.address,
        groupId: event.data.groupId,
        members: event.data.members,
        threshold: event.data.threshold,
        groupVersion: 1,
        creation: { ...state.creation, pending: null },
      };
    case 'AccountLabelChanged':
      return { ...state, label: event.data.label };
    case 'AccountArchived':
      return { ...state, archived: true };
    case 'AccountUnarchived':
      return { ...state, archived: false };
    case 'AccountGroupChanged':
      return {
        ...state,
        members: event.data.members,
        threshold: event.data.threshold,
        groupVersion: event.data.groupVersion,
        appliedProposals: [...state.appliedProposals, event.data.proposalId],
      };
  }
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
