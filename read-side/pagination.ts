import type { Knex } from 'knex';
import type { Model, QueryBuilder } from 'objection';
import { inOneSnapshot } from './snapshot';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** A query of one row whose one column is a count: what a page's total is read with. */
export type CountQuery = Knex.QueryBuilder;

/** How many rows a query finds. */
export const countRows = (db: Knex, query: Knex.QueryBuilder): CountQuery => db.count('*').from(query.as('counted'));

/** How many rows a list's query finds (its order, offset and limit left out: they do not change a count). */
export const countOf = <M extends Model>(query: QueryBuilder<M, M[]>, db: Knex): CountQuery => countRows(db, query.clone().clear(/orderBy|offset|limit/).toKnexQuery());

/** The contract's list shape: the page's rows and the count of all the query's rows (`query` builds it on the connection it is given). */
export const paginate = <M extends Model, T>(db: Knex, query: (db: Knex) => QueryBuilder<M, M[]>, request: PageRequest, view: (row: M) => T): Promise<Page<T>> =>
  paginateCounted(db, query, (db) => countOf(query(db), db), request, view);

/** The column of a page's rows that carries the list's total (not a column of any read model). */
const TOTAL = 'emisor_page_total';

/**
 * The same shape, where the page's rows and their count come apart: a count kept as rows are
 * recorded, or one that needs no order (counting through a query built for order would sort what it
 * counts; see read-side/instant-payments.ts, eitherSide). `page` counts from 1.
 */
export async function paginateCounted<M extends Model, T>(
  db: Knex,
  items: (db: Knex) => QueryBuilder<M, M[]>,
  total: (db: Knex) => CountQuery,
  request: PageRequest,
  view: (row: M) => T,
): Promise<Page<T>> {
  const modelClass = items(db).modelClass();
  const read = await readPage<Record<string, unknown>>(
    db,
    (db) => pageOf(items(db), request).select(`${modelClass.tableName}.*`).toKnexQuery(),
    total,
    request,
  );
  return { items: read.rows.map((row) => view(modelClass.fromDatabaseJson(row) as M)), total: read.total, page: request.page, pageSize: request.pageSize };
}

/**
 * A page's rows (`rows` builds the page's query, its order, offset and limit set, on the connection
 * it is given) and the list's total, never paired with the total of another moment: the count is a
 * column of the page's own statement (one snapshot, one round trip; a snapshot transaction of its own
 * cost four). A page with no rows carries no count: past the end, or of an empty list, it is counted
 * in a statement of its own.
 */
export async function readPage<Row>(db: Knex, rows: (db: Knex) => Knex.QueryBuilder, total: (db: Knex) => CountQuery, request: PageRequest): Promise<{ rows: Row[]; total: number }> {
  const found: Array<Record<string, unknown>> = await rows(db).select(db.raw('(?) as ??', [total(db), TOTAL]));
  if (found.length > 0) return { rows: found.map(({ [TOTAL]: _total, ...row }) => row as Row), total: Number(found[0]![TOTAL]) };
  // An empty page: a count that leaves it empty pairs with it at the count's own moment; one that
  // reaches into it (rows recorded since) has both read again in one snapshot.
  const counted = await countNow(db, total);
  if (counted <= (request.page - 1) * request.pageSize) return { rows: [], total: counted };
  return inOneSnapshot(db, async (snapshot) => ({ rows: (await rows(snapshot)) as Row[], total: await countNow(snapshot, total) }));
}

/** What a count query finds now, as a number. */
export const countNow = async (db: Knex, total: (db: Knex) => CountQuery): Promise<number> => {
  const [counted] = await db.select(db.raw('(?) as total', [total(db)]));
  return Number((counted as { total: unknown }).total);
};

const pageOf = <M extends Model>(query: QueryBuilder<M, M[]>, request: PageRequest) => query.offset((request.page - 1) * request.pageSize).limit(request.pageSize);
