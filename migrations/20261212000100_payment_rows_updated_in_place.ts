import type { Knex } from 'knex';

/**
 * A cross-bank payment's row is updated once, when its batch settles (status, tx_hash, settled_at).
 * That update wrote a new row version elsewhere and an entry in each of the table's indexes (six),
 * never in place: `status` was in the predicate of `ip_payments_open` and `settled_at` the key of
 * `ip_payments_settled_cross`. Now no index names a column that update changes, and pages keep a fifth
 * free for the new versions, so it is a HOT update: the new version on the row's own page, no index
 * entry.
 *
 * - `ip_payments_open` goes: no query reads it (settlement keeps the due payments in the bank ledgers,
 *   the open batches have a table of their own; a bank's list filtered by status finds its rows by
 *   the organization indexes).
 * - `ip_payments_settled_cross` becomes `ip_payments_cross`, by `created_at`, which never changes: the
 *   settlement-latency metric reads the latest cross-bank payments made, and of those the settled.
 * - fillfactor 80: one cross-bank payment in five of a page is updated while the page is new.
 *
 * Existing pages get the fillfactor when rewritten (`vacuum full ip_payments`, or a rebuild of the read model).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index ip_payments_open;
    drop index ip_payments_settled_cross;
    create index ip_payments_cross on ip_payments (created_at) where kind = 'CROSS_ORGANIZATION';
    alter table ip_payments set (fillfactor = 80);
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table ip_payments reset (fillfactor);
    drop index ip_payments_cross;
    create index ip_payments_settled_cross on ip_payments (settled_at) where kind = 'CROSS_ORGANIZATION' and settled_at is not null;
    create index ip_payments_open on ip_payments (sender_organization_id) where status = 'PENDING';
  `);
}
