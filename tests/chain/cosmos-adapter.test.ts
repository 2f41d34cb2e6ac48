import { createServer, type Server, type Socket } from 'node:net';
import { DirectSecp256k1Wallet } from '@cosmjs/proto-signing';
import { SigningStargateClient } from '@cosmjs/stargate';
import { MsgCreateGroupWithPolicyResponse } from 'cosmjs-types/cosmos/group/v1/tx';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { withOutcome, type Chain } from '../../write-side/chain/chain';
import { CosmosChain } from '../../write-side/chain/cosmos-chain';
import { EmbeddedChain } from '../../write-side/chain/embedded-chain';
import { ChainDirectory, createChain, testRpcEndpoint, type ChainConfig } from '../../write-side/chain/index';
import { generateCustodyKey } from '../../write-side/chain/keys';
import {
  createRegistry,
  decodeMessage,
  msgBurn,
  msgChangeAdmin,
  msgCreateDenom,
  msgCreateGroupWithPolicy,
  msgMint,
  msgSend,
  msgSubmitProposal,
  msgUpdateGroupMembers,
  msgUpdateGroupPolicyDecisionPolicy,
  parseProposalMetadata,
  readThreshold,
  ResponseTypeUrl,
  TypeUrl,
  type ChainMessage,
} from '../../write-side/chain/messages';
import { GAS_LIMIT, signTransaction, txHash } from '../../write-side/chain/transactions';
import { createTestDatabase, type TestDatabase } from '../support/test-database';
import { CHAIN_ID, DENOM, expectSuccess, PREFIX, startChain, type ChainFixture } from './chain-fixture';

const registry = createRegistry();
const [alice, bob, carol] = [generateCustodyKey(PREFIX), generateCustodyKey(PREFIX), generateCustodyKey(PREFIX)];
const policy = 'emisor1afk9zr2hn2jsac63h4hm60vl9z3e5u69gndzf7c99cqge3vzwjzsfwkgpd';
const proposalMetadata = { proposalId: '6f1c1f3e-3c1e-4f55-9d0a-0c8f5a3c2b1a', title: 'Mint 500 to the treasury', creatorId: 'user-42' };

const everyMessage: ChainMessage[] = [
  msgSend(alice.address, bob.address, 1234n, DENOM),
  msgCreateGroupWithPolicy({ admin: alice.address, members: [{ address: bob.address, weight: 2n }, { address: carol.address, weight: 1n }], threshold: 2n }),
  msgUpdateGroupMembers({ admin: policy, groupId: 7n, memberUpdates: [{ address: carol.address, weight: 0n }] }),
  msgUpdateGroupPolicyDecisionPolicy({ admin: policy, policyAddress: policy, threshold: 3n }),
  msgSubmitProposal({
    policyAddress: policy,
    proposers: [bob.address, carol.address],
    messages: [msgMint(policy, 500n, DENOM, policy), msgSend(policy, alice.address, 5n, DENOM)],
    metadata: proposalMetadata,
  }),
  msgCreateDenom(alice.address, 'bond'),
  msgMint(alice.address, 99_000_000_000_000_000_000n, DENOM, bob.address),
  msgBurn(alice.address, 1n, DENOM, alice.address),
  msgChangeAdmin(alice.address, DENOM, policy),
];

describe('messages and the registry', () => {
  it.each(everyMessage.map((message) => [message.typeUrl, message] as const))('round-trips %s through the registry', (typeUrl, message) => {
    const bytes = registry.encode(message);
    expect(registry.decode({ typeUrl, value: bytes })).toEqual(message.value);
    expect(decodeMessage(registry.encodeAsAny(message))).toEqual(message);
  });

  it('registers every platform message and refuses any other', () => {
    expect(Object.values(TypeUrl).every((typeUrl) => registry.lookupType(typeUrl) !== undefined)).toBe(true);
    expect(() => decodeMessage({ typeUrl: '/cosmos.staking.v1beta1.MsgDelegate', value: new Uint8Array() })).toThrow('unable to resolve type URL');
  });

  it('names the token factory messages as Osmosis deploys them (osmosis.tokenfactory.v1beta1)', () => {
    expect([TypeUrl.createDenom, TypeUrl.mint, TypeUrl.burn, TypeUrl.changeAdmin]).toEqual([
      '/osmosis.tokenfactory.v1beta1.MsgCreateDenom',
      '/osmosis.tokenfactory.v1beta1.MsgMint',
      '/osmosis.tokenfactory.v1beta1.MsgBurn',
      '/osmosis.tokenfactory.v1beta1.MsgChangeAdmin',
    ]);
    expect(ResponseTypeUrl.createDenom).toBe('/osmosis.tokenfactory.v1beta1.MsgCreateDenomResponse');
  });

  it('decodes the legacy emisor.tokenfactory.v1 type URLs of recorded blocks as the Osmosis messages', () => {
    const mint = msgMint(alice.address, 5n, DENOM, bob.address);
    const packed = registry.encodeAsAny(mint);
    expect(decodeMessage({ typeUrl: '/emisor.tokenfactory.v1.MsgMint', value: packed.value })).toEqual(mint);
    const burn = msgBurn(alice.address, 5n, DENOM, alice.address);
    expect(decodeMessage({ typeUrl: '/emisor.tokenfactory.v1.MsgBurn', value: registry.encodeAsAny(burn).value })).toEqual(burn);
  });

  it('encodes the token factory messages with Osmosis field numbers', () => {
    const bytes = registry.encode({ typeUrl: TypeUrl.mint, value: { sender: 'a', amount: { denom: 'u', amount: '1' }, mintToAddress: 'b' } });
    // 1: sender "a"; 2: Coin { 1: denom "u", 2: amount "1" }; 3: mintToAddress "b"
    expect(Buffer.from(bytes).toString('hex')).toBe('0a0161' + '1206' + '0a0175' + '120131' + '1a0162');
    // An unknown field (here 9, a varint) is skipped, as protobuf requires.
    expect(registry.decode({ typeUrl: TypeUrl.mint, value: new Uint8Array([...bytes, 0x48, 0x05]) })).toEqual({
      sender: 'a',
      amount: { denom: 'u', amount: '1' },
      mintToAddress: 'b',
    });
  });

  it('builds a proposal that executes on submission, with the platform metadata and nested messages as Any', () => {
    const proposal = everyMessage[4]!;
    if (proposal.typeUrl !== TypeUrl.submitProposal) throw new Error('not a proposal');
    expect(proposal.value.exec).toBe(1); // EXEC_TRY
    expect(proposal.value.proposers).toEqual([bob.address, carol.address]);
    expect(parseProposalMetadata(proposal.value.metadata)).toEqual(proposalMetadata);
    expect(proposal.value.title).toBe(proposalMetadata.title);
    expect(proposal.value.messages.map((message) => decodeMessage(message))).toEqual([
      msgMint(policy, 500n, DENOM, policy),
      msgSend(policy, alice.address, 5n, DENOM),
    ]);
    expect(parseProposalMetadata('{"title":1}')).toBeNull();
  });

  it('packs a ThresholdDecisionPolicy with a voting window', () => {
    const created = everyMessage[1]!;
    if (created.typeUrl !== TypeUrl.createGroupWithPolicy) throw new Error('not a group');
    expect(created.value.decisionPolicy?.typeUrl).toBe('/cosmos.group.v1.ThresholdDecisionPolicy');
    expect(readThreshold(created.value.decisionPolicy)).toBe(2n);
    expect(created.value.groupPolicyAsAdmin).toBe(true);
  });

  it('lifts group, policy, proposal and executor result out of a Cosmos response', () => {
    const result = withOutcome({
      txHash: 'AB',
      height: 5,
      code: 0,
      codespace: '',
      rawLog: '',
      events: [{ type: 'cosmos.group.v1.EventExec', attributes: [{ key: 'result', value: '"PROPOSAL_EXECUTOR_RESULT_FAILURE"' }] }],
      msgResponses: [
        {
          typeUrl: ResponseTypeUrl.createGroupWithPolicy,
          value: MsgCreateGroupWithPolicyResponse.encode({ groupId: 3n, groupPolicyAddress: policy }).finish(),
        },
      ],
    });
    expect(result).toMatchObject({ groupId: 3n, groupPolicyAddress: policy, executorResult: 'FAILURE' });
  });
});

describe('signing compatibility with CosmJS', () => {
  let database: TestDatabase;
  let fixture: ChainFixture;

  beforeAll(async () => {
    database = await createTestDatabase();
    fixture = await startChain(database);
  });
  afterAll(async () => {
    await fixture.chain.close();
    await database.drop();
  });

  it('produces the bytes SigningStargateClient.sign produces, and the embedded chain accepts them', async () => {
    const operator = fixture.operator;
    const wallet = await DirectSecp256k1Wallet.fromKey(operator.privateKey, PREFIX);
    const client = await SigningStargateClient.offline(wallet, { registry });
    const transactions: Array<[ChainMessage[], string]> = [
      [[msgMint(operator.address, 700n, DENOM, alice.address)], 'first'],
      [[msgCreateGroupWithPolicy({ admin: operator.address, members: [{ address: alice.address, weight: 1n }], threshold: 1n })], ''],
    ];
    for (const [messages, memo] of transactions) {
      const account = (await fixture.chain.getAccount(operator.address))!;
      const signed = await client.sign(operator.address, messages, { amount: [], gas: String(GAS_LIMIT) }, memo, {
        accountNumber: BigInt(account.accountNumber),
        sequence: account.sequence,
        chainId: CHAIN_ID,
      });
      const cosmjsBytes = TxRaw.encode(signed).finish();
      const ourBytes = signTransaction({
        chainId: CHAIN_ID,
        signers: [{ key: operator, accountNumber: account.accountNumber, sequence: account.sequence }],
        messages,
        memo,
      });
      expect(Buffer.from(ourBytes).toString('hex')).toBe(Buffer.from(cosmjsBytes).toString('hex'));
      const result = expectSuccess(await fixture.chain.broadcast(cosmjsBytes));
      expect(result.txHash).toBe(txHash(ourBytes));
    }
    expect(await fixture.chain.getBalance(alice.address, DENOM)).toBe(700n);
  });

  it('creates the configured embedded chain, with the operator as genesis account', async () => {
    const config: ChainConfig = {
      CHAIN: 'embedded',
      CHAIN_RPC_URL: undefined,
      CHAIN_ID: 'emisor-config-1',
      CHAIN_PREFIX: PREFIX,
      CHAIN_BLOCK_MS: 20,
      NATIVE_DENOM: DENOM,
      PER_ORG_RPC_ENABLED: false,
    };
    const operator = generateCustodyKey(PREFIX);
    const chain = await createChain(config, fixture.store, operator);
    try {
      expect(chain).toBeInstanceOf(EmbeddedChain);
      expect(await chain.status()).toEqual({ chainId: 'emisor-config-1', height: 0 });
      expect(await chain.getAccount(operator.address)).toEqual({ address: operator.address, accountNumber: 0, sequence: 0 });
    } finally {
      await chain.close();
    }
    await expect(createChain(config, fixture.store, generateCustodyKey('cosmos'))).rejects.toThrow('does not use the chain prefix');
  });
});

describe('Cosmos RPC endpoints', () => {
  let silent: Server;
  let silentUrl: string;
  const connections = new Set<Socket>();

  beforeAll(async () => {
    // Accepts connections and never answers: an endpoint that hangs.
    silent = createServer((socket) => connections.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    silentUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('reports an unreachable endpoint, a malformed one and a silent one, within the timeout', async () => {
    const refused = await testRpcEndpoint('http://127.0.0.1:1', 2000);
    expect(refused.ok).toBe(false);
    expect(await testRpcEndpoint('not a url', 2000)).toMatchObject({ ok: false });
    const started = Date.now();
    expect(await testRpcEndpoint(silentUrl, 300)).toEqual({ ok: false, reason: 'no answer within 300 ms' });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('throws when the Cosmos node cannot be reached', async () => {
    await expect(CosmosChain.connect('http://127.0.0.1:1', { prefix: PREFIX })).rejects.toThrow();
  });

  it('hands out the default chain unless per-organization endpoints are on, and retries a failed endpoint', async () => {
    const defaultChain = { chainId: CHAIN_ID } as Chain;
    const off = new ChainDirectory(defaultChain, { PER_ORG_RPC_ENABLED: false, CHAIN_PREFIX: PREFIX, CHAIN_ID, CHAIN_RPC_ALLOWED_HOSTS: ['127.0.0.1'] });
    expect(await off.chainFor('http://127.0.0.1:1')).toBe(defaultChain);
    const on = new ChainDirectory(defaultChain, { PER_ORG_RPC_ENABLED: true, CHAIN_PREFIX: PREFIX, CHAIN_ID, CHAIN_RPC_ALLOWED_HOSTS: ['127.0.0.1'] });
    expect(await on.chainFor(null)).toBe(defaultChain);
    const first = on.chainFor('http://127.0.0.1:1');
    expect(on.chainFor('http://127.0.0.1:1')).toBe(first); // one client per URL
    await expect(first).rejects.toThrow();
    const second = on.chainFor('http://127.0.0.1:1');
    expect(second).not.toBe(first);
    await expect(second).rejects.toThrow();
    await on.close();
  });
});
