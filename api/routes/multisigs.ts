import { randomUUID } from 'node:crypto';
import { findVisibleAccount, listAccounts } from '../../read-side/accounts';
import { tokenDisplay } from '../../read-side/tokens';
import { changeAccount, createAccount, resolveMembers } from '../../write-side/account/commands';
import { MULTISIG_TYPES } from '../../write-side/account/events';
import { idempotentId } from '../../write-side/idempotency';
import { commandContext } from '../command-context';
import { IdempotencyHeaders, idempotent } from '../governance';
import { Id, pageQuery, page, z } from '../openapi';
import { ability, AUTHENTICATED, defineRoute } from '../route';

const Member = z.object({ userId: z.string(), name: z.string().nullable(), address: z.string(), weight: z.number().int() }).openapi('AccountMember');
const Policy = z.object({ threshold: z.number().int(), totalWeight: z.number().int() });

export const Account = z
  .object({
    id: z.string(),
    organizationId: z.string(),
    label: z.string(),
    type: z.enum(MULTISIG_TYPES),
    address: z.string(),
    members: z.array(Member),
    policy: Policy,
    archived: z.boolean(),
    groupVersion: z.number().int(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Account');

const Balance = z
  .object({
    address: z.string(),
    balances: z.array(z.object({ denom: z.string(), symbol: z.string(), exponent: z.number().int(), amount: z.string() })),
  })
  .openapi('AccountBalance');

const Health = z
  .object({
    status: z.enum(['up', 'down']),
    reachable: z.boolean(),
    chainId: z.string().nullable(),
    height: z.number().int().nullable(),
    latencyMs: z.number().int(),
    checkedAt: z.string(),
    policyOnChain: z.boolean().nullable(),
  })
  .openapi('AccountHealth');

const Weight = z.number().int().positive().max(1_000_000);
const Label = z.string().trim().min(1).max(100);
const Params = z.object({ multisigId: Id });

export const multisigRoutes = [
  defineRoute({
    method: 'get',
    path: '/multisigs',
    summary: 'List accounts (members see those they belong to; administrators and auditors all of the organization’s)',
    tags: ['Accounts'],
    access: AUTHENTICATED,
    query: z.object({
      ...pageQuery,
      type: z.enum(MULTISIG_TYPES).optional(),
      archived: z.enum(['true', 'false']).transform((value) => value === 'true').optional(),
    }),
    responses: { 200: { description: 'Accounts with their type', schema: page(Account) } },
    handler: async ({ services, principal, query }) => ({ status: 200, body: await listAccounts(services.db, principal, query) }),
  }),
  defineRoute({
    method: 'post',
    path: '/multisigs',
    summary: 'Create a custom account: its group policy on the chain (members with weights, threshold)',
    tags: ['Accounts'],
    access: ability('create', 'Multisig'),
    headers: IdempotencyHeaders,
    body: z.strictObject({
      label: Label,
      members: z.array(z.strictObject({ userId: Id, weight: Weight })).min(1).max(50),
      threshold: Weight,
    }),
    responses: {
      201: { description: 'Created, with its chain address', schema: Account },
      422: { description: 'INVALID_MEMBER, INVALID_GROUP, INVALID_THRESHOLD' },
      503: { description: 'DEPENDENCY_UNAVAILABLE: the chain did not answer; a retry with the same Idempotency-Key finishes this account, never a second one' },
    },
    handler: async (context) =>
      idempotent(context, async (key) => {
        const { services, principal, body } = context;
        const members = await resolveMembers(services.db, principal.organizationId, body.members);
        // From the key, a retry names the same account and finishes its recorded creation.
        const accountId = key ? idempotentId('account', principal.userId, key) : randomUUID();
        await createAccount(services, commandContext(context), {
          accountId,
          organizationId: principal.organizationId,
          label: body.label,
          type: 'CUSTOM',
          members,
          threshold: body.threshold,
          createdBy: principal.userId,
        });
        return { status: 201, body: await findVisibleAccount(services.db, principal, accountId) };
      }),
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId',
    summary: 'Account detail',
    tags: ['Accounts'],
    access: AUTHENTICATED,
    params: Params,
    responses: { 200: { description: 'The account', schema: Account } },
    handler: async ({ services, principal, params }) => ({ status: 200, body: await findVisibleAccount(services.db, principal, params.multisigId) }),
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/members',
    summary: 'Members and their weights',
    tags: ['Accounts'],
    access: AUTHENTICATED,
    params: Params,
    responses: { 200: { description: 'Members, heaviest first', schema: page(Member) } },
    handler: async ({ services, principal, params }) => {
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      return { status: 200, body: { items: account.members, total: account.members.length, page: 1, pageSize: Math.max(account.members.length, 1) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/policy',
    summary: 'Decision policy (threshold)',
    tags: ['Accounts'],
    access: AUTHENTICATED,
    params: Params,
    responses: {
      200: {
        description: 'The threshold decision policy',
        schema: z
          .object({
            type: z.literal('THRESHOLD'),
            address: z.string(),
            threshold: z.number().int(),
            totalWeight: z.number().int(),
            votingPeriodSeconds: z.number().int(),
            groupVersion: z.number().int(),
          })
          .openapi('DecisionPolicy'),
      },
    },
    handler: async ({ services, principal, params }) => {
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      return {
        status: 200,
        body: {
          type: 'THRESHOLD',
          address: account.address,
          threshold: account.policy.threshold,
          totalWeight: account.policy.totalWeight,
          votingPeriodSeconds: Math.floor(services.config.PROPOSAL_VOTING_PERIOD / 1000),
          groupVersion: account.groupVersion,
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/balance',
    summary: 'Live balance, read from the chain',
    tags: ['Accounts'],
    access: AUTHENTICATED,
    params: Params,
    responses: { 200: { description: 'Balances in base units', schema: Balance } },
    handler: async ({ services, principal, params }) => {
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      const [balances, display] = await Promise.all([services.chain.getAllBalances(account.address), tokenDisplay(services.db)]);
      return {
        status: 200,
        body: {
          address: account.address,
          balances: balances
            .filter((balance) => balance.amount > 0n)
            .map((balance) => ({ denom: balance.denom, ...display(balance.denom), amount: balance.amount.toString() })),
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/health',
    summary: 'Chain reachability and height, as seen for this account',
    tags: ['Accounts'],
    access: AUTHENTICATED,
    params: Params,
    responses: { 200: { description: 'Reachability (a down chain answers 200 with reachable false)', schema: Health } },
    handler: async ({ services, principal, params }) => {
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      const started = Date.now();
      try {
        const status = await Promise.race([
          services.chain.status(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), 3000).unref()),
        ]);
        const policy = account.type === 'SETTLEMENT' ? null : (await services.chain.getGroupPolicy(account.address)) !== null;
        return {
          status: 200,
          body: {
            status: 'up',
            reachable: true,
            chainId: status.chainId,
            height: status.height,
            latencyMs: Date.now() - started,
            checkedAt: new Date().toISOString(),
            policyOnChain: policy,
          },
        };
      } catch {
        return {
          status: 200,
          body: { status: 'down', reachable: false, chainId: null, height: null, latencyMs: Date.now() - started, checkedAt: new Date().toISOString(), policyOnChain: null },
        };
      }
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/multisigs/:multisigId',
    summary: 'Edit the label',
    tags: ['Accounts'],
    access: ability('manage', 'Multisig'),
    params: Params,
    body: z.strictObject({ label: Label }),
    responses: { 200: { description: 'Updated', schema: Account } },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      await findVisibleAccount(services.db, principal, params.multisigId);
      await changeAccount(services, commandContext(context), params.multisigId, { type: 'ChangeLabel', label: body.label });
      return { status: 200, body: await findVisibleAccount(services.db, principal, params.multisigId) };
    },
  }),
  ...(['archive', 'unarchive'] as const).map((action) =>
    defineRoute({
      method: 'post',
      path: `/multisigs/:multisigId/${action}`,
      summary: action === 'archive' ? 'Archive (an archived account takes no new proposals)' : 'Unarchive',
      tags: ['Accounts'],
      access: ability('manage', 'Multisig'),
      params: Params,
      responses: { 200: { description: action === 'archive' ? 'Archived' : 'Unarchived', schema: Account }, 422: { description: 'SYSTEM_ACCOUNT' } },
      handler: async (context) => {
        const { services, principal, params } = context;
        await findVisibleAccount(services.db, principal, params.multisigId);
        await changeAccount(services, commandContext(context), params.multisigId, { type: action === 'archive' ? 'Archive' : 'Unarchive' });
        return { status: 200, body: await findVisibleAccount(services.db, principal, params.multisigId) };
      },
    }),
  ),
];
