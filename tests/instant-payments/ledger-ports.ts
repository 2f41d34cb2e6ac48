import { createLogger } from '../../runtime/logger';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { PostgresSnapshotStore } from '../../write-side/event-store/snapshots';
import type { CommandContext } from '../../write-side/command-handler';
import type { BankLedgerCommand } from '../../write-side/instant-payments/decide';
import type { BankLedger, LedgerPorts } from '../../write-side/instant-payments/ledger';
import type { TestDatabase } from '../support/test-database';

/**
 * A bank ledger's ports on a test database, for tests of the ledger alone: every bank ACTIVE, a
 * settlement balance of 10^12, nothing recorded in the read model before; `overrides` change any port.
 */
export const testLedgerPorts = (database: TestDatabase, store: PostgresEventStore, overrides: Partial<LedgerPorts> = {}): LedgerPorts => ({
  eventStore: store,
  snapshots: new PostgresSnapshotStore(database.knex),
  facts: {
    recorded: async ({ banks }) => ({ banks: new Map(banks.map((id) => [id, { status: 'ACTIVE' }])), payments: new Map(), movements: new Set() }),
    settlementBalance: async () => 10n ** 12n,
  },
  readModelReached: async () => true,
  logger: createLogger('silent'),
  ...overrides,
});

const aliasOf = (bankId: string, n: number) => `${bankId.replace(/-/g, '.')}.c${n}`;

/** Registers two clients of 1,000 each in a bank's ledger: `<bank>-c0` and `<bank>-c1`, with aliases. */
export async function registerTwoClients(ledger: BankLedger, context: CommandContext): Promise<void> {
  for (const n of [0, 1]) {
    const clientId = `${ledger.organizationId}-c${n}`;
    const register: BankLedgerCommand = { type: 'RegisterClient', clientId, name: `Client ${n}`, externalRef: null, demo: true, startingBalance: 1_000n, bank: { status: 'ACTIVE' }, settlementBalance: 10n ** 12n };
    await ledger.submit({ command: () => register, context });
    await ledger.submit({ command: () => ({ type: 'ActivateAlias', clientId, alias: aliasOf(ledger.organizationId, n) }), context });
  }
}

type Pay = Extract<BankLedgerCommand, { type: 'Pay' }>;

type PayFacts = Partial<Pick<Pay, 'senderBank' | 'recipientBank' | 'recorded' | 'requestFingerprint'>>;

/** A payment between two clients of one bank; by default on ACTIVE banks, nothing recorded, no fingerprint. */
export const payWithinBank = (
  bankId: string,
  paymentId: string,
  sender: string,
  recipient: { clientId: string; alias: string },
  amount: bigint,
  context: CommandContext,
  facts: PayFacts = {},
): Pay => ({
  type: 'Pay',
  paymentId,
  senderClientId: sender,
  tokenId: null,
  recipient: { ...recipient, organizationId: bankId, active: true },
  amount,
  reference: null,
  requestFingerprint: null,
  senderBank: { status: 'ACTIVE' },
  recipientBank: { status: 'ACTIVE' },
  recorded: null,
  now: context.now.toISOString(),
  ...facts,
});

/** A payment from a bank's c0 to its c1 (registerTwoClients). */
export const payC0ToC1 = (bankId: string, paymentId: string, amount: bigint, context: CommandContext, facts: PayFacts = {}): Pay =>
  payWithinBank(bankId, paymentId, `${bankId}-c0`, { clientId: `${bankId}-c1`, alias: aliasOf(bankId, 1) }, amount, context, facts);
