import { randomUUID } from 'node:crypto';
import { findVisibleAccount } from '../../read-side/accounts';
import { findWhitelistEntry, listWhitelist } from '../../read-side/whitelist';
import { whitelistDecider } from '../../write-side/whitelist/decide';
import { whitelistStream } from '../../write-side/whitelist/events';
import { commandContext } from '../command-context';
import { ChainAddress, pageOf, requireChainAddress } from '../governance';
import { Id, pageQuery, page, z } from '../openapi';
import { ability, AUTHENTICATED, defineRoute } from '../route';

const WhitelistEntry = z
  .object({
    id: z.string(),
    multisigId: z.string(),
    address: z.string(),
    label: z.string(),
    createdBy: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('WhitelistEntry');

const AccountParams = z.object({ multisigId: Id });
const EntryParams = z.object({ multisigId: Id, addressId: Id });
const Label = z.string().trim().min(1).max(100);

export const whitelistRoutes = [
  defineRoute({
    method: 'get',
    path: '/multisigs/:multisigId/whitelist',
    summary: "An account's whitelist",
    tags: ['Whitelist'],
    access: AUTHENTICATED,
    params: AccountParams,
    query: z.object(pageQuery),
    responses: { 200: { description: 'Entries, oldest first', schema: page(WhitelistEntry) } },
    handler: async ({ services, principal, params, query }) => {
      await findVisibleAccount(services.db, principal, params.multisigId);
      return { status: 200, body: pageOf(await listWhitelist(services.db, params.multisigId), query.page, query.pageSize) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/multisigs/:multisigId/whitelist',
    summary: 'Whitelist an address (recorded as WHITELIST_ADD)',
    tags: ['Whitelist'],
    access: ability('manage', 'WhitelistAddress'),
    params: AccountParams,
    body: z.strictObject({ address: ChainAddress, label: Label }),
    responses: {
      201: { description: 'Added', schema: WhitelistEntry },
      409: { description: 'WHITELIST_ADDRESS_EXISTS' },
      422: { description: 'WHITELIST_SELF: the account’s own address' },
    },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      const address = requireChainAddress(services, body.address);
      const entryId = randomUUID();
      const command = commandContext(context);
      await services.commands.handle(
        whitelistDecider,
        whitelistStream(account.id),
        {
          type: 'AddAddress',
          accountId: account.id,
          organizationId: account.organizationId,
          accountAddress: account.address,
          entryId,
          address,
          label: body.label,
          actorId: principal.userId,
          now: command.now.toISOString(),
        },
        command,
      );
      return { status: 201, body: await findWhitelistEntry(services.db, account.id, entryId) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/multisigs/:multisigId/whitelist/:addressId',
    summary: 'Edit a whitelist entry',
    tags: ['Whitelist'],
    access: ability('manage', 'WhitelistAddress'),
    params: EntryParams,
    body: z.strictObject({ address: ChainAddress.optional(), label: Label.optional() }),
    responses: {
      200: { description: 'Updated', schema: WhitelistEntry },
      404: { description: 'NOT_FOUND' },
      409: { description: 'WHITELIST_ADDRESS_EXISTS' },
      422: { description: 'WHITELIST_SELF: the account’s own address' },
    },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      const address = body.address === undefined ? undefined : requireChainAddress(services, body.address);
      const command = commandContext(context);
      await services.commands.handle(
        whitelistDecider,
        whitelistStream(account.id),
        {
          type: 'UpdateAddress',
          accountId: account.id,
          organizationId: account.organizationId,
          accountAddress: account.address,
          entryId: params.addressId,
          address,
          label: body.label,
          now: command.now.toISOString(),
        },
        command,
      );
      return { status: 200, body: await findWhitelistEntry(services.db, account.id, params.addressId) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/multisigs/:multisigId/whitelist/:addressId',
    summary: 'Remove a whitelist entry (recorded as WHITELIST_REMOVE)',
    tags: ['Whitelist'],
    access: ability('manage', 'WhitelistAddress'),
    params: EntryParams,
    responses: { 204: { description: 'Removed' } },
    handler: async (context) => {
      const { services, principal, params } = context;
      const account = await findVisibleAccount(services.db, principal, params.multisigId);
      const command = commandContext(context);
      await services.commands.handle(
        whitelistDecider,
        whitelistStream(account.id),
        {
          type: 'RemoveAddress',
          accountId: account.id,
          organizationId: account.organizationId,
          entryId: params.addressId,
          actorId: principal.userId,
          now: command.now.toISOString(),
        },
        command,
      );
      return { status: 204 };
    },
  }),
];
