import type { DomainEvent } from '../decider';

export type WhitelistAddressAdded = DomainEvent<
  'WhitelistAddressAdded',
  { accountId: string; organizationId: string; entryId: string; address: string; label: string; addedBy: string | null; addedAt: string }
>;
export type WhitelistAddressUpdated = DomainEvent<
  'WhitelistAddressUpdated',
  { accountId: string; organizationId: string; entryId: string; address: string; label: string; updatedAt: string }
>;
export type WhitelistAddressRemoved = DomainEvent<
  'WhitelistAddressRemoved',
  { accountId: string; organizationId: string; entryId: string; address: string; label: string; removedBy: string | null; removedAt: string }
>;

export type WhitelistEvent = WhitelistAddressAdded | WhitelistAddressUpdated | WhitelistAddressRemoved;
export const WHITELIST_EVENT_TYPES = [
  'WhitelistAddressAdded',
  'WhitelistAddressUpdated',
  'WhitelistAddressRemoved',
] as const satisfies readonly WhitelistEvent['type'][];

/** One stream per account: its whitelist. */
export const whitelistStream = (accountId: string) => `whitelist-${accountId}`;
