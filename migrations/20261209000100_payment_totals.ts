import type { Knex } from 'knex';

/**
 * What `/metrics` reads about payments, at a cost that does not grow with history.
 *
 * `ip_payment_totals` counts payments by kind and status, one row set per bank ledger that recorded the
 * change: a payment is counted +1 by its sender's ledger, and its completion (-1 PENDING, +1 COMPLETED)
 * by the recipient's, so each row has a single writer and no payment waits on another bank's round. A
 * scrape sums a few rows per bank instead of counting every payment there ever was.
 *
 * `ip_payments_settled_cross` finds the latest settled cross-bank payments for the settlement-latency
 * quantiles by index, where a scrape used to read the whole table.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ip_payment_totals (
      organization_id text not null,
      kind text not null,
      status text not null,
      count bigint not null,
      primary key (organization_id, kind, status)
    );
    insert into ip_payment_totals (organization_id, kind, status, count)
      select sender_organization_id, kind, status, count(*) from ip_payments group by 1, 2, 3;
    create index ip_payments_settled_cross on ip_payments (settled_at) where kind = 'CROSS_ORGANIZATION' and settled_at is not null;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`drop index ip_payments_settled_cross; drop table ip_payment_totals;`);
}
