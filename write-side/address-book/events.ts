import type { DomainEvent } from '../decider';

export interface AddressBookEntryFields {
  userId: string;
  entryId: string;
  name: string;
  address: string;
  note: string | null;
}

export type AddressBookEntryAdded = DomainEvent<'AddressBookEntryAdded', AddressBookEntryFields & { addedAt: string }>;
export type AddressBookEntryUpdated = DomainEvent<'AddressBookEntryUpdated', AddressBookEntryFields & { updatedAt: string }>;
export type AddressBookEntryRemoved = DomainEvent<'AddressBookEntryRemoved', { userId: string; entryId: string; removedAt: string }>;

export type AddressBookEvent = AddressBookEntryAdded | AddressBookEntryUpdated | AddressBookEntryRemoved;
export const ADDRESS_BOOK_EVENT_TYPES = [
  'AddressBookEntryAdded',
  'AddressBookEntryUpdated',
  'AddressBookEntryRemoved',
] as const satisfies readonly AddressBookEvent['type'][];

/** One stream per user: their address book. */
export const addressBookStream = (userId: string) => `address-book-${userId}`;
