import type { Knex } from 'knex';

/**
 * `append_events`: several appends, to distinct streams, in one statement and so one transaction and
 * one round trip. The PostgreSQL adapter groups the appends that arrive while earlier ones are in
 * flight, which is what lets one process write more events per second than it has round trips.
 *
 * The batch is one jsonb document, `[{ streamId, expectedVersion, events: [{ id, type, data,
 * metadata }] }]` (expectedVersion null = any): one parse, where arrays of parameters cost an escape and
 * a parse per value. The work is set-based, and the plan generic (re-planning a statement of this size on
 * every call costs more than executing it). Each append succeeds or fails on its own: one whose stream is
 * not at the expected version, or whose event ids are already stored, writes nothing and comes back with
 * a null next_version; the caller tells an idempotent retry from a conflict.
 *
 * The advisory locks of every stream in the batch are taken first, in one sorted order (no deadlock
 * between batches), and an advisory lock does not assign a transaction id: the id comes with the
 * first write, after the locks. Writers of one stream therefore get increasing transaction ids in
 * stream order, so the global order (transaction_id, position) never puts a stream's later event
 * before an earlier one, even for appends with 'any'.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create function append_events(p_appends jsonb)
    returns table (append_index integer, next_version integer, commit_position text, prepare_position bigint)
    language plpgsql
    set plan_cache_mode = force_generic_plan
    as $$
    declare
      lock_key bigint;
    begin
      foreach lock_key in array (
        select array_agg(distinct k.key order by k.key)
          from (select hashtextextended(a->>'streamId', 0) as key from jsonb_array_elements(p_appends) a) k
      ) loop
        perform pg_advisory_xact_lock(lock_key);
      end loop;

      return query
        with appends as (
          select a.ordinality::integer as append_index,
                 a.value->>'streamId' as stream_id,
                 (a.value->>'expectedVersion')::integer as expected_version,
                 a.value->'events' as events,
                 jsonb_array_length(a.value->'events') as event_count
            from jsonb_array_elements(p_appends) with ordinality as a
        ),
        accepted as (
          select a.*, coalesce(s.version, 0) as current_version
            from appends a
            left join event_streams s on s.stream_id = a.stream_id
           where (a.expected_version is null or coalesce(s.version, 0) = a.expected_version)
             and not exists (
               select 1 from jsonb_array_elements(a.events) e
                 join events stored on stored.event_id = (e->>'id')::uuid
             )
        ),
        advanced as (
          insert into event_streams (stream_id, version)
          select accepted.stream_id, accepted.current_version + accepted.event_count from accepted
          on conflict (stream_id) do update set version = excluded.version
        ),
        inserted as (
          insert into events (event_id, stream_id, stream_version, type, data, metadata)
          select (e.value->>'id')::uuid, a.stream_id, a.current_version + e.ordinality::integer,
                 e.value->>'type', e.value->'data', e.value->'metadata'
            from accepted a, jsonb_array_elements(a.events) with ordinality as e
           order by a.append_index, e.ordinality
          returning events.stream_id, events.position
        ),
        last_positions as (
          select i.stream_id, max(i.position) as position from inserted i group by i.stream_id
        )
        select a.append_index,
               accepted.current_version + accepted.event_count,
               case when accepted.append_index is null then null else pg_current_xact_id()::text end,
               last_positions.position
          from appends a
          left join accepted on accepted.append_index = a.append_index
          left join last_positions on last_positions.stream_id = accepted.stream_id
         order by a.append_index;
    end
    $$;
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function append_events(jsonb)');
}
