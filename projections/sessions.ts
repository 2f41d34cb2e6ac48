import { SESSION_EVENT_TYPES, type SessionEvent } from '../write-side/session/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';

/** Open and revoked sessions: the access-token check and "revoke every session of a user" read it. */
export const sessionsProjection: Projection = {
  name: 'sessions',
  tables: ['sessions'],
  handles: SESSION_EVENT_TYPES,
  async apply(trx, recorded) {
    const event = recorded as unknown as RecordedEvent & SessionEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'SessionStarted':
        await trx('sessions').insert({ id: event.data.sessionId, user_id: event.data.userId, started_at: at, expires_at: event.data.expiresAt });
        return;
      case 'SessionRefreshed':
        await trx('sessions').where({ id: event.data.sessionId }).update({ expires_at: event.data.expiresAt });
        return;
      case 'SessionRevoked':
        await trx('sessions').where({ id: event.data.sessionId }).update({ revoked_at: at });
        return;
    }
  },
};
