import { AppError, businessRule } from '../../runtime/errors';
import type { Decider } from '../decider';
import type { BridgingEvent, BridgingRequestData } from './events';

export interface BridgingState {
  requestIds: string[];
}

/** The exchange as the organization's aggregate has it, and the balance that caps the request. */
export interface ExchangeSnapshot {
  organizationType: 'CENTRAL' | 'COMMERCIAL';
  organizationStatus: string;
  address: string | null;
  frozen: boolean;
}

export type BridgingCommand = {
  type: 'RequestDisbursement' | 'RequestRedemption';
  request: BridgingRequestData;
  exchange: ExchangeSnapshot;
  /** Live balance of the sending side: the BRIDGING account (disbursement) or the exchange address (redemption). */
  available: bigint;
  /** The platform account that holds the value to move; null when the exchange address is not one (redemption). */
  sourceAccountId: string | null;
};

/**
 * Disbursement and redemption: refused while the exchange address is unset or frozen, and capped by
 * the balance of the side that pays (a redemption by the exchange balance).
 */
export function decideBridging(command: BridgingCommand, state: BridgingState): BridgingEvent[] {
  const { request, exchange } = command;
  if (state.requestIds.includes(request.requestId)) return [];
  if (exchange.organizationType !== 'COMMERCIAL')
    throw businessRule('NOT_A_COMMERCIAL_ORGANIZATION', 'Only commercial organizations convert between fiat and CBDC');
  if (exchange.organizationStatus !== 'ACTIVE') throw businessRule('ORGANIZATION_NOT_ACTIVE', 'The organization is not active');
  if (!exchange.address) throw businessRule('EXCHANGE_ADDRESS_NOT_SET', 'The organization has no exchange address');
  if (exchange.frozen) throw businessRule('EXCHANGE_FROZEN', 'The exchange address is frozen');
  if (exchange.address !== request.exchangeAddress)
    throw new AppError(409, 'EXCHANGE_ADDRESS_CHANGED', 'Conflict', 'The exchange address changed; retry');
  const amount = BigInt(request.amount);
  if (amount <= 0n) throw businessRule('INVALID_AMOUNT', 'The amount must be positive');
  if (amount > command.available)
    throw businessRule(
      'INSUFFICIENT_FUNDS',
      command.type === 'RequestRedemption'
        ? `The exchange balance (${command.available}) is below the amount`
        : `The bridging account's balance (${command.available}) is below the amount`,
    );
  if (!command.sourceAccountId)
    throw businessRule(
      'EXCHANGE_ADDRESS_NOT_CUSTODIED',
      "The exchange address is not one of the organization's accounts, so the platform cannot move value from it",
    );
  return [{ type: command.type === 'RequestDisbursement' ? 'DisbursementRequested' : 'RedemptionRequested', data: request }];
}

export function evolveBridging(state: BridgingState, event: BridgingEvent): BridgingState {
  return { requestIds: [...state.requestIds, event.data.requestId] };
}

export const bridgingDecider: Decider<BridgingState, BridgingCommand, BridgingEvent> = {
  initialState: () => ({ requestIds: [] }),
  evolve: evolveBridging,
  decide: decideBridging,
};
