import type { Knex } from 'knex';
import * as appendFunction from './20260101000050_append_function';

/**
 * `append_events` looks each stream's version up by its key. The function's plan is generic, and the
 * planner, which cannot count a jsonb document's elements, took a hash join over the whole of
 * `event_streams`: every append read every stream there is (one per client, organization, proposal…),
 * a cost that grew with the service's history. A correlated subquery is always an index probe. The rest
 * of the function is as in 20260101000050_append_function.
 */
const APPEND_EVENTS = `
  create or replace function append_events(p_appends jsonb)
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
      versioned as (
        select a.*, coalesce((select s.version from event_streams s where s.stream_id = a.stream_id), 0) as current_version
          from appends a
      ),
      accepted as (
        select v.* from versioned v
         where (v.expected_version is null or v.current_version = v.expected_version)
           and not exists (
             select 1 from jsonb_array_elements(v.events) e
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
`;

export async function up(knex: Knex): Promise<void> {
  await knex.raw(APPEND_EVENTS);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop function append_events(jsonb)');
  await appendFunction.up(knex);
}
