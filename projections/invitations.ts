import type { RecordedEvent } from '../write-side/event-store/event-store';
import { INVITATION_EVENT_TYPES, type InvitationEvent } from '../write-side/invitation/events';
import type { Projection } from './projection';

/** One row per invitation with its current token hash; EXPIRED is derived at read time. */
export const invitationsProjection: Projection = {
  name: 'invitations',
  tables: ['invitations'],
  handles: INVITATION_EVENT_TYPES,
  async apply(trx, recorded) {
    const event = recorded as unknown as RecordedEvent & InvitationEvent;
    const at = recorded.metadata.occurredAt;
    const row = () => trx('invitations').where({ id: event.data.invitationId });
    switch (event.type) {
      case 'InvitationCreated':
        await trx('invitations').insert({
          id: event.data.invitationId,
          organization_id: event.data.organizationId,
          invited_by_organization_id: event.data.invitedByOrganizationId,
          invited_by: event.data.invitedBy,
          email: event.data.email,
          role: event.data.role,
          locale: event.data.locale,
          status: 'PENDING',
          token_hash: event.data.tokenHash,
          expires_at: event.data.expiresAt,
          created_at: at,
          updated_at: at,
        });
        return;
      case 'InvitationResent':
        await row().update({ token_hash: event.data.tokenHash, expires_at: event.data.expiresAt, updated_at: at });
        return;
      case 'InvitationRevoked':
        await row().update({ status: 'REVOKED', updated_at: at });
        return;
      case 'InvitationAccepted':
        await row().update({ status: 'ACCEPTED', accepted_user_id: event.data.userId, updated_at: at });
        return;
    }
  },
};
