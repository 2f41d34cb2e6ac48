import type { RecordedEvent } from '../write-side/event-store/event-store';
import { ORGANIZATION_EVENT_TYPES, type OrganizationEvent } from '../write-side/organization/events';
import type { Projection } from './projection';

/** One row per organization: profile, status, exchange state, chain RPC and settlement account. */
export const organizationsProjection: Projection = {
  name: 'organizations',
  tables: ['organizations'],
  handles: ORGANIZATION_EVENT_TYPES,
  async apply(trx, recorded) {
    const event = recorded as unknown as RecordedEvent & OrganizationEvent;
    const at = recorded.metadata.occurredAt;
    const row = () => trx('organizations').where({ id: event.data.organizationId });
    switch (event.type) {
      case 'OrganizationCreated':
        await trx('organizations').insert({
          id: event.data.organizationId,
          name: event.data.name,
          type: event.data.type,
          status: event.data.status,
          created_at: at,
          updated_at: at,
        });
        return;
      case 'OrganizationRenamed':
        await row().update({ name: event.data.name, updated_at: at });
        return;
      case 'OrganizationActivated':
      case 'OrganizationReinstated':
        await row().update({ status: 'ACTIVE', updated_at: at });
        return;
      case 'OrganizationSuspended':
        await row().update({ status: 'SUSPENDED', updated_at: at });
        return;
      case 'SettlementAccountProvisioned':
        await row().update({ settlement_account_id: event.data.accountId, settlement_address: event.data.address, updated_at: at });
        return;
      case 'ExchangeAddressSet':
        await row().update({ exchange_address: event.data.address, updated_at: at });
        return;
      case 'ExchangeFrozen':
      case 'ExchangeUnfrozen':
        await row().update({ exchange_frozen: event.type === 'ExchangeFrozen', updated_at: at });
        return;
      case 'ChainRpcUpdated':
        await row().update({ chain_rpc_url: event.data.url, updated_at: at });
        return;
      case 'DisbursementLimitSet':
        await row().update({ disbursement_limit_per_day: event.data.disbursementLimitPerDay, updated_at: at });
        return;
      case 'AdministratorAppointed':
      case 'AdministratorDismissed':
        // The roster lives in users.role; the organization stream keeps it only to guard the last administrator.
        return;
    }
  },
};
