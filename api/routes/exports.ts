import { pipeline } from 'node:stream/promises';
import { governanceExport, transactionsExport, type ExportFile } from '../../read-side/exports';
import { dateRangeQuery, Id, z } from '../openapi';
import { ability, defineRoute, type RouteContext } from '../route';

const ExportQuery = z.object({
  format: z.enum(['csv', 'json']).default('csv'),
  multisigId: Id.optional().openapi({ description: 'only this account (one the caller may see)' }),
  ...dateRangeQuery,
});

const responses = (what: string) => ({
  200: {
    description: `${what}: RFC 4180 CSV (a header row, every field quoted, CRLF) or a JSON array, as an attachment`,
    schema: z.string(),
    contentType: 'text/csv',
  },
  404: { description: 'multisigId is not an account the caller may see' },
});

/** Streams the file: rows leave as the cursor fetches them, and a client that stops reading stops the query. */
async function send(res: RouteContext<unknown, unknown, unknown>['res'], file: ExportFile): Promise<undefined> {
  res.status(200);
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
  res.setHeader('Cache-Control', 'no-store');
  await pipeline(file.body, res);
  return undefined;
}

export const exportRoutes = [
  defineRoute({
    method: 'get',
    path: '/export/transactions',
    summary: 'Download the movements of value of the accounts the caller may see (administrators and auditors: all; members: their own)',
    tags: ['Export'],
    access: ability('read', 'Export'),
    query: ExportQuery,
    responses: responses('Transactions'),
    handler: async ({ services, principal, query, res }) => send(res, await transactionsExport(services.db, principal, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/export/governance',
    summary: 'Download the governance activity: proposals with lifecycle and tally, administrative actions (members: their accounts’ only)',
    tags: ['Export'],
    access: ability('read', 'Export'),
    query: ExportQuery,
    responses: responses('Governance activity'),
    handler: async ({ services, principal, query, res }) => send(res, await governanceExport(services.db, principal, query)),
  }),
];
