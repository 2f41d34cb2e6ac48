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
 * no count, and is read again with its count in one snapshot (past the end, or an empty list).
 */
export async function paginateCounted<M extends Model, T>(
  db: Knex,
  items: (db: Knex) => QueryBuilder<M, M[]>,
  total: (db: Knex) => CountQuery,
  request: PageRequest,
  view: (row: M) => T,
): Promise<Page<T>> {
  const page = (rows: M[], counted: unknown): Page<T> => ({ items: rows.map(view), total: Number(counted), page: request.page, pageSize: request.pageSize });
  const query = pageOf(items(db), request);
  const modelClass = query.modelClass();
  const rows: Array<Record<string, unknown>> = await query
    .select(`${modelClass.tableName}.*`, db.raw('(?) as ??', [total(db), TOTAL]))
    .toKnexQuery();
  if (rows.length > 0)
    return page(
      rows.map(({ [TOTAL]: _total, ...row }) => modelClass.fromDatabaseJson(row) as M),
      rows[0]![TOTAL],
    );
  return inOneSnapshot(db, async (snapshot) => {
    const again = await pageOf(items(snapshot), request);
    const [counted] = await snapshot.select(snapshot.raw('(?) as total', [total(snapshot)]));
    return page(again, (counted as { total: unknown }).total);
  });
}

const pageOf = <M extends Model>(query: QueryBuilder<M, M[]>, request: PageRequest) => query.offset((request.page - 1) * request.pageSize).limit(request.pageSize);
