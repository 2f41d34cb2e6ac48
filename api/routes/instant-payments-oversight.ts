import { OVERSIGHT_SORTS, oversightBanks, oversightDistribution, oversightExport, oversightSummary } from '../../read-side/instant-payments';
import { datedQuery, Id, z } from '../openapi';
import { ability, defineRoute } from '../route';
import { sendFile } from '../download';
import { Distribution } from './instant-payments';

/** The issuer's cross-bank Instant Payments oversight: aggregates only, never a payment, client, alias or reference. */
const access = ability('read', 'InstantPaymentOversight');
const Range = datedQuery({ organizationId: Id.optional().openapi({ description: 'one bank instead of the whole system' }) });

export const instantPaymentOversightRoutes = [
  defineRoute({
    method: 'get',
    path: '/instant-payments/oversight/summary',
    summary: 'System-wide or per-bank KPIs: settled volume, payment count, average payment, users',
    tags: ['Instant Payments oversight'],
    access,
    query: Range,
    responses: {
      200: {
        description: 'KPIs',
        schema: z.object({
          organizationId: z.string().nullable(),
          settledVolume: z.string(),
          paymentCount: z.number().int(),
          averagePayment: z.string(),
          users: z.number().int(),
        }),
      },
    },
    handler: async ({ services, query }) => ({ status: 200, body: await oversightSummary(services.db, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/oversight/banks',
    summary: 'Per-bank aggregates: settlement address, settled volume, payments, users; sortable and searchable',
    tags: ['Instant Payments oversight'],
    access,
    query: datedQuery({
      q: z.string().trim().max(100).optional(),
      sort: z.enum(OVERSIGHT_SORTS).default('volume'),
      order: z.enum(['asc', 'desc']).default('desc'),
    }),
    responses: {
      200: {
        description: 'One row per bank',
        schema: z.object({
          items: z.array(
            z.object({ organizationId: z.string(), name: z.string(), settlementAddress: z.string().nullable(), volume: z.string(), payments: z.number().int(), users: z.number().int() }),
          ),
        }),
      },
    },
    handler: async ({ services, query }) => ({ status: 200, body: { items: await oversightBanks(services.db, query) } }),
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/oversight/distribution',
    summary: 'Settled payments by day and by hour of day (UTC), system-wide or of one bank',
    tags: ['Instant Payments oversight'],
    access,
    query: Range,
    responses: { 200: { description: 'Distribution', schema: z.object(Distribution) } },
    handler: async ({ services, query }) => ({ status: 200, body: await oversightDistribution(services.db, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/oversight/export',
    summary: 'Download the per-bank aggregates as CSV or JSON',
    tags: ['Instant Payments oversight'],
    access,
    query: datedQuery({ format: z.enum(['csv', 'json']).default('csv') }),
    responses: { 200: { description: 'An attachment: CSV (RFC 4180) or a JSON array', schema: z.string(), contentType: 'text/csv' } },
    handler: async ({ services, query, res }) => sendFile(res, await oversightExport(services.db, query)),
  }),
];
