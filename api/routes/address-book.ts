import { randomUUID } from 'node:crypto';
import { findAddressBookEntry, listAddressBook } from '../../read-side/address-book';
import { addressBookDecider } from '../../write-side/address-book/decide';
import { addressBookStream } from '../../write-side/address-book/events';
import { commandContext } from '../command-context';
import { ChainAddress, requireChainAddress } from '../governance';
import { Id, pageQuery, page, z } from '../openapi';
import { ability, defineRoute } from '../route';

const AddressBookEntry = z
  .object({ id: z.string(), name: z.string(), address: z.string(), note: z.string().nullable(), createdAt: z.string(), updatedAt: z.string() })
  .openapi('AddressBookEntry');

const Name = z.string().trim().min(1).max(100);
const Note = z.string().max(500);
const EntryParams = z.object({ entryId: Id });

/** The caller's own address book: nobody else's entries are reachable. */
export const addressBookRoutes = [
  defineRoute({
    method: 'get',
    path: '/address-book',
    summary: 'My address book',
    tags: ['Address book'],
    access: ability('read', 'AddressBook'),
    query: z.object({ ...pageQuery, q: z.string().max(100).optional() }),
    responses: { 200: { description: 'Entries by name', schema: page(AddressBookEntry) } },
    handler: async ({ services, principal, query }) => ({ status: 200, body: await listAddressBook(services.db, principal.userId, query) }),
  }),
  defineRoute({
    method: 'post',
    path: '/address-book',
    summary: 'Add an address book entry',
    tags: ['Address book'],
    access: ability('manage', 'AddressBook'),
    body: z.strictObject({ name: Name, address: ChainAddress, note: Note.nullable().optional() }),
    responses: { 201: { description: 'Added', schema: AddressBookEntry }, 409: { description: 'ADDRESS_BOOK_ENTRY_EXISTS' } },
    handler: async (context) => {
      const { services, principal, body } = context;
      const entryId = randomUUID();
      const command = commandContext(context);
      await services.commands.handle(
        addressBookDecider,
        addressBookStream(principal.userId),
        {
          type: 'AddEntry',
          entry: { userId: principal.userId, entryId, name: body.name, address: requireChainAddress(services, body.address), note: body.note ?? null },
          now: command.now.toISOString(),
        },
        command,
      );
      return { status: 201, body: await findAddressBookEntry(services.db, principal.userId, entryId) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/address-book/:entryId',
    summary: 'Edit an address book entry',
    tags: ['Address book'],
    access: ability('manage', 'AddressBook'),
    params: EntryParams,
    body: z.strictObject({ name: Name.optional(), address: ChainAddress.optional(), note: Note.nullable().optional() }),
    responses: { 200: { description: 'Updated', schema: AddressBookEntry } },
    handler: async (context) => {
      const { services, principal, params, body } = context;
      const command = commandContext(context);
      await services.commands.handle(
        addressBookDecider,
        addressBookStream(principal.userId),
        {
          type: 'UpdateEntry',
          userId: principal.userId,
          entryId: params.entryId,
          name: body.name,
          address: body.address === undefined ? undefined : requireChainAddress(services, body.address),
          note: body.note,
          now: command.now.toISOString(),
        },
        command,
      );
      return { status: 200, body: await findAddressBookEntry(services.db, principal.userId, params.entryId) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/address-book/:entryId',
    summary: 'Delete an address book entry',
    tags: ['Address book'],
    access: ability('manage', 'AddressBook'),
    params: EntryParams,
    responses: { 204: { description: 'Deleted' } },
    handler: async (context) => {
      const { services, principal, params } = context;
      const command = commandContext(context);
      await services.commands.handle(
        addressBookDecider,
        addressBookStream(principal.userId),
        { type: 'RemoveEntry', userId: principal.userId, entryId: params.entryId, now: command.now.toISOString() },
        command,
      );
      return { status: 204 };
    },
  }),
];
