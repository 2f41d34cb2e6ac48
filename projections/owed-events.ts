/**
 * The SQL condition, on `events e`, for the events a projection still owes after a position: of the
 * types it handles and not applied inline by it (metadata.appliedInline). `after` is one row position,
 * so the global-order index starts the scan there: a look reads the backlog, never the log before it
 * (an `or` between two lower bounds had made PostgreSQL read every event from the first).
 * The arguments are SQL expressions (columns or parameters), not values.
 */
export const owedEvents = (projection: { name: string; handles: string }, after: { commit: string; prepare: string }): string =>
  `(e.transaction_id, e.position) > (${after.commit}, ${after.prepare})
   and e.type = any(${projection.handles})
   and not coalesce(e.metadata->'appliedInline' @> to_jsonb(${projection.name}), false)`;
