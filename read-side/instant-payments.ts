import type { Knex } from 'knex';
import { Model, snakeCaseMappers } from 'objection';
import { notFound } from '../write-side/errors';
import { HOUR_MS } from '../projections/instant-payments';
import { columnsRecord, csvStream, jsonArrayStream, type CsvColumn, type ExportFile } from './csv';
import { cursorPages, isoTime } from './exports';
import { countNow, countOf, paginate, paginateCounted, type CountQuery, type Page, type PageRequest } from './pagination';
import { containing } from './containing';

export class InstantPaymentClientRecord extends Model {
  static override tableName = 'ip_clients';
  static override columnNameMappers = snakeCaseMappers();

  id!: string;
  organizationId!: string;
  name!: string;
  alias!: string | null;
  externalRef!: string | null;
  demo!: boolean;
  active!: boolean;
  balance!: string;
  createdAt!: Date;
  updatedAt!: Date;
}

export class InstantPaymentRecord extends Model {
  static override tableName = 'ip_payments';
  static override columnNameMappers = snakeCaseMappers();

  id!: string;
  kind!: string;
  status!: string;
  amount!: string;
  reference!: string | null;
  senderClientId!: string;
  senderOrganizationId!: string;
  senderAlias!: string;
  recipientClientId!: string;
  recipientOrganizationId!: string;
  recipientAlias!: string;
  failureCode!: string | null;
  txHash!: string | null;
  createdAt!: Date;
  settledAt!: Date | null;
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

export const clientView = (client: InstantPaymentClientRecord) => ({
  id: client.id,
  name: client.name,
  organizationId: client.organizationId,
  alias: client.alias,
  balance: String(client.balance),
});

export const bankClientView = (client: InstantPaymentClientRecord) => ({
  ...clientView(client),
  externalRef: client.externalRef,
  demo: client.demo,
  active: client.active,
  createdAt: iso(client.createdAt)!,
});

export const paymentView = (payment: InstantPaymentRecord) => ({
  id: payment.id,
  kind: payment.kind,
  status: payment.status,
  amount: String(payment.amount),
  senderAlias: payment.senderAlias,
  recipientAlias: payment.recipientAlias,
  reference: payment.reference,
  createdAt: iso(payment.createdAt)!,
  settledAt: iso(payment.settledAt),
  txHash: payment.txHash,
  failureCode: payment.failureCode,
});

export const findClient = (db: Knex, id: string) => InstantPaymentClientRecord.query(db).findById(id);

/** A client's name, which the bank's ledger does not hold (it never changes once registered). */
export const clientName = async (db: Knex, id: string): Promise<string | null> => ((await db('ip_clients').where({ id }).first('name')) as { name: string } | undefined)?.name ?? null;

export async function getClient(db: Knex, id: string): Promise<InstantPaymentClientRecord> {
  const client = await findClient(db, id);
  if (!client) throw notFound('Client');
  return client;
}

/** A client's payments: all it sent, and what it received once COMPLETED (the contract's recipient rule). */
const ofClient = (clientId: string) => (where: Knex.QueryBuilder) =>
  where.where('sender_client_id', clientId).orWhere((received) => received.where('recipient_client_id', clientId).where('status', 'COMPLETED'));

type Narrowing = (branch: Knex.QueryBuilder) => void;

/** The sides of a payment a party can be on: its columns, and what a received payment must be to count. */
interface Sides {
  sent: string;
  received: string;
  receivedWhen?: Narrowing;
}

const CLIENT_SIDES: Sides = { sent: 'sender_client_id', received: 'recipient_client_id', receivedWhen: (query) => query.where({ status: 'COMPLETED' }) };
/**
 * What a bank received came from another bank: said in the words of the predicate of the received
 * side's index (`ip_payments_received_cross`), which only then serves it; said as the kind, the
 * planner may read every bank's cross-bank payments by time instead (a deep page 3× slower).
 */
const FROM_ANOTHER_BANK = 'recipient_organization_id <> sender_organization_id';
const BANK_SIDES: Sides = { sent: 'sender_organization_id', received: 'recipient_organization_id', receivedWhen: (query) => query.whereRaw(FROM_ANOTHER_BANK) };

/**
 * A party's payments on either side, in time order (newest first for lists, oldest first for exports),
 * as a subquery named ip_payments: those it sent, and those it received and did not also send, each
 * read in order from its own index (the party's column, then created_at) and merged. PostgreSQL reads
 * only as far as a page or a cursor goes; `sent = x or received = x` had it fetch and sort every
 * payment of the party first, so a page cost as much as the party's whole history.
 */
function eitherSide(db: Knex, sides: Sides, party: string, order: 'asc' | 'desc', narrow: Narrowing = () => undefined, first?: number): Knex.Raw {
  const inOrder = [{ column: 'created_at', order }, { column: 'id', order }];
  const side = (query: Knex.QueryBuilder) => {
    query.modify(narrow).orderBy(inOrder);
    // A page needs no more than its own end from either side; said in each, so that the planner reads
    // each side in order from its index rather than sorting all of it (many payments share a millisecond).
    if (first !== undefined) query.limit(first);
    return query;
  };
  const sent = side(db('ip_payments').where(sides.sent, party));
  const received = side(db('ip_payments').where(sides.received, party).modify(sides.receivedWhen ?? (() => undefined)).whereNot(sides.sent, party));
  return db.raw('(? union all ?) as ip_payments', [sent, received]);
}

/** The merged subquery's rows in its order: by the table's columns (an output column may share a name). */
const mergedOrder = (order: 'asc' | 'desc') => [
  { column: 'ip_payments.created_at', order },
  { column: 'ip_payments.id', order },
];

/** A page's rows of a party's payments, newest first, from the merge (its total is counted apart). */
const newestPage = (db: Knex, sides: Sides, party: string, request: PageRequest, narrow?: Narrowing) =>
  InstantPaymentRecord.query(db)
    .from(eitherSide(db, sides, party, 'desc', narrow, request.page * request.pageSize) as never)
    .orderBy(mergedOrder('desc'));

/** A payment, to its sender or its recipient only (others get 404, so ids are not confirmed). */
export async function getPaymentFor(db: Knex, paymentId: string, clientId: string) {
  const payment = await InstantPaymentRecord.query(db)
    .findById(paymentId)
    .where(ofClient(clientId) as never);
  if (!payment) throw notFound('Payment');
  return payment;
}

/** The client's movements as counted when they were recorded (projections/instant-payments.ts). */
const movementsOf = (db: Knex, clientId: string): CountQuery => db('ip_clients').where({ id: clientId }).select('movements');

export function clientMovements(db: Knex, clientId: string, page: PageRequest) {
  return paginateCounted(
    db,
    (snapshot) => newestPage(snapshot, CLIENT_SIDES, clientId, page),
    (snapshot) => movementsOf(snapshot, clientId),
    page,
    (payment) => ({ ...paymentView(payment), direction: payment.senderClientId === clientId ? 'OUT' : 'IN' }),
  );
}

// ---- a bank's views ----

export interface BankPaymentFilter extends PageRequest {
  kind?: string;
  status?: string;
  from?: Date;
  to?: Date;
  alias?: string;
}

/** A bank's payments: those it sent, and those another bank sent it (an INTERNAL payment is on its sent side). */
const ofBank = (organizationId: string) => (where: Knex.QueryBuilder) =>
  where.where('sender_organization_id', organizationId).orWhere((received) => received.where('recipient_organization_id', organizationId).whereRaw(FROM_ANOTHER_BANK));

/** The Transactions tab's filters, applied to each side of the merge and to the count alike. */
const bankFilters =
  (filter: Omit<BankPaymentFilter, 'page' | 'pageSize'>): Narrowing =>
  (query) => {
    if (filter.kind) query.where({ kind: filter.kind });
    if (filter.status) query.where({ status: filter.status });
    if (filter.from) query.where('created_at', '>=', filter.from);
    if (filter.to) query.where('created_at', '<=', filter.to);
    if (filter.alias) query.where((where) => where.where('sender_alias', filter.alias!).orWhere('recipient_alias', filter.alias!));
  };

/**
 * How many payments the Transactions tab lists: by kind and status, as the bank ledgers counted them
 * when they recorded them (projections/instant-payments.ts); by period or alias, counted (those rows
 * are found by the bank's indexes, and as many are read as match).
 */
function bankPaymentCount(db: Knex, organizationId: string, filter: Omit<BankPaymentFilter, 'page' | 'pageSize'>): CountQuery {
  if (filter.from || filter.to || filter.alias) return countOf(InstantPaymentRecord.query(db).where(ofBank(organizationId) as never).modify(bankFilters(filter) as never), db);
  const counts = db('ip_bank_payment_counts').where({ organization_id: organizationId });
  if (filter.kind) counts.where({ kind: filter.kind });
  if (filter.status) counts.where({ status: filter.status });
  return counts.select(db.raw('coalesce(sum(payments), 0)'));
}

export function listBankPayments(db: Knex, organizationId: string, filter: BankPaymentFilter) {
  return paginateCounted(
    db,
    (snapshot) => newestPage(snapshot, BANK_SIDES, organizationId, filter, bankFilters(filter)),
    (snapshot) => bankPaymentCount(snapshot, organizationId, filter),
    filter,
    (payment) => ({
      ...paymentView(payment),
      direction: payment.kind === 'INTERNAL' ? 'INTERNAL' : payment.senderOrganizationId === organizationId ? 'OUT' : 'IN',
    }),
  );
}

/** A bank's clients, newest first; unfiltered, their total is the bank's kept count (a search counts its matches). */
export const listBankClients = (db: Knex, organizationId: string, page: PageRequest & { q?: string }): Promise<Page<ReturnType<typeof bankClientView>>> => {
  const newestFirst = (snapshot: Knex) =>
    InstantPaymentClientRecord.query(snapshot).where({ organization_id: organizationId }).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
  if (!page.q) return paginateCounted(db, newestFirst, (snapshot) => clientsCounted(snapshot, organizationId), page, bankClientView);
  const typed = containing(page.q);
  // Found in ip_client_search, whose trigram index no payment touches (migrations/20261216000100_client_search.ts).
  const matching = (snapshot: Knex) =>
    newestFirst(snapshot).whereIn(
      'id',
      snapshot('ip_client_search')
        .where({ organization_id: organizationId })
        .where((where) => where.whereILike('name', typed).orWhereILike('alias', typed))
        .select('id'),
    );
  return paginate(db, matching, page, bankClientView);
};

export interface Kpi {
  volume: string;
  count: number;
  average: string;
}

const kpi = (volume: string | null, count: number | string): Kpi => {
  const n = Number(count);
  const total = BigInt(volume ?? '0');
  return { volume: total.toString(), count: n, average: n === 0 ? '0' : (total / BigInt(n)).toString() };
};

interface Range {
  from?: Date;
  to?: Date;
  organizationId?: string;
}

/** A stretch of time, as `created_at` bounds: from (inclusive), to (inclusive), before (exclusive). */
interface Stretch {
  from?: Date;
  to?: Date;
  before?: Date;
}

/**
 * How a range meets the UTC hours: the whole hours inside it (`whole`, null bounds reaching every hour
 * on that side), summed from the kept hours, and the stretches of the hours it cuts (at most one at
 * each end), read from the payments themselves. An hour is whole when its last millisecond is in the
 * range (the read model's times are the ledgers' ISO 8601 milliseconds), so a range of days reads no
 * payment.
 */
function hoursOf(range: Range): { whole: { from: Date | null; before: Date | null } | null; cut: Stretch[] } {
  const first = range.from ? new Date(Math.ceil(range.from.getTime() / HOUR_MS) * HOUR_MS) : null;
  const end = range.to ? new Date(Math.floor((range.to.getTime() + 1) / HOUR_MS) * HOUR_MS) : null;
  if (first && end && first >= end) return { whole: null, cut: [{ from: range.from, to: range.to }] };
  const cut: Stretch[] = [];
  if (range.from && first! > range.from) cut.push({ from: range.from, before: first! });
  if (range.to && end! <= range.to) cut.push({ from: end!, to: range.to });
  return { whole: { from: first, before: end }, cut };
}

/** The kept hours of a range's whole hours; none when it holds no whole hour. */
function keptHours(db: Knex, whole: { from: Date | null; before: Date | null } | null, columns: string[]) {
  const kept = db('ip_settled_payment_hours').select(columns);
  if (!whole) return kept.whereRaw('false');
  if (whole.from) kept.where('hour', '>=', whole.from);
  if (whole.before) kept.where('hour', '<', whole.before);
  return kept;
}

/**
 * The banks, to read a stretch of every bank's payments bank by bank, each through its index on
 * (bank, created_at): no index is on the time alone, which would cost every payment's insert.
 */
const banks = (db: Knex) => db('organizations').select('id');

/** Settled payments made in a stretch of time, as `created_at` bounds. */
const madeIn = (stretch: Stretch) => (query: Knex.QueryBuilder) => {
  if (stretch.from) query.where('p.created_at', '>=', stretch.from);
  if (stretch.to) query.where('p.created_at', '<=', stretch.to);
  if (stretch.before) query.where('p.created_at', '<', stretch.before);
  return query;
};

/**
 * Settled (COMPLETED) payments in a range, of one bank (either side) or of the whole system, as rows of
 * (hour, kind, volume, payments): the kept hours for the hours the range holds whole, the payments
 * themselves for the hours it cuts. Its cost follows the hours of the range, not its payments.
 */
function settled(db: Knex, range: Range) {
  const { whole, cut } = hoursOf(range);
  const kept = keptHours(db, whole, ['hour', 'kind', 'volume', 'payments']);
  if (range.organizationId) kept.where('organization_id', range.organizationId);
  // The system's rows: each payment's, written by its counting ledger for its own bank, once.
  else kept.whereRaw('organization_id = counted_by');
  const sources = [kept];
  for (const stretch of cut) {
    const made = db('ip_payments as p')
      .where('p.status', 'COMPLETED')
      .select(db.raw(`date_trunc('hour', p.created_at, 'UTC') as hour`), 'p.kind', 'p.amount as volume', db.raw('1 as payments'));
    if (range.organizationId) made.where(ofBank(range.organizationId));
    else made.whereIn('p.sender_organization_id', banks(db));
    sources.push(madeIn(stretch)(made));
  }
  return db.from(db.unionAll(sources, true).as('s'));
}

/** The `grouping()` of a breakdown row: which of kind, day and hour of the day it is summed by (a bit for each it is not). */
const BY_KIND = 0b011;
const BY_DAY = 0b101;

/**
 * Settled payments of a range summed by kind, by UTC day and by hour of the UTC day: one statement and
 * one pass over the range's settled rows (grouping sets), where three queries each read them again.
 */
async function settledBreakdown(db: Knex, range: Range) {
  const rows: Array<{ grouped: number; kind: string | null; day: string | null; hour_of_day: number | null; volume: string; count: string }> = await db
    .from(
      settled(db, range)
        .select('kind', db.raw(`to_char(hour at time zone 'UTC', 'YYYY-MM-DD') as day`), db.raw(`extract(hour from hour at time zone 'UTC')::int as hour_of_day`), 'volume', 'payments')
        .as('t'),
    )
    .select(db.raw('grouping(kind, day, hour_of_day) as grouped'), 'kind', 'day', 'hour_of_day', db.raw('sum(volume)::text as volume'), db.raw('sum(payments)::text as count'))
    .groupByRaw('grouping sets ((kind), (day), (hour_of_day))')
    .orderBy('day');
  const byKind = new Map<string, { volume: string; count: number }>();
  const byDay: Array<{ day: string; volume: string; count: number }> = [];
  const hours = new Map<number, { volume: string; count: number }>();
  for (const row of rows) {
    const sums = { volume: row.volume, count: Number(row.count) };
    if (row.grouped === BY_KIND) byKind.set(row.kind!, sums);
    else if (row.grouped === BY_DAY) byDay.push({ day: row.day!, ...sums });
    else hours.set(row.hour_of_day!, sums);
  }
  const byHour = Array.from({ length: 24 }, (_, hour) => ({ hour, volume: hours.get(hour)?.volume ?? '0', count: hours.get(hour)?.count ?? 0 }));
  return { byKind, byDay, byHour };
}

/** Clients of a bank, or of every bank: the kept counts, not a count of the clients. */
const clientsCounted = (db: Knex, organizationId?: string): CountQuery => {
  const clients = db('ip_bank_clients');
  if (organizationId) clients.where({ organization_id: organizationId });
  return clients.select(db.raw('coalesce(sum(clients), 0)'));
};

const clientsOf = (db: Knex, organizationId?: string) => countNow(db, (db) => clientsCounted(db, organizationId));

export async function bankDashboard(db: Knex, organizationId: string, range: { from?: Date; to?: Date }) {
  const [{ byKind, byDay, byHour }, users] = await Promise.all([settledBreakdown(db, { ...range, organizationId }), clientsOf(db, organizationId)]);
  const cross = byKind.get('CROSS_ORGANIZATION');
  const internal = byKind.get('INTERNAL');
  const totalVolume = (BigInt(cross?.volume ?? '0') + BigInt(internal?.volume ?? '0')).toString();
  return {
    kpis: {
      total: kpi(totalVolume, (cross?.count ?? 0) + (internal?.count ?? 0)),
      crossOrganization: kpi(cross?.volume ?? null, cross?.count ?? 0),
      internal: kpi(internal?.volume ?? null, internal?.count ?? 0),
      users,
    },
    byDay,
    byHour,
  };
}

export interface BankExportRow {
  id: string;
  kind: string;
  status: string;
  amount: string;
  sender_alias: string;
  recipient_alias: string;
  reference: string | null;
  failure_code: string | null;
  tx_hash: string | null;
  created_at: string;
  settled_at: string | null;
}

const PAYMENT_COLUMNS: CsvColumn<BankExportRow>[] = [
  { header: 'id', value: (row) => row.id },
  { header: 'kind', value: (row) => row.kind },
  { header: 'status', value: (row) => row.status },
  { header: 'amount', value: (row) => row.amount },
  { header: 'senderAlias', value: (row) => row.sender_alias },
  { header: 'recipientAlias', value: (row) => row.recipient_alias },
  { header: 'reference', value: (row) => row.reference },
  { header: 'failureCode', value: (row) => row.failure_code },
  { header: 'txHash', value: (row) => row.tx_hash },
  { header: 'createdAt', value: (row) => row.created_at },
  { header: 'settledAt', value: (row) => row.settled_at },
];

export function bankExport(db: Knex, organizationId: string, filter: { format: 'csv' | 'json'; from?: Date; to?: Date }): ExportFile {
  const query = db
    .from(eitherSide(db, BANK_SIDES, organizationId, 'asc', bankFilters({ from: filter.from, to: filter.to })))
    .orderBy(mergedOrder('asc'))
    .select('id', 'kind', 'status', db.raw('amount::text as amount'), 'sender_alias', 'recipient_alias', 'reference', 'failure_code', 'tx_hash', isoTime(db, 'ip_payments.created_at', 'created_at'), isoTime(db, 'ip_payments.settled_at', 'settled_at'));
  const rows = cursorPages<BankExportRow>(db, query);
  if (filter.format === 'json')
    return {
      filename: 'instant-payments.json',
      contentType: 'application/json',
      body: jsonArrayStream(rows, (row) => columnsRecord(PAYMENT_COLUMNS, row)),
    };
  return { filename: 'instant-payments.csv', contentType: 'text/csv; charset=utf-8', body: csvStream(PAYMENT_COLUMNS, rows) };
}

// ---- the issuer's oversight: aggregates only ----

export async function oversightSummary(db: Knex, range: Range) {
  const [[row], users] = await Promise.all([
    settled(db, range).select(db.raw('sum(volume)::text as volume'), db.raw('coalesce(sum(payments), 0)::text as count')),
    clientsOf(db, range.organizationId),
  ]);
  const totals = kpi(row?.volume ?? null, row?.count ?? 0);
  return { organizationId: range.organizationId ?? null, settledVolume: totals.volume, paymentCount: totals.count, averagePayment: totals.average, users };
}

export async function oversightDistribution(db: Knex, range: Range) {
  const { byDay, byHour } = await settledBreakdown(db, range);
  return { byDay, byHour };
}

export interface OversightBankRow {
  organizationId: string;
  name: string;
  settlementAddress: string | null;
  volume: string;
  payments: number;
  users: number;
}

export const OVERSIGHT_SORTS = ['name', 'volume', 'payments', 'users'] as const;

/** One row per ACTIVE or SUSPENDED commercial bank: its settled volume and payments (either side) and clients. */
export async function oversightBanks(db: Knex, filter: { q?: string; sort: (typeof OVERSIGHT_SORTS)[number]; order: 'asc' | 'desc'; from?: Date; to?: Date }): Promise<OversightBankRow[]> {
  const { whole, cut } = hoursOf(filter);
  const sources = [keptHours(db, whole, ['organization_id', 'volume', 'payments'])];
  for (const stretch of cut) {
    // Each bank's side of each payment: what it sent, and what it received from another bank (an internal payment once).
    const made = (side: 'sender_organization_id' | 'recipient_organization_id') =>
      madeIn(stretch)(db('ip_payments as p').where('p.status', 'COMPLETED').whereIn(`p.${side}`, banks(db)).select(`p.${side} as organization_id`, 'p.amount as volume', db.raw('1 as payments')));
    sources.push(made('sender_organization_id'), made('recipient_organization_id').whereRaw(FROM_ANOTHER_BANK));
  }
  const sides = db.unionAll(sources, true);
  const query = db('organizations as o')
    .where('o.type', 'COMMERCIAL')
    .whereNot('o.status', 'PENDING')
    .leftJoin(db.from(sides.as('s')).select('organization_id', db.raw('sum(volume) as volume'), db.raw('sum(payments) as payments')).groupBy('organization_id').as('v'), 'v.organization_id', 'o.id')
    .leftJoin(db('ip_bank_clients').select('organization_id', 'clients as users').as('c'), 'c.organization_id', 'o.id')
    .select('o.id', 'o.name', 'o.settlement_address', db.raw('coalesce(v.volume, 0)::text as volume'), db.raw('coalesce(v.payments, 0)::text as payments'), db.raw('coalesce(c.users, 0)::text as users'));
  if (filter.q) query.whereILike('o.name', containing(filter.q));
  // Fixed SQL per sort key (never caller text), then the name to break ties.
  const sortColumn = { name: 'o.name', volume: 'coalesce(v.volume, 0)', payments: 'coalesce(v.payments, 0)', users: 'coalesce(c.users, 0)' }[filter.sort];
  query.orderByRaw(`${sortColumn} ${filter.order === 'asc' ? 'asc' : 'desc'}, o.name asc, o.id asc`);
  const rows: Array<{ id: string; name: string; settlement_address: string | null; volume: string; payments: string; users: string }> = await query;
  return rows.map((row) => ({ organizationId: row.id, name: row.name, settlementAddress: row.settlement_address, volume: row.volume, payments: Number(row.payments), users: Number(row.users) }));
}

const BANK_COLUMNS: CsvColumn<OversightBankRow>[] = [
  { header: 'organizationId', value: (row) => row.organizationId },
  { header: 'name', value: (row) => row.name },
  { header: 'settlementAddress', value: (row) => row.settlementAddress },
  { header: 'volume', value: (row) => row.volume },
  { header: 'payments', value: (row) => row.payments },
  { header: 'users', value: (row) => row.users },
];

/** The per-bank aggregate table as a file: one row per bank, never a payment or a client. */
export async function oversightExport(db: Knex, filter: { format: 'csv' | 'json'; from?: Date; to?: Date }): Promise<ExportFile> {
  const rows = await oversightBanks(db, { sort: 'name', order: 'asc', ...filter });
  async function* source() {
    yield rows;
  }
  if (filter.format === 'json')
    return { filename: 'instant-payments-oversight.json', contentType: 'application/json', body: jsonArrayStream(source(), (row) => row) };
  return { filename: 'instant-payments-oversight.csv', contentType: 'text/csv; charset=utf-8', body: csvStream(BANK_COLUMNS, source()) };
}
