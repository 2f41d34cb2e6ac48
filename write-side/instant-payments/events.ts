import type { DomainEvent } from '../decider';

/**
 * Instant Payments events. Amounts are base-unit integers written as decimal strings (events are JSON).
 *
 * One stream per bank, `ip-bank-<organizationId>`: the bank's retail ledger (its clients' balances,
 * aliases, cash movements, payments and the settlement batches of its outgoing cross-bank payments).
 * A bank's ledger has one writer, which appends the decisions of many requests at once; banks never
 * share a stream, so there is no global hot stream. One stream per alias, `ip-alias-<alias>`, is the
 * global uniqueness guard (its claim is appended at expected version 0).
 */
export const bankLedgerStream = (organizationId: string) => `ip-bank-${organizationId}`;
export const aliasStream = (alias: string) => `ip-alias-${alias}`;

export type PaymentKind = 'INTERNAL' | 'CROSS_ORGANIZATION';
export type PaymentStatus = 'PENDING' | 'COMPLETED' | 'FAILED';

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
  /** Hash of the request that created it: a retry under the same Idempotency-Key must match it. */
  requestFingerprint: string | null;
}

/** What a settlement batch pays each recipient bank: one MsgSend per bank, the payments it covers. */
export interface BatchTransfer {
  organizationId: string;
  to: string;
  amount: string;
  payments: Array<{ paymentId: string; recipientClientId: string; amount: string }>;
}

export interface CashMovement {
  movementId: string;
  clientId: string;
  organizationId: string;
  amount: string;
  reference: string | null;
}

export type BankLedgerEvent =
  | DomainEvent<
      'InstantPaymentClientRegistered',
      { clientId: string; organizationId: string; name: string; externalRef: string | null; demo: boolean; startingBalance: string }
    >
  | DomainEvent<'InstantPaymentAliasActivated', { clientId: string; organizationId: string; alias: string }>
  | DomainEvent<'InstantPaymentClientCashedIn', CashMovement>
  | DomainEvent<'InstantPaymentClientCashedOut', CashMovement>
  | DomainEvent<'InstantPaymentClientDeactivated', { clientId: string; organizationId: string; deactivatedAt: string }>
  /** A client token revoked before it expires (`expiresAt` lets the ledger forget it afterwards). */
  | DomainEvent<'InstantPaymentClientTokenRevoked', { clientId: string; organizationId: string; tokenId: string; expiresAt: string }>
  /** An INTERNAL payment: sender debited and recipient credited in one event; it is COMPLETED. */
  | DomainEvent<'InstantPaymentTransferred', PaymentParties>
  /** A CROSS_ORGANIZATION payment: the sender is debited, the payment is PENDING until its batch settles. */
  | DomainEvent<'InstantPaymentSent', PaymentParties>
  /** The signed batch transaction, recorded before it is broadcast (a crash resumes from these bytes). */
  | DomainEvent<
      'InstantPaymentSettlementBatchStarted',
      { organizationId: string; batchNumber: number; txHash: string; txBytes: string; from: string; transfers: BatchTransfer[] }
    >
  /** The recorded bytes can never land (their sequence went to another transaction): the payments are due again. */
  | DomainEvent<'InstantPaymentSettlementBatchAbandoned', { organizationId: string; batchNumber: number; txHash: string; reason: string }>
  /** The batch is final on the chain and every recipient bank has credited its payments. */
  | DomainEvent<'InstantPaymentSettlementBatchSettled', { organizationId: string; batchNumber: number; txHash: string; height: number; settledAt: string }>
  /** The chain refused the batch: its payments FAILED and their senders are refunded. */
  | DomainEvent<
      'InstantPaymentSettlementBatchFailed',
      { organizationId: string; batchNumber: number; txHash: string | null; failureCode: string; reason: string; failedAt: string }
    >
  /** On the recipient bank's stream: a settled batch of another bank credits these clients; the payments are COMPLETED. */
  | DomainEvent<
      'InstantPaymentsReceived',
      {
        organizationId: string;
        senderOrganizationId: string;
        batchNumber: number;
        txHash: string;
        settledAt: string;
        payments: Array<{ paymentId: string; recipientClientId: string; amount: string }>;
      }
    >;

export type AliasEvent =
  | DomainEvent<'InstantPaymentAliasClaimed', { alias: string; clientId: string; organizationId: string }>
  /** A claim whose activation the client's bank refused: the alias is free again. */
  | DomainEvent<'InstantPaymentAliasReleased', { alias: string; clientId: string }>;

export type InstantPaymentEvent = BankLedgerEvent | AliasEvent;

export const BANK_LEDGER_EVENT_TYPES: readonly BankLedgerEvent['type'][] = [
  'InstantPaymentClientRegistered',
  'InstantPaymentAliasActivated',
  'InstantPaymentClientCashedIn',
  'InstantPaymentClientCashedOut',
  'InstantPaymentClientDeactivated',
  'InstantPaymentClientTokenRevoked',
  'InstantPaymentTransferred',
  'InstantPaymentSent',
  'InstantPaymentSettlementBatchStarted',
  'InstantPaymentSettlementBatchAbandoned',
  'InstantPaymentSettlementBatchSettled',
  'InstantPaymentSettlementBatchFailed',
  'InstantPaymentsReceived',
];

export const INSTANT_PAYMENT_EVENT_TYPES: readonly InstantPaymentEvent['type'][] = [
  ...BANK_LEDGER_EVENT_TYPES,
  'InstantPaymentAliasClaimed',
  'InstantPaymentAliasReleased',
];
