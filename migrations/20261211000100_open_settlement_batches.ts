import type { Knex } from 'knex';

/**
 * `ip_open_settlement_batches`: which payments each open settlement batch holds, one row per batch,
 * so that a failed batch refunds exactly its payments. The batch number had been written on every
 * payment of the batch when it started: a second write of each cross-bank payment's row, never a HOT
 * update on a full page (a new row version and an entry in each of the table's indexes), only for a
 * refund that almost never happens. A row lives from its batch's start until the batch is settled,
 * abandoned or failed: at most one per bank.
 *
 * Carried over: the PENDING payments with a batch number, by the newest batch of each bank (older ones
 * were abandoned, their payments due again).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ip_open_settlement_batches (
      organization_id text not null,
      batch_number integer not null,
      payment_ids text[] not null,
      primary key (organization_id, batch_number)
    );
    insert into ip_open_settlement_batches (organization_id, batch_number, payment_ids)
      select p.sender_organization_id, p.batch_number, array_agg(p.id order by p.id)
        from ip_payments p
        join (select sender_organization_id, max(batch_number) as batch_number from ip_payments group by 1) newest
          on newest.sender_organization_id = p.sender_organization_id and newest.batch_number = p.batch_number
       where p.status = 'PENDING'
       group by 1, 2;
    alter table ip_payments drop column batch_number;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table ip_payments add column batch_number integer;
    update ip_payments p set batch_number = b.batch_number
      from ip_open_settlement_batches b where p.id = any(b.payment_ids);
    drop table ip_open_settlement_batches;
  `);
}
