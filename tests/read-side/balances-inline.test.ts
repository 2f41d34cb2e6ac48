import { balancesProjection } from '../../projections/balances';
import type { TxResult } from '../../write-side/chain/chain';
import { CHAIN_STREAM, type BlockCommitted } from '../../write-side/chain/embedded-chain';
import { generateCustodyKey } from '../../write-side/chain/keys';
import { msgMint, msgSend } from '../../write-side/chain/messages';
import { signAndBroadcast } from '../../write-side/chain/signer';
import type { RecordedEvent } from '../../write-side/event-store/event-store';
import { OBSERVED_STREAM, type ChainBlockObserved } from '../../write-side/chain/observer';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

let t: TestRuntime;

async function blockEvent(result: TxResult): Promise<RecordedEvent> {
  const blocks = await t.services.eventStore.readStream(CHAIN_STREAM);
  const block = blocks.find((event) => event.type === 'BlockCommitted' && (event.data as BlockCommitted).height === result.height);
  if (!block) throw new Error(`no block at height ${result.height}`);
  return block;
}

const balanceOf = async (address: string, denom: string): Promise<string | null> =>
  ((await t.services.db('chain_balances').where({ address, denom }).first('amount')) as { amount: string } | undefined)?.amount ?? null;

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the embedded chain writes each block’s balances with its append', () => {
  beforeAll(async () => {
    t = await createTestRuntime({ chain: 'embedded', projections: [balancesProjection], configOverrides: { CHAIN_BLOCK_MS: '5' } });
  }, 60000);
  afterAll(() => t?.close());

  it('holds a block’s balances, movements and head once it is final, with no projection running, marked applied inline', async () => {
    const { chain, chainOperator: operator, config, db, projections } = t.services;
    const denom = config.NATIVE_DENOM;
    const payer = generateCustodyKey('emisor');
    const payee = generateCustodyKey('emisor');
    await projections.stop();
    try {
      const minted = await signAndBroadcast(chain, [operator], [msgMint(operator.address, 1_000n, denom, payer.address)]);
      expect(minted.code).toBe(0);
      // Emptied to zero: like x/bank, no zero balance is kept.
      const sent = await signAndBroadcast(chain, [payer], [msgSend(payer.address, payee.address, 1_000n, denom)]);
      expect(sent.code).toBe(0);

      expect(await balanceOf(payer.address, denom)).toBeNull();
      expect(await balanceOf(payee.address, denom)).toBe('1000');
      const head: { height: string } = await db('chain_head').where({ chain_id: config.CHAIN_ID }).first('height');
      expect(Number(head.height)).toBe(sent.height);
      const movements: Array<{ direction: string; address: string; amount: string }> = await db('chain_movements')
        .where({ tx_hash: sent.txHash })
        .orderBy('direction')
        .select('direction', 'address', 'amount');
      expect(movements).toEqual([
        { direction: 'IN', address: payee.address, amount: '1000' },
        { direction: 'OUT', address: payer.address, amount: '1000' },
      ]);
      expect((await blockEvent(sent)).metadata.appliedInline).toEqual(['balances']);
    } finally {
      await projections.start();
    }
    // The runner, started again, skips what the blocks wrote: nothing counted twice.
    await projections.waitFor((await blockEvent(await signAndBroadcast(chain, [operator], [msgMint(operator.address, 1n, denom, operator.address)]))).position, 10_000);
    expect(await balanceOf(payee.address, denom)).toBe('1000');
    expect(BigInt((await balanceOf(operator.address, denom)) ?? '0')).toBe(await chain.getBalance(operator.address, denom));
  });

  it('appends a block its read model refuses alone, and the projection stops on it saying why; the chain goes on', async () => {
    const { chain, chainOperator: operator, config, db } = t.services;
    const denom = config.NATIVE_DENOM;
    const payer = generateCustodyKey('emisor');
    const payee = generateCustodyKey('emisor');
    const minted = await signAndBroadcast(chain, [operator], [msgMint(operator.address, 500n, denom, payer.address)]);
    expect(minted.code).toBe(0);
    // A read model that lost a row: its fold of the next send from that account goes below zero.
    await db('chain_balances').where({ address: payer.address, denom }).delete();

    const sent = await signAndBroadcast(chain, [payer], [msgSend(payer.address, payee.address, 200n, denom)]);
    expect(sent.code).toBe(0);
    expect((await blockEvent(sent)).metadata.appliedInline).toBeUndefined();
    expect(await balanceOf(payee.address, denom)).toBeNull();
    await until(async () => (await db('projection_failures').where({ name: 'balances' }).first()) !== undefined, 'the balances projection to stop');
    const failure: { reason: string; event_type: string } = await db('projection_failures').where({ name: 'balances' }).first('reason', 'event_type');
    expect(failure.event_type).toBe('BlockCommitted');
    expect(failure.reason).toContain(`balances: ${payer.address} would hold -200${denom}`);

    // The chain itself went on.
    const after = await signAndBroadcast(chain, [payer], [msgSend(payer.address, payee.address, 100n, denom)]);
    expect(after.code).toBe(0);
    expect(after.height).toBeGreaterThan(sent.height);
  });
});

describe('the observer of a node (CHAIN=cosmos) writes each observed block’s balances with its append', () => {
  beforeAll(async () => {
    t = await createTestRuntime({ chain: 'cosmos', projections: [balancesProjection], configOverrides: { CHAIN_BLOCK_MS: '5' } });
  }, 60000);
  afterAll(() => t?.close());

  it('holds a block’s balances once the broadcast answers, with no projection running, marked applied inline', async () => {
    const { chain, chainOperator: operator, config, db, eventStore, projections } = t.services;
    const denom = config.NATIVE_DENOM;
    const payee = generateCustodyKey('emisor');
    await projections.stop();
    try {
      const minted = await signAndBroadcast(chain, [operator], [msgMint(operator.address, 750n, denom, payee.address)]);
      expect(minted.code).toBe(0);
      expect(await balanceOf(payee.address, denom)).toBe('750');
      const head: { height: string } = await db('chain_head').where({ chain_id: chain.chainId }).first('height');
      expect(Number(head.height)).toBeGreaterThanOrEqual(minted.height);
      const observed = (await eventStore.readStream(OBSERVED_STREAM)).find((event) => (event.data as ChainBlockObserved).height === minted.height);
      expect(observed?.metadata.appliedInline).toEqual(['balances']);
    } finally {
      await projections.start();
    }
  });
});
