import { randomUUID } from 'node:crypto';
import { membershipsOf } from '../../read-side/accounts';
import { findUser, findUserByEmail, type UserRecord } from '../../read-side/users';
import { conflict, unauthenticated } from '../errors';
import type { WriteSidePorts } from '../ports';
import type { CommandContext } from '../command-handler';
import { newSealedCustodyKey } from '../custody/custody';
import { fold } from '../decider';
import { invitationOfLink } from '../invitation/commands';
import { invitationDecider } from '../invitation/decide';
import { invitationStream } from '../invitation/events';
import { passwordResetMail } from '../mail/templates';
import { portalUrl, sendMail } from '../mail/mail';
import { appointAdministrator, handleOrganization } from '../organization/commands';
import { hashToken, issueSecretToken, tokenId } from '../secret-token';
import { revokeSessionsOf } from '../session/commands';
import { emailDecider, resetLinkUnusable, userDecider, type UserCommand, type UserState } from './decide';
import { emailStream, userStream, type Locale, type Role, type UserEvent, type UserKind, type UserRegisteredData } from './events';
import { assertPasswordPolicy, hashPassword, verifyAgainstDecoy, verifyPassword } from './password';

type Deps = Pick<WriteSidePorts, 'commands' | 'config' | 'db' | 'eventStore' | 'keyEncryptionKey' | 'mail' | 'logger'>;

const handleUser = (services: Pick<WriteSidePorts, 'commands'>, userId: string, command: UserCommand, context: CommandContext) =>
  services.commands.handle(userDecider, userStream(userId), command, context);

/** The user aggregate with what the read model leaves out: password hash, pending reset, sealed custody key. */
export async function loadUser(services: Pick<WriteSidePorts, 'eventStore'>, userId: string): Promise<UserState> {
  const recorded = await services.eventStore.readStream(userStream(userId));
  return fold(userDecider, recorded as unknown as UserEvent[]);
}

export interface Enrollment {
  organizationId: string;
  kind: UserKind;
  email: string | null;
  name: string;
  role: Role;
  /** null for the BRIDGING identity, which never logs in. */
  password: string | null;
  locale: Locale;
  invitationId: string | null;
}

/**
 * Creates a user: claims the e-mail address, generates the custody signing key, records the user and,
 * for an administrator, joins the organization's admin roster (which activates a PENDING organization).
 * `consume` runs once the address is claimed (accepting the invitation); if it fails, the claim is released.
 */
export async function enrollUser(
  services: Deps,
  context: CommandContext,
  enrollment: Enrollment,
  consume: (userId: string) => Promise<unknown> = async () => undefined,
): Promise<string> {
  const userId = randomUUID();
  const passwordHash = enrollment.password === null ? null : await hashPassword(enrollment.password, services.config.PASSWORD_HASH_COST);
  const email = enrollment.email?.toLowerCase() ?? null;
  if (email) {
    await services.commands.handle(emailDecider, emailStream(email), { type: 'ClaimEmail', email, userId }, context);
    try {
      await consume(userId);
    } catch (error) {
      await services.commands.handle(emailDecider, emailStream(email), { type: 'ReleaseEmail', email, userId }, context);
      throw error;
    }
  }
  const user: UserRegisteredData = {
    userId,
    organizationId: enrollment.organizationId,
    kind: enrollment.kind,
    email,
    name: enrollment.name,
    role: enrollment.role,
    passwordHash,
    locale: enrollment.locale,
    invitationId: enrollment.invitationId,
    ...newSealedCustodyKey(services),
  };
  await handleUser(services, userId, { type: 'RegisterUser', user }, context);
  if (enrollment.kind === 'HUMAN' && enrollment.role === 'administrator')
    await appointAdministrator(services, context, enrollment.organizationId, userId);
  return userId;
}

/** POST /auth/register: the invitation link opens an account in the invitation's organization with its role. */
export async function registerWithInvitation(
  services: Deps,
  context: CommandContext,
  input: { token: string; name: string; password: string },
): Promise<string> {
  // Answer a dead link before hashing a password; accepting re-checks it against the stream.
  const invitation = await invitationOfLink(services, input.token, context.now);
  const tokenHash = hashToken(input.token);
  if (await findUserByEmail(services.db, invitation.email))
    throw conflict('EMAIL_ALREADY_REGISTERED', 'A user with this e-mail address already exists');
  assertPasswordPolicy(input.password, invitation.email);
  const enrollmentContext = { ...context, organizationId: invitation.organizationId };
  return enrollUser(
    services,
    enrollmentContext,
    {
      organizationId: invitation.organizationId,
      kind: 'HUMAN',
      email: invitation.email,
      name: input.name,
      role: invitation.role,
      password: input.password,
      locale: invitation.locale,
      invitationId: invitation.id,
    },
    (userId) =>
      services.commands.handle(
        invitationDecider,
        invitationStream(invitation.id),
        { type: 'AcceptInvitation', tokenHash, userId, now: context.now.toISOString() },
        { ...enrollmentContext, actorId: userId },
      ),
  );
}

/** The same answer for an unknown address, a system identity, a deactivated user and a wrong password. */
export async function verifyCredentials(services: Deps, email: string, password: string): Promise<UserRecord> {
  const user = await findUserByEmail(services.db, email);
  const state = user?.active && user.kind === 'HUMAN' ? await loadUser(services, user.id) : null;
  const valid = state?.passwordHash
    ? await verifyPassword(password, state.passwordHash)
    : await verifyAgainstDecoy(password, services.config.PASSWORD_HASH_COST);
  if (!valid || !user) throw unauthenticated('The e-mail address or the password is wrong', 'INVALID_CREDENTIALS');
  return user;
}

/** Role changes that touch the administrator role go through the organization's roster first (last-administrator rule). */
export async function changeRole(services: Deps, context: CommandContext, userId: string, role: Role): Promise<void> {
  const state = await loadUser(services, userId);
  const command: UserCommand = { type: 'ChangeRole', role, memberships: await membershipsOf(services.db, userId) };
  // decide is pure: asking it first checks the user's own rules before the roster changes.
  if (userDecider.decide(command, state).length === 0) return;
  if (state.role === 'administrator')
    await handleOrganization(services, state.organizationId, { type: 'DismissAdministrator', userId }, context);
  if (role === 'administrator') await appointAdministrator(services, context, state.organizationId, userId);
  await handleUser(services, userId, command, context);
}

/** Deactivation ends the user's sessions; the access-token check refuses the user from the next request on. */
export async function deactivateUser(services: Deps, context: CommandContext, userId: string): Promise<void> {
  const state = await loadUser(services, userId);
  const command: UserCommand = { type: 'Deactivate', actorId: context.actorId ?? '', memberships: await membershipsOf(services.db, userId) };
  userDecider.decide(command, state); // the user's own rules first, as in changeRole
  if (state.role === 'administrator')
    await handleOrganization(services, state.organizationId, { type: 'DismissAdministrator', userId }, context);
  await handleUser(services, userId, command, context);
  await revokeSessionsOf(services, context, userId, 'USER_DEACTIVATED');
}

/** Mails a single-use reset link when the address belongs to an active person; says nothing either way. */
export async function requestPasswordReset(services: Deps, context: CommandContext, email: string): Promise<void> {
  const user = await findUserByEmail(services.db, email);
  if (!user?.active || user.kind !== 'HUMAN' || !user.email) return;
  const { token, hash } = issueSecretToken(user.id);
  const minutes = services.config.PASSWORD_RESET_EXPIRY_MINUTES;
  const expiresAt = new Date(context.now.getTime() + minutes * 60_000).toISOString();
  const result = await handleUser(services, user.id, { type: 'RequestPasswordReset', tokenHash: hash, expiresAt }, context);
  if (result.events.length === 0) return;
  const link = `${portalUrl(services.config)}/reset-password?token=${encodeURIComponent(token)}`;
  await sendMail(services, passwordResetMail(user.locale, user.email, { name: user.name, link, minutes }));
}

/** Sets a new password from a reset link and ends every session of the user. */
export async function resetPassword(services: Deps, context: CommandContext, token: string, password: string): Promise<void> {
  const userId = tokenId(token);
  const user = userId ? await findUser(services.db, userId) : undefined;
  const tokenHash = hashToken(token);
  const now = context.now.toISOString();
  if (!user) throw resetLinkUnusable();
  // Check the link before spending a hash on the new password; the append re-checks it.
  userDecider.decide({ type: 'ResetPassword', tokenHash, passwordHash: '', now }, await loadUser(services, user.id));
  assertPasswordPolicy(password, user.email);
  const passwordHash = await hashPassword(password, services.config.PASSWORD_HASH_COST);
  const userContext = { ...context, actorId: user.id, organizationId: user.organizationId };
  await handleUser(services, user.id, { type: 'ResetPassword', tokenHash, passwordHash, now }, userContext);
  await revokeSessionsOf(services, userContext, user.id, 'PASSWORD_RESET');
}

/** Needs the current password; the caller's own session stays, every other one ends. */
export async function changePassword(
  services: Deps,
  context: CommandContext,
  userId: string,
  input: { currentPassword: string; newPassword: string; keepSessionId: string | null },
): Promise<void> {
  const state = await loadUser(services, userId);
  if (!state.passwordHash || !(await verifyPassword(input.currentPassword, state.passwordHash)))
    throw unauthenticated('The current password is wrong', 'INVALID_CREDENTIALS');
  assertPasswordPolicy(input.newPassword, state.email, 'newPassword');
  const passwordHash = await hashPassword(input.newPassword, services.config.PASSWORD_HASH_COST);
  await handleUser(services, userId, { type: 'ChangePassword', passwordHash }, context);
  await revokeSessionsOf(services, context, userId, 'PASSWORD_CHANGED', input.keepSessionId);
}

export const changeLocale = (services: Deps, context: CommandContext, userId: string, locale: Locale) =>
  handleUser(services, userId, { type: 'ChangeLocale', locale }, context);

export const pinWallets = (services: Deps, context: CommandContext, userId: string, multisigIds: string[], visible: readonly string[]) =>
  handleUser(services, userId, { type: 'PinWallets', multisigIds, visible }, context);
