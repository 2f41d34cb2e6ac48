import type { Request, Response } from 'express';
import jwt from 'jsonwebtoken';
import { getOrganization } from '../../read-side/organizations';
import { findUser, type UserRecord } from '../../read-side/users';
import { isLoopbackHost } from '../../runtime/config';
import { unauthenticated } from '../../write-side/errors';
import { forgetHits, rateLimit, refundHit } from '../../runtime/rate-limiter';
import type { AccessTokenClaims, Services } from '../../runtime/services';
import { tokenId } from '../../write-side/secret-token';
import { refreshSession, revokeSessionByToken, revokeSessionOf, startSession, type IssuedRefreshToken } from '../../write-side/session/commands';
import {
  changePassword,
  registerWithInvitation,
  requestPasswordReset,
  resetPassword,
  verifyCredentials,
} from '../../write-side/user/commands';
import { ExtractJwt } from 'passport-jwt';
import { authenticateRequest, callerAddress, configurePassport, throttlePublicAuth } from '../auth';
import { commandContext } from '../command-context';
import { z } from '../openapi';
import { AUTHENTICATED, defineRoute, PUBLIC } from '../route';
import { Email, NewPassword, SessionUser } from './schemas';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';
/** Answers that carry a token must not be kept by a browser or a proxy cache. */
const NO_STORE = { 'Cache-Control': 'no-store' };
/** Forgot-password mails per address per hour: enough for a person, too few to flood an inbox. */
const RESET_REQUESTS_PER_HOUR = 5;

// The policy answers for length on new passwords; this only caps what a login makes us hash.
const Password = z.string().min(1).max(1024);
const AccessToken = z.object({ accessToken: z.string() }).openapi('AccessToken');
const Session = z.object({ accessToken: z.string(), user: SessionUser }).openapi('Session');

export function signAccessToken(services: Pick<Services, 'config' | 'jwtSecret'>, user: UserRecord, organizationType: string, sessionId: string): string {
  const claims: Omit<AccessTokenClaims, 'sub'> = { org: user.organizationId, orgType: organizationType, role: user.role, typ: 'access', sid: sessionId };
  return jwt.sign(claims, services.jwtSecret, {
    algorithm: 'HS256',
    subject: user.id,
    expiresIn: Math.floor(services.config.JWT_ACCESS_EXPIRATION / 1000),
  });
}

function setRefreshCookie(services: Services, res: Response, issued: IssuedRefreshToken): void {
  res.cookie(REFRESH_COOKIE, issued.refreshToken, {
    httpOnly: true,
    sameSite: 'strict',
    path: COOKIE_PATH,
    // Off only while the service is reachable from this machine alone, where the browser talks plain http.
    secure: !isLoopbackHost(services.config.HOST),
    expires: issued.expiresAt,
  });
}

const refreshCookie = (req: Request): string | null => {
  const value = (req.cookies as Record<string, unknown> | undefined)?.[REFRESH_COOKIE];
  return typeof value === 'string' && value ? value : null;
};

/** Login and registration answer alike: an access token, the user, and a new session's refresh cookie. */
async function openSession(services: Services, res: Response, user: UserRecord, correlationId: string) {
  const organization = await getOrganization(services.db, user.organizationId);
  const issued = await startSession(services, { actorId: user.id, organizationId: user.organizationId, correlationId, now: new Date() }, user.id);
  setRefreshCookie(services, res, issued);
  return {
    accessToken: signAccessToken(services, user, organization.type, issued.sessionId),
    user: {
      id: user.id,
      name: user.name,
      email: user.email!,
      role: user.role,
      organizationId: user.organizationId,
      organizationType: organization.type,
      locale: user.locale,
    },
  };
}

export const authRoutes = [
  defineRoute({
    method: 'post',
    path: '/auth/login',
    summary: 'Log in with e-mail and password',
    tags: ['Auth'],
    access: PUBLIC,
    body: z.strictObject({ email: Email, password: Password }),
    responses: {
      200: { description: 'Logged in; the refresh token is set as the httpOnly cookie refresh_token', schema: Session },
      401: { description: 'INVALID_CREDENTIALS: unknown address or wrong password (one answer for both)' },
      429: { description: 'RATE_LIMITED: too many failed attempts for this e-mail address from the caller\'s address, or from the caller\'s address' },
    },
    handler: async ({ services, body, req, res, correlationId }) => {
      const { config } = services;
      const window = config.LOGIN_RATE_LIMIT_WINDOW;
      // Every attempt takes a hit first (so parallel guesses cannot slip past the limit) and a success
      // gives it back: only failures count, and a stranger's failures from elsewhere never lock the
      // rightful user out, because the e-mail's count is per caller address.
      const fromAddress = `login-failures:${callerAddress(req)}`;
      const emailFromAddress = `${fromAddress}:${body.email.toLowerCase()}`;
      await rateLimit(services, fromAddress, config.LOGIN_RATE_LIMIT_PER_IP, window);
      await rateLimit(services, emailFromAddress, config.LOGIN_RATE_LIMIT_PER_EMAIL, window);
      const user = await verifyCredentials(services, body.email, body.password);
      await refundHit(services, fromAddress, window);
      await forgetHits(services, emailFromAddress);
      return { status: 200, body: await openSession(services, res, user, correlationId), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/register',
    summary: 'Register from an invitation; creates the account and its custody signing key, and logs in',
    tags: ['Auth'],
    access: PUBLIC,
    body: z.strictObject({ token: z.string().min(1).max(200), name: z.string().trim().min(1).max(200), password: NewPassword }),
    responses: {
      201: { description: 'Registered and logged in; refresh cookie set', schema: Session },
      400: { description: 'WEAK_PASSWORD, or the request does not match the schema' },
      404: { description: 'NOT_FOUND: no invitation has this token (or it was replaced by a resend)' },
      409: { description: 'EMAIL_ALREADY_REGISTERED' },
      410: { description: 'INVITATION_EXPIRED, INVITATION_REVOKED or INVITATION_ALREADY_ACCEPTED' },
      429: { description: 'RATE_LIMITED: too many registrations from the caller\'s address' },
    },
    handler: async ({ services, body, req, res, correlationId }) => {
      await throttlePublicAuth(services, req, 'register');
      const userId = await registerWithInvitation(services, { actorId: null, organizationId: null, correlationId, now: new Date() }, body);
      return { status: 201, body: await openSession(services, res, (await findUser(services.db, userId))!, correlationId), headers: NO_STORE };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/refresh',
    summary: 'Rotate the refresh cookie and get a new access token',
    tags: ['Auth'],
    access: PUBLIC,
    responses: {
      200: { description: 'A new access token; the cookie is rotated (not within the grace window of a concurrent refresh)', schema: AccessToken },
      401: { description: 'INVALID_REFRESH_TOKEN, or REFRESH_TOKEN_REUSED (the whole session is revoked)' },
      429: { description: 'RATE_LIMITED: too many refreshes from the caller\'s address' },
    },
    handler: async ({ services, req, res, correlationId }) => {
      await rateLimit(services, `refresh:${callerAddress(req)}`, services.config.REFRESH_RATE_LIMIT_PER_IP, services.config.AUTH_RATE_LIMIT_WINDOW);
      const token = refreshCookie(req);
      if (!token) throw unauthenticated('The refresh cookie is missing', 'INVALID_REFRESH_TOKEN');
      const refreshed = await refreshSession(services, { actorId: null, organizationId: null, correlationId, now: new Date() }, token);
      const user = await findUser(services.db, refreshed.userId);
      if (!user?.active) throw unauthenticated('The user is deactivated', 'INVALID_REFRESH_TOKEN');
      if (refreshed.rotated) setRefreshCookie(services, res, refreshed.rotated);
      const organization = await getOrganization(services.db, user.organizationId);
      return { status: 200, body: { accessToken: signAccessToken(services, user, organization.type, refreshed.sessionId) }, headers: NO_STORE };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/logout',
    summary: 'Log out: revoke the session (refresh-token family) named by the refresh cookie, or else by the access token, and clear the cookie',
    tags: ['Auth'],
    // The refresh cookie alone is enough: an expired access token must not keep a session alive.
    access: PUBLIC,
    responses: {
      204: { description: 'Logged out' },
      401: { description: 'UNAUTHENTICATED: neither a refresh cookie nor a valid access token' },
    },
    handler: async (context) => {
      const { services, req, res } = context;
      const token = refreshCookie(req);
      if (token) await revokeSessionByToken(services, commandContext(context), token);
      else {
        const principal = (await authenticateRequest(configurePassport(services), req, AUTHENTICATED)).staff!;
        // The guard just verified this bearer token; its session is the one to end.
        const { sid } = jwt.decode(ExtractJwt.fromAuthHeaderAsBearerToken()(req)!) as AccessTokenClaims;
        await revokeSessionOf(services, commandContext({ principal, correlationId: context.correlationId }), sid!, principal.userId);
      }
      res.clearCookie(REFRESH_COOKIE, { path: COOKIE_PATH });
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/forgot-password',
    summary: 'Request a password-reset link by mail',
    tags: ['Auth'],
    access: PUBLIC,
    body: z.strictObject({ email: Email }),
    responses: {
      202: { description: 'Accepted, whether or not the address exists' },
      429: { description: 'RATE_LIMITED: too many requests for this e-mail address or from the caller\'s address' },
    },
    handler: async ({ services, body, req, correlationId }) => {
      await throttlePublicAuth(services, req, 'forgot-password');
      await rateLimit(services, `forgot-password:${body.email.toLowerCase()}`, RESET_REQUESTS_PER_HOUR, 3_600_000);
      await requestPasswordReset(services, { actorId: null, organizationId: null, correlationId, now: new Date() }, body.email);
      return { status: 202 };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/reset-password',
    summary: 'Set a new password with a reset link; every session of the user is revoked',
    tags: ['Auth'],
    access: PUBLIC,
    body: z.strictObject({ token: z.string().min(1).max(200), password: NewPassword }),
    responses: {
      204: { description: 'Password changed' },
      400: { description: 'WEAK_PASSWORD, or the request does not match the schema' },
      410: { description: 'RESET_TOKEN_EXPIRED: unknown, used, superseded or expired link' },
      429: { description: 'RATE_LIMITED: too many resets from the caller\'s address' },
    },
    handler: async ({ services, body, req, correlationId }) => {
      await throttlePublicAuth(services, req, 'reset-password');
      await resetPassword(services, { actorId: null, organizationId: null, correlationId, now: new Date() }, body.token, body.password);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/auth/change-password',
    summary: 'Change your own password; your other sessions are revoked',
    tags: ['Auth'],
    access: AUTHENTICATED,
    body: z.strictObject({ currentPassword: Password, newPassword: NewPassword }),
    responses: {
      204: { description: 'Password changed' },
      400: { description: 'WEAK_PASSWORD, or the request does not match the schema' },
      401: { description: 'INVALID_CREDENTIALS: the current password is wrong' },
    },
    handler: async (context) => {
      const token = refreshCookie(context.req);
      await changePassword(context.services, commandContext(context), context.principal.userId, {
        ...context.body,
        keepSessionId: token ? tokenId(token) : null,
      });
      return { status: 204 };
    },
  }),
];
