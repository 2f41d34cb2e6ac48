import type { Knex } from 'knex';

/**
 * `append_events_after_lock`: append_events after a shared advisory lock, in one call. A bank ledger
 * appends each round with its read model's rows in one statement (EventStore.appendWith); the lock is
 * the read model's inline writers' lock (inlineWritersLock in projections/runner.ts), which must be held
 * before the transaction writes anything, so that a rebuild holding it exclusively never waits on a
 * writer that waits on it.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function append_events_after_lock(p_appends jsonb, p_lock_class text, p_lock_object text)
    returns table (append_index integer, next_version integer, commit_position text, prepare_position bigint)
    language plpgsql
    as $$
    begin
      perform pg_advisory_xact_lock_shared(hashtext(p_lock_class), hashtext(p_lock_object));
      return query select * from append_events(p_appends);
    end
    $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function append_events_after_lock(jsonb, text, text)');
}
