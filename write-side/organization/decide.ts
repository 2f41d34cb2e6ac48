import { businessRule, conflict, notFound } from '../errors';
import type { Decider } from '../decider';
import type { OrganizationEvent, OrganizationStatus, OrganizationType, SettlementAccountKey } from './events';

export interface OrganizationState {
  exists: boolean;
  organizationId: string;
  type: OrganizationType;
  status: OrganizationStatus;
  name: string;
  /** The admin roster: active administrators. */
  administrators: string[];
  exchangeAddress: string | null;
  exchangeFrozen: boolean;
  chainRpcUrl: string | null;
  settlementAccountId: string | null;
  /** Base units its own administrators may disburse to it per day; 0 until the central bank sets it. */
  disbursementLimitPerDay: bigint;
}

export type OrganizationCommand =
  | { type: 'CreateOrganization'; organizationId: string; name: string; organizationType: OrganizationType }
  | { type: 'UpdateOrganization'; name?: string; status?: 'ACTIVE' | 'SUSPENDED'; disbursementLimitPerDay?: bigint }
  /** The first administrator of a PENDING commercial organization activates it and provisions its settlement account. */
  | { type: 'AppointAdministrator'; userId: string; settlementAccount: SettlementAccountKey | null }
  | { type: 'DismissAdministrator'; userId: string }
  /** `ownAccountAddresses`: the addresses of the organization's own accounts that may serve as its exchange. */
  | { type: 'SetExchangeAddress'; address: string; ownAccountAddresses: readonly string[] }
  | { type: 'FreezeExchange' }
  | { type: 'UnfreezeExchange' }
  | { type: 'UpdateChainRpc'; url: string | null };

const initialState = (): OrganizationState => ({
  exists: false,
  organizationId: '',
  type: 'COMMERCIAL',
  status: 'PENDING',
  name: '',
  administrators: [],
  exchangeAddress: null,
  exchangeFrozen: false,
  chainRpcUrl: null,
  settlementAccountId: null,
  disbursementLimitPerDay: 0n,
});

function evolve(state: OrganizationState, event: OrganizationEvent): OrganizationState {
  switch (event.type) {
    case 'OrganizationCreated':
      return { ...state, exists: true, organizationId: event.data.organizationId, name: event.data.name, type: event.data.type, status: event.data.status };
    case 'OrganizationRenamed':
      return { ...state, name: event.data.name };
    case 'OrganizationActivated':
    case 'OrganizationReinstated':
      return { ...state, status: 'ACTIVE' };
    case 'OrganizationSuspended':
      return { ...state, status: 'SUSPENDED' };
    case 'SettlementAccountProvisioned':
      return { ...state, settlementAccountId: event.data.accountId };
    case 'AdministratorAppointed':
      return { ...state, administrators: [...state.administrators, event.data.userId] };
    case 'AdministratorDismissed':
      return { ...state, administrators: state.administrators.filter((id) => id !== event.data.userId) };
    case 'ExchangeAddressSet':
      return { ...state, exchangeAddress: event.data.address };
    case 'ExchangeFrozen':
      return { ...state, exchangeFrozen: true };
    case 'ExchangeUnfrozen':
      return { ...state, exchangeFrozen: false };
    case 'ChainRpcUpdated':
      return { ...state, chainRpcUrl: event.data.url };
    case 'DisbursementLimitSet':
      return { ...state, disbursementLimitPerDay: BigInt(event.data.disbursementLimitPerDay) };
  }
}

function requireCommercial(state: OrganizationState, detail = 'Only commercial organizations have an exchange address'): void {
  if (state.type !== 'COMMERCIAL') throw businessRule('NOT_A_COMMERCIAL_ORGANIZATION', detail);
}

function decide(command: OrganizationCommand, state: OrganizationState): OrganizationEvent[] {
  if (command.type === 'CreateOrganization') {
    if (state.exists) throw conflict('ORGANIZATION_EXISTS', 'The organization already exists');
    // The issuer exists from the seed step on; participants wait for their first administrator.
    const status = command.organizationType === 'CENTRAL' ? 'ACTIVE' : 'PENDING';
    return [
      { type: 'OrganizationCreated', data: { organizationId: command.organizationId, name: command.name, type: command.organizationType, status } },
    ];
  }
  if (!state.exists) throw notFound('Organization');
  const organizationId = state.organizationId;
  switch (command.type) {
    case 'UpdateOrganization': {
      const events: OrganizationEvent[] = [];
      if (command.name !== undefined && command.name !== state.name)
        events.push({ type: 'OrganizationRenamed', data: { organizationId, name: command.name } });
      if (command.status !== undefined && command.status !== state.status) {
        if (state.type === 'CENTRAL')
          throw businessRule('CENTRAL_ORGANIZATION_STATUS_FIXED', 'The central organization cannot be suspended');
        if (state.status === 'PENDING')
          throw businessRule('ORGANIZATION_NOT_ACTIVE', 'A pending organization becomes active when its first administrator registers');
        events.push({ type: command.status === 'SUSPENDED' ? 'OrganizationSuspended' : 'OrganizationReinstated', data: { organizationId } });
      }
      if (command.disbursementLimitPerDay !== undefined && command.disbursementLimitPerDay !== state.disbursementLimitPerDay) {
        requireCommercial(state, 'Only commercial organizations have a disbursement limit');
        if (command.disbursementLimitPerDay < 0n) throw businessRule('INVALID_AMOUNT', 'The limit cannot be negative');
        events.push({
          type: 'DisbursementLimitSet',
          data: {
            organizationId,
            disbursementLimitPerDay: command.disbursementLimitPerDay.toString(),
            previousLimit: state.disbursementLimitPerDay.toString(),
          },
        });
      }
      return events;
    }
    case 'AppointAdministrator': {
      if (state.administrators.includes(command.userId)) return [];
      const events: OrganizationEvent[] = [{ type: 'AdministratorAppointed', data: { organizationId, userId: command.userId } }];
      if (state.status === 'PENDING') {
        events.push({ type: 'OrganizationActivated', data: { organizationId } });
        if (state.type === 'COMMERCIAL' && state.settlementAccountId === null) {
          if (!command.settlementAccount) throw new Error('activating a commercial organization needs a settlement account key');
          events.push({ type: 'SettlementAccountProvisioned', data: { organizationId, ...command.settlementAccount } });
        }
      }
      return events;
    }
    case 'DismissAdministrator':
      if (!state.administrators.includes(command.userId)) return [];
      if (state.administrators.length === 1)
        throw businessRule('LAST_ADMINISTRATOR', 'The last active administrator of an organization cannot be removed');
      return [{ type: 'AdministratorDismissed', data: { organizationId, userId: command.userId } }];
    case 'SetExchangeAddress':
      requireCommercial(state);
      // Disbursements pay the exchange address: anything but the organization's own account would let
      // them pay another bank's wallet or the BRIDGING account itself.
      if (!command.ownAccountAddresses.includes(command.address))
        throw businessRule('EXCHANGE_ADDRESS_NOT_OWNED', "The exchange address must be one of the organization's own accounts");
      if (state.exchangeAddress === command.address) return [];
      return [{ type: 'ExchangeAddressSet', data: { organizationId, address: command.address, previousAddress: state.exchangeAddress } }];
    case 'FreezeExchange':
      requireCommercial(state);
      if (!state.exchangeAddress) throw businessRule('EXCHANGE_ADDRESS_NOT_SET', 'The organization has no exchange address');
      if (state.exchangeFrozen) throw conflict('EXCHANGE_ALREADY_FROZEN', 'The exchange address is already frozen');
      return [{ type: 'ExchangeFrozen', data: { organizationId, address: state.exchangeAddress } }];
    case 'UnfreezeExchange':
      requireCommercial(state);
      if (!state.exchangeFrozen || !state.exchangeAddress)
        throw conflict('EXCHANGE_NOT_FROZEN', 'The exchange address is not frozen');
      return [{ type: 'ExchangeUnfrozen', data: { organizationId, address: state.exchangeAddress } }];
    case 'UpdateChainRpc':
      if (state.chainRpcUrl === command.url) return [];
      return [{ type: 'ChainRpcUpdated', data: { organizationId, url: command.url, previousUrl: state.chainRpcUrl } }];
  }
}

export const organizationDecider: Decider<OrganizationState, OrganizationCommand, OrganizationEvent> = {
  initialState,
  evolve,
  decide,
};
