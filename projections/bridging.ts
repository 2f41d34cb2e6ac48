import type { Knex } from 'knex';
import { BRIDGING_EVENT_TYPES, type BridgingEvent } from '../write-side/bridging/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';

/** Disbursement and redemption requests, each with the proposal that carries it out. */
export const bridgingProjection: Projection = {
  name: 'bridging',
  tables: ['bridging_requests'],
  handles: BRIDGING_EVENT_TYPES,
  async apply(trx: Knex.Transaction, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as BridgingEvent;
    const data = event.data;
    await trx('bridging_requests')
      .insert({
        id: data.requestId,
        kind: event.type === 'DisbursementRequested' ? 'DISBURSEMENT' : 'REDEMPTION',
        organization_id: data.organizationId,
        proposal_id: data.proposalId,
        account_id: data.accountId,
        amount: data.amount,
        denom: data.denom,
        exchange_address: data.exchangeAddress,
        requested_by: data.requestedBy,
        requested_at: data.requestedAt,
      })
      .onConflict('id')
      .ignore();
  },
};
