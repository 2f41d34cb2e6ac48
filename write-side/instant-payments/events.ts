import type { DomainEvent } from '../decider';

/**
 * Instant Payments events. Amounts are base-unit integers written as decimal strings (events are
 * JSON). Three kinds of streams: one per client (its sub-ledger balance: no single hot stream), one
 * per alias (the global uniqueness guard, appended at expected version 0), one per payment (its
 * state machine, driven by the settlement process manager).
 */
export const clientStream = (clientId: string) => `ip-client-${clientId}`;
export const aliasStream = (alias: string) => `ip-alias-${alias}`;
export const paymentStream = (paymentId: string) => `ip-payment-${paymentId}`;

export type PaymentKind = 'INTERNAL' | 'CROSS_ORGANIZATION';
export type PaymentStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

export type ClientEvent =
  | DomainEvent<
      'InstantPaymentClientRegistered',
      { clientId: string; organizationId: string; name: string; externalRef: string | null; demo: boolean; startingBalance: string }
    >
  | DomainEvent<'InstantPaymentAliasActivated', { clientId: string; organizationId: string; alias: string }>
  | DomainEvent<'InstantPaymentClientDebited', { clientId: string; organizationId: string; paymentId: string; amount: string }>
  | DomainEvent<'InstantPaymentClientCredited', { clientId: string; organizationId: string; paymentId: string; amount: string }>
  | DomainEvent<'InstantPaymentClientRefunded', { clientId: string; organizationId: string; paymentId: string; amount: string }>;

export type AliasEvent = DomainEvent<'InstantPaymentAliasClaimed', { alias: string; clientId: string }>;

export interface PaymentParties {
  paymentId: string;
  kind: PaymentKind;
  amount: string;
  reference: string | null;
  senderClientId: string;
  senderOrganizationId: string;
  senderAlias: string;
  recipientClientId: string;
  recipientOrganizationId: string;
  recipientAlias: string;
  createdAt: string;
}

export type PaymentEvent =
  | DomainEvent<'InstantPaymentInitiated', PaymentParties>
  | DomainEvent<'InstantPaymentSenderDebited', { paymentId: string }>
  /** The signed settlement transaction, recorded before it is broadcast (a crash resumes from these bytes). */
  | DomainEvent<'InstantPaymentSettlementStarted', { paymentId: string; attempt: number; txHash: string; txBytes: string; from: string; to: string }>
  /** The recorded bytes can never land (their sequence went to another transaction): sign again. */
  | DomainEvent<'InstantPaymentSettlementAbandoned', { paymentId: string; attempt: number; txHash: string; reason: string }>
  | DomainEvent<'InstantPaymentSettled', { paymentId: string; txHash: string; height: number; settledAt: string }>
  | DomainEvent<'InstantPaymentSettlementFailed', { paymentId: string; txHash: string | null; failureCode: string; reason: string }>
  | DomainEvent<'InstantPaymentCompleted', { paymentId: string; completedAt: string }>
  | DomainEvent<'InstantPaymentFailed', { paymentId: string; failureCode: string; reason: string; failedAt: string }>;

export type InstantPaymentEvent = ClientEvent | AliasEvent | PaymentEvent;

export const INSTANT_PAYMENT_EVENT_TYPES: readonly InstantPaymentEvent['type'][] = [
  'InstantPaymentClientRegistered',
  'InstantPaymentAliasActivated',
  'InstantPaymentClientDebited',
  'InstantPaymentClientCredited',
  'InstantPaymentClientRefunded',
  'InstantPaymentAliasClaimed',
  'InstantPaymentInitiated',
  'InstantPaymentSenderDebited',
  'InstantPaymentSettlementStarted',
  'InstantPaymentSettlementAbandoned',
  'InstantPaymentSettlementFailed',
  'InstantPaymentSettled',
  'InstantPaymentCompleted',
  'InstantPaymentFailed',
];
