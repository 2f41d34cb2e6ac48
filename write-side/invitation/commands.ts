import { randomUUID } from 'node:crypto';
import { findInvitation, hasPendingInvitation, type InvitationRecord } from '../../read-side/invitations';
import { getOrganization } from '../../read-side/organizations';
import { findUserByEmail } from '../../read-side/users';
import { conflict, notFound } from '../errors';
import type { WriteSidePorts } from '../ports';
import type { CommandContext } from '../command-handler';
import { portalUrl, sendMail } from '../mail/mail';
import { invitationMail } from '../mail/templates';
import { fold } from '../decider';
import { hashToken, issueSecretToken, tokenId } from '../secret-token';
import type { Locale, Role } from '../user/events';
import { assertLinkUsable, invitationDecider, type InvitationCommand } from './decide';
import { invitationStream, type InvitationEvent } from './events';

type Deps = Pick<WriteSidePorts, 'commands' | 'config' | 'db' | 'mail' | 'logger'>;

const handleInvitation = (services: Pick<WriteSidePorts, 'commands'>, invitationId: string, command: InvitationCommand, context: CommandContext) =>
  services.commands.handle(invitationDecider, invitationStream(invitationId), command, context);

/** A fresh link and its expiry: INVITATION_EXPIRY_HOURS from now. */
function newLink(services: Deps, invitationId: string, now: Date) {
  const { token, hash } = issueSecretToken(invitationId);
  const expiresAt = new Date(now.getTime() + services.config.INVITATION_EXPIRY_HOURS * 3_600_000).toISOString();
  return { link: `${portalUrl(services.config)}/register?token=${encodeURIComponent(token)}`, tokenHash: hash, expiresAt };
}

async function mailInvitation(services: Deps, invitationId: string, link: string) {
  const invitation = (await findInvitation(services.db, invitationId))!;
  const organization = await getOrganization(services.db, invitation.organizationId);
  await sendMail(
    services,
    invitationMail(invitation.locale, invitation.email, {
      organizationName: organization.name,
      role: invitation.role,
      link,
      expiresAt: invitation.expiresAt.toISOString(),
    }),
  );
}

/** Invites a person into an organization with a role; the token travels only by mail. */
export async function createInvitation(
  services: Deps,
  context: CommandContext,
  input: { organizationId: string; email: string; role: Role; locale: Locale },
): Promise<string> {
  const email = input.email.toLowerCase();
  await getOrganization(services.db, input.organizationId);
  if (await findUserByEmail(services.db, email)) throw conflict('EMAIL_ALREADY_REGISTERED', 'A user with this e-mail address already exists');
  if (await hasPendingInvitation(services.db, input.organizationId, email, context.now))
    throw conflict('INVITATION_ALREADY_PENDING', 'An invitation for this e-mail address is already pending');
  const invitationId = randomUUID();
  const { link, tokenHash, expiresAt } = newLink(services, invitationId, context.now);
  await handleInvitation(
    services,
    invitationId,
    {
      type: 'CreateInvitation',
      invitationId,
      organizationId: input.organizationId,
      invitedByOrganizationId: context.organizationId ?? input.organizationId,
      invitedBy: context.actorId,
      email,
      role: input.role,
      locale: input.locale,
      tokenHash,
      expiresAt,
    },
    context,
  );
  await mailInvitation(services, invitationId, link);
  return invitationId;
}

/** A new link with a new expiry; the old link stops working. */
export async function resendInvitation(services: Deps, context: CommandContext, invitationId: string): Promise<void> {
  const { link, tokenHash, expiresAt } = newLink(services, invitationId, context.now);
  await handleInvitation(services, invitationId, { type: 'ResendInvitation', tokenHash, expiresAt }, context);
  await mailInvitation(services, invitationId, link);
}

/**
 * The invitation a registration link opens, or why it does not: 404 for a link that never was one,
 * 410 for a used, revoked, expired or replaced (resent) one.
 */
export async function invitationOfLink(services: Pick<WriteSidePorts, 'db' | 'eventStore'>, token: string, now: Date): Promise<InvitationRecord> {
  const invitationId = tokenId(token);
  if (!invitationId) throw notFound('Invitation');
  const state = fold(invitationDecider, (await services.eventStore.readStream(invitationStream(invitationId))) as unknown as InvitationEvent[]);
  assertLinkUsable(state, hashToken(token), now.toISOString());
  const invitation = await findInvitation(services.db, invitationId);
  if (!invitation) throw notFound('Invitation');
  return invitation;
}

export async function revokeInvitation(services: Deps, context: CommandContext, invitationId: string): Promise<void> {
  await handleInvitation(services, invitationId, { type: 'RevokeInvitation' }, context);
}
