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

type Receipt = Extract<BankLedgerEvent, { type: 'InstantPaymentsReceived' }>['data'];

/** The recipient ledger's receipt of one settled cross-bank payment, in a batch of its own. */
export const paymentReceived = (parties: PaymentParties, settledAt: string): Receipt => ({
  organizationId: parties.recipientOrganizationId,
  senderOrganizationId: parties.senderOrganizationId,
  batchNumber: 1,
  txHash: `tx-${parties.paymentId}`,
  settledAt,
  payments: [{ paymentId: parties.paymentId, recipientClientId: parties.recipientClientId, amount: parties.amount }],
});

/** The sender ledger's settlement batch of one cross-bank payment, started and then failed (its sender refunded). */
export const settlementBatchFailure = (parties: PaymentParties, failedAt: string): Array<{ type: BankLedgerEvent['type']; data: unknown }> => [
  {
    type: 'InstantPaymentSettlementBatchStarted',
    data: {
      organizationId: parties.senderOrganizationId,
      batchNumber: 7,
      txHash: 'tx-failed',
      txBytes: '',
      from: 'address',
      transfers: [
        {
          organizationId: parties.recipientOrganizationId,
          to: 'address',
          amount: parties.amount,
          payments: [{ paymentId: parties.paymentId, recipientClientId: parties.recipientClientId, amount: parties.amount }],
        },
      ],
    },
  },
  {
    type: 'InstantPaymentSettlementBatchFailed',
    data: { organizationId: parties.senderOrganizationId, batchNumber: 7, txHash: null, failureCode: 'CHAIN_REFUSED', reason: 'test', failedAt },
  },
];
