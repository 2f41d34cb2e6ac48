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

/** The contract's list shape: `page` counts from 1 on the wire, from 0 in objection. */
export async function paginate<M extends Model, T>(
  query: QueryBuilder<M, M[]>,
  request: PageRequest,
  view: (row: M) => T,
): Promise<Page<T>> {
  const { results, total } = await query.page(request.page - 1, request.pageSize);
  return { items: results.map(view), total, page: request.page, pageSize: request.pageSize };
}
