import type { Request, Response } from 'express';
import passport from 'passport';
import { ExtractJwt, Strategy as JwtStrategy } from 'passport-jwt';
import { forbidden, unauthenticated } from '../runtime/errors';
import { rateLimit } from '../runtime/rate-limiter';
import type { AccessTokenClaims, ClientPrincipal, ClientTokenClaims, Services } from '../runtime/services';
import { can, type Principal } from './abilities';
import type { Access } from './route';

export interface Caller {
  staff: Principal | null;
  clientId: string | null;
  client: ClientPrincipal | null;
}

const configured = new WeakMap<Services, passport.PassportStatic>();

/**
 * Two passport-jwt strategies on one secret, told apart by the `typ` claim: staff access tokens and
 * Instant Payments client tokens. The principal is re-read on every request, so a deactivated user's
 * tokens stop working at once. A token that never expires is refused, and so is a staff token outside
 * a session (no `sid`): logout and password changes could not end it. One instance per service, so a
 * route (logout) can authenticate as the guard does.
 */
export function configurePassport(services: Services): passport.PassportStatic {
  const existing = configured.get(services);
  if (existing) return existing;
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  const options = {
    jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
    // A KeyObject, so verifying costs no key parsing; passport-jwt hands it to jsonwebtoken as is (its types lag).
    secretOrKey: services.jwtSecret as unknown as Buffer,
    algorithms: ['HS256' as const],
  };
  instance.use(
    'staff',
    new JwtStrategy(options, (claims: AccessTokenClaims & { exp?: unknown }, done: (error: unknown, user?: unknown) => void) => {
      if (claims.typ !== 'access' || typeof claims.exp !== 'number' || typeof claims.sid !== 'string') return done(null, false);
      services.resolvePrincipal(claims).then((principal) => done(null, principal ?? false), done);
    }),
  );
  instance.use(
    'client',
    new JwtStrategy(options, (claims: ClientTokenClaims, done: (error: unknown, user?: unknown) => void) => {
      if (claims.typ !== 'client' || typeof claims.exp !== 'number') return done(null, false);
      services.resolveClient(claims).then((client) => done(null, client ?? false), done);
    }),
  );
  configured.set(services, instance);
  return instance;
}

function run<T>(strategy: string, auth: passport.PassportStatic, req: Request, res: Response): Promise<T | null> {
  return new Promise((resolve, reject) => {
    auth.authenticate(strategy, { session: false }, (error: unknown, user: T | false) => {
      if (error) reject(error);
      else resolve(user || null);
    })(req, res, (error?: unknown) => (error ? reject(error) : resolve(null)));
  });
}

export async function authenticateRequest(
  auth: passport.PassportStatic,
  req: Request,
  res: Response,
  access: Access,
): Promise<Caller> {
  if (access.kind === 'public') return { staff: null, clientId: null, client: null };
  if (access.kind === 'client') {
    const client = await run<ClientPrincipal>('client', auth, req, res);
    if (!client) throw unauthenticated('A valid client token is required');
    return { staff: null, clientId: client.clientId, client };
  }
  const staff = await run<Principal>('staff', auth, req, res);
  checkAccess(staff, access);
  return { staff, clientId: null, client: null };
}

/** The guard: token check, then the ability of the route's declaration. */
export function checkAccess(principal: Principal | null, access: Access): void {
  if (access.kind === 'public' || access.kind === 'client') return;
  if (!principal) throw unauthenticated();
  if (access.kind === 'ability' && !can(principal, access.action, access.subject))
    throw forbidden(`Requires ${access.action} · ${access.subject}`);
}


/** The caller's address: the socket's, or X-Forwarded-For's when TRUST_PROXY trusts the proxy it came through. */
export const callerAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? 'unknown';

/** The public auth routes' throttle: per caller address and route (429 RATE_LIMITED with Retry-After). */
export const throttlePublicAuth = (services: Pick<Services, 'db' | 'config'>, req: Request, route: string) =>
  rateLimit(services, `${route}:${callerAddress(req)}`, services.config.AUTH_RATE_LIMIT_PER_IP, services.config.AUTH_RATE_LIMIT_WINDOW);
