import type { Knex } from 'knex';

/**
 * `ip_settled_payment_hours`: the settled (COMPLETED) payments of each bank, either side, by the UTC
 * hour they were made and their kind (volume and count), kept as they settle, so that a bank's
 * dashboard and the issuer's oversight sum hours, not payments: their cost follows the hours shown,
 * not how many payments were made in them (summing the payments had read every settled payment of the
 * range, all of them for a range left open).
 *
 * A row per (bank shown, counting ledger, hour, kind), as `ip_bank_payment_counts`: each settlement is
 * counted by the ledger that recorded it (an internal payment's by its bank's, a cross-bank payment's
 * completion by the recipient's, for both banks), so each row has a single writer. A payment's row
 * for the system as a whole is the one its counting ledger writes for its own bank
 * (`organization_id = counted_by`): counted once.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ip_settled_payment_hours (
      organization_id text not null,
      counted_by text not null,
      hour timestamptz not null,
      kind text not null,
      volume numeric not null,
      payments bigint not null,
      primary key (organization_id, counted_by, hour, kind)
    );
    insert into ip_settled_payment_hours (organization_id, counted_by, hour, kind, volume, payments)
      select shown.organization_id, p.recipient_organization_id, date_trunc('hour', p.created_at, 'UTC'), p.kind, sum(p.amount), count(*)
        from ip_payments p
        cross join lateral (select p.sender_organization_id union select p.recipient_organization_id) as shown(organization_id)
       where p.status = 'COMPLETED'
       group by 1, 2, 3, 4;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table ip_settled_payment_hours;');
}
