import type { Knex } from 'knex';
import { notFound } from '../write-side/errors';

interface WhitelistRow {
  id: string;
  account_id: string;
  organization_id: string;
  address: string;
  label: string;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
}

export const whitelistEntryView = (row: WhitelistRow) => ({
  id: row.id,
  multisigId: row.account_id,
  address: row.address,
  label: row.label,
  createdBy: row.created_by,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

export async function listWhitelist(db: Knex, accountId: string) {
  const rows: WhitelistRow[] = await db('whitelist_entries').where({ account_id: accountId }).orderBy([{ column: 'created_at' }, { column: 'id' }]);
  return rows.map(whitelistEntryView);
}

export async function findWhitelistEntry(db: Knex, accountId: string, id: string) {
  const row: WhitelistRow | undefined = await db('whitelist_entries').where({ account_id: accountId, id }).first();
  if (!row) throw notFound('Whitelist entry');
  return whitelistEntryView(row);
}
