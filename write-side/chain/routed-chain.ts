import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Balance, Chain, ChainAccount, ChainBlock, ChainStatus, ChainTx, GroupPolicy, TxResult } from './chain';
import type { ChainDirectory } from './index';
import { decodeMessage, messageSigners } from './messages';

/** The RPC endpoint of the organization that holds `address`; null when none is set (or nobody holds it). */
export type RpcUrlOfAddress = (address: string) => Promise<string | null>;

/** The first signer of a transaction (its fee payer on Cosmos); null for bytes that are no transaction. */
function firstSigner(txBytes: Uint8Array): string | null {
  try {
    const body = TxBody.decode(TxRaw.decode(txBytes).bodyBytes);
    const [first] = body.messages.map(decodeMessage);
    return first ? (messageSigners(first)[0] ?? null) : null;
  } catch {
    return null;
  }
}

/**
 * PER_ORG_RPC_ENABLED: an organization's reads (account, balances, group policy) and broadcasts (by the
 * transaction's first signer) go to that organization's RPC endpoint; everything else, and every
 * address of an organization without one, to the default chain.
 */
export class OrganizationRoutedChain implements Chain {
  readonly chainId: string;
  readonly prefix: string;

  constructor(
    private readonly defaultChain: Chain,
    private readonly directory: ChainDirectory,
    private readonly rpcUrlOf: RpcUrlOfAddress,
  ) {
    this.chainId = defaultChain.chainId;
    this.prefix = defaultChain.prefix;
  }

  /** The chain that serves `address`. */
  async chainForAddress(address: string | null): Promise<Chain> {
    return this.directory.chainFor(address === null ? null : await this.rpcUrlOf(address));
  }

  async broadcast(txBytes: Uint8Array): Promise<TxResult> {
    return (await this.chainForAddress(firstSigner(txBytes))).broadcast(txBytes);
  }
  async getAccount(address: string): Promise<ChainAccount | null> {
    return (await this.chainForAddress(address)).getAccount(address);
  }
  async getBalance(address: string, denom: string): Promise<bigint> {
    return (await this.chainForAddress(address)).getBalance(address, denom);
  }
  async getAllBalances(address: string): Promise<Balance[]> {
    return (await this.chainForAddress(address)).getAllBalances(address);
  }
  async getGroupPolicy(address: string): Promise<GroupPolicy | null> {
    return (await this.chainForAddress(address)).getGroupPolicy(address);
  }
  getSupply(denom: string): Promise<bigint> {
    return this.defaultChain.getSupply(denom);
  }
  getHeight(): Promise<number> {
    return this.defaultChain.getHeight();
  }
  getTx(hash: string): Promise<ChainTx | null> {
    return this.defaultChain.getTx(hash);
  }
  getBlockResults(height: number): Promise<ChainBlock | null> {
    return this.defaultChain.getBlockResults(height);
  }
  status(): Promise<ChainStatus> {
    return this.defaultChain.status();
  }

  /** Closes the per-organization clients and the default chain. */
  async close(): Promise<void> {
    await this.directory.close();
    await this.defaultChain.close();
  }
}
