import { conflict, gone, notFound } from '../errors';
import type { Decider } from '../decider';
import { sameHash } from '../secret-token';
import type { Locale, Role } from '../user/events';
import type { InvitationEvent, InvitationStatus } from './events';

export interface InvitationState {
  exists: boolean;
  invitationId: string;
  organizationId: string;
  email: string;
  role: Role;
  locale: Locale;
  status: Exclude<InvitationStatus, 'EXPIRED'>;
  tokenHash: string;
  expiresAt: string;
  /** Hashes of links a resend replaced: they answer 410, not 404 (contract "Auth"). */
  supersededTokenHashes: string[];
}

export type InvitationCommand =
  | {
      type: 'CreateInvitation';
      invitationId: string;
      organizationId: string;
      invitedByOrganizationId: string;
      invitedBy: string | null;
      email: string;
      role: Role;
      locale: Locale;
      tokenHash: string;
      expiresAt: string;
    }
  | { type: 'ResendInvitation'; tokenHash: string; expiresAt: string }
  | { type: 'RevokeInvitation' }
  | { type: 'AcceptInvitation'; tokenHash: string; userId: string; now: string };

const initialState = (): InvitationState => ({
  exists: false,
  invitationId: '',
  organizationId: '',
  email: '',
  role: 'member',
  locale: 'es',
  status: 'PENDING',
  tokenHash: '',
  expiresAt: '',
  supersededTokenHashes: [],
});

function evolve(state: InvitationState, event: InvitationEvent): InvitationState {
  switch (event.type) {
    case 'InvitationCreated': {
      const { invitedBy: _by, invitedByOrganizationId: _org, ...invitation } = event.data;
      return { ...state, ...invitation, exists: true, status: 'PENDING' };
    }
    case 'InvitationResent':
      return {
        ...state,
        tokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
        supersededTokenHashes: [...state.supersededTokenHashes, state.tokenHash],
      };
    case 'InvitationRevoked':
      return { ...state, status: 'REVOKED' };
    case 'InvitationAccepted':
      return { ...state, status: 'ACCEPTED' };
  }
}

/** Why a link no longer opens an account, as the register and validate routes answer it (410). */
export function assertUsable(state: Pick<InvitationState, 'status' | 'expiresAt'>, now: string): void {
  if (state.status === 'ACCEPTED') throw gone('INVITATION_ALREADY_ACCEPTED', 'The invitation was already used');
  if (state.status === 'REVOKED') throw gone('INVITATION_REVOKED', 'The invitation was revoked');
  if (state.expiresAt <= now) throw gone('INVITATION_EXPIRED', 'The invitation has expired');
}

/**
 * Whether a link opens an account: the invitation's current link, usable (see assertUsable). A link a
 * resend replaced is 410 INVITATION_EXPIRED; one that never was this invitation's is 404.
 */
export function assertLinkUsable(state: InvitationState, tokenHash: string, now: string): void {
  if (!state.exists) throw notFound('Invitation');
  if (state.supersededTokenHashes.some((hash) => sameHash(hash, tokenHash)))
    throw gone('INVITATION_EXPIRED', 'This link was replaced by a newer one; use the link of the latest invitation mail');
  if (!sameHash(state.tokenHash, tokenHash)) throw notFound('Invitation');
  assertUsable(state, now);
}

function decide(command: InvitationCommand, state: InvitationState): InvitationEvent[] {
  if (command.type === 'CreateInvitation') {
    if (state.exists) throw conflict('INVITATION_EXISTS', 'The invitation already exists');
    const { type: _type, ...data } = command;
    return [{ type: 'InvitationCreated', data }];
  }
  if (!state.exists) throw notFound('Invitation');
  const { invitationId, organizationId, email } = state;
  switch (command.type) {
    case 'ResendInvitation':
      // An expired invitation is still PENDING underneath: resending it is how it comes back to life.
      if (state.status !== 'PENDING') throw conflict('INVITATION_NOT_PENDING', `The invitation is ${state.status}`);
      return [{ type: 'InvitationResent', data: { invitationId, organizationId, email, tokenHash: command.tokenHash, expiresAt: command.expiresAt } }];
    case 'RevokeInvitation':
      if (state.status !== 'PENDING') throw conflict('INVITATION_NOT_PENDING', `The invitation is ${state.status}`);
      return [{ type: 'InvitationRevoked', data: { invitationId, organizationId, email } }];
    case 'AcceptInvitation':
      assertLinkUsable(state, command.tokenHash, command.now);
      return [{ type: 'InvitationAccepted', data: { invitationId, organizationId, userId: command.userId } }];
  }
}

export const invitationDecider: Decider<InvitationState, InvitationCommand, InvitationEvent> = {
  initialState,
  evolve,
  decide,
};
