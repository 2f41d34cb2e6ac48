import type { RecordedEvent } from '../write-side/event-store/event-store';
import { INVITATION_EVENT_TYPES, type InvitationEvent } from '../write-side/invitation/events';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** One row per invitation with its current token hash; EXPIRED is derived at read time. */
export const invitationsProjection: Projection = {
  name: 'invitations',
  tables: ['invitations'],
  handles: INVITATION_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const invitations = new TableChanges('invitations');
    for (const recorded of events) {
      const event = recorded as unknown as RecordedEvent & InvitationEvent;
      const at = recorded.metadata.occurredAt;
      switch (event.type) {
        case 'InvitationCreated':
          invitations.insert({
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
          break;
        case 'InvitationResent':
          invitations.update(event.data.invitationId, { token_hash: event.data.tokenHash, expires_at: event.data.expiresAt, updated_at: at });
          break;
        case 'InvitationRevoked':
          invitations.update(event.data.invitationId, { status: 'REVOKED', updated_at: at });
          break;
        case 'InvitationAccepted':
          invitations.update(event.data.invitationId, { status: 'ACCEPTED', accepted_user_id: event.data.userId, updated_at: at });
          break;
      }
    }
    await invitations.write(trx);
  },
};
