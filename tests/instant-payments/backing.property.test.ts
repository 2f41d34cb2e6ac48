import fc from 'fast-check';
import { AppError } from '../../runtime/errors';
import { decide, evolve, initialLedger, nextBatchTransfers, type BankLedgerCommand, type BankLedgerState } from '../../write-side/instant-payments/decide';

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
  | { kind: 'settle'; bank: number; outcome: 'settled' | 'failed' | 'abandoned' };

const amount = fc.integer({ min: 0, max: 5_000 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('register' as const), bank: fc.integer({ min: 0, max: 1 }), start: amount }),
  fc.record({ kind: fc.constant('cashIn' as const), bank: fc.integer({ min: 0, max: 1 }), client: fc.nat(9), amount }),
  fc.record({ kind: fc.constant('cashOut' as const), bank: fc.integer({ min: 0, max: 1 }), client: fc.nat(9), amount }),
  fc.record({ kind: fc.constant('pay' as const), bank: fc.integer({ min: 0, max: 1 }), from: fc.nat(9), toBank: fc.integer({ min: 0, max: 1 }), to: fc.nat(9), amount }),
  fc.record({ kind: fc.constant('settle' as const), bank: fc.integer({ min: 0, max: 1 }), outcome: fc.constantFrom('settled' as const, 'failed' as const, 'abandoned' as const) }),
);

function apply(state: BankLedgerState, command: BankLedgerCommand): boolean {
  let events;
  try {
    events = decide(command, state);
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
  for (const event of events) evolve(state, event);
  return events.length > 0;
}

describe('the backing rule holds over any sequence of retail operations', () => {
  it('never lets client balances plus outgoing payments exceed the settlement balance, never overdraws, conserves money', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 20_000 }), { minLength: 2, maxLength: 2 }), fc.array(step, { maxLength: 120 }), (funding, steps) => {
        const ledgers = BANKS.map((bank) => initialLedger(bank));
        const chain = new Map<string, bigint>(BANKS.map((bank, index) => [bank, BigInt(funding[index]!)]));
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
            case 'settle': {
              if (!ledger.openBatch) {
                const transfers = nextBatchTransfers(ledger, addresses, 1000);
                if (transfers.length === 0) break;
                apply(ledger, { type: 'StartSettlementBatch', batchNumber: ledger.batchNumber + 1, txHash: `h${ids}`, txBytes: `b${ids++}`, from: bankId, transfers });
              }
              const batch = ledger.openBatch!;
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
        }
      }),
      { numRuns: 300 },
    );
  });
});
