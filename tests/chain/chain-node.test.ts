import { randomUUID } from 'node:crypto';
import { fromHex, toHex } from '@cosmjs/encoding';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import {
  BroadcastTxError,
  createProtobufRpcClient,
  QueryClient,
  setupAuthExtension,
  setupBankExtension,
  SigningStargateClient,
  StargateClient,
} from '@cosmjs/stargate';
import { Comet38Client, connectComet, Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { MsgCreateGroupWithPolicyResponse } from 'cosmjs-types/cosmos/group/v1/tx';
import { QueryClientImpl as GroupQueryClient } from 'cosmjs-types/cosmos/group/v1/query';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { startChainNode, type ChainNode } from '../../chain-node/node';
import { QUERY_PATHS } from '../../chain-node/queries';
import { CosmosChain } from '../../write-side/chain/cosmos-chain';
import { generateCustodyKey } from '../../write-side/chain/keys';
import {
  createRegistry,
  msgCreateDenom,
  msgCreateGroupWithPolicy,
  msgMint,
  msgSend,
  msgSubmitProposal,
  ResponseTypeUrl,
  TypeUrl,
} from '../../write-side/chain/messages';
import { signAndBroadcast } from '../../write-side/chain/signer';
import { signTransaction, txHash } from '../../write-side/chain/transactions';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { CHAIN_ID, DENOM, PREFIX } from './chain-fixture';

const registry = createRegistry();
const fee = { amount: [], gas: '500000' };
const operator = generateCustodyKey(PREFIX);
const [alice, bob, carol] = [generateCustodyKey(PREFIX), generateCustodyKey(PREFIX), generateCustodyKey(PREFIX)];

let database: TestDatabase;
let node: ChainNode;
const streamId = `chain-node-${randomUUID()}`;
const start = async () =>
  startChainNode({
    store: new PostgresEventStore(database.pool),
    streamId,
    genesis: { chainId: CHAIN_ID, prefix: PREFIX, operatorAddress: operator.address, nativeDenom: DENOM },
    blockMs: 20,
    port: 0,
  });

beforeAll(async () => {
  database = await createTestDatabase();
  node = await start();
});
afterAll(async () => {
  await node?.close();
  await database.drop();
});

const signingClient = async (key: typeof operator) =>
  SigningStargateClient.connectWithSigner(node.url, await DirectSecp256k1Wallet.fromKey(key.privateKey, PREFIX), {
    registry,
    broadcastPollIntervalMs: 50,
  });

/** Raw JSON-RPC, for what CosmJS does not expose (error bodies, the URI form). */
async function rpc(method: string, params: Record<string, unknown> = {}) {
  const response = await fetch(node.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }) });
  return (await response.json()) as { id: number; result?: any; error?: { code: number; message: string; data: string } };
}

describe('the chain node (npm run chain) speaks CometBFT RPC to unmodified CosmJS', () => {
  it('is detected as CometBFT 0.38 and reports its chain id and height, also to a Tendermint 0.37 client', async () => {
    const comet = await connectComet(node.url);
    expect(comet).toBeInstanceOf(Comet38Client);
    const status = await comet.status();
    expect(status.nodeInfo.network).toBe(CHAIN_ID);
    expect(status.syncInfo.latestBlockHeight).toBe(0);
    comet.disconnect();
    const tm37 = await Tendermint37Client.connect(node.url);
    expect((await tm37.status()).nodeInfo.network).toBe(CHAIN_ID);
    tm37.disconnect();

    const client = await StargateClient.connect(node.url);
    expect(await client.getChainId()).toBe(CHAIN_ID);
    expect(await client.getHeight()).toBe(0);
    expect(await client.getAccount(operator.address)).toMatchObject({ address: operator.address, accountNumber: 0n, sequence: 0 });
    expect(await client.getAccount(alice.address)).toBeNull();
    client.disconnect();
  });

  it('signs and broadcasts a token-factory mint and a bank send; balances, supply and sequences follow', async () => {
    const issuer = await signingClient(operator);
    const minted = await issuer.signAndBroadcast(operator.address, [msgMint(operator.address, 5_000n, DENOM, alice.address)], fee, 'first mint');
    expect(minted.code).toBe(0);
    expect(minted.height).toBeGreaterThan(0);
    expect(minted.msgResponses.map((response) => response.typeUrl)).toEqual([ResponseTypeUrl.mint]);
    expect(minted.events.find((event) => event.type === 'tf_mint')?.attributes).toEqual([
      { key: 'mint_to_address', value: alice.address },
      { key: 'amount', value: `5000${DENOM}` },
    ]);

    const payer = await signingClient(alice);
    const sent = await payer.sendTokens(alice.address, bob.address, [{ denom: DENOM, amount: '1250' }], fee, 'to bob');
    expect(sent.code).toBe(0);

    const reader = await StargateClient.connect(node.url);
    expect(await reader.getBalance(alice.address, DENOM)).toEqual({ denom: DENOM, amount: '3750' });
    expect(await reader.getAllBalances(bob.address)).toEqual([{ denom: DENOM, amount: '1250' }]);
    expect(await reader.getAllBalances(carol.address)).toEqual([]);
    expect(await reader.getSequence(alice.address)).toEqual({ accountNumber: 1n, sequence: 1 });
    const queryComet = await connectComet(node.url);
    const queries = QueryClient.withExtensions(queryComet, setupBankExtension, setupAuthExtension);
    expect(await queries.bank.supplyOf(DENOM)).toEqual({ denom: DENOM, amount: '5000' });
    expect(await queries.bank.totalSupply()).toMatchObject({ supply: [{ denom: DENOM, amount: '5000' }] });
    queryComet.disconnect();

    // Found by hash and by tx_search on its events.
    const byHash = await reader.getTx(sent.transactionHash);
    expect(byHash).toMatchObject({ hash: sent.transactionHash, height: sent.height, code: 0 });
    expect(TxRaw.decode(byHash!.tx).signatures).toHaveLength(1);
    const toBob = await reader.searchTx(`transfer.recipient='${bob.address}'`);
    expect(toBob.map((tx) => tx.hash)).toEqual([sent.transactionHash]);
    const bySender = await reader.searchTx([{ key: 'message.sender', value: operator.address }]);
    expect(bySender.map((tx) => tx.hash)).toEqual([minted.transactionHash]);
    expect(await reader.searchTx(`tx.height=${minted.height}`)).toHaveLength(1);
    expect(await reader.getTx('AB'.repeat(32))).toBeNull();

    // The block and its results, as CometBFT serves them.
    const comet = (await connectComet(node.url)) as Comet38Client;
    const block = await comet.block(sent.height);
    expect(block.block.header.chainId).toBe(CHAIN_ID);
    expect(block.block.txs.map((tx) => toHex(tx).length > 0)).toEqual([true]);
    const results = await comet.blockResults(sent.height);
    expect(results.results[0]!.code).toBe(0);
    expect(results.results[0]!.events.map((event) => event.type)).toEqual(['message', 'coin_spent', 'coin_received', 'transfer']);
    expect((await reader.getBlock()).header.height).toBe(sent.height);
    comet.disconnect();
    reader.disconnect();
    issuer.disconnect();
    payer.disconnect();
  });

  it('refuses a transaction at CheckTx with the Cosmos code, and answers broadcast_tx_commit with the block result', async () => {
    const payer = await signingClient(alice);
    const signed = await payer.sign(alice.address, [msgSend(alice.address, carol.address, 10n, DENOM)], fee, '');
    const forged = TxRaw.encode({ ...signed, signatures: [Uint8Array.from(signed.signatures[0]!.map((byte, index) => (index === 5 ? byte ^ 1 : byte)))] }).finish();
    // broadcastTxSync: cosmjs's broadcastTx leaves its 60 s poll timer running when the broadcast is refused.
    const error = await payer.broadcastTxSync(forged).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(BroadcastTxError);
    expect((error as BroadcastTxError).code).toBe(4);

    const comet = (await connectComet(node.url)) as Comet38Client;
    const committed = await comet.broadcastTxCommit({ tx: TxRaw.encode(signed).finish() });
    expect(committed.checkTx.code).toBe(0);
    expect(committed.txResult?.code).toBe(0);
    expect(committed.height).toBeGreaterThan(0);
    const stale = await comet.broadcastTxCommit({ tx: TxRaw.encode(await payer.sign(alice.address, [msgSend(alice.address, carol.address, 1n, DENOM)], fee, '', { accountNumber: 1n, sequence: 0, chainId: CHAIN_ID })).finish() });
    expect(stale.checkTx.code).toBe(32);
    expect(stale.checkTx.log).toContain('account sequence mismatch');
    comet.disconnect();
    payer.disconnect();
  });

  it('answers bytes it already holds with CometBFT’s cache error, and the Cosmos adapter awaits their result instead', async () => {
    const chain = await CosmosChain.connect(node.url, { prefix: PREFIX, chainId: CHAIN_ID });
    try {
      const account = (await chain.getAccount(bob.address))!;
      const bytes = signTransaction({
        chainId: CHAIN_ID,
        signers: [{ key: bob, accountNumber: account.accountNumber, sequence: account.sequence }],
        messages: [msgSend(bob.address, generateCustodyKey(PREFIX).address, 1n, DENOM)],
      });
      // Both sent before a block: the second finds the first in the mempool.
      const [first, again] = await Promise.all([chain.broadcast(bytes), chain.broadcast(bytes)]);
      expect(first).toMatchObject({ txHash: txHash(bytes), code: 0 });
      expect(first.height).toBeGreaterThan(0);
      expect(again).toEqual(first);
      expect((await rpc('broadcast_tx_sync', { tx: Buffer.from(bytes).toString('base64') })).error).toEqual({
        code: -32603,
        message: 'Internal error',
        data: 'tx already exists in cache',
      });
      expect(await chain.broadcast(bytes)).toEqual(first);
      expect((await chain.getAccount(bob.address))!.sequence).toBe(account.sequence + 1);
    } finally {
      await chain.close();
    }
  });

  it('executes group and token-factory messages and answers their gRPC queries', async () => {
    const admin = await signingClient(alice);
    const created = await admin.signAndBroadcast(
      alice.address,
      [msgCreateGroupWithPolicy({ admin: alice.address, members: [{ address: alice.address, weight: 1n }, { address: bob.address, weight: 1n }], threshold: 1n })],
      fee,
    );
    expect(created.code).toBe(0);
    const { groupId, groupPolicyAddress } = MsgCreateGroupWithPolicyResponse.decode(created.msgResponses[0]!.value);
    expect(created.events.map((event) => event.type)).toEqual(expect.arrayContaining(['cosmos.group.v1.EventCreateGroup', 'cosmos.group.v1.EventCreateGroupPolicy']));

    const comet = (await connectComet(node.url)) as Comet38Client;
    const groups = new GroupQueryClient(createProtobufRpcClient(new QueryClient(comet)));
    const policy = (await groups.GroupPolicyInfo({ address: groupPolicyAddress })).info!;
    expect(policy).toMatchObject({ address: groupPolicyAddress, groupId, admin: groupPolicyAddress });
    expect((await groups.GroupInfo({ groupId })).info).toMatchObject({ id: groupId, totalWeight: '2' });
    expect((await groups.GroupMembers({ groupId })).members.map(({ member }) => member!.address).sort()).toEqual([alice.address, bob.address].sort());
    expect((await groups.GroupPoliciesByGroup({ groupId })).groupPolicies.map((info) => info.address)).toEqual([groupPolicyAddress]);
    await expect(groups.GroupInfo({ groupId: 999n })).rejects.toThrow('rpc error: code = NotFound');

    // A policy proposal executed on submission: the policy sends what alice gave it.
    await admin.sendTokens(alice.address, groupPolicyAddress, [{ denom: DENOM, amount: '100' }], fee);
    const proposal = await admin.signAndBroadcast(
      alice.address,
      [msgSubmitProposal({ policyAddress: groupPolicyAddress, proposers: [alice.address], messages: [msgSend(groupPolicyAddress, carol.address, 40n, DENOM)], metadata: { proposalId: 'p-1', title: 'Pay carol', creatorId: 'u-1' } })],
      fee,
    );
    expect(proposal.code).toBe(0);
    const exec = proposal.events.find((event) => event.type === 'cosmos.group.v1.EventExec');
    expect(exec?.attributes).toContainEqual({ key: 'result', value: '"PROPOSAL_EXECUTOR_RESULT_SUCCESS"' });
    const searched = await admin.searchTx(`cosmos.group.v1.EventExec.result='"PROPOSAL_EXECUTOR_RESULT_SUCCESS"'`);
    expect(searched.map((tx) => tx.hash)).toEqual([proposal.transactionHash]);

    // Token factory: a denom of alice's, administered by her, and its queries.
    const denom = await admin.signAndBroadcast(alice.address, [msgCreateDenom(alice.address, 'bond')], fee);
    expect(denom.code).toBe(0);
    expect(denom.events.find((event) => event.type === 'create_denom')?.attributes).toContainEqual({ key: 'new_token_denom', value: `factory/${alice.address}/bond` });
    const queries = new QueryClient(comet);
    await expect(queries.queryAbci('/osmosis.tokenfactory.v1beta1.Query/DenomAuthorityMetadata', Uint8Array.from([0x0a, 3, 0x78, 0x79, 0x7a]))).rejects.toThrow(
      'rpc error: code = NotFound desc = denom xyz not found',
    );
    const denomName = new TextEncoder().encode(`factory/${alice.address}/bond`);
    const authority = await queries.queryAbci('/osmosis.tokenfactory.v1beta1.Query/DenomAuthorityMetadata', Uint8Array.from([0x0a, denomName.length, ...denomName]));
    const adminBytes = new TextEncoder().encode(alice.address);
    // authority_metadata (1) { admin (1) }
    expect(Array.from(authority.value)).toEqual([0x0a, adminBytes.length + 2, 0x0a, adminBytes.length, ...adminBytes]);
    const creator = new TextEncoder().encode(alice.address);
    const fromCreator = await queries.queryAbci('/osmosis.tokenfactory.v1beta1.Query/DenomsFromCreator', Uint8Array.from([0x0a, creator.length, ...creator]));
    expect(new TextDecoder().decode(fromCreator.value.subarray(2))).toBe(`factory/${alice.address}/bond`);
    comet.disconnect();
    admin.disconnect();
  });

  it('answers unknown methods, unknown query paths and missing transactions with CometBFT errors', async () => {
    expect((await rpc('dial_peers')).error).toMatchObject({ code: -32601, message: 'Method not found' });
    expect((await rpc('tx', { hash: Buffer.from('AB'.repeat(32), 'hex').toString('base64') })).error).toMatchObject({
      code: -32603,
      data: `tx (${'AB'.repeat(32)}) not found`,
    });
    const query = await rpc('abci_query', { path: '/cosmos.staking.v1beta1.Query/Validators', data: '' });
    expect(query.result.response).toMatchObject({ code: 6, codespace: 'sdk' });
    expect((await rpc('block', { height: '100000' })).error?.data).toContain('must be less than or equal to the current blockchain height');
    const uri = await fetch(`${node.url}/status`);
    expect(((await uri.json()) as { result: { node_info: { network: string } } }).result.node_info.network).toBe(CHAIN_ID);
    expect(QUERY_PATHS).toEqual(
      expect.arrayContaining([
        '/cosmos.auth.v1beta1.Query/Account',
        '/cosmos.bank.v1beta1.Query/Balance',
        '/cosmos.bank.v1beta1.Query/AllBalances',
        '/cosmos.bank.v1beta1.Query/SupplyOf',
        '/cosmos.bank.v1beta1.Query/TotalSupply',
        '/cosmos.group.v1.Query/GroupPolicyInfo',
        '/cosmos.group.v1.Query/GroupMembers',
        '/osmosis.tokenfactory.v1beta1.Query/DenomAuthorityMetadata',
      ]),
    );
  });

  it('serves the platform through the Cosmos adapter: signer, group policy, block results', async () => {
    const chain = await CosmosChain.connect(node.url, { prefix: PREFIX, chainId: CHAIN_ID });
    try {
      const result = await signAndBroadcast(chain, [bob], [msgSend(bob.address, carol.address, 5n, DENOM)]);
      expect(result.code).toBe(0);
      expect(await chain.getBalance(carol.address, DENOM)).toBe(55n);
      expect(await chain.getTx(result.txHash)).toMatchObject({ txHash: result.txHash, height: result.height, code: 0 });
      const block = await chain.getBlockResults(result.height);
      expect(block?.txs).toEqual([expect.objectContaining({ hash: result.txHash, code: 0 })]);
      expect(await chain.getBlockResults(result.height + 1000)).toBeNull();
      expect(fromHex(result.txHash)).toHaveLength(32);
    } finally {
      await chain.close();
    }
  });

  it('keeps its blocks in its own store: a restarted node answers the same height, balances and transactions', async () => {
    const height = await node.chain.getHeight();
    await node.close();
    node = await start();
    const client = await StargateClient.connect(node.url);
    expect(await client.getHeight()).toBe(height);
    expect(await client.getBalance(carol.address, DENOM)).toEqual({ denom: DENOM, amount: '55' });
    expect((await client.searchTx(`message.action='${TypeUrl.mint}'`)).length).toBe(1);
    client.disconnect();
  });
});
