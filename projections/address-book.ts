import type { Knex } from 'knex';
import { ADDRESS_BOOK_EVENT_TYPES, type AddressBookEvent } from '../write-side/address-book/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';

/** Per-user address books. */
export const addressBookProjection: Projection = {
  name: 'address-book',
  tables: ['address_book_entries'],
  handles: ADDRESS_BOOK_EVENT_TYPES,
  async apply(trx: Knex.Transaction, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as AddressBookEvent;
    switch (event.type) {
      case 'AddressBookEntryAdded':
        await trx('address_book_entries')
          .insert({
            id: event.data.entryId,
            user_id: event.data.userId,
            name: event.data.name,
            address: event.data.address,
            note: event.data.note,
            created_at: event.data.addedAt,
            updated_at: event.data.addedAt,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'AddressBookEntryUpdated':
        await trx('address_book_entries')
          .where({ id: event.data.entryId })
          .update({ name: event.data.name, address: event.data.address, note: event.data.note, updated_at: event.data.updatedAt });
        return;
      case 'AddressBookEntryRemoved':
        await trx('address_book_entries').where({ id: event.data.entryId }).delete();
        return;
    }
  },
};
