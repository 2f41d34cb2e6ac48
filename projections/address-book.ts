import { ADDRESS_BOOK_EVENT_TYPES, type AddressBookEvent } from '../write-side/address-book/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** Per-user address books. */
export const addressBookProjection: Projection = {
  name: 'address-book',
  tables: ['address_book_entries'],
  handles: ADDRESS_BOOK_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const entries = new TableChanges('address_book_entries', { onConflict: 'ignore' });
    for (const recorded of events) {
      const event = recorded as unknown as AddressBookEvent;
      switch (event.type) {
        case 'AddressBookEntryAdded':
          entries.insert({
            id: event.data.entryId,
            user_id: event.data.userId,
            name: event.data.name,
            address: event.data.address,
            note: event.data.note,
            created_at: event.data.addedAt,
            updated_at: event.data.addedAt,
          });
          break;
        case 'AddressBookEntryUpdated':
          entries.update(event.data.entryId, { name: event.data.name, address: event.data.address, note: event.data.note, updated_at: event.data.updatedAt });
          break;
        case 'AddressBookEntryRemoved':
          entries.delete(event.data.entryId);
          break;
      }
    }
    await entries.write(trx);
  },
};
