import { SESSION_EVENT_TYPES, type SessionEvent } from '../write-side/session/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** Open and revoked sessions: the access-token check and "revoke every session of a user" read it. */
export const sessionsProjection: Projection = {
  name: 'sessions',
  tables: ['sessions'],
  handles: SESSION_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const sessions = new TableChanges('sessions');
    for (const recorded of events) {
      const event = recorded as unknown as RecordedEvent & SessionEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'SessionStarted':
          sessions.insert({ id: event.data.sessionId, user_id: event.data.userId, started_at: at, expires_at: event.data.expiresAt });
          break;
        case 'SessionRefreshed':
          sessions.update(event.data.sessionId, { expires_at: event.data.expiresAt });
          break;
        case 'SessionRevoked':
          sessions.update(event.data.sessionId, { revoked_at: at });
          break;
      }
    }
    await sessions.write(trx);
  },
};
