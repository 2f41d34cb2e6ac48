import { ADMIN_OPERATION_TYPES } from '../../projections/admin-operations';
import { listActivity } from '../../read-side/activity-log';
import { PROPOSAL_KINDS, PROPOSAL_STATUSES } from '../../write-side/proposal/events';
import { datedQuery, Id, page, pageQuery, z } from '../openapi';
import { ability, defineRoute } from '../route';

export const ENTRY_KINDS = ['CHAIN', 'ADMIN'] as const;
/** CHAIN entries are typed by proposal kind, ADMIN entries by AdminOperationType. */
export const ENTRY_TYPES = [...PROPOSAL_KINDS, ...ADMIN_OPERATION_TYPES] as const;

export const ActivityEntry = z
  .object({
    id: z.string().openapi({ description: 'The operation id: GET /operations/<id> resolves it' }),
    kind: z.enum(ENTRY_KINDS),
    type: z.enum(ENTRY_TYPES),
    side: z.enum(['ORIGIN', 'COUNTERPARTY']).openapi({
      description: 'ORIGIN: the caller’s organization owns the operation; COUNTERPARTY: it is party to another organization’s (a transfer it received, an action it took on another organization)',
    }),
    organizationId: z.string(),
    multisigId: z.string().nullable().openapi({ description: 'The caller’s organization’s account on its side' }),
    counterpartyMultisigId: z.string().nullable().openapi({ description: 'Another account of the organization that received the value' }),
    actor: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
    subject: z.object({ type: z.string(), id: z.string(), organizationId: z.string() }),
    title: z.string().nullable(),
    status: z.enum(PROPOSAL_STATUSES).nullable().openapi({ description: 'CHAIN entries: the proposal’s status' }),
    executorResult: z.enum(['NOT_RUN', 'SUCCESS', 'FAILURE']).nullable(),
    amount: z.string().nullable().openapi({ description: 'base units' }),
    denom: z.string().nullable(),
    symbol: z.string().nullable(),
    exponent: z.number().int().nullable(),
    from: z.string().nullable(),
    to: z.string().nullable(),
    txHash: z.string().nullable(),
    height: z.number().int().nullable(),
    summary: z.record(z.string(), z.unknown()),
    occurredAt: z.string(),
    decidedAt: z.string().nullable(),
    executedAt: z.string().nullable(),
    link: z.string().openapi({ example: '/operations/0b9f…' }),
  })
  .openapi('ActivityEntry');

export const activityLogRoutes = [
  defineRoute({
    method: 'get',
    path: '/activity-log',
    summary: 'The organization’s activity log: CHAIN and ADMIN entries, newest first',
    tags: ['Operations'],
    access: ability('read', 'Operation'),
    query: datedQuery({
      ...pageQuery,
      multisigId: Id.optional().openapi({ description: 'only this account’s entries' }),
      kind: z.enum(ENTRY_KINDS).optional(),
      type: z.enum(ENTRY_TYPES).optional(),
      actorId: Id.optional().openapi({ description: 'only entries this user proposed or performed' }),
    }),
    responses: { 200: { description: 'Entries, newest first', schema: page(ActivityEntry) } },
    handler: async ({ services, principal, query }) => ({ status: 200, body: await listActivity(services.db, principal, query) }),
  }),
];
