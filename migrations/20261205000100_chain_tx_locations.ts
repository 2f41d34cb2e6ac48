import type { Knex } from 'knex';

/**
 * Where each embedded-chain transaction is: a chain that starts from a snapshot keeps only the blocks
 * after it in memory, and finds an older transaction by its hash here, then reads its block.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create table chain_tx_locations (
      stream_id text not null,
      tx_hash text not null,
      height bigint not null,
      primary key (stream_id, tx_hash)
    );
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop table chain_tx_locations');
}
