import type { DomainEvent } from '../decider';
import type { Locale, Role } from '../user/events';

/** Stored statuses; EXPIRED is derived from expiresAt at read time (spec: "time passes"). */
export const INVITATION_STATUSES = ['PENDING', 'ACCEPTED', 'EXPIRED', 'REVOKED'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const invitationStream = (invitationId: string) => `invitation-${invitationId}`;

export type InvitationEvent =
  | DomainEvent<
      'InvitationCreated',
      {
        invitationId: string;
        organizationId: string;
        /** The organization whose administrator issued it: the CENTRAL bank when it onboards a participant's admin. */
        invitedByOrganizationId: string;
        invitedBy: string | null;
        email: string;
        role: Role;
        locale: Locale;
        tokenHash: string;
        expiresAt: string;
      }
    >
  | DomainEvent<'InvitationResent', { invitationId: string; organizationId: string; email: string; tokenHash: string; expiresAt: string }>
  | DomainEvent<'InvitationRevoked', { invitationId: string; organizationId: string; email: string }>
  | DomainEvent<'InvitationAccepted', { invitationId: string; organizationId: string; userId: string }>;

export const INVITATION_EVENT_TYPES: readonly InvitationEvent['type'][] = [
  'InvitationCreated',
  'InvitationResent',
  'InvitationRevoked',
  'InvitationAccepted',
];
