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

/** How many rows a list's query finds (its order, offset and limit left out: they do not change a count). */
export const countOf = <M extends Model>(query: QueryBuilder<M, M[]>, db: Knex): CountQuery =>
  db.count('*').from(query.clone().clear(/orderBy|offset|limit/).toKnexQuery().as('counted'));

/** The contract's list shape: the page's rows and the count of all the query's rows (`query` builds it on the connection it is given). */
export const paginate = <M extends Model, T>(db: Knex, query: (db: Knex) => QueryBuilder<M, M[]>, request: PageRequest, view: (row: M) => T): Promise<Page<T>> =>
  paginateCounted(db, query, (db) => countOf(query(db), db), request, view);

/** The column of a page's rows that carries the list's total (not a column of any read model). */
const TOTAL = 'emisor_page_total';

/**
 * The same shape, where the page's rows and their count come apart: a count kept as rows are
 * recorded, or one that needs no order (counting through a query built for order would sort what it
 * counts; see read-side/instant-payments.ts, eitherSide). `page` counts from 1. A page is never
 * paired with the total of another moment: the count is a column of the page's own statement (one
 * snapshot, one round trip; a snapshot transaction of its own cost four). A page with no rows carries
 * no count: past the end, or of an empty list, it is counted in a statement of its own.
 */
export async function paginateCounted<M extends Model, T>(
  db: Knex,
  items: (db: Knex) => QueryBuilder<M, M[]>,
  total: (db: Knex) => CountQuery,
  request: PageRequest,
  view: (row: M) => T,
): Promise<Page<T>> {
  const page = (rows: M[], counted: number): Page<T> => ({ items: rows.map(view), total: counted, page: request.page, pageSize: request.pageSize });
  const query = pageOf(items(db), request);
  const modelClass = query.modelClass();
  const rows: Array<Record<string, unknown>> = await query
    .select(`${modelClass.tableName}.*`, db.raw('(?) as ??', [total(db), TOTAL]))
    .toKnexQuery();
  if (rows.length > 0)
    return page(
      rows.map(({ [TOTAL]: _total, ...row }) => modelClass.fromDatabaseJson(row) as M),
      Number(rows[0]![TOTAL]),
    );
  // An empty page: a count that leaves it empty pairs with it at the count's own moment; one that
  // reaches into it (rows recorded since) has both read again in one snapshot.
  const counted = await countNow(db, total);
  if (counted <= (request.page - 1) * request.pageSize) return page([], counted);
  return inOneSnapshot(db, async (snapshot) => page(await pageOf(items(snapshot), request), await countNow(snapshot, total)));
}

const countNow = async (db: Knex, total: (db: Knex) => CountQuery): Promise<number> => {
  const [counted] = await db.select(db.raw('(?) as total', [total(db)]));
  return Number((counted as { total: unknown }).total);
};

const pageOf = <M extends Model>(query: QueryBuilder<M, M[]>, request: PageRequest) => query.offset((request.page - 1) * request.pageSize).limit(request.pageSize);
