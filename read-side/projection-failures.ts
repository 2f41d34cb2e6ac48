import type { Knex } from 'knex';

/** A projection the runner stopped: the event it could not apply, and why (no SQL text, no stack). */
export interface ProjectionFailure {
  projection: string;
  eventId: string;
  eventType: string;
  streamId: string;
  /** The event's global position, `commit:prepare`. */
  position: string;
  reason: string;
  failedAt: Date;
}

/** Every stopped projection, by name; the health check and the control panel's alerts show them. */
export async function failedProjections(db: Knex): Promise<ProjectionFailure[]> {
  const rows: Array<{
    name: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    position: string;
    reason: string;
    failed_at: Date;
  }> = await db('projection_failures')
    .orderBy('name')
    .select('name', 'event_id', 'event_type', 'stream_id', db.raw(`commit_position::text || ':' || prepare_position as position`), 'reason', 'failed_at');
  return rows.map((row) => ({
    projection: row.name,
    eventId: row.event_id,
    eventType: row.event_type,
    streamId: row.stream_id,
    position: row.position,
    reason: row.reason,
    failedAt: new Date(row.failed_at),
  }));
}
