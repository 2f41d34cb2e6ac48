import type { DomainEvent } from '../decider';

export interface TokenFields {
  tokenId: string;
  denom: string;
  symbol: string;
  name: string;
  /** Decimals: how many places the base-unit amount is shifted for display. */
  exponent: number;
  native: boolean;
}

export type TokenRegistered = DomainEvent<'TokenRegistered', TokenFields & { registeredBy: string | null; registeredAt: string }>;
export type TokenUpdated = DomainEvent<
  'TokenUpdated',
  { tokenId: string; symbol: string; name: string; exponent: number; updatedAt: string }
>;
export type TokenRemoved = DomainEvent<'TokenRemoved', { tokenId: string; denom: string; removedAt: string }>;

export type TokenEvent = TokenRegistered | TokenUpdated | TokenRemoved;
export const TOKEN_EVENT_TYPES = ['TokenRegistered', 'TokenUpdated', 'TokenRemoved'] as const satisfies readonly TokenEvent['type'][];

/** The registry is small and written rarely: one stream keeps denoms unique without a read model. */
export const TOKEN_REGISTRY_STREAM = 'token-registry';
