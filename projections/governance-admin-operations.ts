import type { AccountCreated } from '../write-side/account/events';
import type { BridgingRequestData } from '../write-side/bridging/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { WhitelistAddressAdded, WhitelistAddressRemoved } from '../write-side/whitelist/events';
import type { AdminOperation } from './admin-operations';

const onWhitelist =
  (type: 'WHITELIST_ADD' | 'WHITELIST_REMOVE') =>
  (event: RecordedEvent): AdminOperation => {
    const data = event.data as (WhitelistAddressAdded | WhitelistAddressRemoved)['data'];
    return {
      type,
      organizationId: data.organizationId,
      subjectType: 'Multisig',
      subjectId: data.accountId,
      summary: { multisigId: data.accountId, entryId: data.entryId, address: data.address, label: data.label },
    };
  };

const onBridging =
  (type: 'DISBURSEMENT_REQUESTED' | 'REDEMPTION_REQUESTED') =>
  (event: RecordedEvent): AdminOperation => {
    const data = event.data as BridgingRequestData;
    return {
      type,
      organizationId: data.organizationId,
      subjectType: 'Proposal',
      subjectId: data.proposalId,
      summary: {
        requestId: data.requestId,
        proposalId: data.proposalId,
        multisigId: data.accountId,
        amount: data.amount,
        denom: data.denom,
        exchangeAddress: data.exchangeAddress,
      },
    };
  };

/** The central bank's changes to an organization's standing, shown in that organization's log (and the bank's). */
const onOrganizationChange =
  (type: 'ORGANIZATION_STATUS_CHANGED' | 'ORGANIZATION_UPDATED', summary: (data: Record<string, unknown>) => Record<string, unknown>) =>
  (event: RecordedEvent): AdminOperation => {
    const data = event.data as { organizationId: string } & Record<string, unknown>;
    return { type, organizationId: data.organizationId, subjectType: 'Organization', subjectId: data.organizationId, summary: summary(data) };
  };

/** ADMIN records of the issuing core: whitelist changes, account creation, bridging requests, organization standing. */
export const GOVERNANCE_ADMIN_OPERATIONS: Record<string, (event: RecordedEvent) => AdminOperation> = {
  WhitelistAddressAdded: onWhitelist('WHITELIST_ADD'),
  WhitelistAddressRemoved: onWhitelist('WHITELIST_REMOVE'),
  AccountCreated: (event) => {
    const data = event.data as AccountCreated['data'];
    return {
      type: 'ACCOUNT_CREATED',
      organizationId: data.organizationId,
      subjectType: 'Multisig',
      subjectId: data.accountId,
      summary: {
        multisigId: data.accountId,
        label: data.label,
        type: data.type,
        address: data.address,
        threshold: data.threshold,
        members: data.members.map((member) => ({ userId: member.userId, weight: member.weight })),
      },
    };
  },
  DisbursementRequested: onBridging('DISBURSEMENT_REQUESTED'),
  RedemptionRequested: onBridging('REDEMPTION_REQUESTED'),
  OrganizationSuspended: onOrganizationChange('ORGANIZATION_STATUS_CHANGED', () => ({ status: 'SUSPENDED', previousStatus: 'ACTIVE' })),
  OrganizationReinstated: onOrganizationChange('ORGANIZATION_STATUS_CHANGED', () => ({ status: 'ACTIVE', previousStatus: 'SUSPENDED' })),
  OrganizationRenamed: onOrganizationChange('ORGANIZATION_UPDATED', (data) => ({ name: data.name })),
  DisbursementLimitSet: onOrganizationChange('ORGANIZATION_UPDATED', (data) => ({
    disbursementLimitPerDay: data.disbursementLimitPerDay,
    previousLimit: data.previousLimit,
  })),
};
