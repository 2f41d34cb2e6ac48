import { findOperation, lookupOperation } from '../../read-side/operations';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES, VOTE_OPTIONS } from '../../write-side/proposal/events';
import { Id, z } from '../openapi';
import { ability, AUTHENTICATED, defineRoute } from '../route';
import { ActivityEntry, ENTRY_TYPES } from './activity-log';

const Side = z.enum(['ORIGIN', 'COUNTERPARTY']);
const Party = z.object({ id: z.string(), name: z.string().nullable() });

const ChainOperation = z
  .object({
    kind: z.literal('CHAIN'),
    id: z.string(),
    type: z.enum(PROPOSAL_KINDS),
    side: Side,
    organizationId: z.string(),
    multisigId: z.string().nullable(),
    counterpartyMultisigId: z.string().nullable(),
    status: z.enum(PROPOSAL_STATUSES).nullable(),
    title: z.string().nullable(),
    account: z.object({ id: z.string(), label: z.string(), type: z.string(), address: z.string() }).nullable(),
    proposer: Party.nullable(),
    transaction: z.object({
      amount: z.string().nullable(),
      denom: z.string().nullable(),
      symbol: z.string().nullable(),
      exponent: z.number().int().nullable(),
      from: z.string().nullable(),
      to: z.string().nullable(),
      messages: z.array(z.unknown()).nullable(),
      groupChange: z.unknown(),
    }),
    votes: z
      .object({
        threshold: z.number().int(),
        totalWeight: z.number().int(),
        tally: z.object({ yes: z.number().int(), no: z.number().int(), abstain: z.number().int(), noWithVeto: z.number().int() }),
        breakdown: z.array(
          z.object({
            userId: z.string(),
            name: z.string().nullable(),
            weight: z.number().int(),
            option: z.enum(VOTE_OPTIONS).nullable(),
            castAt: z.string().nullable(),
          }),
        ),
      })
      .nullable()
      .openapi({ description: 'Every elector with its weight and recorded vote; null on the counterparty’s side' }),
    lifecycle: z.object({
      createdAt: z.string().nullable(),
      votingEndsAt: z.string().nullable(),
      decidedAt: z.string().nullable(),
      executedAt: z.string().nullable(),
      rejectionReason: z.string().nullable(),
      executionPending: z.boolean(),
    }),
    receipts: z.object({
      txHash: z.string().nullable(),
      height: z.number().int().nullable(),
      executorResult: z.enum(['NOT_RUN', 'SUCCESS', 'FAILURE']).nullable(),
      failureReason: z.string().nullable(),
    }),
    myVote: z.enum(VOTE_OPTIONS).nullable(),
    canSign: z.boolean().openapi({ description: 'SUBMITTED, the caller is a member, and not proposer-restricted (its vote not yet recorded; not a disbursement)' }),
    canReject: z.boolean(),
    link: z.string(),
  })
  .openapi('ChainOperation');

const AdminOperation = z
  .object({
    kind: z.literal('ADMIN'),
    id: z.string(),
    type: z.enum(ENTRY_TYPES),
    side: Side,
    organizationId: z.string(),
    multisigId: z.string().nullable(),
    actor: Party.nullable(),
    subject: ActivityEntry.shape.subject,
    occurredAt: z.string(),
    summary: z.record(z.string(), z.unknown()),
    link: z.string().openapi({ description: 'Portal path of the surface the action was taken on', example: '/control-panel?tab=internal-users' }),
  })
  .openapi('AdminOperation');

const Operation = z.discriminatedUnion('kind', [ChainOperation, AdminOperation]).openapi('Operation');

export const operationRoutes = [
  // Before /operations/:operationId, which would take "lookup" for an id.
  defineRoute({
    method: 'get',
    path: '/operations/lookup',
    summary: 'Resolve an operation by what identifies it: a proposal id (with its account, as legacy ?multisigId= links carry it) or a tx hash',
    tags: ['Operations'],
    access: ability('read', 'Operation'),
    query: z
      .object({ proposalId: Id.optional(), multisigId: Id.optional(), txHash: z.string().regex(/^[0-9a-fA-F]{64}$/, 'a 64-digit hex transaction hash').optional() })
      .refine((query) => query.proposalId !== undefined || query.txHash !== undefined, { message: 'proposalId or txHash is required' }),
    responses: {
      200: {
        description: 'The operation',
        schema: z.object({ operationId: z.string(), kind: z.enum(['CHAIN', 'ADMIN']), link: z.string() }).openapi('OperationReference'),
      },
      404: { description: 'No such operation in the caller’s organization' },
    },
    handler: async ({ services, principal, query }) => ({ status: 200, body: await lookupOperation(services.db, principal, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/operations/:operationId',
    summary: 'Operation detail from its id alone: the CHAIN template (transaction, votes, lifecycle, receipts, Sign/Reject) or the ADMIN one',
    tags: ['Operations'],
    access: AUTHENTICATED,
    params: z.object({ operationId: Id }),
    responses: { 200: { description: 'The operation', schema: Operation }, 404: { description: 'No such operation in the caller’s organization' } },
    handler: async ({ services, principal, params }) => ({ status: 200, body: await findOperation(services.db, principal, params.operationId) }),
  }),
];
