import type { RecordedEvent } from '../write-side/event-store/event-store';
import { USER_EVENT_TYPES, type UserEvent } from '../write-side/user/events';
import type { Projection } from './projection';

/** One row per user; password hashes, reset tokens and sealed keys stay in the event stream. */
export const usersProjection: Projection = {
  name: 'users',
  tables: ['users'],
  handles: USER_EVENT_TYPES,
  async apply(trx, recorded) {
    const event = recorded as unknown as RecordedEvent & UserEvent;
    const at = recorded.metadata.occurredAt;
    const row = () => trx('users').where({ id: event.data.userId });
    switch (event.type) {
      case 'UserRegistered':
        await trx('users').insert({
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
        return;
      case 'UserRoleChanged':
        await row().update({ role: event.data.role, updated_at: at });
        return;
      case 'UserDeactivated':
        await row().update({ active: false, deactivated_at: at, updated_at: at });
        return;
      case 'UserLocaleChanged':
        await row().update({ locale: event.data.locale, updated_at: at });
        return;
      case 'UserPinnedWalletsChanged':
        await row().update({ pinned_multisig_ids: JSON.stringify(event.data.multisigIds), updated_at: at });
        return;
      case 'PasswordResetRequested':
      case 'UserPasswordChanged':
        return;
    }
  },
};
