import type { BankLedgerEvent } from '../../write-side/instant-payments/events';

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
