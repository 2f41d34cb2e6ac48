import { BRIDGING_EVENT_TYPES, type BridgingEvent } from '../write-side/bridging/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** Disbursement and redemption requests, each with the proposal that carries it out. */
export const bridgingProjection: Projection = {
  name: 'bridging',
  tables: ['bridging_requests'],
  handles: BRIDGING_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const requests = new TableChanges('bridging_requests', { onConflict: 'ignore' });
    for (const recorded of events) {
      const event = recorded as unknown as BridgingEvent;
      const data = event.data;
      requests.insert({
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
      });
    }
    await requests.write(trx);
  },
};
