import { balancesProjection } from '../../projections/balances';
import type { TxResult } from '../../write-side/chain/chain';
import { generateCustodyKey, type CustodyKey } from '../../write-side/chain/keys';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { msgBurn, msgCreateDenom, msgCreateGroupWithPolicy, msgMint, msgSend, msgSubmitProposal, TypeUrl, type ChainMessage } from '../../write-side/chain/messages';
import { signAndBroadcast } from '../../write-side/chain/signer';
import { mulberry32 } from '../support/seeded-random';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

/** A seeded draw below `below`, so that a failing run can be replayed. */
function random(seed: number) {
  const next = mulberry32(seed);
  return (below: number) => Math.floor(next() * below);
}

let t: TestRuntime;
beforeAll(async () => {
  t = await createTestRuntime({ projections: [balancesProjection], configOverrides: { CHAIN_BLOCK_MS: '5' } });
}, 60000);
afterAll(() => t?.close());

async function projectedHeight(): Promise<number> {
  const head: { height: string } | undefined = await t.services.db('chain_head').first('height');
  return Number(head?.height ?? -1);
}

/** Waits for the balances read model to fold the block the transaction landed in. */
async function folded(result: TxResult): Promise<void> {
  const deadline = Date.now() + 5000;
  while ((await projectedHeight()) < result.height) {
    if (Date.now() > deadline) throw new Error(`the balances projection did not reach height ${result.height}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Every balance and every supply of the read model equals the chain's answer. */
async function expectReconciled(addresses: Iterable<string>, denoms: Iterable<string>): Promise<void> {
  const { db, chain } = t.services;
  const stored: Array<{ address: string; denom: string; amount: string }> = await db('chain_balances').orderBy(['address', 'denom']);
  const onChain: Array<{ address: string; denom: string; amount: string }> = [];
  for (const address of [...new Set(addresses)].sort())
    for (const balance of await chain.getAllBalances(address)) onChain.push({ address, denom: balance.denom, amount: balance.amount.toString() });
  expect(stored).toEqual(onChain);
  for (const denom of denoms) {
    const supply: { supply: string } | undefined = await db('chain_supply').where({ denom }).first('supply');
    expect(BigInt(supply?.supply ?? '0')).toBe(await chain.getSupply(denom));
  }
}

describe('balances read model reconciliation', () => {
  it('equals the chain’s balances and supply after every block, through sends, mints, burns, proposals and failures', async () => {
    const { chain, chainOperator: operator } = t.services;
    const native = t.services.config.NATIVE_DENOM;
    const next = random(20260104);
    const keys: CustodyKey[] = Array.from({ length: 5 }, () => generateCustodyKey('emisor'));
    const addresses = new Set([operator.address, ...keys.map((key) => key.address)]);
    const denoms = new Set([native]);
    const pick = () => keys[next(keys.length)]!;
    const amount = () => BigInt(1 + next(5000));
    const send = async (signers: CustodyKey[], messages: ChainMessage[]) => {
      const result = await signAndBroadcast(chain, signers, messages);
      if (result.height > 0) await folded(result);
      await expectReconciled(addresses, denoms);
      return result;
    };

    // A second token, administered by one of the keys: the fold knows no denom in advance.
    await send([operator], keys.map((key) => msgMint(operator.address, 1_000_000n, native, key.address)));
    const created = await send([keys[0]!], [msgCreateDenom(keys[0]!.address, 'bond')]);
    const bond = created.newTokenDenom!;
    denoms.add(bond);
    // A 2-member group whose policy account moves value only through executed proposals.
    const group = await send([keys[1]!], [msgCreateGroupWithPolicy({ admin: keys[1]!.address, members: [{ address: keys[1]!.address, weight: 1n }, { address: keys[2]!.address, weight: 1n }], threshold: 1n })]);
    const policy = group.groupPolicyAddress!;
    addresses.add(policy);

    let failures = 0;
    for (let step = 0; step < 60; step++) {
      const from = pick();
      const to = pick();
      const outcome = await (async () => {
        switch (next(7)) {
          case 0:
            return send([from], [msgSend(from.address, to.address, amount(), native)]);
          case 1:
            // Two coins in one message, and sometimes more than the sender holds: then nothing moves.
            return send([from], [
              {
                typeUrl: TypeUrl.send,
                value: MsgSend.fromPartial({
                  fromAddress: from.address,
                  toAddress: to.address,
                  amount: [
                    { denom: native, amount: String(amount()) },
                    { denom: bond, amount: String(amount() * BigInt(next(3))) },
                  ],
                }),
              },
            ]);
          case 2:
            return send([keys[0]!], [msgMint(keys[0]!.address, amount(), bond, to.address)]);
          case 3:
            return send([operator], [msgMint(operator.address, amount(), native, operator.address), msgBurn(operator.address, amount(), native, operator.address)]);
          case 4:
            return send([from], [msgSend(from.address, policy, amount(), native)]);
          case 5:
            // An executed proposal's nested sends, all or nothing.
            return send([keys[1]!], [
              msgSubmitProposal({
                policyAddress: policy,
                proposers: [keys[1]!.address],
                messages: [msgSend(policy, to.address, amount(), native), msgSend(policy, from.address, amount(), native)],
                metadata: { proposalId: `p-${step}`, title: 'Pay out', creatorId: 'test' },
              }),
            ]);
          default:
            // Overdraws: included with a failure code, changing no balance.
            return send([from], [msgSend(from.address, to.address, 10_000_000_000n, native)]);
        }
      })();
      if (outcome.code !== 0) failures++;
    }
    expect(failures).toBeGreaterThan(0);
    expect(await projectedHeight()).toBe(await chain.getHeight());
  }, 60000);

  it('holds no zero balance: an address that sends all it holds has no row left, as the chain lists none', async () => {
    const { chain, chainOperator: operator } = t.services;
    const native = t.services.config.NATIVE_DENOM;
    const emptied = generateCustodyKey('emisor');
    const supplyBefore = await chain.getSupply(native);
    await folded(await signAndBroadcast(chain, [operator], [msgMint(operator.address, 700n, native, emptied.address)]));
    expect(await t.services.db('chain_balances').where({ address: emptied.address }).select('denom', t.services.db.raw('amount::text as amount'))).toEqual([
      { denom: native, amount: '700' },
    ]);

    const result = await signAndBroadcast(chain, [emptied], [msgSend(emptied.address, operator.address, 700n, native)]);
    expect(result.code).toBe(0);
    await folded(result);

    expect(await t.services.db('chain_balances').where({ address: emptied.address })).toEqual([]);
    const supply: { supply: string } = await t.services.db('chain_supply').where({ denom: native }).first('supply');
    expect(BigInt(supply.supply)).toBe(supplyBefore + 700n);
    expect(await chain.getAllBalances(emptied.address)).toEqual([]);
  }, 60000);
});
