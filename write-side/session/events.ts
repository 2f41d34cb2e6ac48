import type { DomainEvent } from '../decider';

/** A session is one refresh-token family: every rotation stays in it, and revoking it ends them all. */
export const sessionStream = (sessionId: string) => `session-${sessionId}`;

export const SESSION_REVOCATION_REASONS = ['LOGOUT', 'REUSE_DETECTED', 'PASSWORD_RESET', 'PASSWORD_CHANGED', 'USER_DEACTIVATED'] as const;
export type SessionRevocationReason = (typeof SESSION_REVOCATION_REASONS)[number];

export type SessionEvent =
  | DomainEvent<'SessionStarted', { sessionId: string; userId: string; tokenHash: string; expiresAt: string }>
  | DomainEvent<
      'SessionRefreshed',
      { sessionId: string; userId: string; previousTokenHash: string; tokenHash: string; expiresAt: string; rotatedAt: string }
    >
  | DomainEvent<'SessionRevoked', { sessionId: string; userId: string; reason: SessionRevocationReason }>;

export const SESSION_EVENT_TYPES: readonly SessionEvent['type'][] = ['SessionStarted', 'SessionRefreshed', 'SessionRevoked'];
