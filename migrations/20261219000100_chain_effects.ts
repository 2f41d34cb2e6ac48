import type { Knex } from 'knex';

/**
 * `apply_chain_effects`: what a batch of blocks did to balances and supply (projections/balances.ts),
 * applied in one call that returns the chains' new heads for its caller to keep. Each statement in it
 * reads what the one before wrote, which one SQL statement cannot: a balance a block emptied is deleted
 * after it is shifted (like x/bank, an account holds no zero balances), and one driven below zero fails
 * the call (SQLSTATE EM001, as `facts_hold` fails an append) before anything is kept. So the embedded
 * chain's append of a block can carry the read model's rows in its own statement (EventStore.appendWith),
 * and the runner's batch of blocks is as few statements.
 *
 * The arrays are the elements' text (column-arrays.ts), cast here.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function apply_chain_effects(
      p_address text[], p_denom text[], p_amount text[],
      p_supply_denom text[], p_supply text[], p_minted text[], p_burned text[], p_mints text[], p_burns text[],
      p_head_chain text[], p_head_height text[], p_head_time text[])
    returns setof chain_head
    language plpgsql
    as $$
    declare
      negative record;
    begin
      insert into chain_balances as kept (address, denom, amount)
      select v.address, v.denom, v.amount::numeric from unnest(p_address, p_denom, p_amount) as v(address, denom, amount)
      on conflict (address, denom) do update set amount = kept.amount + excluded.amount;

      select b.address, b.denom, b.amount into negative
        from chain_balances b join unnest(p_address, p_denom) as k(address, denom) on b.address = k.address and b.denom = k.denom
       where b.amount < 0
       limit 1;
      if found then
        raise exception 'balances: % would hold %', negative.address, negative.amount || negative.denom using errcode = 'EM001';
      end if;

      delete from chain_balances b using unnest(p_address, p_denom) as k(address, denom)
       where b.address = k.address and b.denom = k.denom and b.amount = 0;

      insert into chain_supply as kept (denom, supply, minted, burned, mints, burns)
      select v.denom, v.supply::numeric, v.minted::numeric, v.burned::numeric, v.mints::bigint, v.burns::bigint
        from unnest(p_supply_denom, p_supply, p_minted, p_burned, p_mints, p_burns) as v(denom, supply, minted, burned, mints, burns)
      on conflict (denom) do update set supply = kept.supply + excluded.supply, minted = kept.minted + excluded.minted,
        burned = kept.burned + excluded.burned, mints = kept.mints + excluded.mints, burns = kept.burns + excluded.burns;

      return query
        select v.chain_id, v.height::bigint, v.block_time::timestamptz
          from unnest(p_head_chain, p_head_height, p_head_time) as v(chain_id, height, block_time);
    end
    $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function apply_chain_effects(text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], text[], text[])');
}
