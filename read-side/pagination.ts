import type { Model, QueryBuilder } from 'objection';

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

/** The contract's list shape: the page's rows and the count of all the query's rows. */
export const paginate = <M extends Model, T>(query: QueryBuilder<M, M[]>, request: PageRequest, view: (row: M) => T): Promise<Page<T>> =>
  paginateCounted(query.clone(), query.resultSize(), request, view);

/**
 * The same shape, where the page's rows and their count come apart: a count kept as rows are
 * recorded, or one that needs no order (counting through a query built for order would sort what it
 * counts; see read-side/instant-payments.ts, eitherSide). `page` counts from 1.
 */
export async function paginateCounted<M extends Model, T>(
  items: QueryBuilder<M, M[]>,
  total: Promise<number>,
  request: PageRequest,
  view: (row: M) => T,
): Promise<Page<T>> {
  const [results, counted] = await Promise.all([items.offset((request.page - 1) * request.pageSize).limit(request.pageSize), total]);
  return { items: results.map(view), total: counted, page: request.page, pageSize: request.pageSize };
}
