import type { DomainEvent } from '../decider';

export const ORGANIZATION_TYPES = ['CENTRAL', 'COMMERCIAL'] as const;
export type OrganizationType = (typeof ORGANIZATION_TYPES)[number];
/** PENDING until its first administrator registers; SUSPENDED blocks its value-moving actions. */
export const ORGANIZATION_STATUSES = ['PENDING', 'ACTIVE', 'SUSPENDED'] as const;
export type OrganizationStatus = (typeof ORGANIZATION_STATUSES)[number];

/** The custody key of a settlement account, generated outside decide and sealed with the key-encryption key. */
export interface SettlementAccountKey {
  accountId: string;
  address: string;
  encryptedPrivateKey: string;
  /** Compressed secp256k1 public key, base64. */
  publicKey: string;
}

export const organizationStream = (organizationId: string) => `organization-${organizationId}`;

export type OrganizationEvent =
  | DomainEvent<'OrganizationCreated', { organizationId: string; name: string; type: OrganizationType; status: OrganizationStatus }>
  | DomainEvent<'OrganizationRenamed', { organizationId: string; name: string }>
  | DomainEvent<'OrganizationActivated', { organizationId: string }>
  | DomainEvent<'OrganizationSuspended', { organizationId: string }>
  | DomainEvent<'OrganizationReinstated', { organizationId: string }>
  | DomainEvent<'SettlementAccountProvisioned', { organizationId: string } & SettlementAccountKey>
  | DomainEvent<'AdministratorAppointed', { organizationId: string; userId: string }>
  | DomainEvent<'AdministratorDismissed', { organizationId: string; userId: string }>
  | DomainEvent<'ExchangeAddressSet', { organizationId: string; address: string; previousAddress: string | null }>
  | DomainEvent<'ExchangeFrozen', { organizationId: string; address: string }>
  | DomainEvent<'ExchangeUnfrozen', { organizationId: string; address: string }>
  | DomainEvent<'ChainRpcUpdated', { organizationId: string; url: string | null; previousUrl: string | null }>
  /** How much its own administrators may disburse to it per day (base units, decimal string); the central bank sets it. */
  | DomainEvent<'DisbursementLimitSet', { organizationId: string; disbursementLimitPerDay: string; previousLimit: string }>;

export type OrganizationEventType = OrganizationEvent['type'];

export const ORGANIZATION_EVENT_TYPES: readonly OrganizationEventType[] = [
  'OrganizationCreated',
  'OrganizationRenamed',
  'OrganizationActivated',
  'OrganizationSuspended',
  'OrganizationReinstated',
  'SettlementAccountProvisioned',
  'AdministratorAppointed',
  'AdministratorDismissed',
  'ExchangeAddressSet',
  'ExchangeFrozen',
  'ExchangeUnfrozen',
  'ChainRpcUpdated',
  'DisbursementLimitSet',
];
