import {
  accountFromAny,
  BroadcastTxError,
  createPagination,
  createProtobufRpcClient,
  QueryClient,
  setupBankExtension,
  StargateClient,
  type Account,
  type BankExtension,
} from '@cosmjs/stargate';
import { connectComet, toRfc3339WithNanoseconds, type CometClient } from '@cosmjs/tendermint-rpc';
import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryClientImpl as GroupQueryClient } from 'cosmjs-types/cosmos/group/v1/query';
import type { Any } from 'cosmjs-types/google/protobuf/any';
import type { EventStore, InlineReadModel } from '../event-store/event-store';
import {
  withOutcome,
  type Balance,
  type Chain,
  type ChainAccount,
  type ChainBlock,
  type ChainEvent,
  type ChainStatus,
  type ChainTx,
  type GroupPolicy,
  type TxResult,
} from './chain';
import { parseInteger, readThreshold } from './messages';
import { ChainObserver } from './observer';
import { txHash } from './transactions';

/** How long broadcast waits for the tx to appear in a block (then throws: the outcome is unknown). */
const BROADCAST_TIMEOUT_MS = 60_000;
/** How long a transaction found (broadcast or looked up) waits for its block to be recorded for the read models (the observer's pass). */
const OBSERVED_WAIT_MS = 5_000;
/** It looks after 50 ms, then twice as long each time up to a second: fast blocks answer fast, slow ones cost few queries. */
const FIRST_POLL_MS = 50;
const MAX_POLL_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** CometBFT's answer to bytes already in its mempool cache (pending, or in a recent block): a JSON-RPC error, not a CheckTx code. */
const heldAlready = (error: unknown) => error instanceof Error && error.message.includes('tx already exists in cache');

/**
 * Group policy accounts are BaseAccounts whose pubkey is a ModuleCredential, which CosmJS' default
 * parser cannot decode; the platform needs only the number and sequence, so BaseAccounts skip the pubkey.
 */
function parseAccount(any: Any): Account {
  if (any.typeUrl !== '/cosmos.auth.v1beta1.BaseAccount') return accountFromAny(any);
  const account = BaseAccount.decode(any.value);
  return { address: account.address, pubkey: null, accountNumber: account.accountNumber, sequence: Number(account.sequence) };
}

const copyEvents = (events: ReadonlyArray<{ type: string; attributes: ReadonlyArray<{ key: string; value: string }> }>): ChainEvent[] =>
  events.map((event) => ({ type: event.type, attributes: event.attributes.map(({ key, value }) => ({ key, value })) }));

function integer(text: string, what: string): bigint {
  const value = parseInteger(text);
  if (value === null) throw new Error(`${what} ${JSON.stringify(text)} is not an integer; the platform uses integer weights`);
  return value;
}

/** The Chain port over a Cosmos SDK chain with x/bank, x/group and a token factory, through CosmJS. */
export class CosmosChain implements Chain {
  private observer: ChainObserver | null = null;

  private constructor(
    private readonly comet: CometClient,
    private readonly client: StargateClient,
    private readonly bank: BankExtension['bank'],
    private readonly groups: GroupQueryClient,
    readonly chainId: string,
    readonly prefix: string,
  ) {}

  /**
   * Connects and checks that the node serves the expected chain (when one is given). With `observe`,
   * it also records the node's blocks into that event store (ChainObserver) until closed.
   */
  static async connect(
    rpcUrl: string,
    options: {
      prefix: string;
      chainId?: string;
      observe?: { store: EventStore; intervalMs: number; onError?: (error: Error) => void; readModel?: InlineReadModel };
    },
  ): Promise<CosmosChain> {
    const comet = await connectComet(rpcUrl);
    try {
      const client = StargateClient.create(comet, { accountParser: parseAccount });
      const chainId = await client.getChainId();
      if (options.chainId && chainId !== options.chainId)
        throw new Error(`the node at ${rpcUrl} serves chain ${chainId}, not ${options.chainId}`);
      const queries = QueryClient.withExtensions(comet, setupBankExtension);
      const chain = new CosmosChain(comet, client, queries.bank, new GroupQueryClient(createProtobufRpcClient(queries)), chainId, options.prefix);
      if (options.observe) {
        chain.observer = new ChainObserver(chain, options.observe.store, options.observe.intervalMs, options.observe.onError, options.observe.readModel);
        chain.observer.start();
      }
      return chain;
    } catch (error) {
      comet.disconnect();
      throw error;
    }
  }

  async broadcast(txBytes: Uint8Array): Promise<TxResult> {
    let hash: string;
    try {
      hash = await this.client.broadcastTxSync(txBytes);
    } catch (error) {
      // The node holds these very bytes (sent before, by this process or one that died): their result is awaited as an accepted one's.
      if (heldAlready(error)) hash = txHash(txBytes);
      // CheckTx refused it: it never reaches a block, like the embedded chain's refusals.
      else if (error instanceof BroadcastTxError)
        return { txHash: txHash(txBytes), height: 0, code: error.code, codespace: error.codespace, rawLog: error.log ?? '', events: [], msgResponses: [] };
      else throw error;
    }
    const deadline = Date.now() + BROADCAST_TIMEOUT_MS;
    for (let wait = FIRST_POLL_MS; ; wait = Math.min(MAX_POLL_MS, wait * 2)) {
      await sleep(wait);
      const found = await this.getTx(hash);
      if (found) {
        const { tx: _bytes, ...result } = found;
        return result;
      }
      if (Date.now() > deadline) throw new Error(`transaction ${hash} was accepted but is not in a block after ${BROADCAST_TIMEOUT_MS / 1000} s`);
    }
  }

  async getAccount(address: string): Promise<ChainAccount | null> {
    const account = await this.client.getAccount(address);
    return account ? { address, accountNumber: Number(account.accountNumber), sequence: account.sequence } : null;
  }

  async getBalance(address: string, denom: string): Promise<bigint> {
    return BigInt((await this.client.getBalance(address, denom)).amount);
  }

  async getAllBalances(address: string): Promise<Balance[]> {
    return (await this.client.getAllBalances(address)).map((coin) => ({ denom: coin.denom, amount: BigInt(coin.amount) }));
  }

  async getSupply(denom: string): Promise<bigint> {
    return BigInt((await this.bank.supplyOf(denom)).amount);
  }

  async getHeight(): Promise<number> {
    return this.client.getHeight();
  }

  /**
   * A transaction found answers once its block is recorded as observed, as a broadcast's does: a
   * resumed execution or settlement that finds its bytes included records the outcome, and its answer
   * waits for read models that fold that block.
   */
  async getTx(hash: string): Promise<ChainTx | null> {
    const found = await this.client.getTx(hash);
    if (!found) return null;
    await this.observer?.through(found.height, OBSERVED_WAIT_MS);
    return withOutcome({
      txHash: found.hash,
      height: found.height,
      code: found.code,
      codespace: '',
      rawLog: found.rawLog,
      events: copyEvents(found.events),
      msgResponses: found.msgResponses,
      tx: found.tx,
    });
  }

  async getGroupPolicy(address: string): Promise<GroupPolicy | null> {
    let policy;
    try {
      policy = (await this.groups.GroupPolicyInfo({ address })).info;
    } catch (error) {
      if (/not found/i.test((error as Error).message)) return null;
      throw error;
    }
    if (!policy) return null;
    const threshold = readThreshold(policy.decisionPolicy);
    if (threshold === null) throw new Error(`group policy ${address} does not have an integer threshold decision policy`);
    const { info: group } = await this.groups.GroupInfo({ groupId: policy.groupId });
    const members: GroupPolicy['members'] = [];
    let nextKey: Uint8Array | undefined;
    do {
      const page = await this.groups.GroupMembers({ groupId: policy.groupId, pagination: createPagination(nextKey) });
      for (const { member } of page.members)
        if (member) members.push({ address: member.address, weight: integer(member.weight, 'member weight') });
      nextKey = page.pagination?.nextKey?.length ? page.pagination.nextKey : undefined;
    } while (nextKey);
    return {
      address,
      groupId: policy.groupId,
      admin: policy.admin,
      groupAdmin: group?.admin ?? '',
      threshold,
      totalWeight: integer(group?.totalWeight ?? '0', 'total weight'),
      members,
      version: Number(policy.version),
      groupVersion: Number(group?.version ?? 0n),
      metadata: policy.metadata,
    };
  }

  async getBlockResults(height: number): Promise<ChainBlock | null> {
    if (height > (await this.getHeight())) return null;
    const [block, results] = await Promise.all([this.comet.block(height), this.comet.blockResults(height)]);
    return {
      height,
      time: toRfc3339WithNanoseconds(block.block.header.time),
      txs: block.block.txs.map((tx, index) => {
        const result = results.results[index];
        return {
          hash: txHash(tx),
          code: result?.code ?? 0,
          events: copyEvents(result?.events ?? []),
        };
      }),
    };
  }

  async status(): Promise<ChainStatus> {
    const status = await this.comet.status();
    return { chainId: status.nodeInfo.network, height: status.syncInfo.latestBlockHeight };
  }

  async close(): Promise<void> {
    await this.observer?.stop();
    this.client.disconnect();
  }
}
