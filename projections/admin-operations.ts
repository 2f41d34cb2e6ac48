import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { InvitationEvent } from '../write-side/invitation/events';
import type { UserEvent } from '../write-side/user/events';
import { GOVERNANCE_ADMIN_OPERATIONS } from './governance-admin-operations';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** The spec's AdminOperationType: the ADMIN entries of the activity log. */
export const ADMIN_OPERATION_TYPES = [
  'WHITELIST_ADD',
  'WHITELIST_REMOVE',
  'EXCHANGE_ADDRESS_SET',
  'EXCHANGE_FROZEN',
  'EXCHANGE_UNFROZEN',
  'USER_INVITED',
  'USER_ROLE_CHANGED',
  'USER_DEACTIVATED',
  'INVITATION_CANCELLED',
  'INVITATION_RESENT',
  'CHAIN_RPC_UPDATED',
  'ACCOUNT_CREATED',
  'DISBURSEMENT_REQUESTED',
  'REDEMPTION_REQUESTED',
  // Beyond the spec's list (contract "Organizations and accounts"): suspensions, reinstatements, renames and limits.
  'ORGANIZATION_STATUS_CHANGED',
  'ORGANIZATION_UPDATED',
] as const;
export type AdminOperationType = (typeof ADMIN_OPERATION_TYPES)[number];

export interface AdminOperation {
  type: AdminOperationType;
  /** The organization whose activity log shows it: the one acted upon. */
  organizationId: string;
  subjectType: 'User' | 'Invitation' | 'Organization' | (string & {});
  subjectId: string;
  summary: Record<string, unknown>;
}

type Of<Union extends { type: string; data: unknown }, Type> = Extract<Union, { type: Type }>['data'];

/** Organization events carry the organization id and what changed; what changed is the summary. */
const onOrganization =
  (type: AdminOperationType) =>
  (event: RecordedEvent): AdminOperation => {
    const { organizationId, ...summary } = event.data as { organizationId: string } & Record<string, unknown>;
    return { type, organizationId, subjectType: 'Organization', subjectId: organizationId, summary };
  };

const onUser =
  (type: AdminOperationType) =>
  (event: RecordedEvent): AdminOperation => {
    const { organizationId, userId, ...summary } = event.data as Of<UserEvent, 'UserRoleChanged' | 'UserDeactivated'>;
    return { type, organizationId, subjectType: 'User', subjectId: userId, summary };
  };

/** Never the token hash: the summary is shown to every reader of the activity log. */
const onInvitation =
  (type: AdminOperationType) =>
  (event: RecordedEvent): AdminOperation => {
    const data = event.data as Of<InvitationEvent, 'InvitationCreated' | 'InvitationResent' | 'InvitationRevoked'>;
    const summary = { email: data.email, ...('role' in data ? { role: data.role } : {}), ...('expiresAt' in data ? { expiresAt: data.expiresAt } : {}) };
    return { type, organizationId: data.organizationId, subjectType: 'Invitation', subjectId: data.invitationId, summary };
  };

/**
 * Which recorded events are administrative actions, and how each reads in the activity log. The
 * operation id is the event id, so a rebuild reproduces the same ids. Other aggregates (whitelist,
 * accounts, bridging) add their event types here.
 */
export const ADMIN_OPERATIONS: Record<string, (event: RecordedEvent) => AdminOperation> = {
  InvitationCreated: onInvitation('USER_INVITED'),
  InvitationResent: onInvitation('INVITATION_RESENT'),
  InvitationRevoked: onInvitation('INVITATION_CANCELLED'),
  UserRoleChanged: onUser('USER_ROLE_CHANGED'),
  UserDeactivated: onUser('USER_DEACTIVATED'),
  ExchangeAddressSet: onOrganization('EXCHANGE_ADDRESS_SET'),
  ExchangeFrozen: onOrganization('EXCHANGE_FROZEN'),
  ExchangeUnfrozen: onOrganization('EXCHANGE_UNFROZEN'),
  ChainRpcUpdated: onOrganization('CHAIN_RPC_UPDATED'),
  ...GOVERNANCE_ADMIN_OPERATIONS,
};

/** The ADMIN half of the activity log: who did what to which organization, and when. */
export const adminOperationsProjection: Projection = {
  name: 'admin-operations',
  tables: ['admin_operations'],
  handles: Object.keys(ADMIN_OPERATIONS),
  async applyBatch(trx, events) {
    const operations = new TableChanges('admin_operations');
    for (const event of events) {
      const operation = ADMIN_OPERATIONS[event.type]!(event);
      operations.insert({
        id: event.id,
        type: operation.type,
        organization_id: operation.organizationId,
        actor_id: event.metadata.actorId,
        actor_organization_id: event.metadata.organizationId,
        occurred_at: event.metadata.occurredAt,
        subject_type: operation.subjectType,
        subject_id: operation.subjectId,
        summary: operation.summary,
      });
    }
    await operations.write(trx);
  },
};
