import type { Knex } from 'knex';
import type { Principal } from '../write-side/user/principal';
import { findVisibleAccount } from './accounts';
import { whereAccountVisible, whereEntryVisible } from './visibility';
import { entryDecidedAt, entryStatus, type StoredEntry } from './activity-log';
import { columnsRecord, csvStream, jsonArrayStream, type CsvColumn, type ExportFile, type RowPages } from './csv';
import { tokenDisplay } from './tokens';

export type ExportFormat = 'csv' | 'json';

export interface ExportFilter {
  format: ExportFormat;
  multisigId?: string;
  from?: Date;
  to?: Date;
}

/** A base-unit amount written with the token's exponent: 125000 with exponent 2 is 1250.00. */
export function formatAmount(amount: string, exponent: number): string {
  if (exponent === 0) return amount;
  const digits = amount.padStart(exponent + 1, '0');
  return `${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`;
}

/** Rows a cursor fetches at a time: the export holds no more than this many, whatever its length. */
const FETCH_ROWS = 1000;
/** The application_name of a connection while it streams an export, so operators (and tests) can tell it apart. */
export const EXPORT_APPLICATION_NAME = 'emisor-export';

/**
 * Streams a query's rows through a server-side cursor in a read-only transaction, one fetch at a
 * time as the consumer pulls. Read-only transactions take no transaction id, so a long download never
 * holds back the event store's subscribers.
 */
export async function* cursorPages<Row>(db: Knex, query: Knex.QueryBuilder): AsyncGenerator<Row[]> {
  const { sql, bindings } = query.toSQL();
  const trx = await db.transaction();
  try {
    await trx.raw('set transaction read only');
    // Local to the transaction: the connection goes back to the pool under its usual name.
    await trx.raw(`select set_config('application_name', ?, true)`, [EXPORT_APPLICATION_NAME]);
    await trx.raw(`declare export_rows no scroll cursor for ${sql}`, bindings as readonly Knex.RawBinding[]);
    for (;;) {
      const { rows }: { rows: Row[] } = await trx.raw(`fetch ${FETCH_ROWS} from export_rows`);
      if (rows.length > 0) yield rows;
      if (rows.length < FETCH_ROWS) break;
    }
  } finally {
    await trx.rollback();
  }
}

/** The accounts an export may cover: one the caller may see, or all it may see (every account of the organization for administrators and auditors, members' own otherwise). */
async function visibleAccounts(db: Knex, principal: Principal, multisigId: string | undefined) {
  if (multisigId) {
    const account = await findVisibleAccount(db, principal, multisigId);
    return [{ id: account.id, label: account.label, address: account.address }];
  }
  const query = db('accounts').where('organization_id', principal.organizationId).orderBy(['created_at', 'id']).select('id', 'label', 'address');
  return whereAccountVisible(db, query, principal, 'accounts.id') as Promise<Array<{ id: string; label: string; address: string }>>;
}

/**
 * A timestamp column as exports write it, ISO 8601 in UTC to the millisecond (what Date#toISOString
 * gives), formatted by PostgreSQL: a Date parsed per row only to be formatted again was a third of a
 * long export's allocations.
 */
export const isoTime = (db: Knex, column: string, as: string) => db.raw(`to_char(?? at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as ??`, [column, as]);

const day = (now: Date) => now.toISOString().slice(0, 10);

async function* nothing<Row>(): AsyncGenerator<Row[]> {}

/** One export in the requested format; a JSON record carries each column under its CSV header. */
function file<Row>(name: string, filter: ExportFilter, now: Date, columns: CsvColumn<Row>[], rows: RowPages<Row>, toJson: (row: Row) => unknown): ExportFile {
  const json = filter.format === 'json';
  return {
    filename: `emisor-${name}-${day(now)}.${json ? 'json' : 'csv'}`,
    contentType: json ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
    body: json ? jsonArrayStream(rows, toJson) : csvStream(columns, rows),
  };
}

interface MovementRow {
  block_time: string;
  height: string;
  tx_hash: string;
  operation_id: string | null;
  address: string;
  direction: 'IN' | 'OUT';
  kind: 'SEND' | 'MINT' | 'BURN';
  counterparty: string | null;
  denom: string;
  amount: string;
}

/**
 * GET /export/transactions: every movement of value in or out of the accounts the caller may see,
 * oldest first, with the operation that moved it; amounts in base units and formatted.
 */
export async function transactionsExport(db: Knex, principal: Principal, filter: ExportFilter, now = new Date()): Promise<ExportFile> {
  const [accounts, token] = await Promise.all([visibleAccounts(db, principal, filter.multisigId), tokenDisplay(db)]);
  const byAddress = new Map(accounts.map((account) => [account.address, account]));
  const query = db('chain_movements as m')
    .leftJoin('activity_log as e', (join) => join.on('e.tx_hash', 'm.tx_hash').andOnVal('e.organization_id', principal.organizationId))
    .whereIn('m.address', [...byAddress.keys()])
    .orderBy(['m.height', 'm.tx_index', 'm.movement_index', 'm.direction'])
    .select(isoTime(db, 'm.block_time', 'block_time'), 'm.height', 'm.tx_hash', 'e.operation_id', 'm.address', 'm.direction', 'm.kind', 'm.counterparty', 'm.denom', 'm.amount');
  if (filter.from) query.where('m.block_time', '>=', filter.from);
  if (filter.to) query.where('m.block_time', '<=', filter.to);
  const columns: CsvColumn<MovementRow>[] = [
    { header: 'time', value: (row) => row.block_time },
    { header: 'height', value: (row) => Number(row.height) },
    { header: 'txHash', value: (row) => row.tx_hash },
    { header: 'operationId', value: (row) => row.operation_id },
    { header: 'multisigId', value: (row) => byAddress.get(row.address)!.id },
    { header: 'account', value: (row) => byAddress.get(row.address)!.label },
    { header: 'address', value: (row) => row.address },
    { header: 'direction', value: (row) => row.direction },
    { header: 'kind', value: (row) => row.kind },
    { header: 'counterparty', value: (row) => row.counterparty },
    { header: 'denom', value: (row) => row.denom },
    { header: 'symbol', value: (row) => token(row.denom).symbol },
    { header: 'amount', value: (row) => row.amount },
    { header: 'amountFormatted', value: (row) => formatAmount(row.amount, token(row.denom).exponent) },
  ];
  return file('transactions', filter, now, columns, accounts.length > 0 ? cursorPages<MovementRow>(db, query) : nothing<MovementRow>(), (row) => ({
    ...columnsRecord(columns, row),
    exponent: token(row.denom).exponent,
  }));
}

type GovernanceRow = StoredEntry & {
  actor_name: string | null;
  tally_yes: number | null;
  tally_no: number | null;
  tally_abstain: number | null;
  tally_no_with_veto: number | null;
  threshold: number | null;
};

/**
 * GET /export/governance: the activity log (proposals with their lifecycle and tally, administrative
 * actions), oldest first, under the one visibility rule (read-side/visibility.ts).
 */
export async function governanceExport(db: Knex, principal: Principal, filter: ExportFilter, now = new Date()): Promise<ExportFile> {
  const [token, accounts] = await Promise.all([
    tokenDisplay(db),
    filter.multisigId ? visibleAccounts(db, principal, filter.multisigId) : Promise.resolve(null),
  ]);
  const query = db('activity_log as a')
    .leftJoin('proposals as p', (join) => join.on('p.id', 'a.operation_id').andOnVal('a.side', 'ORIGIN'))
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .where('a.organization_id', principal.organizationId)
    .orderBy(['a.occurred_at', 'a.operation_id'])
    .select('a.*', 'u.name as actor_name', 'p.tally_yes', 'p.tally_no', 'p.tally_abstain', 'p.tally_no_with_veto', 'p.threshold');
  if (accounts) {
    const ids = accounts.map((account) => account.id);
    query.where((where) => where.whereIn('a.multisig_id', ids).orWhereIn('a.counterparty_multisig_id', ids));
  }
  whereEntryVisible(db, query, principal, 'a');
  if (filter.from) query.where('a.occurred_at', '>=', filter.from);
  if (filter.to) query.where('a.occurred_at', '<=', filter.to);
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  const columns: CsvColumn<GovernanceRow>[] = [
    { header: 'operationId', value: (row) => row.operation_id },
    { header: 'occurredAt', value: (row) => iso(row.occurred_at) },
    { header: 'kind', value: (row) => row.kind },
    { header: 'type', value: (row) => row.type },
    { header: 'side', value: (row) => row.side },
    { header: 'multisigId', value: (row) => row.multisig_id },
    { header: 'counterpartyMultisigId', value: (row) => row.counterparty_multisig_id },
    { header: 'actorId', value: (row) => row.actor_id },
    { header: 'actorName', value: (row) => row.actor_name },
    { header: 'title', value: (row) => row.title },
    { header: 'status', value: (row) => entryStatus(row, now) },
    { header: 'executorResult', value: (row) => (row.kind === 'CHAIN' ? (row.executor_result ?? 'NOT_RUN') : null) },
    { header: 'denom', value: (row) => row.denom },
    { header: 'symbol', value: (row) => (row.denom ? token(row.denom).symbol : null) },
    { header: 'amount', value: (row) => row.amount },
    { header: 'amountFormatted', value: (row) => (row.amount && row.denom ? formatAmount(row.amount, token(row.denom).exponent) : null) },
    { header: 'from', value: (row) => row.from_address },
    { header: 'to', value: (row) => row.to_address },
    { header: 'votesYes', value: (row) => row.tally_yes },
    { header: 'votesNo', value: (row) => row.tally_no },
    { header: 'votesAbstain', value: (row) => row.tally_abstain },
    { header: 'votesNoWithVeto', value: (row) => row.tally_no_with_veto },
    { header: 'threshold', value: (row) => row.threshold },
    { header: 'txHash', value: (row) => row.tx_hash },
    { header: 'height', value: (row) => (row.height === null ? null : Number(row.height)) },
    { header: 'decidedAt', value: (row) => entryDecidedAt(row, now) },
    { header: 'executedAt', value: (row) => iso(row.executed_at) },
    { header: 'summary', value: (row) => JSON.stringify(row.summary) },
  ];
  return file('governance', filter, now, columns, cursorPages<GovernanceRow>(db, query), (row) => ({
    ...columnsRecord(columns, row),
    exponent: row.denom ? token(row.denom).exponent : null,
    summary: row.summary,
  }));
}
