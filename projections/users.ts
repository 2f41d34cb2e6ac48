import type { RecordedEvent } from '../write-side/event-store/event-store';
import { USER_EVENT_TYPES, type UserEvent } from '../write-side/user/events';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** One row per user; password hashes, reset tokens and sealed keys stay in the event stream. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  handles: USER_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const users = new TableChanges('users');
    for (const recorded of events) {
      const event = recorded as unknown as RecordedEvent & UserEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'UserRegistered':
          users.insert({
            id: event.data.userId,
            organization_id: event.data.organizationId,
            kind: event.data.kind,
            email: event.data.email,
            name: event.data.name,
            role: event.data.role,
            active: true,
            address: event.data.address,
            public_key: event.data.publicKey,
            locale: event.data.locale,
            created_at: at,
            updated_at: at,
          });
          break;
        case 'UserRoleChanged':
          users.update(event.data.userId, { role: event.data.role, updated_at: at });
          break;
        case 'UserDeactivated':
          users.update(event.data.userId, { active: false, deactivated_at: at, updated_at: at });
          break;
        case 'UserLocaleChanged':
          users.update(event.data.userId, { locale: event.data.locale, updated_at: at });
          break;
        case 'UserPinnedWalletsChanged':
          users.update(event.data.userId, { pinned_multisig_ids: event.data.multisigIds, updated_at: at });
          break;
        case 'PasswordResetRequested':
        case 'UserPasswordChanged':
          break;
      }
    }
    await users.write(trx);
  },
};
