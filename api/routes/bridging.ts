import { randomUUID } from 'node:crypto';
import { findProposal } from '../../read-side/proposals';
import { requestBridging } from '../../write-side/bridging/commands';
import { idempotentId } from '../../write-side/idempotency';
import { findOrganization } from '../../read-side/organizations';
import { notFound } from '../../write-side/errors';
import { commandContext } from '../command-context';
import { IdempotencyHeaders, idempotent } from '../governance';
import { Amount, Id, z } from '../openapi';
import { ability, defineRoute } from '../route';

const BridgingResult = z
  .object({
    operationId: z.string().openapi({ description: 'The CHAIN operation: the proposal that moves the value' }),
    proposalId: z.string(),
    requestId: z.string(),
    status: z.string(),
    executorResult: z.string(),
    txHash: z.string().nullable(),
  })
  .openapi('BridgingResult');

const Denom = z.string().regex(/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/, 'a chain denom');

const route = (kind: 'DISBURSEMENT' | 'REDEMPTION') =>
  defineRoute({
    method: 'post',
    path: `/organizations/:organizationId/${kind === 'DISBURSEMENT' ? 'disbursement' : 'redemption'}-request`,
    summary:
      kind === 'DISBURSEMENT'
        ? 'Fiat → CBDC: the BRIDGING account pays the organization’s exchange address (signed by the bridging identity; executes at once)'
        : 'CBDC → fiat: the exchange address pays back the BRIDGING account, capped by the exchange balance',
    tags: ['Bridging'],
    access: ability('manage', 'Bridging'),
    params: z.object({ organizationId: Id }),
    headers: IdempotencyHeaders,
    body: z.strictObject({ amount: Amount, denom: Denom.optional() }),
    responses: {
      201: { description: 'Requested; the proposal that carries it out', schema: BridgingResult },
      403: { description: 'FORBIDDEN: another organization (only the central bank converts for others)' },
      404: { description: 'NOT_FOUND' },
      422: {
        description:
          'EXCHANGE_FROZEN, EXCHANGE_ADDRESS_NOT_SET, EXCHANGE_ADDRESS_NOT_OWNED, INSUFFICIENT_FUNDS, UNKNOWN_TOKEN, ORGANIZATION_NOT_ACTIVE, BRIDGING_LIMIT_EXCEEDED',
      },
    },
    handler: async (context) =>
      idempotent(context, async (key) => {
        const { services, principal, params, body } = context;
        // An id that names nothing is 404; another organization's conversions are 403 (the decider's rule).
        if (!(await findOrganization(services.db, params.organizationId))) throw notFound('Organization');
        const ids = key
          ? { requestId: idempotentId('bridging', principal.userId, key), proposalId: idempotentId('bridging-proposal', principal.userId, key) }
          : { requestId: randomUUID(), proposalId: randomUUID() };
        const outcome = await requestBridging(services, commandContext(context), {
          kind,
          organizationId: params.organizationId,
          amount: BigInt(body.amount),
          denom: body.denom ?? services.config.NATIVE_DENOM,
          requestedBy: principal.userId,
          requester: { organizationId: principal.organizationId, organizationType: principal.organizationType },
          ...ids,
        });
        const proposal = await findProposal(services.db, ids.proposalId);
        return {
          status: 201,
          body: {
            operationId: ids.proposalId,
            proposalId: ids.proposalId,
            requestId: outcome.requestId,
            status: proposal?.status ?? outcome.proposal.status,
            executorResult: proposal?.executorResult ?? 'NOT_RUN',
            txHash: proposal?.txHash ?? null,
          },
        };
      }),
  });

export const bridgingRoutes = [route('DISBURSEMENT'), route('REDEMPTION')];
