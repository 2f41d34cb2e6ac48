import type { Knex } from 'knex';

/**
 * A bank's search of its clients (`GET /organizations/:id/instant-payments/clients?q=`) matches part of
 * a name or an alias, case-insensitively: `ILIKE '%…%'`, which no btree serves, so it read every client
 * of the bank, and counted them all again for the total. A trigram index (pg_trgm, a trusted extension:
 * the database's owner may create it) finds the rows that contain the text typed.
 *
 * The index is on a table of its own, `ip_client_search` (a client's name and alias), written when a
 * client registers or activates an alias. On `ip_clients` it cost the payments 10–30 % of their
 * throughput: every payment updates two clients' balances there, and an update that finds no room on its
 * page (one in ten) enters a new version in every index of the table, so the trigram index took entries
 * and merged its pending list inside the payments' rounds.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create extension if not exists pg_trgm;
    create table ip_client_search (
      id text primary key,
      organization_id text not null,
      name text not null,
      alias text
    );
    insert into ip_client_search (id, organization_id, name, alias) select id, organization_id, name, alias from ip_clients;
    create index ip_client_search_text on ip_client_search using gin (name gin_trgm_ops, alias gin_trgm_ops);
  `);
}

/** The extension stays: dropping it would fail if anything else in the database had come to use it. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table ip_client_search;');
}
