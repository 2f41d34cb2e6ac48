import { conflict, notFound } from '../errors';
import type { Decider } from '../decider';
import type { AddressBookEntryFields, AddressBookEvent } from './events';

export interface AddressBookState {
  entries: AddressBookEntryFields[];
}

export type AddressBookCommand =
  | { type: 'AddEntry'; entry: AddressBookEntryFields; now: string }
  | { type: 'UpdateEntry'; userId: string; entryId: string; name?: string; address?: string; note?: string | null; now: string }
  | { type: 'RemoveEntry'; userId: string; entryId: string; now: string };

export function decideAddressBook(command: AddressBookCommand, state: AddressBookState): AddressBookEvent[] {
  switch (command.type) {
    case 'AddEntry': {
      if (state.entries.some((entry) => entry.entryId === command.entry.entryId)) return [];
      if (state.entries.some((entry) => entry.address === command.entry.address))
        throw conflict('ADDRESS_BOOK_ENTRY_EXISTS', 'This address is already in your address book');
      return [{ type: 'AddressBookEntryAdded', data: { ...command.entry, addedAt: command.now } }];
    }
    case 'UpdateEntry': {
      const entry = state.entries.find((candidate) => candidate.entryId === command.entryId);
      if (!entry) throw notFound('Address book entry');
      const next: AddressBookEntryFields = {
        ...entry,
        name: command.name ?? entry.name,
        address: command.address ?? entry.address,
        note: command.note === undefined ? entry.note : command.note,
      };
      if (next.address !== entry.address && state.entries.some((other) => other.address === next.address))
        throw conflict('ADDRESS_BOOK_ENTRY_EXISTS', 'This address is already in your address book');
      if (next.name === entry.name && next.address === entry.address && next.note === entry.note) return [];
      return [{ type: 'AddressBookEntryUpdated', data: { ...next, updatedAt: command.now } }];
    }
    case 'RemoveEntry': {
      if (!state.entries.some((entry) => entry.entryId === command.entryId)) throw notFound('Address book entry');
      return [{ type: 'AddressBookEntryRemoved', data: { userId: command.userId, entryId: command.entryId, removedAt: command.now } }];
    }
  }
}

export function evolveAddressBook(state: AddressBookState, event: AddressBookEvent): AddressBookState {
  switch (event.type) {
    case 'AddressBookEntryAdded': {
      const { addedAt: _at, ...entry } = event.data;
      return { entries: [...state.entries, entry] };
    }
    case 'AddressBookEntryUpdated': {
      const { updatedAt: _at, ...next } = event.data;
      return { entries: state.entries.map((entry) => (entry.entryId === next.entryId ? next : entry)) };
    }
    case 'AddressBookEntryRemoved':
      return { entries: state.entries.filter((entry) => entry.entryId !== event.data.entryId) };
  }
}

export const addressBookDecider: Decider<AddressBookState, AddressBookCommand, AddressBookEvent> = {
  initialState: () => ({ entries: [] }),
  evolve: evolveAddressBook,
  decide: decideAddressBook,
};
