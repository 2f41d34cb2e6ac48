import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import supertest from 'supertest';
import { ORGANIZATION_TYPES, ROLES, type Action, type Subject } from '../../api/abilities';
import type { Access, RouteDefinition } from '../../api/route';
import { allRoutes } from '../../api/routes';
import { TEST_JWT_SECRET } from '../support/test-runtime';
import { join, onboardBank, startIdentity, type IdentityWorld, type Session } from './support';

/**
 * The spec's per-route access (Endpoints tables, and the paths the wire contract adds): a dash in the
 * spec is AUTHENTICATED. A mounted route listed here must declare exactly this; routes not yet built
 * are skipped.
 */
const SPEC_ACCESS: Record<string, string> = {
  'POST /auth/login': 'public',
  'POST /auth/register': 'public',
  'POST /auth/refresh': 'public',
  'POST /auth/logout': 'public', // the contract: the refresh cookie alone logs out
  'POST /auth/forgot-password': 'public',
  'POST /auth/reset-password': 'public',
  'POST /auth/change-password': 'authenticated',
  'GET /config': 'public',
  'GET /users': 'read · User',
  'GET /users/selectable': 'read · User',
  'GET /users/{}': 'read · User',
  'PATCH /users/me/pinned-wallets': 'read · User',
  'PATCH /users/me/locale': 'read · User',
  'PATCH /users/{}/roles': 'manage · User',
  'PATCH /users/{}/deactivate': 'manage · User',
  'POST /invitations': 'manage · Invitation',
  'GET /invitations': 'read · Invitation',
  'GET /invitations/validate/{}': 'public',
  'POST /invitations/{}/revoke': 'manage · Invitation',
  'POST /invitations/{}/resend': 'manage · Invitation',
  'GET /organizations': 'read · Organization',
  'GET /organizations/{}': 'read · Organization',
  'POST /organizations': 'manage · Organization',
  'PATCH /organizations/{}': 'manage · Organization',
  'POST /organizations/{}/admins/invite': 'manage · Organization',
  'POST /organizations/{}/exchange-address': 'manage · Organization',
  'POST /organizations/{}/freeze': 'manage · Organization',
  'POST /organizations/{}/unfreeze': 'manage · Organization',
  'PATCH /organizations/{}/chain-rpc': 'manage · Organization',
  'POST /organizations/{}/chain-rpc/test': 'manage · Organization',
  'POST /organizations/{}/disbursement-request': 'manage · Bridging',
  'POST /organizations/{}/redemption-request': 'manage · Bridging',
  'GET /multisigs': 'authenticated',
  'POST /multisigs': 'create · Multisig',
  'GET /multisigs/{}': 'authenticated',
  'GET /multisigs/{}/members': 'authenticated',
  'GET /multisigs/{}/policy': 'authenticated',
  'GET /multisigs/{}/balance': 'authenticated',
  'GET /multisigs/{}/health': 'authenticated',
  'PATCH /multisigs/{}': 'manage · Multisig',
  'POST /multisigs/{}/archive': 'manage · Multisig',
  'POST /multisigs/{}/unarchive': 'manage · Multisig',
  'POST /multisigs/{}/proposals/mint': 'create · Proposal',
  'POST /multisigs/{}/proposals/burn': 'create · Proposal',
  'POST /multisigs/{}/proposals/transfer': 'create · Proposal',
  'POST /multisigs/{}/proposals/group-changes': 'create · Proposal',
  'GET /multisigs/{}/proposals': 'read · Proposal',
  'GET /multisigs/{}/proposals/{}': 'read · Proposal',
  'POST /multisigs/{}/proposals/{}/execute': 'create · Proposal',
  'POST /multisigs/{}/proposals/{}/withdraw': 'create · Proposal',
  'GET /approval-queue': 'read · Proposal',
  'POST /multisigs/{}/proposals/{}/votes': 'create · Vote',
  'GET /multisigs/{}/proposals/{}/votes': 'read · Vote',
  'GET /multisigs/{}/whitelist': 'authenticated',
  'POST /multisigs/{}/whitelist': 'manage · WhitelistAddress',
  'PATCH /multisigs/{}/whitelist/{}': 'manage · WhitelistAddress',
  'DELETE /multisigs/{}/whitelist/{}': 'manage · WhitelistAddress',
  'GET /operations/lookup': 'read · Operation',
  'GET /operations/{}': 'authenticated',
  'GET /activity-log': 'read · Operation',
  'GET /tokens': 'authenticated',
  'GET /tokens/{}': 'authenticated',
  'GET /tokens/autodetect': 'manage · Token',
  'POST /tokens': 'manage · Token',
  'PATCH /tokens/{}': 'manage · Token',
  'DELETE /tokens/{}': 'manage · Token',
  'GET /address-book': 'read · AddressBook',
  'POST /address-book': 'manage · AddressBook',
  'PATCH /address-book/{}': 'manage · AddressBook',
  'DELETE /address-book/{}': 'manage · AddressBook',
  'GET /control-panel/alerts': 'manage · Organization',
  'GET /control-panel/internal-users': 'manage · User',
  'GET /dashboard/metrics': 'read · Dashboard',
  'GET /export/transactions': 'read · Export',
  'GET /export/governance': 'read · Export',
  'GET /organizations/{}/instant-payments/account': 'read · InstantPayment',
  'GET /organizations/{}/instant-payments/account/balance': 'read · InstantPayment',
  'POST /instant-payments/demo/clients': 'public',
  'POST /instant-payments/demo/clients/{}/alias': 'client',
  'POST /instant-payments/clients': 'create · InstantPayment',
  'GET /instant-payments/banks': 'public',
  'GET /instant-payments/aliases/{}/availability': 'public',
  'GET /instant-payments/payees/{}': 'client',
  'GET /instant-payments/me': 'client',
  'GET /instant-payments/me/movements': 'client',
  'POST /instant-payments/payments': 'client',
  'GET /instant-payments/payments/{}': 'client',
  'GET /organizations/{}/instant-payments/dashboard': 'read · InstantPayment',
  'GET /organizations/{}/instant-payments/transactions': 'read · InstantPayment',
  'GET /organizations/{}/instant-payments/clients': 'read · InstantPayment',
  'GET /organizations/{}/instant-payments/export': 'read · InstantPayment',
  'GET /instant-payments/oversight/summary': 'read · InstantPaymentOversight',
  'GET /instant-payments/oversight/banks': 'read · InstantPaymentOversight',
  'GET /instant-payments/oversight/distribution': 'read · InstantPaymentOversight',
  'GET /instant-payments/oversight/export': 'read · InstantPaymentOversight',
  // Beyond the spec's tables: the caller's own profile and abilities, and the contract's Instant Payments routes.
  'GET /users/me': 'authenticated',
  'GET /users/me/abilities': 'authenticated',
  'POST /instant-payments/me/logout': 'client',
  'POST /organizations/{}/instant-payments/clients/{}/cash-in': 'create · InstantPayment',
  'POST /organizations/{}/instant-payments/clients/{}/cash-out': 'create · InstantPayment',
  'POST /organizations/{}/instant-payments/clients/{}/deactivate': 'manage · InstantPayment',
};

const CA = 'CENTRAL administrator';
const CM = 'CENTRAL member';
const CU = 'CENTRAL auditor';
const BA = 'COMMERCIAL administrator';
const BM = 'COMMERCIAL member';
const BU = 'COMMERCIAL auditor';
const EVERYONE = [CA, CM, CU, BA, BM, BU];

/**
 * Who holds each ability the routes require, written out from the spec (role summary, per-route
 * abilities, Instant Payments table): never computed by the function the guard calls.
 */
const HOLDERS: Record<string, string[]> = {
  'read · User': EVERYONE,
  'manage · User': [CA, BA],
  'read · Invitation': [CA, CU, BA, BU],
  'manage · Invitation': [CA, BA],
  'read · Organization': [CA, CU, BA, BU],
  'manage · Organization': [CA, BA],
  'manage · Bridging': [CA, BA],
  'create · Multisig': [CA, BA],
  'manage · Multisig': [CA, BA],
  'create · Proposal': [CA, CM, BA, BM],
  'read · Proposal': EVERYONE,
  'create · Vote': [CA, CM, BA, BM],
  'read · Vote': EVERYONE,
  'manage · WhitelistAddress': [CA, BA],
  'read · Operation': EVERYONE,
  'manage · Token': [CA],
  'read · AddressBook': EVERYONE,
  'manage · AddressBook': [CA, CM, BA, BM],
  'read · Dashboard': EVERYONE,
  'read · Export': EVERYONE,
  'read · InstantPayment': [BA, BM, BU],
  'create · InstantPayment': [BA, BM],
  'manage · InstantPayment': [BA],
  'read · InstantPaymentOversight': [CA, CU],
};

/** Public routes beyond the spec's: the health check and the development outbox. */
const EXTRA_PUBLIC = new Set(['GET /health', 'GET /dev/outbox']);

const keyOf = (route: RouteDefinition) => `${route.method.toUpperCase()} ${route.path.replace(/:\w+/g, '{}')}`;
const describeAccess = (access: Access) => (access.kind === 'ability' ? `${access.action} · ${access.subject}` : access.kind);
/** Random ids in every path parameter, so that no call reaches a real resource. */
const concrete = (route: RouteDefinition) => `/api${route.path.replace(/:\w+/g, () => randomUUID())}`;
const guardDetail = (action: Action, subject: Subject) => `Requires ${action} · ${subject}`;

const routes = allRoutes();

describe('Access matrix', () => {
  let world: IdentityWorld;
  const principals: { label: string; organizationType: (typeof ORGANIZATION_TYPES)[number]; role: (typeof ROLES)[number]; session: Session }[] = [];
  const badTokens: Record<string, string> = {};

  beforeAll(async () => {
    world = await startIdentity();
    const bank = await onboardBank(world, 'Banco Matriz', 'admin@matriz.hn');
    const sessions = {
      CENTRAL: {
        administrator: world.admin,
        member: await join(world, world.admin, { email: 'member@bcentral.hn', role: 'member' }),
        auditor: await join(world, world.admin, { email: 'auditor@bcentral.hn', role: 'auditor' }),
      },
      COMMERCIAL: {
        administrator: bank.admin,
        member: await join(world, bank.admin, { email: 'member@matriz.hn', role: 'member' }),
        auditor: await join(world, bank.admin, { email: 'auditor@matriz.hn', role: 'auditor' }),
      },
    };
    for (const organizationType of ORGANIZATION_TYPES)
      for (const role of ROLES)
        principals.push({ label: `${organizationType} ${role}`, organizationType, role, session: sessions[organizationType][role] });
    const claims = { org: world.central.organizationId, orgType: 'CENTRAL', role: 'administrator', typ: 'access', sub: world.admin.userId };
    badTokens.expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET, { algorithm: 'HS256' });
    badTokens.forged = jwt.sign(claims, 'another-secret-that-is-long-enough-for-hs256', { algorithm: 'HS256', expiresIn: 900 });
    badTokens.unsigned = jwt.sign(claims, '', { algorithm: 'none' });
    badTokens.client = jwt.sign({ sub: randomUUID(), typ: 'client' }, TEST_JWT_SECRET, { algorithm: 'HS256', expiresIn: 900 });
  });
  afterAll(() => world.close());

  const call = (route: RouteDefinition, token: string | null) => {
    const request = supertest(world.app)[route.method](concrete(route));
    if (token) request.set('Authorization', `Bearer ${token}`);
    return route.method === 'get' ? request : request.send({});
  };

  it('declares, for every route the spec names, the access the spec gives it', () => {
    const declared = routes.filter((route) => SPEC_ACCESS[keyOf(route)]).map((route) => [keyOf(route), describeAccess(route.access)]);
    expect(declared).toEqual(declared.map(([key]) => [key, SPEC_ACCESS[key!]]));
  });

  it('lists every mounted route in the table above, so that a new route comes with its expected access', () => {
    expect(routes.map(keyOf).filter((key) => !SPEC_ACCESS[key] && !EXTRA_PUBLIC.has(key))).toEqual([]);
  });

  it('knows the holders of every ability a route requires', () => {
    const required = routes.flatMap((route) => (route.access.kind === 'ability' ? [describeAccess(route.access)] : []));
    expect([...new Set(required)].filter((ability) => !HOLDERS[ability])).toEqual([]);
  });

  it('applies the visibility rule: a member does not see an account it does not belong to (404), administrators and auditors do', async () => {
    const created = await supertest(world.app)
      .post('/api/multisigs')
      .set('Authorization', `Bearer ${world.admin.token}`)
      .send({ label: 'Solo', members: [{ userId: world.admin.userId, weight: 1 }], threshold: 1 });
    expect(created.status).toBe(201);
    const central = principals.filter((principal) => principal.organizationType === 'CENTRAL');
    const seen = await Promise.all(
      central.map(async (principal) => [
        principal.label,
        (await supertest(world.app).get(`/api/multisigs/${created.body.id}`).set('Authorization', `Bearer ${principal.session.token}`)).status,
        (await supertest(world.app).get(`/api/multisigs/${created.body.id}/balance`).set('Authorization', `Bearer ${principal.session.token}`)).status,
      ]),
    );
    expect(Object.fromEntries(seen.map(([label, ...statuses]) => [label, statuses]))).toEqual({ [CA]: [200, 200], [CM]: [404, 404], [CU]: [200, 200] });
  });

  it('opens no route to the public beyond the spec', () => {
    const open = routes.filter((route) => route.access.kind === 'public').map(keyOf);
    expect(open.filter((key) => SPEC_ACCESS[key] !== 'public' && !EXTRA_PUBLIC.has(key))).toEqual([]);
  });

  const guarded = routes.filter((route) => route.access.kind !== 'public');

  it.each(guarded.map((route) => [`${keyOf(route)} (${describeAccess(route.access)})`, route] as const))('%s', async (_label, route) => {
    const strangers = [['no token', null], ['expired', badTokens.expired!], ['forged', badTokens.forged!], ['unsigned', badTokens.unsigned!]] as const;
    const refused = await Promise.all(strangers.map(async ([name, token]) => [name, (await call(route, token)).status]));
    expect(refused).toEqual(strangers.map(([name]) => [name, 401]));
    const access = route.access;
    if (access.kind === 'client') {
      // A staff access token is not a client token.
      expect((await call(route, principals[0]!.session.token)).status).toBe(401);
      return;
    }
    expect((await call(route, badTokens.client!)).status).toBe(401);
    const required = access.kind === 'ability' ? access : null;
    const outcomes = await Promise.all(
      principals.map(async (principal) => {
        const response = await call(route, principal.session.token);
        const deniedByGuard = required !== null && response.status === 403 && response.body.detail === guardDetail(required.action, required.subject);
        return [principal.label, response.status === 401, deniedByGuard];
      }),
    );
    // [who, rejected as unauthenticated, refused by the guard]: the guard refuses exactly whom the rule set denies.
    const holders = required ? (HOLDERS[describeAccess(required)] ?? []) : EVERYONE;
    expect(outcomes).toEqual(principals.map((principal) => [principal.label, false, !holders.includes(principal.label)]));
  });
});
