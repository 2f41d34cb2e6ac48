import { visibleAccountIds } from '../../read-side/accounts';
import { findUser, listSelectableUsers, listUsers, userView } from '../../read-side/users';
import { notFound } from '../../write-side/errors';
import type { Services } from '../../runtime/services';
import { changeLocale, changeRole, deactivateUser, pinWallets } from '../../write-side/user/commands';
import { abilitiesOf, ACTIONS, authorize, ISSUER_WIDE_SUBJECTS, SUBJECTS, type Principal } from '../abilities';
import { commandContext } from '../command-context';
import { Id, page, pageQuery, z } from '../openapi';
import { ability, AUTHENTICATED, defineRoute } from '../route';
import { Locale, Role, User } from './schemas';

const UserParams = z.object({ userId: Id });

const Abilities = z
  .object({
    role: Role,
    organizationType: z.enum(['CENTRAL', 'COMMERCIAL']),
    abilities: z.record(z.enum(SUBJECTS), z.array(z.enum(ACTIONS))),
    issuerWideSubjects: z.array(z.enum(SUBJECTS)).openapi({
      description: 'subjects a CENTRAL principal holds on every organization; every other ability covers its own organization only',
    }),
  })
  .openapi('Abilities');

/** A user of an organization the caller may see, for `action`; 404 otherwise. */
async function userFor(services: Services, principal: Principal, action: 'read' | 'manage', userId: string) {
  const user = await findUser(services.db, userId);
  if (!user) throw notFound('User');
  authorize(principal, action, 'User', user, 'User');
  return user;
}

const me = async (services: Services, principal: Principal) => userView((await findUser(services.db, principal.userId))!);

export const userRoutes = [
  defineRoute({
    method: 'get',
    path: '/users/me',
    summary: 'The current user',
    tags: ['Users'],
    access: AUTHENTICATED,
    responses: { 200: { description: 'The caller', schema: User } },
    handler: async ({ services, principal }) => ({ status: 200, body: await me(services, principal) }),
  }),
  defineRoute({
    method: 'get',
    path: '/users/me/abilities',
    summary: 'What the current user may do (the shared rule set), so a UI can hide the rest',
    tags: ['Users'],
    access: AUTHENTICATED,
    responses: { 200: { description: 'Actions per subject', schema: Abilities } },
    handler: async ({ principal }) => ({
      status: 200,
      body: {
        role: principal.role,
        organizationType: principal.organizationType,
        abilities: abilitiesOf(principal),
        issuerWideSubjects: principal.organizationType === 'CENTRAL' ? [...ISSUER_WIDE_SUBJECTS] : [],
      },
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/users',
    summary: "List the organization's internal users",
    tags: ['Users'],
    access: ability('read', 'User'),
    query: z.object({
      ...pageQuery,
      q: z.string().max(200).optional().openapi({ description: 'part of the name or e-mail' }),
      role: Role.optional(),
      status: z.enum(['ACTIVE', 'DEACTIVATED']).optional(),
    }),
    responses: { 200: { description: 'Users by name', schema: page(User) } },
    handler: async ({ services, principal, query }) => ({ status: 200, body: await listUsers(services.db, principal.organizationId, query) }),
  }),
  defineRoute({
    method: 'get',
    path: '/users/selectable',
    summary: 'Users selectable as account members (active people of the organization)',
    tags: ['Users'],
    access: ability('read', 'User'),
    query: z.object(pageQuery),
    responses: { 200: { description: 'Active users by name', schema: page(User) } },
    handler: async ({ services, principal, query }) => ({
      status: 200,
      body: await listSelectableUsers(services.db, principal.organizationId, query),
    }),
  }),
  defineRoute({
    method: 'get',
    path: '/users/:userId',
    summary: 'Get a user of your organization',
    tags: ['Users'],
    access: ability('read', 'User'),
    params: UserParams,
    responses: { 200: { description: 'The user', schema: User }, 404: { description: 'NOT_FOUND' } },
    handler: async ({ services, principal, params }) => ({
      status: 200,
      body: userView(await userFor(services, principal, 'read', params.userId)),
    }),
  }),
  defineRoute({
    method: 'patch',
    path: '/users/me/pinned-wallets',
    summary: 'Set your pinned accounts',
    tags: ['Users'],
    access: ability('read', 'User'),
    body: z.strictObject({ multisigIds: z.array(Id).max(50).refine((ids) => new Set(ids).size === ids.length, 'ids must be unique') }),
    responses: { 200: { description: 'The caller', schema: User } },
    handler: async (context) => {
      const { services, principal, body } = context;
      const visible = await visibleAccountIds(services.db, principal, body.multisigIds);
      await pinWallets(services, commandContext(context), principal.userId, body.multisigIds, visible);
      return { status: 200, body: await me(context.services, context.principal) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/users/me/locale',
    summary: 'Set your language',
    tags: ['Users'],
    access: ability('read', 'User'),
    body: z.strictObject({ locale: Locale }),
    responses: { 200: { description: 'The caller', schema: User } },
    handler: async (context) => {
      await changeLocale(context.services, commandContext(context), context.principal.userId, context.body.locale);
      return { status: 200, body: await me(context.services, context.principal) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/users/:userId/roles',
    summary: "Change a user's role",
    tags: ['Users'],
    access: ability('manage', 'User'),
    params: UserParams,
    body: z.strictObject({ role: Role }),
    responses: {
      200: { description: 'The user', schema: User },
      404: { description: 'NOT_FOUND' },
      409: { description: 'USER_DEACTIVATED' },
      422: { description: 'LAST_ADMINISTRATOR or SYSTEM_IDENTITY' },
    },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      await userFor(services, principal, 'manage', params.userId);
      await changeRole(services, commandContext(context), params.userId, body.role);
      return { status: 200, body: userView((await findUser(services.db, params.userId))!) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/users/:userId/deactivate',
    summary: 'Deactivate a user; their tokens stop working at once',
    tags: ['Users'],
    access: ability('manage', 'User'),
    params: UserParams,
    responses: {
      200: { description: 'The user', schema: User },
      404: { description: 'NOT_FOUND' },
      409: { description: 'USER_DEACTIVATED' },
      422: { description: 'LAST_ADMINISTRATOR, CANNOT_DEACTIVATE_YOURSELF or SYSTEM_IDENTITY' },
    },
    handler: async (context) => {
      const { services, principal, params } = context;
      await userFor(services, principal, 'manage', params.userId);
      await deactivateUser(services, commandContext(context), params.userId);
      return { status: 200, body: userView((await findUser(services.db, params.userId))!) };
    },
  }),
];
