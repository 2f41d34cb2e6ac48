import type { EventStore } from '../write-side/event-store/event-store';
import { EmbeddedChain } from '../write-side/chain/embedded-chain';
import type { ChainHistory } from '../write-side/chain/history';
import type { Genesis } from '../write-side/chain/ledger-state';
import type { SingleWriterLock } from '../write-side/chain/single-writer';
import { serveRpc } from './rpc';

export interface ChainNodeOptions {
  /** Where the blocks live: the node's own store, never a service's. */
  store: EventStore;
  genesis: Genesis;
  blockMs?: number;
  streamId?: string;
  port: number;
  host?: string;
  /** Snapshots and transaction locations: start from a snapshot plus the tail. */
  history?: ChainHistory;
  /** Held while the node runs: no second chain on its store. */
  lock?: SingleWriterLock;
}

export interface ChainNode {
  chain: EmbeddedChain;
  /** The CometBFT RPC endpoint, e.g. http://127.0.0.1:26657. */
  url: string;
  close(): Promise<void>;
}

/** The embedded ledger chain as a node: its blocks in `store`, the CometBFT JSON-RPC on `host:port`. */
export async function startChainNode(options: ChainNodeOptions): Promise<ChainNode> {
  const chain = await EmbeddedChain.start({
    store: options.store,
    genesis: options.genesis,
    blockMs: options.blockMs,
    streamId: options.streamId,
    history: options.history,
    lock: options.lock,
  });
  try {
    const rpc = await serveRpc(chain, options.port, options.host);
    return {
      chain,
      url: rpc.url,
      close: async () => {
        await rpc.close();
        await chain.close();
      },
    };
  } catch (error) {
    await chain.close();
    throw error;
  }
}
