import type { Knex } from 'knex';
import { Model, raw, snakeCaseMappers } from 'objection';
import type { InvitationStatus } from '../write-side/invitation/events';
import type { Locale, Role } from '../write-side/user/events';
import { paginate, type PageRequest } from './pagination';

export class InvitationRecord extends Model {
  static override tableName = 'invitations';
  static override columnNameMappers = snakeCaseMappers();

  id!: string;
  organizationId!: string;
  invitedByOrganizationId!: string;
  invitedBy!: string | null;
  email!: string;
  role!: Role;
  locale!: Locale;
  /** As stored: PENDING, ACCEPTED or REVOKED. */
  status!: Exclude<InvitationStatus, 'EXPIRED'>;
  tokenHash!: string;
  expiresAt!: Date;
  createdAt!: Date;
  updatedAt!: Date;
  acceptedUserId!: string | null;
}

/** EXPIRED is what a PENDING invitation becomes when its time has passed. */
export const invitationStatus = (invitation: InvitationRecord, now: Date): InvitationStatus =>
  invitation.status === 'PENDING' && invitation.expiresAt <= now ? 'EXPIRED' : invitation.status;

export const invitationView = (now: Date) => (invitation: InvitationRecord) => ({
  id: invitation.id,
  organizationId: invitation.organizationId,
  email: invitation.email,
  role: invitation.role,
  locale: invitation.locale,
  status: invitationStatus(invitation, now),
  expiresAt: invitation.expiresAt.toISOString(),
  invitedBy: invitation.invitedBy,
  createdAt: invitation.createdAt.toISOString(),
});

export const findInvitation = (db: Knex, id: string) => InvitationRecord.query(db).findById(id);

/** Invitations into the organization, and those its administrators issued to other organizations (onboarding). */
export const visibleTo = (organizationId: string) => (invitation: InvitationRecord) =>
  invitation.organizationId === organizationId || invitation.invitedByOrganizationId === organizationId;

const visibleQuery = (db: Knex, viewerOrganizationId: string) =>
  InvitationRecord.query(db).where((where) =>
    where.where({ organization_id: viewerOrganizationId }).orWhere({ invited_by_organization_id: viewerOrganizationId }),
  );

export interface InvitationFilter extends PageRequest {
  status?: InvitationStatus;
  organizationId?: string;
}

export function listInvitations(db: Knex, viewerOrganizationId: string, filter: InvitationFilter, now: Date) {
  const query = (snapshot: Knex) => {
    const invitations = visibleQuery(snapshot, viewerOrganizationId).orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
    if (filter.organizationId) invitations.where({ organization_id: filter.organizationId });
    if (filter.status === 'EXPIRED') invitations.where({ status: 'PENDING' }).where('expires_at', '<=', now);
    else if (filter.status === 'PENDING') invitations.where({ status: 'PENDING' }).where('expires_at', '>', now);
    else if (filter.status) invitations.where({ status: filter.status });
    return invitations;
  };
  return paginate(db, query, filter, invitationView(now));
}

/** Open invitations the viewer's organization sees (see listInvitations) that expire before `until`. */
export const invitationsExpiringBefore = (db: Knex, viewerOrganizationId: string, now: Date, until: Date) =>
  visibleQuery(db, viewerOrganizationId).where({ status: 'PENDING' }).where('expires_at', '>', now).where('expires_at', '<=', until).orderBy('expires_at');

/** Whether an unexpired invitation for this address is already waiting in the organization. */
export const hasPendingInvitation = async (db: Knex, organizationId: string, email: string, now: Date) =>
  Boolean(
    await InvitationRecord.query(db)
      .where({ organization_id: organizationId, status: 'PENDING' })
      .where('expires_at', '>', now)
      .where(raw('lower(email)'), email.toLowerCase())
      .first(),
  );
