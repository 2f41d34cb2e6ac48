import type { DomainEvent } from '../decider';

/** What a conversion between fiat and CBDC carries; the proposal moves the value on the chain. */
export interface BridgingRequestData {
  requestId: string;
  organizationId: string;
  /** The proposal that executes it (the CHAIN operation). */
  proposalId: string;
  /** The account that moves the value: BRIDGING for a disbursement, the exchange account for a redemption. */
  accountId: string;
  amount: string;
  denom: string;
  exchangeAddress: string;
  /** Where the value goes: the exchange address, or the BRIDGING account's address. */
  recipient: string;
  requestedBy: string | null;
  requestedAt: string;
}

/** Fiat → CBDC: the BRIDGING account sends to the organization's exchange address. */
export type DisbursementRequestedEvent = DomainEvent<'DisbursementRequested', BridgingRequestData>;
/** CBDC → fiat: the exchange address sends back to the BRIDGING account. */
export type RedemptionRequestedEvent = DomainEvent<'RedemptionRequested', BridgingRequestData>;

export type BridgingEvent = DisbursementRequestedEvent | RedemptionRequestedEvent;
export const BRIDGING_EVENT_TYPES = ['DisbursementRequested', 'RedemptionRequested'] as const satisfies readonly BridgingEvent['type'][];

/** One stream per organization: its conversions, in order. */
export const bridgingStream = (organizationId: string) => `bridging-${organizationId}`;
