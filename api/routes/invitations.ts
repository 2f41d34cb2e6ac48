import { findInvitation, invitationView, listInvitations, visibleTo, type InvitationRecord } from '../../read-side/invitations';
import { getOrganization } from '../../read-side/organizations';
import { notFound } from '../../write-side/errors';
import type { Services } from '../../runtime/services';
import { INVITATION_STATUSES } from '../../write-side/invitation/events';
import { createInvitation, invitationOfLink, resendInvitation, revokeInvitation } from '../../write-side/invitation/commands';
import { authorize, type Principal } from '../abilities';
import { throttlePublicAuth } from '../auth';
import { commandContext } from '../command-context';
import { Id, page, pageQuery, z } from '../openapi';
import { ability, defineRoute, PUBLIC } from '../route';
import { Email, Invitation, Locale, Role } from './schemas';

const InvitationParams = z.object({ invitationId: Id });

export const InviteBody = z.strictObject({
  email: Email,
  role: Role,
  locale: Locale.default('es').openapi({ description: 'language of the mail and of the first visit; the deployment region (es) by default' }),
});

const InvitationPreview = z
  .object({ email: z.string(), organizationName: z.string(), role: Role })
  .openapi('InvitationPreview', { description: 'All a registration form needs, and nothing more' });

/**
 * An invitation belongs to the organization it invites into and to the one whose administrator
 * issued it (the CENTRAL bank onboarding a participant's administrator).
 */
async function invitationFor(services: Services, principal: Principal, invitationId: string): Promise<InvitationRecord> {
  const invitation = await findInvitation(services.db, invitationId);
  if (!invitation) throw notFound('Invitation');
  const owner = visibleTo(principal.organizationId)(invitation) ? principal.organizationId : invitation.organizationId;
  authorize(principal, 'manage', 'Invitation', { organizationId: owner }, 'Invitation');
  return invitation;
}

const viewOf = async (services: Services, invitationId: string) => invitationView(new Date())((await findInvitation(services.db, invitationId))!);

export const invitationRoutes = [
  defineRoute({
    method: 'post',
    path: '/invitations',
    summary: 'Invite a person into your organization with a role; the link travels by mail',
    tags: ['Invitations'],
    access: ability('manage', 'Invitation'),
    body: InviteBody,
    responses: {
      201: { description: 'Invitation created and mailed', schema: Invitation },
      409: { description: 'EMAIL_ALREADY_REGISTERED or INVITATION_ALREADY_PENDING' },
    },
    handler: async (context) => {
      const invitationId = await createInvitation(context.services, commandContext(context), {
        ...context.body,
        organizationId: context.principal.organizationId,
      });
      return { status: 201, body: await viewOf(context.services, invitationId) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/invitations',
    summary: 'List invitations of your organization (and those it issued to onboard other organizations)',
    tags: ['Invitations'],
    access: ability('read', 'Invitation'),
    query: z.object({ ...pageQuery, status: z.enum(INVITATION_STATUSES).optional(), organizationId: Id.optional() }),
    responses: { 200: { description: 'Newest first; EXPIRED is derived from the expiry', schema: page(Invitation) } },
    handler: async ({ services, principal, query }) => ({
      status: 200,
      body: await listInvitations(services.db, principal.organizationId, query, new Date()),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/invitations/validate/:token',
    summary: 'Check an invitation link before registering',
    tags: ['Invitations'],
    access: PUBLIC,
    params: z.object({ token: z.string().min(1).max(200) }),
    responses: {
      200: { description: 'The link opens an account', schema: InvitationPreview },
      404: { description: 'NOT_FOUND: no invitation has this token' },
      410: { description: 'INVITATION_EXPIRED (also a link a resend replaced), INVITATION_REVOKED or INVITATION_ALREADY_ACCEPTED' },
      429: { description: 'RATE_LIMITED: too many checks from the caller\'s address' },
    },
    handler: async ({ services, params, req }) => {
      await throttlePublicAuth(services, req, 'invitation-validate');
      const invitation = await invitationOfLink(services, params.token, new Date());
      const organization = await getOrganization(services.db, invitation.organizationId);
      return { status: 200, body: { email: invitation.email, organizationName: organization.name, role: invitation.role } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/invitations/:invitationId/revoke',
    summary: 'Revoke a pending invitation',
    tags: ['Invitations'],
    access: ability('manage', 'Invitation'),
    params: InvitationParams,
    responses: {
      200: { description: 'The invitation, REVOKED', schema: Invitation },
      404: { description: 'NOT_FOUND' },
      409: { description: 'INVITATION_NOT_PENDING' },
    },
    handler: async (context) => {
      await invitationFor(context.services, context.principal, context.params.invitationId);
      await revokeInvitation(context.services, commandContext(context), context.params.invitationId);
      return { status: 200, body: await viewOf(context.services, context.params.invitationId) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/invitations/:invitationId/resend',
    summary: 'Mail a new link with a new expiry; the old link stops working',
    tags: ['Invitations'],
    access: ability('manage', 'Invitation'),
    params: InvitationParams,
    responses: {
      200: { description: 'The invitation, PENDING again', schema: Invitation },
      404: { description: 'NOT_FOUND' },
      409: { description: 'INVITATION_NOT_PENDING' },
    },
    handler: async (context) => {
      await invitationFor(context.services, context.principal, context.params.invitationId);
      await resendInvitation(context.services, commandContext(context), context.params.invitationId);
      return { status: 200, body: await viewOf(context.services, context.params.invitationId) };
    },
  }),
];
