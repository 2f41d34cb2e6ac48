import { AppError, businessRule, forbidden } from '../errors';
import type { Decider } from '../decider';
import type { BridgingEvent, BridgingRequestData } from './events';

export interface BridgingState {
  requestIds: string[];
  /** Every disbursement to the organization: what the daily limit sums. */
  disbursements: Array<{ amount: bigint; requestedAt: string }>;
}

/** The exchange as the organization's aggregate has it, and the balance that caps the request. */
export interface ExchangeSnapshot {
  organizationType: 'CENTRAL' | 'COMMERCIAL';
  organizationStatus: string;
  address: string | null;
  frozen: boolean;
  /** The organization's own account that holds the exchange address (not archived, not the settlement account); null otherwise. */
  holderAccountId: string | null;
}

/** Who asks: the central bank disburses to any organization; an organization's own administrators within its limit. */
export interface Requester {
  organizationId: string;
  organizationType: 'CENTRAL' | 'COMMERCIAL';
}

export type BridgingCommand = {
  type: 'RequestDisbursement' | 'RequestRedemption';
  request: BridgingRequestData;
  exchange: ExchangeSnapshot;
  requester: Requester;
  /** Whether the denom is in the token registry. */
  tokenRegistered: boolean;
  /** Live balance of the sending side: the BRIDGING account (disbursement) or the exchange address (redemption). */
  available: bigint;
  /** The central bank's daily disbursement limit for the organization, and the zone whose days it counts. */
  disbursementLimit: { perDay: bigint; timeZone: string };
  /**
   * The central bank's BRIDGING account (null when it has none), and whether its members include the
   * bridging identity that proposes disbursements.
   */
  bridgingAccount: { identityPresent: boolean } | null;
};

/** The calendar day of an instant in a time zone, as YYYY-MM-DD. */
export function dayIn(timeZone: string, iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
}

/**
 * Disbursement and redemption: the caller's own organization (or the central bank's administrators),
 * an ACTIVE commercial organization whose exchange address is one of its own accounts and not frozen, a
 * registered token; capped by the balance of the side that pays, and a disbursement an organization asks
 * for itself by its daily limit.
 */
export function decideBridging(command: BridgingCommand, state: BridgingState): BridgingEvent[] {
  const { request, exchange, requester } = command;
  if (state.requestIds.includes(request.requestId)) return [];
  if (!command.bridgingAccount) throw businessRule('BRIDGING_ACCOUNT_MISSING', 'The central bank has no BRIDGING account');
  if (requester.organizationType !== 'CENTRAL' && requester.organizationId !== request.organizationId)
    throw forbidden("Only the central bank converts for another organization", 'FORBIDDEN');
  if (exchange.organizationType !== 'COMMERCIAL')
    throw businessRule('NOT_A_COMMERCIAL_ORGANIZATION', 'Only commercial organizations convert between fiat and CBDC');
  if (exchange.organizationStatus !== 'ACTIVE') throw businessRule('ORGANIZATION_NOT_ACTIVE', 'The organization is not active');
  if (!command.tokenRegistered) throw businessRule('UNKNOWN_TOKEN', `The token ${request.denom} is not registered`);
  if (!exchange.address) throw businessRule('EXCHANGE_ADDRESS_NOT_SET', 'The organization has no exchange address');
  if (exchange.frozen) throw businessRule('EXCHANGE_FROZEN', 'The exchange address is frozen');
  if (exchange.address !== request.exchangeAddress)
    throw new AppError(409, 'EXCHANGE_ADDRESS_CHANGED', 'Conflict', 'The exchange address changed; retry');
  if (!exchange.holderAccountId)
    throw businessRule('EXCHANGE_ADDRESS_NOT_OWNED', "The exchange address is not one of the organization's own accounts");
  const amount = BigInt(request.amount);
  if (amount <= 0n) throw businessRule('INVALID_AMOUNT', 'The amount must be positive');
  if (command.type === 'RequestDisbursement' && requester.organizationType !== 'CENTRAL') {
    const { perDay, timeZone } = command.disbursementLimit;
    const today = dayIn(timeZone, request.requestedAt);
    const disbursedToday = state.disbursements
      .filter((disbursement) => dayIn(timeZone, disbursement.requestedAt) === today)
      .reduce((sum, disbursement) => sum + disbursement.amount, 0n);
    if (disbursedToday + amount > perDay)
      throw businessRule(
        'BRIDGING_LIMIT_EXCEEDED',
        `The daily disbursement limit is ${perDay}; ${disbursedToday} was disbursed today (${today}, ${timeZone})`,
      );
  }
  if (amount > command.available)
    throw businessRule(
      'INSUFFICIENT_FUNDS',
      command.type === 'RequestRedemption'
        ? `The exchange balance (${command.available}) is below the amount`
        : `The bridging account's balance (${command.available}) is below the amount`,
    );
  if (command.type === 'RequestDisbursement' && !command.bridgingAccount.identityPresent)
    throw businessRule('BRIDGING_IDENTITY_MISSING', 'The BRIDGING account has no bridging identity');
  return [{ type: command.type === 'RequestDisbursement' ? 'DisbursementRequested' : 'RedemptionRequested', data: request }];
}

export function evolveBridging(state: BridgingState, event: BridgingEvent): BridgingState {
  return {
    requestIds: [...state.requestIds, event.data.requestId],
    disbursements:
      event.type === 'DisbursementRequested'
        ? [...state.disbursements, { amount: BigInt(event.data.amount), requestedAt: event.data.requestedAt }]
        : state.disbursements,
  };
}

export const bridgingDecider: Decider<BridgingState, BridgingCommand, BridgingEvent> = {
  initialState: () => ({ requestIds: [], disbursements: [] }),
  evolve: evolveBridging,
  decide: decideBridging,
};
