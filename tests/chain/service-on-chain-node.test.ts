import { balancesProjection } from '../../projections/balances';
import { createRuntime } from '../../runtime/bootstrap';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import type { TxResult } from '../../write-side/chain/chain';
import { CosmosChain } from '../../write-side/chain/cosmos-chain';
import { CHAIN_STREAM } from '../../write-side/chain/embedded-chain';
import { generateCustodyKey } from '../../write-side/chain/keys';
import { msgBurn, msgMint, msgSend } from '../../write-side/chain/messages';
import { OBSERVED_STREAM } from '../../write-side/chain/observer';
import { signAndBroadcast } from '../../write-side/chain/signer';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { startTestChainNode, type TestChainNode } from '../support/test-chain-node';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { createTestRuntime, TEST_KEY_ENCRYPTION_KEY, type TestRuntime } from '../support/test-runtime';

/** The service with CHAIN=cosmos against a chain node, whatever TEST_CHAIN says. */
let nodeDatabase: TestDatabase;
let node: TestChainNode;
let t: TestRuntime;

beforeAll(async () => {
  nodeDatabase = await createTestDatabase();
  const settings = { KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY, CHAIN_BLOCK_MS: '10' };
  node = await startTestChainNode(nodeDatabase, loadConfig(settings));
  t = await createTestRuntime({
    projections: [balancesProjection],
    configOverrides: { ...settings, CHAIN: 'cosmos', CHAIN_RPC_URL: node.url },
  });
}, 60000);
afterAll(async () => {
  await t?.close();
  await node?.close();
  await nodeDatabase?.drop();
});

async function folded(result: TxResult): Promise<void> {
  // Generous: the store's global feed waits for every older transaction on the server to end.
  const deadline = Date.now() + 20000;
  for (;;) {
    const head: { height: string } | undefined = await t.services.db('chain_head').first('height');
    if (Number(head?.height ?? 0) >= result.height) return;
    if (Date.now() > deadline) throw new Error(`the balances projection did not reach height ${result.height}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the service with CHAIN=cosmos against a chain node', () => {
  it('uses the Cosmos adapter, with the operator the node made genesis admin of the native denom', async () => {
    expect(t.services.chain).toBeInstanceOf(CosmosChain);
    expect(await t.services.chain.status()).toMatchObject({ chainId: 'emisor-1' });
    expect(await t.services.chain.getAccount(t.services.chainOperator.address)).toMatchObject({ accountNumber: 0 });
  });

  it('folds the node’s blocks into balances and supply through the adapter, equal to the chain’s answers', async () => {
    const { chain, chainOperator: operator, db } = t.services;
    const denom = t.services.config.NATIVE_DENOM;
    const [alice, bob] = [generateCustodyKey('emisor'), generateCustodyKey('emisor')];
    const minted = await signAndBroadcast(chain, [operator], [msgMint(operator.address, 10_000n, denom, alice.address)]);
    expect(minted.code).toBe(0);
    const sent = await signAndBroadcast(chain, [alice], [msgSend(alice.address, bob.address, 2_500n, denom), msgSend(alice.address, operator.address, 500n, denom)]);
    expect(sent.code).toBe(0);
    const burned = await signAndBroadcast(chain, [operator], [msgBurn(operator.address, 300n, denom, operator.address)]);
    expect(burned.code).toBe(0);
    const overdraft = await signAndBroadcast(chain, [bob], [msgSend(bob.address, alice.address, 1_000_000n, denom)]);
    expect(overdraft.code).toBe(5);
    await folded(overdraft);

    const balances = await db('chain_balances').whereIn('address', [operator.address, alice.address, bob.address]).orderBy('address');
    const expected = [
      { address: operator.address, denom, amount: '200' },
      { address: alice.address, denom, amount: '7000' },
      { address: bob.address, denom, amount: '2500' },
    ].sort((a, b) => (a.address < b.address ? -1 : 1));
    expect(balances).toEqual(expected);
    for (const row of expected) expect(await chain.getBalance(row.address, denom)).toBe(BigInt(row.amount));
    expect(await db('chain_supply').where({ denom }).first('supply', 'minted', 'burned', 'mints', 'burns')).toEqual({
      supply: '9700',
      minted: '10000',
      burned: '300',
      mints: '1',
      burns: '1',
    });
    expect(await chain.getSupply(denom)).toBe(9_700n);
    const movements = await db('chain_movements').where({ tx_hash: sent.txHash }).orderBy(['movement_index', 'direction']).select('direction', 'address', 'kind', 'amount');
    expect(movements).toEqual([
      { direction: 'IN', address: bob.address, kind: 'SEND', amount: '2500' },
      { direction: 'OUT', address: alice.address, kind: 'SEND', amount: '2500' },
      { direction: 'IN', address: operator.address, kind: 'SEND', amount: '500' },
      { direction: 'OUT', address: alice.address, kind: 'SEND', amount: '500' },
    ]);
  });

  it('records the node’s blocks as observed blocks, once each, and keeps none as its own chain', async () => {
    const observed = await t.services.eventStore.readStream(OBSERVED_STREAM);
    const heights = observed.map((event) => (event.data as { height: number }).height);
    expect(heights).toEqual([...new Set(heights)].sort((a, b) => a - b));
    expect(heights.length).toBeGreaterThanOrEqual(4);
    expect(await t.services.eventStore.readStream(CHAIN_STREAM)).toEqual([]);
  });
});

/**
 * A Cosmos adapter recording into a store of its own, whose observer has passed the node's blocks and
 * would look again only after a minute; `observedHeights` reads that store.
 */
async function withSlowObserver(use: (chain: CosmosChain, observedHeights: () => Promise<number[]>) => Promise<void>): Promise<void> {
  const store = await createTestDatabase();
  const chain = await CosmosChain.connect(node.url, { prefix: 'emisor', observe: { store: new PostgresEventStore(store.pool), intervalMs: 60_000 } });
  try {
    // However long its first pass over the node's history takes, a broadcast of its own answers once the
    // observer has passed that block; the pass then reaches the node's head and the observer sleeps.
    const operator = t.services.chainOperator;
    expect((await signAndBroadcast(chain, [operator], [msgMint(operator.address, 1n, t.services.config.NATIVE_DENOM, operator.address)])).code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await use(chain, async () => (await new PostgresEventStore(store.pool).readStream(OBSERVED_STREAM)).map((event) => (event.data as { height: number }).height));
  } finally {
    // Closed mid-pass too, the observer ends at once rather than after its minute.
    await chain.close();
    await store.drop();
  }
}

describe('a broadcast through the Cosmos adapter', () => {
  it('answers once its block is recorded as observed, like the embedded chain’s, however slowly the observer polls', async () => {
    await withSlowObserver(async (chain, observedHeights) => {
      const operator = t.services.chainOperator;
      const minted = await signAndBroadcast(chain, [operator], [msgMint(operator.address, 10n, t.services.config.NATIVE_DENOM, operator.address)]);
      expect(minted.code).toBe(0);
      expect(await observedHeights()).toContain(minted.height);
    });
  });
});

describe('a transaction looked up by hash through the Cosmos adapter', () => {
  it('answers once its block is recorded as observed (a resumed execution reads what it moved), however slowly the observer polls', async () => {
    await withSlowObserver(async (chain, observedHeights) => {
      // Sent by another process (the one that died after sending): this adapter's observer has not seen its block.
      const operator = t.services.chainOperator;
      const minted = await signAndBroadcast(t.services.chain, [operator], [msgMint(operator.address, 10n, t.services.config.NATIVE_DENOM, operator.address)]);
      expect(minted.code).toBe(0);
      expect(await chain.getTx(minted.txHash)).toMatchObject({ txHash: minted.txHash, height: minted.height, code: 0 });
      expect(await observedHeights()).toContain(minted.height);
    });
  });
});

describe('an observer joining a store that holds the node’s blocks already', () => {
  it('resumes after the newest observed block from that event alone, without reading the stream’s history', async () => {
    const store = new PostgresEventStore(t.database.pool);
    const readStream = jest.spyOn(store, 'readStream');
    const readLastEvent = jest.spyOn(store, 'readLastEvent');
    const chain = await CosmosChain.connect(node.url, { prefix: 'emisor', observe: { store, intervalMs: 60_000 } });
    try {
      const operator = t.services.chainOperator;
      const minted = await signAndBroadcast(chain, [operator], [msgMint(operator.address, 10n, t.services.config.NATIVE_DENOM, operator.address)]);
      expect(minted.code).toBe(0);
      expect(readLastEvent).toHaveBeenCalledWith(OBSERVED_STREAM);
      expect(readStream.mock.calls.filter(([streamId]) => streamId === OBSERVED_STREAM)).toEqual([]);
      const heights = (await store.readStream(OBSERVED_STREAM)).map((event) => (event.data as { height: number }).height);
      expect(heights).toContain(minted.height);
      expect(heights).toEqual([...new Set(heights)].sort((a, b) => a - b));
    } finally {
      await chain.close();
    }
  });
});

describe('a second process with an in-process embedded chain on the same store', () => {
  it('refuses to start with a message that says what to run instead, and starts once the first is gone', async () => {
    const first = await createTestRuntime();
    // The refused start's connections carry a name of their own, to be told from the first runtime's.
    const refusedUrl = new URL(first.database.url);
    refusedUrl.searchParams.set('application_name', 'refused-start');
    const refusedConnections = async () =>
      Number((await first.services.db.raw("select count(*) as n from pg_stat_activity where application_name = 'refused-start'")).rows[0].n);
    try {
      await expect(createRuntime(first.services.config, refusedUrl.toString(), createLogger('silent'))).rejects.toThrow(
        'another process already runs the embedded chain on this database. Run one service process with CHAIN=embedded, or run the chain as its own process (`npm run chain`)',
      );
      // It closed what it had opened (its pools had held their connections until they idled out, 30 s).
      for (let attempt = 0; attempt < 40 && (await refusedConnections()) > 0; attempt++) await new Promise((resolve) => setTimeout(resolve, 50));
      expect(await refusedConnections()).toBe(0);
    } finally {
      await first.runtime.stop();
    }
    const again = await createRuntime(first.services.config, first.database.url, createLogger('silent'));
    await again.stop();
    await first.close();
  });
});
