import type { BankLedgerEvent, PaymentParties } from '../../write-side/instant-payments/events';

type Registration = Extract<BankLedgerEvent, { type: 'InstantPaymentClientRegistered' }>['data'];

/** A client's registration in its bank's ledger, named after itself, as read-model tests register them. */
export const clientRegistration = (bank: string, clientId: string, startingBalance: string): Registration => ({
  clientId,
  organizationId: bank,
  name: clientId,
  externalRef: null,
  demo: false,
  startingBalance,
});

/** A party to a payment as read-model tests name it: its bank, its client and the client's alias. */
export type PaymentParty = readonly [organizationId: string, clientId: string, alias: string];

/** A payment's parties, as its events carry them. */
export const paymentParties = (
  paymentId: string,
  kind: PaymentParties['kind'],
  sender: PaymentParty,
  recipient: PaymentParty,
  createdAt: string,
  amount = '10',
): PaymentParties => ({
  paymentId,
  kind,
  amount,
  reference: null,
  senderClientId: sender[1],
  senderOrganizationId: sender[0],
  senderAlias: sender[2],
  recipientClientId: recipient[1],
  recipientOrganizationId: recipient[0],
  recipientAlias: recipient[2],
  createdAt,
  requestFingerprint: null,
});
