import fc from 'fast-check';
import { AppError } from '../../write-side/errors';
import { decide, evolve, initialLedger, nextBatchTransfers, undoOf, type BankLedgerCommand, type BankLedgerState } from '../../write-side/instant-payments/decide';
import type { BankLedgerEvent } from '../../write-side/instant-payments/events';
import { LedgerClients } from '../../write-side/instant-payments/ledger-clients';

/**
 * The contract's backing rule and the ledger's invariants over random sequences of registrations,
 * cash-ins, cash-outs, payments (internal and cross-bank) and settlement outcomes, on two banks and
 * a model of the chain (the banks' settlement balances). After every step, for every bank:
 * client balances never negative, clientTotal is their sum, clientTotal + outgoingTotal never exceeds
 * the settlement balance; and retail money only enters by cash-in or demo balance and leaves by
 * cash-out.
 */
const BANKS = ['bank-a', 'bank-b'] as const;
const ACTIVE = { status: 'ACTIVE' };
const NOW = '2026-11-23T10:00:00.000Z';

type Step =
  | { kind: 'register'; bank: number; start: number }
  | { kind: 'cashIn'; bank: number; client: number; amount: number }
  | { kind: 'cashOut'; bank: number; client: number; amount: number }
  | { kind: 'pay'; bank: number; from: number; toBank: number; to: number; amount: number }
  /** Starts a batch when none is open; then leaves it open (still on its way to the chain) or resolves it. */
  | { kind: 'settle'; bank: number; outcome: 'open' | 'settled' | 'failed' | 'abandoned' }
  | { kind: 'deactivate' | 'revoke'; bank: number; client: number };

const amount = fc.integer({ min: 0, max: 5_000 });
const bank = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('register' as const), bank, start: amount }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('cashIn' as const), bank, client: fc.nat(9), amount }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('cashOut' as const), bank, client: fc.nat(9), amount }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('pay' as const), bank, from: fc.nat(9), toBank: bank, to: fc.nat(9), amount }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('settle' as const), bank, outcome: fc.constantFrom('open' as const, 'settled' as const, 'failed' as const, 'abandoned' as const) }), weight: 4 },
  // Rarer: a deactivated client pays no more.
  { arbitrary: fc.record({ kind: fc.constantFrom('deactivate' as const, 'revoke' as const), bank, client: fc.nat(9) }), weight: 1 },
);

type Evolving = (state: BankLedgerState, event: BankLedgerEvent) => void;

/** Decides the command on the state and evolves the state with its events, showing each to `evolving` first. */
function applyCommand(state: BankLedgerState, command: BankLedgerCommand, evolving?: Evolving): boolean {
  let events;
  try {
    events = decide(command, state);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  for (const event of events) {
    evolving?.(state, event);
    evolve(state, event);
  }
  return events.length > 0;
}

const funding = fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 2, maxLength: 2 });
/** Long runs: at fast-check's default size most runs held a handful of steps and never reached a settlement. */
const steps = fc.array(step, { maxLength: 120, size: 'max' });

/**
 * Runs the steps on two banks' ledgers and a model of the chain, checking the invariants after each
 * step; `evolving` is shown each event before a ledger evolves with it, `afterStep` runs after each step.
 */
function runSteps(
  fundingOfBanks: number[],
  steps: Step[],
  { evolving, afterStep }: { evolving?: Evolving; afterStep?: () => void } = {},
): void {
  const ledgers = BANKS.map((bank) => initialLedger(bank));
  const apply: typeof applyCommand = (state, command) => applyCommand(state, command, evolving);
  const chain = new Map<string, bigint>(BANKS.map((bank, index) => [bank, BigInt(fundingOfBanks[index]!)]));
  const clients: string[][] = [[], []];
  const addresses = new Map(BANKS.map((bank) => [bank, `emisor1${bank}`]));
  let cashedIn = 0n;
  let cashedOut = 0n;
  let ids = 0;
  const client = (bank: number, index: number) => clients[bank]![index % Math.max(clients[bank]!.length, 1)] ?? 'nobody';

  for (const s of steps) {
    const ledger = ledgers[s.bank]!;
    const bankId = BANKS[s.bank]!;
    switch (s.kind) {
      case 'register': {
        const clientId = `${bankId}-c${clients[s.bank]!.length}`;
        const command: BankLedgerCommand = { type: 'RegisterClient', clientId, name: clientId, externalRef: null, demo: true, startingBalance: BigInt(s.start), bank: ACTIVE, settlementBalance: chain.get(bankId)! };
        if (apply(ledger, command)) {
          clients[s.bank]!.push(clientId);
          apply(ledger, { type: 'ActivateAlias', clientId, alias: clientId.replace(/-/g, '.') });
          cashedIn += BigInt(s.start);
        }
        break;
      }
      case 'cashIn':
        if (apply(ledger, { type: 'CashIn', movementId: `m${ids++}`, clientId: client(s.bank, s.client), amount: BigInt(s.amount), reference: null, bank: ACTIVE, settlementBalance: chain.get(bankId)!, recorded: false }))
          cashedIn += BigInt(s.amount);
        break;
      case 'cashOut':
        if (apply(ledger, { type: 'CashOut', movementId: `m${ids++}`, clientId: client(s.bank, s.client), amount: BigInt(s.amount), reference: null, bank: ACTIVE, recorded: false }))
          cashedOut += BigInt(s.amount);
        break;
      case 'pay': {
        const recipientId = client(s.toBank, s.to);
        const recipientLedger = ledgers[s.toBank]!;
        const holder = recipientLedger.clients.get(recipientId);
        apply(ledger, {
          type: 'Pay',
          paymentId: `p${ids++}`,
          senderClientId: client(s.bank, s.from),
          tokenId: null,
          recipient: holder ? { clientId: recipientId, organizationId: BANKS[s.toBank]!, alias: holder.alias!, active: holder.active } : null,
          amount: BigInt(s.amount),
          reference: null,
          requestFingerprint: null,
          senderBank: ACTIVE,
          recipientBank: ACTIVE,
          recorded: null,
          now: NOW,
        });
        break;
      }
      case 'deactivate':
        apply(ledger, { type: 'DeactivateClient', clientId: client(s.bank, s.client), now: NOW });
        break;
      case 'revoke':
        apply(ledger, { type: 'RevokeClientToken', clientId: client(s.bank, s.client), tokenId: `t${ids++}`, expiresAt: NOW });
        break;
      case 'settle': {
        if (!ledger.openBatch) {
          const transfers = nextBatchTransfers(ledger, addresses, 1000);
          if (transfers.length === 0) break;
          apply(ledger, { type: 'StartSettlementBatch', batchNumber: ledger.batchNumber + 1, txHash: `h${ids}`, txBytes: `b${ids++}`, from: bankId, transfers });
        }
        const batch = ledger.openBatch!;
        if (s.outcome === 'open') break;
        if (s.outcome === 'abandoned') apply(ledger, { type: 'AbandonSettlementBatch', txHash: batch.txHash, reason: 'sequence' });
        else if (s.outcome === 'failed')
          apply(ledger, { type: 'FailSettlementBatch', txHash: batch.txHash, failureCode: 'SETTLEMENT_REFUSED', reason: 'refused', failedAt: NOW });
        else {
          // The chain moves each transfer; the backing rule says the sender always has it.
          for (const transfer of batch.transfers) {
            const moved = BigInt(transfer.amount);
            expect(chain.get(bankId)!).toBeGreaterThanOrEqual(moved);
            chain.set(bankId, chain.get(bankId)! - moved);
            chain.set(transfer.organizationId, chain.get(transfer.organizationId)! + moved);
            apply(ledgers[BANKS.indexOf(transfer.organizationId as (typeof BANKS)[number])]!, {
              type: 'ReceivePayments',
              senderOrganizationId: bankId,
              batchNumber: batch.batchNumber,
              txHash: batch.txHash,
              settledAt: NOW,
              payments: transfer.payments,
            });
          }
          apply(ledger, { type: 'SettleBatch', txHash: batch.txHash, height: 1, settledAt: NOW });
        }
        break;
      }
    }
    for (const [index, state] of ledgers.entries()) {
      const balances = [...state.clients.values()].map((entry) => entry.balance);
      expect(balances.every((balance) => balance >= 0n)).toBe(true);
      expect(state.clientTotal).toBe(balances.reduce((sum, balance) => sum + balance, 0n));
      expect(state.clientTotal + state.outgoingTotal).toBeLessThanOrEqual(chain.get(BANKS[index]!)!);
    }
    const retail = ledgers.reduce((sum, state) => sum + state.clientTotal + state.outgoingTotal, 0n);
    expect(retail).toBe(cashedIn - cashedOut);
    afterStep?.();
  }
}

describe('the backing rule holds over any sequence of retail operations', () => {
  it('never lets client balances plus outgoing payments exceed the settlement balance, never overdraws, conserves money', () => {
    fc.assert(
      fc.property(funding, steps, (fundingOfBanks, steps) => runSteps(fundingOfBanks, steps)),
      { numRuns: 100 },
    );
  });
});

/** A ledger's state as a value: every map as its entries in order (a batch takes due payments in the order they were sent). */
/** The clients as handed out, and who holds each alias the steps give (client-1's is client.1): the alias index agrees with them. */
const clientsAsValue = (clients: LedgerClients) => {
  const all = [...clients.values()];
  return { all, holders: all.map((client) => clients.holding(client.clientId.replace(/-/g, '.'))?.clientId) };
};

const asValue = (state: BankLedgerState) =>
  Object.fromEntries(
    Object.entries(state).map(([field, value]) => [field, value instanceof LedgerClients ? clientsAsValue(value) : value instanceof Map || value instanceof Set ? [...value] : value]),
  );

describe('a round taken back leaves the ledger as it was before the round (a failed append costs the round, not a reload)', () => {
  it('undoes any run of events, newest first, to the state before the first of them', () => {
    fc.assert(
      fc.property(funding, steps, fc.integer({ min: 1, max: 6 }), (fundingOfBanks, steps, stepsPerRound) => {
        // Each ledger's round so far: the state before it, and each event with the undo taken just before it.
        const rounds = new Map<BankLedgerState, { before: ReturnType<typeof asValue>; events: Array<{ event: BankLedgerEvent; undo: () => void }> }>();
        let stepsInRound = 0;
        runSteps(fundingOfBanks, steps, {
          evolving: (state, event) => {
            let round = rounds.get(state);
            if (!round) rounds.set(state, (round = { before: structuredClone(asValue(state)), events: [] }));
            round.events.push({ event, undo: undoOf(state, event) });
          },
          afterStep: () => {
            if (++stepsInRound < stepsPerRound) return;
            stepsInRound = 0;
            for (const [state, round] of rounds) {
              const after = structuredClone(asValue(state));
              for (const { undo } of [...round.events].reverse()) undo();
              expect(asValue(state)).toEqual(round.before);
              // Decided again, the same events lead to the same state: the run goes on from there.
              for (const { event } of round.events) evolve(state, event);
              expect(asValue(state)).toEqual(after);
            }
            rounds.clear();
          },
        });
      }),
      { numRuns: 100 },
    );
  });
});
