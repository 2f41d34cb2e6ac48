import { randomUUID } from 'node:crypto';
import type { WriteSidePorts } from '../ports';
import { openSessionIds } from '../../read-side/users';
import { unauthenticated } from '../errors';
import type { CommandContext } from '../command-handler';
import { hashToken, issueSecretToken, tokenId } from '../secret-token';
import { sessionDecider, type SessionCommand } from './decide';
import { sessionStream, type SessionRevocationReason } from './events';

type Deps = Pick<WriteSidePorts, 'commands' | 'config' | 'db'>;

export interface IssuedRefreshToken {
  sessionId: string;
  refreshToken: string;
  expiresAt: Date;
}

const handleSession = (services: Pick<WriteSidePorts, 'commands'>, sessionId: string, command: SessionCommand, context: CommandContext) =>
  services.commands.handle(sessionDecider, sessionStream(sessionId), command, context);

export async function startSession(services: Deps, context: CommandContext, userId: string): Promise<IssuedRefreshToken> {
  const sessionId = randomUUID();
  const { token, hash } = issueSecretToken(sessionId);
  const expiresAt = new Date(context.now.getTime() + services.config.JWT_REFRESH_EXPIRATION);
  await handleSession(services, sessionId, { type: 'StartSession', sessionId, userId, tokenHash: hash, expiresAt: expiresAt.toISOString() }, context);
  return { sessionId, refreshToken: token, expiresAt };
}

export interface RefreshedSession {
  userId: string;
  sessionId: string;
  /** null inside the grace window: the token was just rotated by a concurrent refresh, whose cookie stands. */
  rotated: IssuedRefreshToken | null;
}

/**
 * Rotates a refresh token. The current token rotates; one rotated out within the grace window is
 * honoured without another rotation; one rotated out before it was replayed, so the whole family is
 * revoked and the caller gets 401.
 */
export async function refreshSession(services: Deps, context: CommandContext, refreshToken: string): Promise<RefreshedSession> {
  const sessionId = tokenId(refreshToken);
  if (!sessionId) throw unauthenticated('The refresh token is invalid, expired or revoked', 'INVALID_REFRESH_TOKEN');
  const next = issueSecretToken(sessionId);
  const expiresAt = new Date(context.now.getTime() + services.config.JWT_REFRESH_EXPIRATION);
  const result = await handleSession(
    services,
    sessionId,
    {
      type: 'RefreshSession',
      tokenHash: hashToken(refreshToken),
      newTokenHash: next.hash,
      expiresAt: expiresAt.toISOString(),
      now: context.now.toISOString(),
      graceSince: new Date(context.now.getTime() - services.config.REFRESH_GRACE_SECONDS * 1000).toISOString(),
    },
    context,
  );
  if (result.events.some((event) => event.type === 'SessionRevoked'))
    throw unauthenticated('The refresh token was already used; every session token of this login is revoked', 'REFRESH_TOKEN_REUSED');
  const rotated = result.events.length > 0 ? { sessionId, refreshToken: next.token, expiresAt } : null;
  return { userId: result.state.userId, sessionId, rotated };
}

/**
 * Logout by refresh cookie: the cookie alone proves the session is the caller's (it is, or was, one of
 * the session's tokens), so an expired access token cannot keep it alive. Anything else ends nothing.
 */
export async function revokeSessionByToken(services: Deps, context: CommandContext, refreshToken: string): Promise<void> {
  const sessionId = tokenId(refreshToken);
  if (sessionId) await handleSession(services, sessionId, { type: 'RevokeSession', reason: 'LOGOUT', tokenHash: hashToken(refreshToken) }, context);
}

/** Logout by access token (no cookie, e.g. an API client): ends the session the token was issued in. */
export async function revokeSessionOf(services: Deps, context: CommandContext, sessionId: string, userId: string): Promise<void> {
  await handleSession(services, sessionId, { type: 'RevokeSession', reason: 'LOGOUT', userId }, context);
}

/** Revokes every open session of a user, but `keep` (the caller's own, after a password change). */
export async function revokeSessionsOf(
  services: Deps,
  context: CommandContext,
  userId: string,
  reason: SessionRevocationReason,
  keep: string | null = null,
): Promise<void> {
  for (const sessionId of await openSessionIds(services.db, userId))
    if (sessionId !== keep) await handleSession(services, sessionId, { type: 'RevokeSession', reason }, context);
}
