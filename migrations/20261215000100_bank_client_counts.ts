import type { Knex } from 'knex';

/**
 * `ip_bank_clients`: how many Instant Payments clients each bank has, kept as they register, so that a
 * bank's dashboard, the issuer's oversight and its table of banks read a count instead of counting a
 * bank's clients on every view (their cost had grown with the clients). Its one writer per row is the
 * bank's ledger, which registers them.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table ip_bank_clients (
      organization_id text primary key,
      clients bigint not null
    );
    insert into ip_bank_clients (organization_id, clients)
      select organization_id, count(*) from ip_clients group by organization_id;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table ip_bank_clients;');
}
