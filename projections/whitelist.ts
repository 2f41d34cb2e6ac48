import type { RecordedEvent } from '../write-side/event-store/event-store';
import { WHITELIST_EVENT_TYPES, type WhitelistEvent } from '../write-side/whitelist/events';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** Per-account whitelists. */
export const whitelistProjection: Projection = {
  name: 'whitelist',
  tables: ['whitelist_entries'],
  handles: WHITELIST_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const entries = new TableChanges('whitelist_entries', { onConflict: 'ignore' });
    for (const recorded of events) {
      const event = recorded as unknown as WhitelistEvent;
      switch (event.type) {
        case 'WhitelistAddressAdded':
          entries.insert({
            id: event.data.entryId,
            account_id: event.data.accountId,
            organization_id: event.data.organizationId,
            address: event.data.address,
            label: event.data.label,
            created_by: event.data.addedBy,
            created_at: event.data.addedAt,
            updated_at: event.data.addedAt,
          });
          break;
        case 'WhitelistAddressUpdated':
          entries.update(event.data.entryId, { address: event.data.address, label: event.data.label, updated_at: event.data.updatedAt });
          break;
        case 'WhitelistAddressRemoved':
          entries.delete(event.data.entryId);
          break;
      }
    }
    await entries.write(trx);
  },
};
