import type { Knex } from 'knex';

/**
 * A bank's payments are read from two sides: those it sent (`sender_organization_id`) and those it
 * received from another bank. An INTERNAL payment (four in five) is on its bank's sent side, so the
 * received side's index need not hold it: it now holds payments between two banks alone, and every
 * INTERNAL payment writes one index entry less inside its round. The queries of the received side say
 * the index's predicate in its own words (`FROM_ANOTHER_BANK` in read-side/instant-payments.ts), the
 * only way PostgreSQL uses a partial index; the same rows said as `kind = 'CROSS_ORGANIZATION'` let
 * it read every bank's cross-bank payments by time instead (`ip_payments_cross`).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index ip_payments_recipient_org;
    create index ip_payments_received_cross on ip_payments (recipient_organization_id, created_at) where recipient_organization_id <> sender_organization_id;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index ip_payments_received_cross;
    create index ip_payments_recipient_org on ip_payments (recipient_organization_id, created_at);
  `);
}
