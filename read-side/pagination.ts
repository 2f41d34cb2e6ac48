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

/** The contract's list shape: the page's rows and the count of all the query's rows (`query` builds it on the snapshot it is given). */
export const paginate = <M extends Model, T>(db: Knex, query: (snapshot: Knex) => QueryBuilder<M, M[]>, request: PageRequest, view: (row: M) => T): Promise<Page<T>> =>
  paginateCounted(db, query, (snapshot) => query(snapshot).resultSize(), request, view);

/**
 * The same shape, where the page's rows and their count come apart: a count kept as rows are
 * recorded, or one that needs no order (counting through a query built for order would sort what it
 * counts; see read-side/instant-payments.ts, eitherSide). `page` counts from 1. Both are read in one
 * snapshot, so that a page never comes with the total of another moment.
 */
export function paginateCounted<M extends Model, T>(
  db: Knex,
  items: (snapshot: Knex) => QueryBuilder<M, M[]>,
  total: (snapshot: Knex) => Promise<number>,
  request: PageRequest,
  view: (row: M) => T,
): Promise<Page<T>> {
  return inOneSnapshot(db, async (snapshot) => {
    const results = await items(snapshot).offset((request.page - 1) * request.pageSize).limit(request.pageSize);
    return { items: results.map(view), total: await total(snapshot), page: request.page, pageSize: request.pageSize };
  });
}
