import type { Knex } from 'knex';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import { WHITELIST_EVENT_TYPES, type WhitelistEvent } from '../write-side/whitelist/events';
import type { Projection } from './projection';

/** Per-account whitelists. */
export const whitelistProjection: Projection = {
  name: 'whitelist',
  tables: ['whitelist_entries'],
  handles: WHITELIST_EVENT_TYPES,
  async apply(trx: Knex.Transaction, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as WhitelistEvent;
    switch (event.type) {
      case 'WhitelistAddressAdded':
        await trx('whitelist_entries')
          .insert({
            id: event.data.entryId,
            account_id: event.data.accountId,
            organization_id: event.data.organizationId,
            address: event.data.address,
            label: event.data.label,
            created_by: event.data.addedBy,
            created_at: event.data.addedAt,
            updated_at: event.data.addedAt,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'WhitelistAddressUpdated':
        await trx('whitelist_entries')
          .where({ id: event.data.entryId })
          .update({ address: event.data.address, label: event.data.label, updated_at: event.data.updatedAt });
        return;
      case 'WhitelistAddressRemoved':
        await trx('whitelist_entries').where({ id: event.data.entryId }).delete();
        return;
    }
  },
};
