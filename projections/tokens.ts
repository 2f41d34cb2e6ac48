import type { Knex } from 'knex';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import { TOKEN_EVENT_TYPES, type TokenEvent } from '../write-side/token/events';
import type { Projection } from './projection';

/** The token registry. */
export const tokensProjection: Projection = {
  name: 'tokens',
  tables: ['tokens'],
  handles: TOKEN_EVENT_TYPES,
  async apply(trx: Knex.Transaction, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as TokenEvent;
    switch (event.type) {
      case 'TokenRegistered':
        await trx('tokens')
          .insert({
            id: event.data.tokenId,
            denom: event.data.denom,
            symbol: event.data.symbol,
            name: event.data.name,
            exponent: event.data.exponent,
            native: event.data.native,
            created_at: event.data.registeredAt,
            updated_at: event.data.registeredAt,
          })
          .onConflict('id')
          .ignore();
        return;
      case 'TokenUpdated':
        await trx('tokens')
          .where({ id: event.data.tokenId })
          .update({ symbol: event.data.symbol, name: event.data.name, exponent: event.data.exponent, updated_at: event.data.updatedAt });
        return;
      case 'TokenRemoved':
        await trx('tokens').where({ id: event.data.tokenId }).delete();
        return;
    }
  },
};
