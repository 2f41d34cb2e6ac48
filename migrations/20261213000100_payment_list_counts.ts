import type { Knex } from 'knex';

/**
 * What a list's `total` counts, kept as the payments are recorded, so that a page of a client's
 * movements or of a bank's Transactions tab costs the same after a million payments as after ten
 * (counting them had read every payment of the client or the bank for every page).
 *
 * - `ip_clients.movements`: the payments a client's movements list shows (those it sent, those it
 *   received once COMPLETED), updated in the statement that moves its balance.
 * - `ip_bank_payment_counts`: the payments on either side of a bank by kind and status, a row per
 *   (bank, counting ledger, kind, status): each change is counted by the ledger that recorded it (the
 *   sender's its payments and their failure, the recipient's their completion), so each row has a
 *   single writer and no bank's round waits on another's (as `ip_payment_totals`). What is recorded
 *   already is counted here by each bank for itself: the sums per bank, kind and status are the same.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    alter table ip_clients add column movements bigint not null default 0;
    update ip_clients c set movements = listed.movements
      from (select client_id, count(*) as movements
              from (select sender_client_id as client_id from ip_payments
                    union all
                    select recipient_client_id from ip_payments where status = 'COMPLETED' and recipient_client_id <> sender_client_id) shown
             group by client_id) listed
     where c.id = listed.client_id;
    create table ip_bank_payment_counts (
      organization_id text not null,
      counted_by text not null,
      kind text not null,
      status text not null,
      payments bigint not null,
      primary key (organization_id, counted_by, kind, status)
    );
    insert into ip_bank_payment_counts (organization_id, counted_by, kind, status, payments)
      select bank, bank, kind, status, count(*)
        from (select sender_organization_id as bank, kind, status from ip_payments
              union all
              select recipient_organization_id, kind, status from ip_payments where recipient_organization_id <> sender_organization_id) listed
       group by bank, kind, status;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table ip_bank_payment_counts; alter table ip_clients drop column movements;');
}
