import { connectComet, type CometClient } from '@cosmjs/tendermint-rpc';
import type { EventStore, InlineReadModel } from '../event-store/event-store';
import type { Chain } from './chain';
import { CosmosChain } from './cosmos-chain';
import { CHAIN_STREAM, EmbeddedChain } from './embedded-chain';
import { isValidAddress, type CustodyKey } from './keys';
import type { ChainHistory } from './history';
import { assertRpcUrlAllowed, RpcHostPolicy } from './rpc-host-policy';
import { acquireEmbeddedChainLock } from './single-writer';

/** Which chain, and how to reach it: the runtime's configuration provides these. */
export interface ChainConfig {
  CHAIN: 'embedded' | 'cosmos';
  /** Required with CHAIN=cosmos. */
  CHAIN_RPC_URL?: string;
  CHAIN_ID: string;
  CHAIN_PREFIX: string;
  CHAIN_BLOCK_MS: number;
  NATIVE_DENOM: string;
  /** Whether an organization's own RPC URL is used for its accounts (ChainDirectory). */
  PER_ORG_RPC_ENABLED: boolean;
}

/**
 * The configured chain: the embedded ledger chain (blocks in `eventStore`, `operatorKey` as its genesis
 * operator and native-denom admin) or a Cosmos node at CHAIN_RPC_URL serving CHAIN_ID.
 */
export async function createChain(
  config: ChainConfig,
  eventStore: EventStore,
  operatorKey: CustodyKey,
  options: {
    onObserverError?: (error: Error) => void;
    /** The service's database: the embedded chain refuses to start where another process already runs it. */
    databaseUrl?: string;
    /** Snapshots and transaction locations: the embedded chain starts from a snapshot plus the tail. */
    history?: ChainHistory;
    /** The read model of the chain's blocks (the embedded chain's, or those observed of a node), written with each block where the store can. */
    readModel?: InlineReadModel;
  } = {},
): Promise<Chain> {
  if (!isValidAddress(operatorKey.address, config.CHAIN_PREFIX))
    throw new Error(`the operator address ${operatorKey.address} does not use the chain prefix ${config.CHAIN_PREFIX}`);
  if (config.CHAIN === 'cosmos') {
    if (!config.CHAIN_RPC_URL) throw new Error('CHAIN_RPC_URL is required when CHAIN=cosmos');
    // Read models fold the node's blocks as this process observes them into the event store.
    return CosmosChain.connect(config.CHAIN_RPC_URL, {
      prefix: config.CHAIN_PREFIX,
      chainId: config.CHAIN_ID,
      observe: { store: eventStore, intervalMs: config.CHAIN_BLOCK_MS, onError: options.onObserverError, readModel: options.readModel },
    });
  }
  const lock = options.databaseUrl ? await acquireEmbeddedChainLock(options.databaseUrl, CHAIN_STREAM) : null;
  return EmbeddedChain.start({
    lock: lock ?? undefined,
    history: options.history,
    readModel: options.readModel,
    store: eventStore,
    blockMs: config.CHAIN_BLOCK_MS,
    genesis: {
      chainId: config.CHAIN_ID,
      prefix: config.CHAIN_PREFIX,
      operatorAddress: operatorKey.address,
      nativeDenom: config.NATIVE_DENOM,
    },
  });
}

export type RpcTestResult = { ok: true; chainId: string; height: number } | { ok: false; reason: string };

/** Connects to a CometBFT RPC endpoint with CosmJS and reports its chain id and height, within `timeoutMs`. */
export async function testRpcEndpoint(url: string, timeoutMs = 5000): Promise<RpcTestResult> {
  let timedOut = false;
  let comet: CometClient | undefined;
  let timer: NodeJS.Timeout | undefined;
  const probe = (async () => {
    const connected = await connectComet(url);
    // A connection that lands after the deadline is closed at once rather than leaked.
    if (timedOut) connected.disconnect();
    else comet = connected;
    return connected.status();
  })();
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    const status = await Promise.race([probe, deadline]);
    return { ok: true, chainId: status.nodeInfo.network, height: status.syncInfo.latestBlockHeight };
  } catch (error) {
    return { ok: false, reason: (error as Error).message };
  } finally {
    clearTimeout(timer);
    comet?.disconnect();
    probe.catch(() => undefined);
  }
}

/**
 * Per-organization RPC endpoints (PER_ORG_RPC_ENABLED): one Cosmos client per URL, shared by every
 * caller; without an endpoint, or with the feature off, the default chain. A URL was judged when it
 * was stored, but its name may resolve elsewhere since: every connection judges it again by the same
 * rule (422 RPC_URL_NOT_ALLOWED when it now reaches an internal address not in CHAIN_RPC_ALLOWED_HOSTS).
 */
export class ChainDirectory {
  private readonly clients = new Map<string, Promise<Chain>>();
  private readonly hosts: RpcHostPolicy;

  constructor(
    private readonly defaultChain: Chain,
    private readonly config: Pick<ChainConfig, 'PER_ORG_RPC_ENABLED' | 'CHAIN_PREFIX' | 'CHAIN_ID'> & {
      /** Hosts a per-organization RPC URL may reach although internal. */
      CHAIN_RPC_ALLOWED_HOSTS: string[];
    },
  ) {
    this.hosts = new RpcHostPolicy(config.CHAIN_RPC_ALLOWED_HOSTS);
  }

  chainFor(rpcUrl?: string | null): Promise<Chain> {
    if (!rpcUrl || !this.config.PER_ORG_RPC_ENABLED) return Promise.resolve(this.defaultChain);
    let client = this.clients.get(rpcUrl);
    if (!client) {
      client = assertRpcUrlAllowed(rpcUrl, this.hosts).then(() =>
        CosmosChain.connect(rpcUrl, { prefix: this.config.CHAIN_PREFIX, chainId: this.config.CHAIN_ID }),
      );
      this.clients.set(rpcUrl, client);
      // A failed connection is not cached: the next call tries again.
      client.catch(() => this.clients.delete(rpcUrl));
    }
    return client;
  }

  /** Closes the per-organization clients; the default chain belongs to whoever created it. */
  async close(): Promise<void> {
    const clients = [...this.clients.values()];
    this.clients.clear();
    await Promise.allSettled(clients.map((client) => client.then((chain) => chain.close())));
  }
}

export type { Balance, Chain, ChainAccount, ChainEvent, ChainStatus, ChainTx, GroupPolicy, TxResult } from './chain';
export { proposalExecuted } from './chain';
export { EmbeddedChain } from './embedded-chain';
export { CosmosChain } from './cosmos-chain';
export { signAndBroadcast } from './signer';
