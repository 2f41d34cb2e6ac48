import type { Request } from 'express';
import type { JwtPayload } from 'jsonwebtoken';
import passport from 'passport';
import { ExtractJwt } from 'passport-jwt';
import { forbidden, unauthenticated } from '../write-side/errors';
import { rateLimit } from '../runtime/rate-limiter';
import type { AccessTokenClaims, ClientPrincipal, ClientTokenClaims, Services } from '../runtime/services';
import { can, type Principal } from './abilities';
import type { Access } from './route';
import { VerifiedTokens } from './verified-tokens';

export interface Caller {
  staff: Principal | null;
  clientId: string | null;
  client: ClientPrincipal | null;
}

const configured = new WeakMap<Services, passport.PassportStatic>();
/** Each configured instance's strategies by name: the guard asks them itself (see `run`). */
const strategiesOf = new WeakMap<passport.PassportStatic, Map<string, BearerTokenStrategy>>();

/** `Authorization: Bearer <token>`, read as passport-jwt reads it. */
const bearerToken = ExtractJwt.fromAuthHeaderAsBearerToken();

/**
 * What passport-jwt's strategy did for the service's tokens (the bearer token, its signature and
 * expiry, then the caller its claims name), on VerifiedTokens: a token is verified once per process, not
 * on every request that carries it.
 */
class BearerTokenStrategy extends passport.Strategy {
  constructor(
    override readonly name: string,
    private readonly tokens: VerifiedTokens,
    /** The caller the verified claims name; null when they name none (wrong type, no expiry, unknown). */
    private readonly callerOf: (claims: Readonly<JwtPayload>) => Promise<Express.User | null>,
  ) {
    super();
  }

  /** The caller the request's bearer token names; null for a missing, forged or expired token. */
  caller(req: Request): Promise<Express.User | null> {
    const token = bearerToken(req);
    if (!token) return Promise.resolve(null);
    let claims: Readonly<JwtPayload>;
    try {
      claims = this.tokens.verify(token);
    } catch {
      return Promise.resolve(null);
    }
    return this.callerOf(claims);
  }

  /** Passport's entry point, for a caller that runs the strategy through passport. */
  override authenticate(req: Request): void {
    this.caller(req).then(
      (user) => (user ? this.success(user) : this.fail()),
      (error: Error) => this.error(error),
    );
  }
}

/**
 * Two bearer-token strategies on one secret, told apart by the `typ` claim: staff access tokens and
 * Instant Payments client tokens. The principal is re-read on every request, so a deactivated user's
 * tokens stop working at once. A token that never expires is refused, and so is a staff token outside
 * a session (no `sid`): logout and password changes could not end it. One instance per service, so a
 * route (logout) can authenticate as the guard does.
 */
export function configurePassport(services: Services): passport.PassportStatic {
  const existing = configured.get(services);
  if (existing) return existing;
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  const tokens = new VerifiedTokens(services.jwtSecret);
  const strategies = [
    new BearerTokenStrategy('staff', tokens, async (claims) => {
      if (claims.typ !== 'access' || typeof claims.exp !== 'number' || typeof claims.sid !== 'string') return null;
      return services.resolvePrincipal(claims as AccessTokenClaims);
    }),
    new BearerTokenStrategy('client', tokens, async (claims) => {
      if (claims.typ !== 'client' || typeof claims.exp !== 'number') return null;
      return services.resolveClient(claims as ClientTokenClaims);
    }),
  ];
  for (const strategy of strategies) instance.use(strategy);
  strategiesOf.set(instance, new Map(strategies.map((strategy) => [strategy.name, strategy])));
  configured.set(services, instance);
  return instance;
}

/**
 * Asks the strategy registered under `name` for the request's caller, as passport's authenticate
 * middleware would run it alone, without what sessions need: that middleware sets five methods on every
 * request, and reporting through passport's callbacks takes an object of closures per request (each
 * named by the TypeScript loader at creation, ~1 % of a payment request's CPU).
 */
function run<T>(name: string, auth: passport.PassportStatic, req: Request): Promise<T | null> {
  const strategy = strategiesOf.get(auth)?.get(name);
  if (!strategy) return Promise.reject(new Error(`no passport strategy named ${name}`));
  return strategy.caller(req) as Promise<T | null>;
}

export async function authenticateRequest(
  auth: passport.PassportStatic,
  req: Request,
  access: Access,
): Promise<Caller> {
  if (access.kind === 'public') return { staff: null, clientId: null, client: null };
  if (access.kind === 'client') {
    const client = await run<ClientPrincipal>('client', auth, req);
    if (!client) throw unauthenticated('A valid client token is required');
    return { staff: null, clientId: client.clientId, client };
  }
  const staff = await run<Principal>('staff', auth, req);
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
