import { invitationsExpiringBefore } from '../../read-side/invitations';
import { listOrganizationsIn, organizationsWithExchangeIssues, type OrganizationRecord } from '../../read-side/organizations';
import { failedProjections } from '../../read-side/projection-failures';
import { listInternalUsers } from '../../read-side/users';
import type { Services } from '../../runtime/services';
import { testRpcEndpoint } from '../../write-side/chain';
import type { Principal } from '../abilities';
import { page, pageQuery, z } from '../openapi';
import { ability, defineRoute } from '../route';
import { probeRpcEndpoint, RpcHostPolicy } from '../rpc-endpoint';
import { Role } from './schemas';
import { RPC_TEST_TIMEOUT_MS } from './organizations';

/** How far ahead an open invitation counts as expiring. */
const EXPIRING_WITHIN_MS = 24 * 3_600_000;

const ALERT_CODES = ['CHAIN_RPC_UNREACHABLE', 'EXCHANGE_ADDRESS_UNLINKED', 'EXCHANGE_FROZEN', 'INVITATION_EXPIRING', 'PROJECTION_FAILED'] as const;
type AlertCode = (typeof ALERT_CODES)[number];

const Alert = z
  .object({
    code: z.enum(ALERT_CODES),
    severity: z.enum(['error', 'warning']),
    organizationId: z.string(),
    message: z.string(),
    details: z.record(z.string(), z.string()),
  })
  .openapi('Alert');

const InternalUser = z
  .object({
    kind: z.enum(['USER', 'INVITATION']),
    id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    role: Role,
    status: z.enum(['ACTIVE', 'DEACTIVATED', 'PENDING', 'EXPIRED']),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi('InternalUser');

type Alert = z.infer<typeof Alert>;
const alert = (code: AlertCode, severity: Alert['severity'], organizationId: string, message: string, details: Record<string, string>): Alert => ({
  code,
  severity,
  organizationId,
  message,
  details,
});

/**
 * The deployment's own node is configuration, trusted; an organization's endpoint was chosen by a
 * client, so it is reached only through the SSRF guard, and only our words for a failure are shown.
 */
async function probeEndpoint(config: Services['config'], endpoint: { url: string; trusted: boolean }) {
  if (endpoint.trusted) return testRpcEndpoint(endpoint.url, RPC_TEST_TIMEOUT_MS);
  const probe = await probeRpcEndpoint(endpoint.url, new RpcHostPolicy(config.CHAIN_RPC_ALLOWED_HOSTS), RPC_TEST_TIMEOUT_MS);
  return probe.failure ? { ok: false as const, reason: probe.failure } : { ok: true as const };
}

/** The RPC endpoints the caller's scope depends on: the deployment's Cosmos node, and per-organization ones when enabled. */
async function rpcAlerts(services: Services, principal: Principal, organizations: OrganizationRecord[]): Promise<Alert[]> {
  const { config } = services;
  const endpoints: { organizationId: string; url: string; trusted: boolean }[] = [];
  if (config.CHAIN === 'cosmos' && config.CHAIN_RPC_URL)
    endpoints.push({ organizationId: principal.organizationId, url: config.CHAIN_RPC_URL, trusted: true });
  if (config.PER_ORG_RPC_ENABLED)
    for (const organization of organizations)
      if (organization.chainRpcUrl) endpoints.push({ organizationId: organization.id, url: organization.chainRpcUrl, trusted: false });
  const results = await Promise.all(endpoints.map(async (endpoint) => ({ endpoint, result: await probeEndpoint(config, endpoint) })));
  return results.flatMap(({ endpoint, result }) =>
    result.ok ? [] : [alert('CHAIN_RPC_UNREACHABLE', 'error', endpoint.organizationId, `The chain RPC endpoint does not answer: ${result.reason}`, { url: endpoint.url, reason: result.reason })],
  );
}

export const controlPanelRoutes = [
  defineRoute({
    method: 'get',
    path: '/control-panel/alerts',
    summary: 'Operational warnings: stopped read models, unreachable chain RPC, unlinked or frozen exchange addresses, expiring invitations',
    tags: ['Control panel'],
    access: ability('manage', 'Organization'),
    responses: { 200: { description: 'Errors first', schema: z.object({ items: z.array(Alert) }).openapi('Alerts') } },
    handler: async ({ services, principal }) => {
      const now = new Date();
      // The central bank watches every participant; a participant watches itself.
      const scope = principal.organizationType === 'CENTRAL' ? null : [principal.organizationId];
      const organizations = await listOrganizationsIn(services.db, scope);
      const [rpc, exchanges, invitations, projections] = await Promise.all([
        rpcAlerts(services, principal, organizations),
        organizationsWithExchangeIssues(services.db, scope),
        invitationsExpiringBefore(services.db, principal.organizationId, now, new Date(now.getTime() + EXPIRING_WITHIN_MS)),
        // A stopped read model is the operator's concern: the central bank runs the platform.
        principal.organizationType === 'CENTRAL' ? failedProjections(services.db) : Promise.resolve([]),
      ]);
      const items = [
        ...projections.map((failure) =>
          alert('PROJECTION_FAILED', 'error', principal.organizationId, `The ${failure.projection} read model stopped at an event it cannot apply`, {
            projection: failure.projection,
            eventId: failure.eventId,
            eventType: failure.eventType,
            streamId: failure.streamId,
            position: failure.position,
            reason: failure.reason,
            failedAt: failure.failedAt.toISOString(),
          }),
        ),
        ...rpc,
        ...exchanges.map((organization) =>
          organization.exchangeAddress
            ? alert('EXCHANGE_FROZEN', 'warning', organization.id, `The exchange address of ${organization.name} is frozen`, {
                organizationName: organization.name,
                address: organization.exchangeAddress,
              })
            : alert('EXCHANGE_ADDRESS_UNLINKED', 'warning', organization.id, `${organization.name} has no exchange address`, {
                organizationName: organization.name,
              }),
        ),
        ...invitations.map((invitation) =>
          alert('INVITATION_EXPIRING', 'warning', invitation.organizationId, `The invitation for ${invitation.email} expires soon`, {
            invitationId: invitation.id,
            email: invitation.email,
            expiresAt: invitation.expiresAt.toISOString(),
          }),
        ),
      ];
      return { status: 200, body: { items } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/control-panel/internal-users',
    summary: "The organization's people and open invitations, for the internal-users tab",
    tags: ['Control panel'],
    access: ability('manage', 'User'),
    query: z.object(pageQuery),
    responses: { 200: { description: 'Open invitations first, then people by name', schema: page(InternalUser) } },
    handler: async ({ services, principal, query }) => ({
      status: 200,
      body: await listInternalUsers(services.db, principal.organizationId, query, new Date()),
    }),
  }),
];
