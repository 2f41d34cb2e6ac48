import type { DomainEvent } from '../decider';

export const ROLES = ['administrator', 'member', 'auditor'] as const;
export type Role = (typeof ROLES)[number];
/** HUMAN users log in; the BRIDGING system identity only co-signs disbursements and never logs in. */
export const USER_KINDS = ['HUMAN', 'BRIDGING'] as const;
export type UserKind = (typeof USER_KINDS)[number];
export const LOCALES = ['es', 'en'] as const;
export type Locale = (typeof LOCALES)[number];

export const userStream = (userId: string) => `user-${userId}`;
/** One stream per e-mail address: whoever appends first owns the address (uniqueness without a read model). */
export const emailStream = (email: string) => `user-email-${email.toLowerCase()}`;

export interface UserRegisteredData {
  userId: string;
  organizationId: string;
  kind: UserKind;
  email: string | null;
  name: string;
  role: Role;
  /** null for the BRIDGING identity, which cannot log in. */
  passwordHash: string | null;
  locale: Locale;
  invitationId: string | null;
  /** The custody signing key: bech32 address, compressed public key (base64), sealed private key. */
  address: string;
  publicKey: string;
  encryptedPrivateKey: string;
}

export type UserEvent =
  | DomainEvent<'UserRegistered', UserRegisteredData>
  | DomainEvent<'UserRoleChanged', { userId: string; organizationId: string; role: Role; previousRole: Role }>
  | DomainEvent<'UserDeactivated', { userId: string; organizationId: string }>
  | DomainEvent<'PasswordResetRequested', { userId: string; tokenHash: string; expiresAt: string }>
  | DomainEvent<'UserPasswordChanged', { userId: string; passwordHash: string; reason: 'CHANGED' | 'RESET' }>
  | DomainEvent<'UserLocaleChanged', { userId: string; locale: Locale }>
  | DomainEvent<'UserPinnedWalletsChanged', { userId: string; multisigIds: string[] }>;

export type EmailEvent =
  | DomainEvent<'EmailClaimed', { email: string; userId: string }>
  | DomainEvent<'EmailReleased', { email: string; userId: string }>;

export const USER_EVENT_TYPES: readonly UserEvent['type'][] = [
  'UserRegistered',
  'UserRoleChanged',
  'UserDeactivated',
  'PasswordResetRequested',
  'UserPasswordChanged',
  'UserLocaleChanged',
  'UserPinnedWalletsChanged',
];
