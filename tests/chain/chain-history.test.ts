import { EmbeddedChain } from '../../write-side/chain/embedded-chain';
import { PostgresChainHistory } from '../../write-side/chain/history';
import { generateCustodyKey } from '../../write-side/chain/keys';
import { msgCreateGroupWithPolicy, msgMint, msgSend } from '../../write-side/chain/messages';
import { signAndBroadcast } from '../../write-side/chain/signer';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { CHAIN_ID, DENOM, expectSuccess, PREFIX, startChain, type ChainFixture } from './chain-fixture';

let database: TestDatabase;
let fixture: ChainFixture;
let history: PostgresChainHistory;
const [alice, bob] = [generateCustodyKey(PREFIX), generateCustodyKey(PREFIX)];

const start = () =>
  EmbeddedChain.start({
    store: fixture.store,
    streamId: fixture.streamId,
    blockMs: 20,
    history,
    snapshotEveryTxs: 3,
    genesis: { chainId: CHAIN_ID, prefix: PREFIX, operatorAddress: fixture.operator.address, nativeDenom: DENOM },
  });

beforeAll(async () => {
  database = await createTestDatabase();
  history = new PostgresChainHistory(database.knex);
  fixture = await startChain(database);
  await fixture.chain.close();
});
afterAll(() => database.drop());

describe('embedded chain start-up from a snapshot plus the tail', () => {
  it('starts from the latest snapshot, replays only the blocks after it, and still finds older transactions by hash', async () => {
    const chain = await start();
    const results = [];
    for (const amount of [100n, 200n, 300n, 400n]) results.push(expectSuccess(await signAndBroadcast(chain, [fixture.operator], [msgMint(fixture.operator.address, amount, DENOM, alice.address)])));
    const group = expectSuccess(
      await signAndBroadcast(chain, [alice], [msgCreateGroupWithPolicy({ admin: alice.address, members: [{ address: bob.address, weight: 1n }], threshold: 1n })]),
    );
    const tail = expectSuccess(await signAndBroadcast(chain, [alice], [msgSend(alice.address, bob.address, 50n, DENOM)]));
    await chain.close();

    const snapshot = await history.snapshots.load(fixture.streamId);
    expect(snapshot).not.toBeNull();
    // Taken after 3 and after 6 transactions (each in a block of its own: stream versions 4 and 7).
    expect(snapshot!.version).toBe(7);

    const restarted = await start();
    expect(await restarted.getHeight()).toBe(tail.height);
    expect(await restarted.getBalance(alice.address, DENOM)).toBe(950n);
    expect(await restarted.getBalance(bob.address, DENOM)).toBe(50n);
    expect(await restarted.getAccount(alice.address)).toMatchObject({ sequence: 2 });
    expect((await restarted.getGroupPolicy(group.groupPolicyAddress!))?.members).toEqual([{ address: bob.address, weight: 1n }]);
    // A transaction before the snapshot: found through its recorded location, with its outcome.
    expect(await restarted.getTx(group.txHash)).toMatchObject({ txHash: group.txHash, height: group.height, code: 0, groupId: group.groupId });
    expect(await restarted.getTx(results[0]!.txHash)).toMatchObject({ height: results[0]!.height, code: 0 });
    expect((await restarted.getBlockResults(results[1]!.height))?.txs[0]?.events.map((event) => event.type)).toContain('tf_mint');
    const next = expectSuccess(await signAndBroadcast(restarted, [alice], [msgSend(alice.address, bob.address, 1n, DENOM)]));
    expect(next.height).toBe(tail.height + 1);
    await restarted.close();
  });

  it('takes the state from the snapshot, not from a replay of the blocks before it', async () => {
    const saved = (await history.snapshots.load(fixture.streamId))!;
    const state = saved.state as { ledger: { balances: Array<[string, string, string]> } };
    // Tamper with the cache: a chain that replayed its history would not see it.
    state.ledger.balances = state.ledger.balances.map(([address, denom, amount]) => [address, denom, address === bob.address ? '7777' : amount]);
    await database.knex('stream_snapshots').where({ stream_id: fixture.streamId }).update({ state: JSON.stringify(state) });
    const restarted = await start();
    // 7777 from the snapshot, plus the 1 sent in the tail after it.
    expect(await restarted.getBalance(bob.address, DENOM)).toBe(7778n);
    await restarted.close();
  });
});

describe('embedded chain memory', () => {
  it('keeps only the newest blocks in memory, and still answers for older ones from the store', async () => {
    const chain = await EmbeddedChain.start({
      store: fixture.store,
      streamId: fixture.streamId,
      blockMs: 20,
      history,
      recentBlocks: 2,
      genesis: { chainId: CHAIN_ID, prefix: PREFIX, operatorAddress: fixture.operator.address, nativeDenom: DENOM },
    });
    const sent = [];
    for (let n = 0; n < 5; n++) sent.push(expectSuccess(await signAndBroadcast(chain, [fixture.operator], [msgMint(fixture.operator.address, 10n, DENOM, bob.address)])));
    const inMemory = () => [...chain.searchTxs(() => true)].map((tx) => tx.txHash);
    for (let attempt = 0; inMemory().length > 2; attempt++) {
      expect(attempt).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(inMemory()).toEqual(sent.slice(-2).map((result) => result.txHash));
    // The oldest ones left memory, not the chain: found by hash and by height from the store.
    expect(await chain.getTx(sent[0]!.txHash)).toMatchObject({ txHash: sent[0]!.txHash, height: sent[0]!.height, code: 0 });
    expect((await chain.getBlockResults(sent[0]!.height))?.txs.map((tx) => tx.hash)).toEqual([sent[0]!.txHash]);
    await chain.close();
  });
});
