import { governanceExport, transactionsExport, } from '../../read-side/exports';
import { sendFile } from '../download';
import { datedQuery, Id, z } from '../openapi';
import { ability, defineRoute } from '../route';

const ExportQuery = datedQuery({
  format: z.enum(['csv', 'json']).default('csv'),
  multisigId: Id.optional().openapi({ description: 'only this account (one the caller may see)' }),
});

const responses = (what: string) => ({
  200: {
    description: `${what}: RFC 4180 CSV (a header row, every field quoted, CRLF) or a JSON array, as an attachment`,
    schema: z.string(),
    contentType: 'text/csv',
  },
  404: { description: 'multisigId is not an account the caller may see' },
});


export const exportRoutes = [
  defineRoute({
    method: 'get',
    path: '/export/transactions',
    summary: 'Download the movements of value of the accounts the caller may see (administrators and auditors: all; members: their own)',
    tags: ['Export'],
    access: ability('read', 'Export'),
    query: ExportQuery,
    responses: responses('Transactions'),
    handler: async ({ services, principal, query, res }) => sendFile(res, await transactionsExport(services.db, principal, query)),
  }),
  defineRoute({
    method: 'get',
    path: '/export/governance',
    summary: 'Download the governance activity: proposals with lifecycle and tally, administrative actions (members: their accounts’ only)',
    tags: ['Export'],
    access: ability('read', 'Export'),
    query: ExportQuery,
    responses: responses('Governance activity'),
    handler: async ({ services, principal, query, res }) => sendFile(res, await governanceExport(services.db, principal, query)),
  }),
];
