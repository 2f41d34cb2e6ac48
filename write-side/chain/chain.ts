import { MsgCreateGroupWithPolicyResponse, MsgSubmitProposalResponse } from 'cosmjs-types/cosmos/group/v1/tx';
import { MsgCreateDenomResponse, ResponseTypeUrl } from './messages';

export interface ChainAccount {
  address: string;
  accountNumber: number;
  sequence: number;
}

export interface Balance {
  denom: string;
  amount: bigint;
}

/** An ABCI event; typed events (cosmos.group.v1.Event…) carry JSON-encoded attribute values, as on Cosmos. */
export interface ChainEvent {
  type: string;
  attributes: Array<{ key: string; value: string }>;
}

/** Cosmos SDK code of a transaction signed with a stale account sequence (re-sign and send again). */
export const SEQUENCE_MISMATCH_CODE = 32;

export type ExecutorResult = 'SUCCESS' | 'FAILURE' | 'NOT_RUN';

export interface TxResult {
  txHash: string;
  /** 0 when the chain refused the transaction before a block (bad signature, sequence, unknown signer…). */
  height: number;
  /** 0 = success; otherwise `rawLog` says why. */
  code: number;
  codespace: string;
  rawLog: string;
  events: ChainEvent[];
  msgResponses: Array<{ typeUrl: string; value: Uint8Array }>;
  /** From a MsgCreateGroupWithPolicy response. */
  groupId?: bigint;
  groupPolicyAddress?: string;
  /** From a MsgSubmitProposal response and its EventExec. */
  proposalId?: bigint;
  executorResult?: ExecutorResult;
  /** From a MsgCreateDenom response. */
  newTokenDenom?: string;
}

export interface ChainTx extends TxResult {
  /** The TxRaw bytes. */
  tx: Uint8Array;
}

export interface GroupPolicy {
  address: string;
  groupId: bigint;
  /** Admin of the policy (the policy itself when changes must go through proposals). */
  admin: string;
  groupAdmin: string;
  threshold: bigint;
  totalWeight: bigint;
  members: Array<{ address: string; weight: bigint }>;
  /** Policy version: bumps when the decision policy changes. */
  version: number;
  /** Group version: bumps when the members change. */
  groupVersion: number;
  metadata: string;
}

export interface ChainStatus {
  chainId: string;
  height: number;
}

/** One transaction of a block as block results show it: its code and the events it emitted. */
export interface ChainBlockTx {
  hash: string;
  code: number;
  events: ChainEvent[];
}

/** A committed block's results: what a fold of balances and supply needs, whichever chain. */
export interface ChainBlock {
  height: number;
  time: string;
  txs: ChainBlockTx[];
}

/**
 * The events that record a block's results in the event store, whichever chain: the embedded chain's
 * own, and the blocks a node's observer saw. The read models they feed hold balances and supply.
 */
export const CHAIN_BLOCK_EVENTS = ['BlockCommitted', 'ChainBlockObserved'] as const;

/** What the platform needs from a ledger chain; the embedded chain and the Cosmos adapter both provide it. */
export interface Chain {
  readonly chainId: string;
  readonly prefix: string;
  /**
   * Resolves once the transaction is in a block and that block is recorded in the event store (so the
   * read models its events feed can hold it: CHAIN_BLOCK_EVENTS), or with a non-zero code when refused;
   * throws only when unreachable.
   */
  broadcast(txBytes: Uint8Array): Promise<TxResult>;
  getAccount(address: string): Promise<ChainAccount | null>;
  getBalance(address: string, denom: string): Promise<bigint>;
  getAllBalances(address: string): Promise<Balance[]>;
  getSupply(denom: string): Promise<bigint>;
  getHeight(): Promise<number>;
  getTx(hash: string): Promise<ChainTx | null>;
  getGroupPolicy(address: string): Promise<GroupPolicy | null>;
  /** The results of the block at `height`; null above the latest height. */
  getBlockResults(height: number): Promise<ChainBlock | null>;
  status(): Promise<ChainStatus>;
  close(): Promise<void>;
}

/** Whether a proposal transaction moved anything: accepted in a block and its messages executed. */
export const proposalExecuted = (result: TxResult): boolean => result.code === 0 && result.executorResult === 'SUCCESS';

const jsonAttribute = (event: ChainEvent, key: string): string | undefined => {
  const value = event.attributes.find((attribute) => attribute.key === key)?.value;
  if (value === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    return value;
  }
};

const EXECUTOR_RESULTS: Record<string, ExecutorResult> = {
  PROPOSAL_EXECUTOR_RESULT_SUCCESS: 'SUCCESS',
  PROPOSAL_EXECUTOR_RESULT_FAILURE: 'FAILURE',
  PROPOSAL_EXECUTOR_RESULT_NOT_RUN: 'NOT_RUN',
};

/** Lifts the ids the platform records (group, policy, proposal, denom) out of the responses and events. */
export function withOutcome<T extends TxResult>(result: T): T {
  const outcome: Partial<TxResult> = {};
  for (const response of result.msgResponses) {
    if (response.typeUrl === ResponseTypeUrl.createGroupWithPolicy) {
      const decoded = MsgCreateGroupWithPolicyResponse.decode(response.value);
      outcome.groupId = decoded.groupId;
      outcome.groupPolicyAddress = decoded.groupPolicyAddress;
    } else if (response.typeUrl === ResponseTypeUrl.submitProposal) {
      outcome.proposalId = MsgSubmitProposalResponse.decode(response.value).proposalId;
    } else if (response.typeUrl === ResponseTypeUrl.createDenom) {
      outcome.newTokenDenom = MsgCreateDenomResponse.decode(response.value).newTokenDenom;
    }
  }
  const exec = result.events.find((event) => event.type === 'cosmos.group.v1.EventExec');
  const executorResult = exec && EXECUTOR_RESULTS[jsonAttribute(exec, 'result') ?? ''];
  if (executorResult) outcome.executorResult = executorResult;
  return { ...result, ...outcome };
}
