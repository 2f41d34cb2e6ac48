import type { Knex } from 'knex';
import type { InstantPaymentsDeps } from '../write-side/instant-payments/commands';
import { clientName } from './instant-payments';
import { findOrganization } from './organizations';

/** Letters shown of each part of a name: enough for a payer to recognise, too few to learn it. */
const SHOWN = 2;
/** Always the same mask, so the length of a name part is not revealed either. */
const MASK = '***';

/**
 * A client's name as a payer may see it before paying: the first letters of each part, then a mask
 * ("María López" → "Ma*** Ló***"). A two-letter part shows one letter, so only an initial is ever
 * shown whole.
 */
export function maskedName(name: string): string {
  return name
    .normalize('NFC')
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((part) => {
      const letters = Array.from(part);
      return letters.slice(0, Math.min(SHOWN, Math.max(1, letters.length - 1))).join('') + MASK;
    })
    .join(' ');
}

export interface Payee {
  alias: string;
  organizationId: string;
  bankName: string;
  maskedName: string;
}

/** Whom an alias pays, as its holder's bank ledger has it: an active client, or null. */
export async function payeeOf(payments: InstantPaymentsDeps, db: Knex, alias: string): Promise<Payee | null> {
  const recipient = await payments.ledgers.findRecipient(alias);
  if (!recipient?.active) return null;
  const [name, bank] = await Promise.all([clientName(db, recipient.clientId), findOrganization(db, recipient.organizationId)]);
  if (name === null || !bank) return null;
  return { alias, organizationId: recipient.organizationId, bankName: bank.name, maskedName: maskedName(name) };
}
