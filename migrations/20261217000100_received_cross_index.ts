import type { Knex } from 'knex';

/**
 * A bank's payments are read from two sides: those it sent (`sender_organization_id`) and those it
 * received from another bank. An INTERNAL payment (four in five) is on its bank's sent side, so the
 * received side's index need not hold it: it now holds cross-bank payments alone, and every INTERNAL
 * payment writes one index entry less inside its round. The queries of the received side say
 * `kind = 'CROSS_ORGANIZATION'`, which is what lets PostgreSQL use this index (read-side/instant-payments.ts).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index ip_payments_recipient_org;
    create index ip_payments_received_cross on ip_payments (recipient_organization_id, created_at) where kind = 'CROSS_ORGANIZATION';
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index ip_payments_received_cross;
    create index ip_payments_recipient_org on ip_payments (recipient_organization_id, created_at);
  `);
}
