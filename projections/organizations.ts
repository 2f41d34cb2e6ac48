import type { RecordedEvent } from '../write-side/event-store/event-store';
import { ORGANIZATION_EVENT_TYPES, type OrganizationEvent } from '../write-side/organization/events';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

/** One row per organization: profile, status, exchange state, chain RPC and settlement account. */
export const organizationsProjection: Projection = {
  name: 'organizations',
  tables: ['organizations'],
  handles: ORGANIZATION_EVENT_TYPES,
  async applyBatch(trx, events: RecordedEvent[]) {
    const organizations = new TableChanges('organizations');
    for (const recorded of events) {
      const event = recorded as unknown as RecordedEvent & OrganizationEvent;
      const at = recorded.metadata.occurredAt;
      const update = (change: Record<string, unknown>) => organizations.update(event.data.organizationId, { ...change, updated_at: at });
      switch (event.type) {
        case 'OrganizationCreated':
          organizations.insert({
            id: event.data.organizationId,
            name: event.data.name,
            type: event.data.type,
            status: event.data.status,
            created_at: at,
            updated_at: at,
          });
          break;
        case 'OrganizationRenamed':
          update({ name: event.data.name });
          break;
        case 'OrganizationActivated':
        case 'OrganizationReinstated':
          update({ status: 'ACTIVE' });
          break;
        case 'OrganizationSuspended':
          update({ status: 'SUSPENDED' });
          break;
        case 'SettlementAccountProvisioned':
          update({ settlement_account_id: event.data.accountId, settlement_address: event.data.address });
          break;
        case 'ExchangeAddressSet':
          update({ exchange_address: event.data.address });
          break;
        case 'ExchangeFrozen':
        case 'ExchangeUnfrozen':
          update({ exchange_frozen: event.type === 'ExchangeFrozen' });
          break;
        case 'ChainRpcUpdated':
          update({ chain_rpc_url: event.data.url });
          break;
        case 'DisbursementLimitSet':
          update({ disbursement_limit_per_day: event.data.disbursementLimitPerDay });
          break;
        case 'AdministratorAppointed':
        case 'AdministratorDismissed':
          // The roster lives in users.role; the organization stream keeps it only to guard the last administrator.
          break;
      }
    }
    await organizations.write(trx);
  },
};
