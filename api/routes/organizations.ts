import { findOrganization, getOrganization, listOrganizations, type OrganizationRecord } from '../../read-side/organizations';
import { findInvitation, invitationView } from '../../read-side/invitations';
import { listAdministrators } from '../../read-side/users';
import { forbidden, notFound } from '../../write-side/errors';
import type { Services } from '../../runtime/services';
import { createInvitation } from '../../write-side/invitation/commands';
import { createOrganization, handleOrganization, setExchangeAddress } from '../../write-side/organization/commands';
import { authorize, authorizeIssuer, type Principal } from '../abilities';
import { commandContext } from '../command-context';
import { Id, page, pageQuery, z } from '../openapi';
import { ability, defineRoute, type RouteContext } from '../route';
import { assertRpcUrlAllowed, RpcHostPolicy, rpcUrlNotAllowed } from '../../write-side/chain/rpc-host-policy';
import { probeRpcEndpoint } from '../rpc-endpoint';
import { Email, Invitation, Locale, Organization, OrganizationStatus } from './schemas';

/** The RPC test answers within this, reachable or not. */
export const RPC_TEST_TIMEOUT_MS = 3000;

const OrganizationParams = z.object({ organizationId: Id });
const RpcUrl = z
  .url({ protocol: /^(https?|wss?)$/, error: 'an http(s) or ws(s) URL' })
  .max(2000)
  .openapi({ example: 'https://rpc.example.org:443' });

const OrganizationDetail = Organization.extend({
  settlementAccount: z
    .object({
      id: z.string(),
      address: z.string(),
      balance: z
        .object({ denom: z.string(), amount: z.string().openapi({ description: 'base units' }) })
        .nullable()
        .openapi({ description: 'live from the chain; null while the chain does not answer' }),
    })
    .nullable()
    .openapi({ description: 'commercial organizations, from activation on' }),
  administrators: z.array(z.object({ id: z.string(), name: z.string(), email: z.string().nullable() })).openapi({
    description: 'the admin roster: active administrators',
  }),
  disbursementLimitPerDay: z.string().openapi({
    description: 'base units its own administrators may disburse to it per day (TIME_ZONE days); "0" until the central bank sets it',
    example: '0',
  }),
}).openapi('OrganizationDetail');

const LimitAmount = z
  .string()
  .regex(/^(0|[1-9][0-9]{0,37})$/, 'a non-negative integer amount in base units, as a string')
  .openapi({ example: '5000000' });

const RpcTestResult = z
  .object({
    ok: z.boolean(),
    latencyMs: z.number().int(),
    chainId: z.string().optional().openapi({ description: 'when ok' }),
    height: z.number().int().optional().openapi({ description: 'when ok' }),
  })
  .openapi('RpcTestResult');

const organizationView = (services: Pick<Services, 'config'>) => (organization: OrganizationRecord) => ({
  id: organization.id,
  name: organization.name,
  type: organization.type,
  status: organization.status,
  exchange:
    organization.type === 'COMMERCIAL'
      ? { address: organization.exchangeAddress, linked: organization.exchangeAddress !== null, frozen: organization.exchangeFrozen }
      : null,
  chainRpc: { url: organization.chainRpcUrl, effective: organization.chainRpcUrl !== null && services.config.PER_ORG_RPC_ENABLED },
  settlementAccount:
    organization.settlementAccountId && organization.settlementAddress
      ? { id: organization.settlementAccountId, address: organization.settlementAddress }
      : null,
  createdAt: organization.createdAt.toISOString(),
  updatedAt: organization.updatedAt.toISOString(),
});

/** A slow or unreachable chain must not hold the organization page: its balance shows as unknown instead. */
const BALANCE_TIMEOUT_MS = 2000;

async function settlementBalance(services: Services, address: string) {
  const denom = services.config.NATIVE_DENOM;
  const timeout = new Promise<null>((resolve) => setTimeout(resolve, BALANCE_TIMEOUT_MS, null).unref());
  const amount = await Promise.race([services.chain.getBalance(address, denom).catch(() => null), timeout]);
  return amount === null ? null : { denom, amount: amount.toString() };
}

async function detail(services: Services, organizationId: string) {
  const organization = await getOrganization(services.db, organizationId);
  const administrators = await listAdministrators(services.db, organizationId);
  const view = organizationView(services)(organization);
  return {
    ...view,
    settlementAccount: view.settlementAccount && {
      ...view.settlementAccount,
      balance: await settlementBalance(services, view.settlementAccount.address),
    },
    administrators: administrators.map((user) => ({ id: user.id, name: user.name, email: user.email })),
    disbursementLimitPerDay: BigInt(organization.disbursementLimitPerDay).toString(),
  };
}

/** The organization, if the caller may `action` it; 404 when it may not even see it. */
async function organizationFor(services: Services, principal: Principal, action: 'read' | 'manage', organizationId: string) {
  const organization = await findOrganization(services.db, organizationId);
  if (!organization) throw notFound('Organization');
  authorize(principal, action, 'Organization', { organizationId: organization.id });
  return organization;
}

type OrganizationContext<Body> = RouteContext<{ organizationId: string }, unknown, Body>;

/** The issuer-only organization changes: check, run, answer with the organization as it now is. */
const issuerChange =
  <Body>(change: (context: OrganizationContext<Body>) => Promise<unknown>) =>
  async (context: OrganizationContext<Body>) => {
    authorizeIssuer(context.principal);
    await organizationFor(context.services, context.principal, 'manage', context.params.organizationId);
    await change(context);
    return { status: 200, body: await detail(context.services, context.params.organizationId) };
  };

const exchangeResponses = (extra: Record<number, { description: string }>) => ({
  200: { description: 'The organization', schema: OrganizationDetail },
  403: { description: 'FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK' },
  404: { description: 'NOT_FOUND' },
  422: { description: 'NOT_A_COMMERCIAL_ORGANIZATION or EXCHANGE_ADDRESS_NOT_OWNED' },
  ...extra,
});

export const organizationRoutes = [
  defineRoute({
    method: 'get',
    path: '/organizations',
    summary: 'List organizations (CENTRAL callers only)',
    tags: ['Organizations'],
    access: ability('read', 'Organization'),
    query: z.object({
      ...pageQuery,
      type: z.enum(['CENTRAL', 'COMMERCIAL']).optional(),
      status: OrganizationStatus.optional(),
      q: z.string().max(200).optional(),
    }),
    responses: {
      200: { description: 'Organizations, CENTRAL first, then by name', schema: page(Organization) },
      403: { description: 'ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK' },
    },
    handler: async ({ services, principal, query }) => {
      if (principal.organizationType !== 'CENTRAL')
        throw forbidden('Only the central bank lists organizations', 'ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK');
      return { status: 200, body: await listOrganizations(services.db, query, organizationView(services)) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId',
    summary: 'Get an organization: your own, or any for the central bank',
    tags: ['Organizations'],
    access: ability('read', 'Organization'),
    params: OrganizationParams,
    responses: { 200: { description: 'The organization', schema: OrganizationDetail }, 404: { description: 'NOT_FOUND' } },
    handler: async ({ services, principal, params }) => {
      await organizationFor(services, principal, 'read', params.organizationId);
      return { status: 200, body: await detail(services, params.organizationId) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/organizations',
    summary: 'Create a commercial organization (PENDING until its first administrator registers)',
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    body: z.strictObject({ name: z.string().trim().min(1).max(200), type: z.literal('COMMERCIAL') }),
    responses: {
      201: { description: 'Created, PENDING', schema: OrganizationDetail },
      403: { description: 'FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK' },
    },
    handler: async (context) => {
      authorizeIssuer(context.principal);
      const organizationId = await createOrganization(context.services, commandContext(context), context.body);
      return { status: 201, body: await detail(context.services, organizationId) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/organizations/:organizationId',
    summary: 'Rename an organization, suspend (SUSPENDED) or reinstate (ACTIVE) it, or set its daily disbursement limit',
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    body: z
      .strictObject({
        name: z.string().trim().min(1).max(200).optional(),
        status: z.enum(['ACTIVE', 'SUSPENDED']).optional(),
        disbursementLimitPerDay: LimitAmount.optional(),
      })
      .refine(
        (body) => body.name !== undefined || body.status !== undefined || body.disbursementLimitPerDay !== undefined,
        'name, status or disbursementLimitPerDay is required',
      ),
    responses: {
      200: { description: 'The organization', schema: OrganizationDetail },
      403: { description: 'FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK' },
      404: { description: 'NOT_FOUND' },
      422: {
        description:
          'ORGANIZATION_NOT_ACTIVE (a PENDING organization activates on registration), CENTRAL_ORGANIZATION_STATUS_FIXED or NOT_A_COMMERCIAL_ORGANIZATION (a limit for the central bank)',
      },
    },
    handler: issuerChange<{ name?: string; status?: 'ACTIVE' | 'SUSPENDED'; disbursementLimitPerDay?: string }>((context) => {
      const { disbursementLimitPerDay, ...change } = context.body;
      return handleOrganization(
        context.services,
        context.params.organizationId,
        { type: 'UpdateOrganization', ...change, ...(disbursementLimitPerDay === undefined ? {} : { disbursementLimitPerDay: BigInt(disbursementLimitPerDay) }) },
        commandContext(context),
      );
    }),
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:organizationId/admins/invite',
    summary: "Invite an organization's administrator (onboarding); the first one to register activates it",
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    body: z.strictObject({ email: Email, locale: Locale.default('es') }),
    responses: {
      201: { description: 'Invitation created and mailed', schema: Invitation },
      403: { description: 'FORBIDDEN or RESTRICTED_TO_CENTRAL_BANK' },
      404: { description: 'NOT_FOUND' },
      409: { description: 'EMAIL_ALREADY_REGISTERED or INVITATION_ALREADY_PENDING' },
    },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      authorizeIssuer(principal);
      await organizationFor(services, principal, 'manage', params.organizationId);
      const invitationId = await createInvitation(services, commandContext(context), {
        organizationId: params.organizationId,
        email: body.email,
        role: 'administrator',
        locale: body.locale,
      });
      return { status: 201, body: invitationView(new Date())((await findInvitation(services.db, invitationId))!) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:organizationId/exchange-address',
    summary: "Set (link) a commercial organization's exchange address",
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    body: z.strictObject({ address: z.string().min(1).max(200) }),
    responses: exchangeResponses({}),
    handler: issuerChange<{ address: string }>((context) =>
      setExchangeAddress(context.services, commandContext(context), context.params.organizationId, context.body.address),
    ),
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:organizationId/freeze',
    summary: 'Freeze the exchange address: blocks disbursement and redemption',
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    responses: exchangeResponses({
      409: { description: 'EXCHANGE_ALREADY_FROZEN' },
      422: { description: 'EXCHANGE_ADDRESS_NOT_SET or NOT_A_COMMERCIAL_ORGANIZATION' },
    }),
    handler: issuerChange<unknown>((context) =>
      handleOrganization(context.services, context.params.organizationId, { type: 'FreezeExchange' }, commandContext(context)),
    ),
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:organizationId/unfreeze',
    summary: 'Unfreeze the exchange address',
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    responses: exchangeResponses({ 409: { description: 'EXCHANGE_NOT_FROZEN' } }),
    handler: issuerChange<unknown>((context) =>
      handleOrganization(context.services, context.params.organizationId, { type: 'UnfreezeExchange' }, commandContext(context)),
    ),
  }),
  defineRoute({
    method: 'patch',
    path: '/organizations/:organizationId/chain-rpc',
    summary: "Set or clear the organization's chain RPC endpoint (in use when PER_ORG_RPC_ENABLED)",
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    body: z.strictObject({ url: RpcUrl.nullable() }),
    responses: {
      200: { description: 'The organization', schema: OrganizationDetail },
      404: { description: 'NOT_FOUND' },
      422: { description: 'RPC_URL_NOT_ALLOWED: the host is, or resolves to, an internal address not in CHAIN_RPC_ALLOWED_HOSTS' },
    },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      await organizationFor(services, principal, 'manage', params.organizationId);
      if (body.url !== null) await assertRpcUrlAllowed(body.url, new RpcHostPolicy(services.config.CHAIN_RPC_ALLOWED_HOSTS));
      await handleOrganization(services, params.organizationId, { type: 'UpdateChainRpc', url: body.url }, commandContext(context));
      return { status: 200, body: await detail(services, params.organizationId) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/organizations/:organizationId/chain-rpc/test',
    summary: 'Try an RPC endpoint before saving it: chain id and height, or why it failed',
    tags: ['Organizations'],
    access: ability('manage', 'Organization'),
    params: OrganizationParams,
    body: z.strictObject({ url: RpcUrl }),
    responses: {
      200: { description: 'The outcome, reachable or not; never the remote answer itself', schema: RpcTestResult },
      404: { description: 'NOT_FOUND' },
      422: { description: 'RPC_URL_NOT_ALLOWED: the host is, or resolves to, an internal address not in CHAIN_RPC_ALLOWED_HOSTS' },
    },
    handler: async ({ services, principal, params, body }) => {
      await organizationFor(services, principal, 'manage', params.organizationId);
      const probe = await probeRpcEndpoint(body.url, new RpcHostPolicy(services.config.CHAIN_RPC_ALLOWED_HOSTS), RPC_TEST_TIMEOUT_MS);
      if (probe.failure === 'NOT_ALLOWED') throw rpcUrlNotAllowed();
      return { status: 200, body: probe.result };
    },
  }),
];
