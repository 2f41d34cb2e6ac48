import { businessRule, conflict, gone, notFound, validationFailed } from '../errors';
import type { Decider } from '../decider';
import { sameHash } from '../secret-token';
import type { EmailEvent, Locale, Role, UserEvent, UserKind, UserRegisteredData } from './events';

export interface UserState {
  exists: boolean;
  userId: string;
  organizationId: string;
  kind: UserKind;
  email: string | null;
  role: Role;
  active: boolean;
  passwordHash: string | null;
  locale: Locale;
  multisigIds: string[];
  address: string;
  publicKey: string;
  encryptedPrivateKey: string;
  /** The latest reset link; a newer request or a completed reset makes older links useless. */
  pendingReset: { tokenHash: string; expiresAt: string } | null;
}

/** An account the user belongs to, as the accounts read model has it (see read-side/accounts membershipsOf). */
export interface Membership {
  accountId: string;
  label: string;
  threshold: number;
  members: ReadonlyArray<{ userId: string; weight: number; canVote: boolean }>;
}

export type UserCommand =
  | { type: 'RegisterUser'; user: UserRegisteredData }
  | { type: 'ChangeRole'; role: Role; memberships: readonly Membership[] }
  | { type: 'Deactivate'; actorId: string; memberships: readonly Membership[] }
  | { type: 'RequestPasswordReset'; tokenHash: string; expiresAt: string }
  | { type: 'ResetPassword'; tokenHash: string; passwordHash: string; now: string }
  | { type: 'ChangePassword'; passwordHash: string }
  | { type: 'ChangeLocale'; locale: Locale }
  /** `visible`: which of the ids name accounts the user may see; pinning anything else is 400. */
  | { type: 'PinWallets'; multisigIds: string[]; visible: readonly string[] };

const initialState = (): UserState => ({
  exists: false,
  userId: '',
  organizationId: '',
  kind: 'HUMAN',
  email: null,
  role: 'member',
  active: false,
  passwordHash: null,
  locale: 'es',
  multisigIds: [],
  address: '',
  publicKey: '',
  encryptedPrivateKey: '',
  pendingReset: null,
});

function evolve(state: UserState, event: UserEvent): UserState {
  switch (event.type) {
    case 'UserRegistered': {
      const { invitationId: _invitation, name: _name, ...user } = event.data;
      return { ...state, ...user, exists: true, active: true };
    }
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'UserDeactivated':
      return { ...state, active: false, pendingReset: null };
    case 'PasswordResetRequested':
      return { ...state, pendingReset: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
    case 'UserPasswordChanged':
      return { ...state, passwordHash: event.data.passwordHash, pendingReset: null };
    case 'UserLocaleChanged':
      return { ...state, locale: event.data.locale };
    case 'UserPinnedWalletsChanged':
      return { ...state, multisigIds: event.data.multisigIds };
  }
}

export const resetLinkUnusable = () => gone('RESET_TOKEN_EXPIRED', 'The password-reset link is expired or was already used');

/** Role changes and deactivation apply to active people, never to the system identity. */
function requireManageable(state: UserState): void {
  if (state.kind !== 'HUMAN') throw businessRule('SYSTEM_IDENTITY', 'The system bridging identity cannot be changed');
  if (!state.active) throw conflict('USER_DEACTIVATED', 'The user is deactivated');
}

/** Roles whose holders vote on proposals (auditors are read-only). */
const VOTING_ROLES: readonly Role[] = ['administrator', 'member'];

/**
 * Signer safety: the accounts that could no longer reach their threshold (x/group: at most their total
 * weight) if this user stopped voting. Their funds would be locked, since even a group change needs it.
 */
export function accountsNeedingSigner(userId: string, memberships: readonly Membership[]): Membership[] {
  return memberships.filter((account) => {
    const total = account.members.reduce((sum, member) => sum + member.weight, 0);
    const reachable = account.members
      .filter((member) => member.userId !== userId && member.canVote)
      .reduce((sum, member) => sum + member.weight, 0);
    return reachable < Math.min(account.threshold, total);
  });
}

function requireNoNeededSigner(userId: string, memberships: readonly Membership[]): void {
  const locked = accountsNeedingSigner(userId, memberships);
  if (locked.length > 0)
    throw conflict(
      'SIGNER_REQUIRED',
      `Without this user's vote these accounts could not reach their threshold; change their group first: ${locked.map((account) => `${account.label} (${account.accountId})`).join(', ')}`,
    );
}

function decide(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') {
    if (state.exists) throw conflict('USER_EXISTS', 'The user already exists');
    return [{ type: 'UserRegistered', data: command.user }];
  }
  if (command.type === 'ResetPassword') {
    // One answer for unknown, superseded, used and expired links: none of them may say which.
    const reset = state.pendingReset;
    if (!state.exists || !state.active || !reset || !sameHash(reset.tokenHash, command.tokenHash) || reset.expiresAt <= command.now)
      throw resetLinkUnusable();
    return [{ type: 'UserPasswordChanged', data: { userId: state.userId, passwordHash: command.passwordHash, reason: 'RESET' } }];
  }
  if (!state.exists) throw notFound('User');
  const userId = state.userId;
  switch (command.type) {
    case 'ChangeRole':
      requireManageable(state);
      if (command.role === state.role) return [];
      if (!VOTING_ROLES.includes(command.role)) {
        requireNoNeededSigner(userId, command.memberships);
        if (command.memberships.length > 0)
          throw businessRule('AUDITOR_CANNOT_BE_MEMBER', 'Auditors cannot be account members; remove the user from their accounts first');
      }
      return [{ type: 'UserRoleChanged', data: { userId, organizationId: state.organizationId, role: command.role, previousRole: state.role } }];
    case 'Deactivate':
      requireManageable(state);
      if (command.actorId === userId) throw businessRule('CANNOT_DEACTIVATE_YOURSELF', 'You cannot deactivate your own user');
      requireNoNeededSigner(userId, command.memberships);
      return [{ type: 'UserDeactivated', data: { userId, organizationId: state.organizationId } }];
    case 'RequestPasswordReset':
      if (!state.active || state.kind !== 'HUMAN') return [];
      return [{ type: 'PasswordResetRequested', data: { userId, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
    case 'ChangePassword':
      return [{ type: 'UserPasswordChanged', data: { userId, passwordHash: command.passwordHash, reason: 'CHANGED' } }];
    case 'ChangeLocale':
      return command.locale === state.locale ? [] : [{ type: 'UserLocaleChanged', data: { userId, locale: command.locale } }];
    case 'PinWallets': {
      const unknown = command.multisigIds.flatMap((id, index) =>
        command.visible.includes(id) ? [] : [{ path: `multisigIds.${index}`, message: 'no account of yours has this id' }],
      );
      if (unknown.length > 0) throw validationFailed(unknown, 'Only accounts you can see can be pinned');
      if (command.multisigIds.join() === state.multisigIds.join()) return [];
      return [{ type: 'UserPinnedWalletsChanged', data: { userId, multisigIds: command.multisigIds } }];
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = { initialState, evolve, decide };

export interface EmailState {
  owner: string | null;
}

export type EmailCommand =
  | { type: 'ClaimEmail'; email: string; userId: string }
  | { type: 'ReleaseEmail'; email: string; userId: string };

export const emailDecider: Decider<EmailState, EmailCommand, EmailEvent> = {
  initialState: () => ({ owner: null }),
  evolve: (_state, event) => ({ owner: event.type === 'EmailClaimed' ? event.data.userId : null }),
  decide: (command, state) => {
    if (command.type === 'ReleaseEmail')
      return state.owner === command.userId ? [{ type: 'EmailReleased', data: { email: command.email, userId: command.userId } }] : [];
    if (state.owner === command.userId) return [];
    if (state.owner) throw conflict('EMAIL_ALREADY_REGISTERED', 'A user with this e-mail address already exists');
    return [{ type: 'EmailClaimed', data: { email: command.email, userId: command.userId } }];
  },
};
