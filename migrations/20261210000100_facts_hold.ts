import type { Knex } from 'knex';

/**
 * `facts_hold`: an append's precondition (InlineWrite.precondition). A bank ledger decides a round of
 * payments on the banks' status it read before, and checks in the append's own statement that it still
 * holds; when it does not, the statement fails with SQLSTATE EM001 and writes nothing.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function facts_hold(p_holds boolean, p_facts text)
    returns boolean
    language plpgsql
    as $$
    begin
      if not coalesce(p_holds, false) then
        raise exception 'the facts the decisions assumed no longer hold: %', p_facts using errcode = 'EM001';
      end if;
      return true;
    end
    $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function facts_hold(boolean, text)');
}
