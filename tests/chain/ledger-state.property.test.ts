import fc from 'fast-check';
import { generateCustodyKey, type CustodyKey } from '../../write-side/chain/keys';
import { executeTx, LedgerState } from '../../write-side/chain/ledger-state';
import { msgMint, msgSend, type ChainMessage } from '../../write-side/chain/messages';
import { signTransaction } from '../../write-side/chain/transactions';

const CHAIN_ID = 'emisor-property-1';
const DENOM = 'ulps';
const operator = generateCustodyKey('emisor');
const holders = Array.from({ length: 4 }, () => generateCustodyKey('emisor'));

/** Signs with the signer's current account number and sequence and runs the tx as the next block's only one. */
function submit(state: LedgerState, key: CustodyKey, message: ChainMessage, height: number) {
  const { accountNumber, sequence } = state.account(key.address) ?? { accountNumber: 0, sequence: 0 };
  const bytes = signTransaction({ chainId: CHAIN_ID, signers: [{ key, accountNumber, sequence }], messages: [message] });
  return executeTx(state, bytes, { height });
}

describe('ledger state machine (property)', () => {
  it('conserves supply and moves exactly what a send says, refusing overdrafts, under random sends', () => {
    const send = fc.record({
      from: fc.nat({ max: holders.length - 1 }),
      to: fc.nat({ max: holders.length - 1 }),
      amount: fc.bigInt({ min: 1n, max: 3_000n }),
    });
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: 0n, max: 2_000n }), { minLength: 4, maxLength: 4 }), fc.array(send, { maxLength: 8 }), (initial, sends) => {
        const state = new LedgerState({ chainId: CHAIN_ID, prefix: 'emisor', operatorAddress: operator.address, nativeDenom: DENOM });
        const model = [...initial];
        let height = 0;
        initial.forEach((amount, index) => {
          // Mint of zero is invalid; those holders simply start without an account.
          if (amount > 0n) expect(submit(state, operator, msgMint(operator.address, amount, DENOM, holders[index]!.address), ++height).code).toBe(0);
        });
        const supply = state.supply(DENOM);
        expect(supply).toBe(initial.reduce((sum, amount) => sum + amount, 0n));

        for (const { from, to, amount } of sends) {
          const sender = holders[from]!;
          const known = state.account(sender.address) !== undefined;
          const outcome = submit(state, sender, msgSend(sender.address, holders[to]!.address, amount, DENOM), ++height);
          if (!known) {
            // A holder that never received funds has no account: refused as an unknown signer.
            expect(outcome).toMatchObject({ included: false, code: 9 });
            continue;
          }
          if (amount <= model[from]!) {
            expect(outcome.code).toBe(0);
            model[from]! -= amount;
            model[to]! += amount;
          } else {
            expect(outcome).toMatchObject({ included: true, code: 5 });
          }
          const balances = holders.map((holder) => state.balance(holder.address, DENOM));
          expect(balances).toEqual(model);
          expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(supply);
          expect(state.supply(DENOM)).toBe(supply);
        }
      }),
      { numRuns: 50 },
    );
  });
});
