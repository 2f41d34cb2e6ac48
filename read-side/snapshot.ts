import type { Knex } from 'knex';

/**
 * Reads that must agree with each other, in one snapshot of the read models (repeatable read, read
 * only): reads on separate connections each see the projections' commits made by the time they run,
 * so a commit between two of them pairs figures of different moments. One transaction is one
 * connection, which takes one query at a time: `read` awaits each query before it sends the next.
 */
export const inOneSnapshot = <T>(db: Knex, read: (snapshot: Knex.Transaction) => Promise<T>): Promise<T> =>
  db.transaction(read, { isolationLevel: 'repeatable read', readOnly: true });
