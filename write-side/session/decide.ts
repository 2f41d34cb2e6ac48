import { conflict, unauthenticated } from '../errors';
import type { Decider } from '../decider';
import type { SessionEvent, SessionRevocationReason } from './events';

export interface SessionState {
  exists: boolean;
  sessionId: string;
  userId: string;
  revoked: boolean;
  currentTokenHash: string;
  expiresAt: string;
  /** Rotated-out token hashes and when they were rotated out (ISO time of the rotation). */
  retired: Record<string, string>;
}

export type SessionCommand =
  | { type: 'StartSession'; sessionId: string; userId: string; tokenHash: string; expiresAt: string }
  /**
   * `graceSince`: a token rotated out at or after this instant is still honoured (concurrent refreshes
   * from two tabs); one rotated out before it is a stolen copy being replayed.
   */
  | { type: 'RefreshSession'; tokenHash: string; newTokenHash: string; expiresAt: string; now: string; graceSince: string }
  /**
   * `userId`: revoke only if the session is this user's (a logout by access token).
   * `tokenHash`: revoke only if the token is, or was, one of this session's (a logout by refresh cookie alone).
   */
  | { type: 'RevokeSession'; reason: SessionRevocationReason; userId?: string; tokenHash?: string };

const initialState = (): SessionState => ({
  exists: false,
  sessionId: '',
  userId: '',
  revoked: false,
  currentTokenHash: '',
  expiresAt: '',
  retired: {},
});

function evolve(state: SessionState, event: SessionEvent): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return { ...state, exists: true, sessionId: event.data.sessionId, userId: event.data.userId, currentTokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt };
    case 'SessionRefreshed':
      return {
        ...state,
        currentTokenHash: event.data.tokenHash,
        expiresAt: event.data.expiresAt,
        retired: { ...state.retired, [event.data.previousTokenHash]: event.data.rotatedAt },
      };
    case 'SessionRevoked':
      return { ...state, revoked: true };
  }
}

const invalidRefreshToken = () => unauthenticated('The refresh token is invalid, expired or revoked', 'INVALID_REFRESH_TOKEN');

function decide(command: SessionCommand, state: SessionState): SessionEvent[] {
  if (command.type === 'StartSession') {
    if (state.exists) throw conflict('SESSION_EXISTS', 'The session already exists');
    const { type: _type, ...data } = command;
    return [{ type: 'SessionStarted', data }];
  }
  const { sessionId, userId } = state;
  if (command.type === 'RevokeSession') {
    if (!state.exists || state.revoked || (command.userId !== undefined && command.userId !== userId)) return [];
    if (command.tokenHash !== undefined && command.tokenHash !== state.currentTokenHash && state.retired[command.tokenHash] === undefined) return [];
    return [{ type: 'SessionRevoked', data: { sessionId, userId, reason: command.reason } }];
  }
  if (!state.exists) throw invalidRefreshToken();
  if (state.revoked || state.expiresAt <= command.now) throw invalidRefreshToken();
  if (command.tokenHash === state.currentTokenHash)
    return [
      {
        type: 'SessionRefreshed',
        data: {
          sessionId,
          userId,
          previousTokenHash: command.tokenHash,
          tokenHash: command.newTokenHash,
          expiresAt: command.expiresAt,
          rotatedAt: command.now,
        },
      },
    ];
  const retiredAt = state.retired[command.tokenHash];
  if (retiredAt === undefined) throw invalidRefreshToken();
  if (retiredAt >= command.graceSince) return [];
  return [{ type: 'SessionRevoked', data: { sessionId, userId, reason: 'REUSE_DETECTED' } }];
}

export const sessionDecider: Decider<SessionState, SessionCommand, SessionEvent> = { initialState, evolve, decide };
