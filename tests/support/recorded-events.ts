import type { RecordedEvent } from '../../write-side/event-store/event-store';

/**
 * A log of recorded events for a projection's `applyBatch`, written as a test reads it: each event
 * takes the next position and stream version, with the same metadata, occurred at `at`.
 */
export function eventLog(at: string): (streamId: string, type: string, data: unknown) => RecordedEvent {
  let position = 0n;
  return (streamId, type, data) => {
    position += 1n;
    return {
      id: `event-${position}`,
      type,
      data,
      metadata: { actorId: null, organizationId: null, correlationId: 'test', causationId: null, occurredAt: at, schemaVersion: 1 },
      streamId,
      streamVersion: Number(position),
      position: { commit: position, prepare: position },
    };
  };
}
