import type { Knex } from 'knex';

/**
 * A bank's search of its clients (`GET /instant-payments/bank/clients?q=`) matches part of a name or an
 * alias, case-insensitively: `ILIKE '%…%'`, which no btree serves, so it read every client of the bank,
 * and counted them all again for the total. A trigram index (pg_trgm, a trusted extension: the
 * database's owner may create it) finds the rows that contain the text typed.
 *
 * ip_clients' rows are updated by every payment (balance, movements): fillfactor 90 leaves room on each
 * page for those updates to stay in place (HOT), which touch no index, so the search index costs the
 * payments nothing (86 % of those updates were in place before). Existing pages get the fillfactor when
 * rewritten (`vacuum full ip_clients`, or a rebuild of the read model).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create extension if not exists pg_trgm;
    create index ip_clients_search on ip_clients using gin (name gin_trgm_ops, alias gin_trgm_ops);
    alter table ip_clients set (fillfactor = 90);
  `);
}

/** The extension stays: dropping it would fail if anything else in the database had come to use it. */
export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    drop index ip_clients_search;
    alter table ip_clients reset (fillfactor);
  `);
}
