import type { RecordedEvent } from '../write-side/event-store/event-store';
import { TOKEN_EVENT_TYPES, type TokenEvent } from '../write-side/token/events';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** The token registry. */
export const tokensProjection: Projection = {
  name: 'tokens',
  tables: ['tokens'],
  handles: TOKEN_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const tokens = new TableChanges('tokens', { onConflict: 'ignore' });
    for (const recorded of events) {
      const event = recorded as unknown as TokenEvent;
      switch (event.type) {
        case 'TokenRegistered':
          tokens.insert({
            id: event.data.tokenId,
            denom: event.data.denom,
            symbol: event.data.symbol,
            name: event.data.name,
            exponent: event.data.exponent,
            native: event.data.native,
            created_at: event.data.registeredAt,
            updated_at: event.data.registeredAt,
          });
          break;
        case 'TokenUpdated':
          tokens.update(event.data.tokenId, { symbol: event.data.symbol, name: event.data.name, exponent: event.data.exponent, updated_at: event.data.updatedAt });
          break;
        case 'TokenRemoved':
          tokens.delete(event.data.tokenId);
          break;
      }
    }
    await tokens.write(trx);
  },
};
