import { randomUUID } from 'node:crypto';
import { fromBase64, toBase64, toHex, toUtf8 } from '@cosmjs/encoding';
import { ConcurrencyError, PreconditionFailed, type EventStore, type InlineReadModel, type NewEvent, type RecordedEvent } from '../event-store/event-store';
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
import { executeTx, LedgerState, signaturesToCheck, StateDraft, type BlockContext, type Genesis, type LedgerSnapshot, type TxOutcome } from './ledger-state';
import { sha256 } from './hashes';
import type { ChainHistory } from './history';
import type { SingleWriterLock } from './single-writer';
import { verifySignatureOffThread } from './keys';
import { txHash } from './transactions';

export const CHAIN_STREAM = 'chain-blocks';
const DEFAULT_BLOCK_MS = 100;
/** Bounds one block's execution time (and its event's size); a longer queue spills into the next blocks. */
const MAX_TXS_PER_BLOCK = 2000;

/** First event of the stream: the genesis every later block builds on. */
export interface ChainGenesisRecorded extends Genesis {
  genesisTime: string;
}

/**
 * One block: the TxRaw bytes of every included transaction, with the result it had, in order. `events`
 * (its block results) is absent from the blocks of the first embedded chains: a fold upcasts those.
 */
export interface BlockCommitted {
  height: number;
  time: string;
  /** Absent from the first embedded chains' blocks. */
  hash?: string;
  txs: Array<{
    hash: string;
    tx: string;
    code: number;
    log: string;
    events?: ChainEvent[];
    /** The messages' responses, base64 protobuf (absent from the first embedded chains' blocks). */
    msgResponses?: Array<{ typeUrl: string; value: string }>;
  }>;
}

/** What a snapshot of the chain keeps besides the ledger: where the chain stood. */
interface ChainSnapshotState {
  ledger: LedgerSnapshot;
  height: number;
  lastBlockTime: string;
  lastBlockHash: string;
}

/**
 * A start replays and re-verifies every transaction after the latest snapshot (about 0.4 ms each), so
 * this bounds the start-up whatever the history's length; the snapshot itself grows with accounts and
 * groups, never with transactions.
 */
const DEFAULT_SNAPSHOT_EVERY_TXS = 2_500;
const TAIL_PAGE = 200;
/**
 * Blocks (and their transactions) kept in memory, newest last. With `history`, older ones are read
 * back from the store when asked for (getTx by recorded location, blockAt), so that the process's
 * memory does not grow with the chain's history, as it did by every settlement batch.
 */
const DEFAULT_RECENT_BLOCKS = 1_000;

/** What the node answers about a committed block besides its transactions. */
export interface BlockRecord {
  height: number;
  time: string;
  /** Upper-case hex; chains the blocks: sha256 over the previous hash, height, time and tx hashes. */
  hash: string;
  txHashes: string[];
}

/** A transaction handed to the chain: CheckTx's verdict at once, the block's result later. */
export interface Submission {
  hash: string;
  /** Refused (signature, sequence, decode…): it never enters the mempool. */
  refusal: TxResult | null;
  /** The chain held these bytes already (in a block or in the mempool): the result is theirs. */
  held: boolean;
  result: Promise<TxResult>;
}

export interface EmbeddedChainOptions {
  store: EventStore;
  /** Held while the chain runs (single-writer.ts), released when it closes. */
  lock?: SingleWriterLock;
  /** Snapshots and transaction locations: start from the latest snapshot plus the blocks after it. */
  history?: ChainHistory;
  /** A snapshot is taken once this many transactions were included since the last one. */
  snapshotEveryTxs?: number;
  /** Blocks kept in memory (with `history`; without it every block stays). */
  recentBlocks?: number;
  genesis: Genesis;
  blockMs?: number;
  streamId?: string;
  /**
   * A read model of the chain's blocks written with each block's append, in its transaction, where the
   * store can (EventStore.appendWith): the balances of the deployment's own chain.
   */
  readModel?: InlineReadModel;
}

interface PendingTx {
  bytes: Uint8Array;
  hash: string;
  resolve: (result: TxResult) => void;
  reject: (error: Error) => void;
}

const STORE_RETRY_MAX_MS = 5000;

const metadata = (occurredAt: string, correlationId: string): NewEvent['metadata'] => ({
  actorId: null,
  organizationId: null,
  correlationId,
  causationId: null,
  occurredAt,
  schemaVersion: 1,
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The ledger chain in-process. Transactions queue in a mempool; every `blockMs` the queue becomes one
 * block, executed by the ledger state machine and appended as a BlockCommitted event at the stream's
 * expected version, so two writers can never fork the chain. At start the blocks are replayed (every
 * signature re-checked) to rebuild the state.
 */
export class EmbeddedChain implements Chain {
  readonly chainId: string;
  readonly prefix: string;
  private state: LedgerState;
  private readonly streamId: string;
  private lastBlockHash = '';
  private txsSinceSnapshot = 0;
  /** Set when recording locations failed: no later snapshot may then hide those blocks from a restart. */
  private historyBroken = false;
  private history: ChainHistory | null = null;
  private lock: SingleWriterLock | null = null;
  private readModel: InlineReadModel | null = null;
  private snapshotEveryTxs = DEFAULT_SNAPSHOT_EVERY_TXS;
  private recentBlocks = DEFAULT_RECENT_BLOCKS;
  /** Height up to which every transaction's location is recorded: blocks up to it may leave memory. */
  private locatedHeight = 0;
  /** Snapshot saves and location records run behind block production, one at a time. */
  private housekeeping: Promise<void> = Promise.resolve();
  private readonly txs = new Map<string, ChainTx>();
  private readonly blocks = new Map<number, BlockRecord>();
  /** Transactions in the mempool by hash: a rebroadcast joins the pending one. */
  private readonly pending = new Map<string, Promise<TxResult>>();
  private mempool: PendingTx[] = [];
  /** CometBFT's check state: the committed state plus the mempool, so one signer can queue several sequences. */
  private checkState: StateDraft;
  /** The broadcasts' signature checks, in the order they were broadcast (broadcast). */
  private broadcasts: Promise<unknown> = Promise.resolve();
  private height = 0;
  private lastBlockTime: string;
  private streamVersion = 0;
  private timer: NodeJS.Timeout | null = null;
  private producing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly store: EventStore,
    genesis: Genesis,
    genesisTime: string,
    streamId: string,
  ) {
    this.chainId = genesis.chainId;
    this.prefix = genesis.prefix;
    this.state = new LedgerState(genesis);
    this.checkState = new StateDraft(this.state);
    this.lastBlockTime = genesisTime;
    this.genesisTime = genesisTime;
    this.streamId = streamId;
  }

  readonly genesisTime: string;

  /**
   * Starts from the latest snapshot (with `history`) or the genesis, replays (and re-verifies) only the
   * blocks after it, recording the genesis on first start, and starts cutting blocks.
   */
  static async start(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
    try {
      return await EmbeddedChain.open(options);
    } catch (error) {
      await options.lock?.release();
      throw error;
    }
  }

  private static async open(options: EmbeddedChainOptions): Promise<EmbeddedChain> {
    const streamId = options.streamId ?? CHAIN_STREAM;
    let [first] = await options.store.readStream(streamId, { limit: 1 });
    if (!first) {
      const genesisTime = new Date().toISOString();
      const data: ChainGenesisRecorded = { ...options.genesis, genesisTime };
      try {
        await options.store.append(
          streamId,
          [{ id: randomUUID(), type: 'ChainGenesisRecorded', data, metadata: metadata(genesisTime, `chain-genesis-${options.genesis.chainId}`) }],
          0,
        );
      } catch (error) {
        // Another process recorded the genesis first: build on its record.
        if (!(error instanceof ConcurrencyError)) throw error;
      }
      [first] = await options.store.readStream(streamId, { limit: 1 });
    }
    const stored = first!.data as ChainGenesisRecorded;
    for (const key of ['chainId', 'prefix', 'operatorAddress', 'nativeDenom'] as const)
      if (stored[key] !== options.genesis[key])
        throw new Error(`the chain in stream ${streamId} has ${key} ${stored[key]}, not the configured ${options.genesis[key]}`);

    const chain = new EmbeddedChain(options.store, options.genesis, stored.genesisTime, streamId);
    chain.lock = options.lock ?? null;
    chain.history = options.history ?? null;
    chain.readModel = options.readModel && options.store.appendWith ? options.readModel : null;
    chain.snapshotEveryTxs = options.snapshotEveryTxs ?? DEFAULT_SNAPSHOT_EVERY_TXS;
    chain.recentBlocks = options.recentBlocks ?? DEFAULT_RECENT_BLOCKS;
    chain.streamVersion = 1;
    const snapshot = await chain.history?.snapshots.load(streamId);
    if (snapshot) {
      const saved = snapshot.state as ChainSnapshotState;
      chain.state = LedgerState.fromSnapshot(options.genesis, saved.ledger);
      chain.height = saved.height;
      chain.lastBlockTime = saved.lastBlockTime;
      chain.lastBlockHash = saved.lastBlockHash;
      chain.streamVersion = snapshot.version;
    }
    await chain.replayTail();
    chain.checkState = new StateDraft(chain.state);
    const blockMs = options.blockMs ?? DEFAULT_BLOCK_MS;
    chain.timer = setInterval(() => chain.tick(), blockMs);
    chain.timer.unref();
    return chain;
  }

  /** Replays the blocks after the stream version the state stands at, a page at a time. */
  private async replayTail(): Promise<void> {
    for (;;) {
      const page = await this.store.readStream(this.streamId, { afterVersion: this.streamVersion, limit: TAIL_PAGE });
      for (const block of page) this.replay(block);
      if (this.history) {
        await this.history.record(
          this.streamId,
          page.flatMap((block) => (block.data as BlockCommitted).txs.map((tx) => ({ txHash: tx.hash, height: (block.data as BlockCommitted).height }))),
        );
        this.located(this.height);
      }
      if (page.length < TAIL_PAGE) return;
    }
  }

  /**
   * submit, after the transaction's signatures were verified on the thread pool (the check then finds
   * them verified): settlement broadcasts a signed batch every block, and the event loop it would hold
   * serves the payments. Submitted in the order broadcast, whichever check ends first: a signer's next
   * transaction (its sequence + 1) may be broadcast while the one before is still being checked.
   */
  async broadcast(txBytes: Uint8Array): Promise<TxResult> {
    const checked = Promise.all(
      signaturesToCheck(this.checkState, txBytes).map(({ publicKey, signedBytes, signature }) => verifySignatureOffThread(publicKey, signedBytes, signature)),
    );
    const turn = this.broadcasts.then(() => checked);
    this.broadcasts = turn;
    await turn;
    return this.submit(txBytes).result;
  }

  /**
   * CheckTx, then the mempool: a transaction refused against the check state answers at once; an
   * included one, or one already pending, answers with that transaction's result.
   */
  submit(txBytes: Uint8Array): Submission {
    const hash = txHash(txBytes);
    if (this.closed) return { hash, refusal: null, held: false, result: Promise.reject(new Error('the embedded chain is closed')) };
    const included = this.txs.get(hash);
    if (included) return { hash, refusal: null, held: true, result: Promise.resolve(included) };
    const queued = this.pending.get(hash);
    if (queued) return { hash, refusal: null, held: true, result: queued };
    const bytes = Uint8Array.from(txBytes);
    const checked = executeTx(this.checkState, bytes, { height: this.height + 1 });
    if (!checked.included) {
      const refusal = this.refusal(hash, checked);
      return { hash, refusal, held: false, result: Promise.resolve(refusal) };
    }
    const result = new Promise<TxResult>((resolve, reject) => this.mempool.push({ bytes, hash, resolve, reject }));
    this.pending.set(hash, result);
    const forget = () => this.pending.delete(hash);
    result.then(forget, forget);
    return { hash, refusal: null, held: false, result };
  }

  /** The committed state, for the node's queries. */
  get ledger(): LedgerState {
    return this.state;
  }

  /** Included transactions of the blocks in memory (the newest recentBlocks), in chain order (height, then position), that `matches` accepts. */
  *searchTxs(matches: (tx: ChainTx) => boolean): Generator<ChainTx> {
    for (let height = 1; height <= this.height; height++)
      for (const hash of this.blocks.get(height)?.txHashes ?? []) {
        const tx = this.txs.get(hash)!;
        if (matches(tx)) yield tx;
      }
  }

  async getBlockResults(height: number): Promise<ChainBlock | null> {
    const block = await this.blockAt(height);
    if (!block) return null;
    return { height, time: block.record.time, txs: block.txs.map((tx) => ({ hash: tx.txHash, code: tx.code, events: tx.events })) };
  }

  async getAccount(address: string): Promise<ChainAccount | null> {
    const account = this.state.account(address);
    return account ? { address, ...account } : null;
  }

  async getBalance(address: string, denom: string): Promise<bigint> {
    return this.state.balance(address, denom);
  }

  async getAllBalances(address: string): Promise<Balance[]> {
    return this.state.balancesOf(address);
  }

  async getSupply(denom: string): Promise<bigint> {
    return this.state.supply(denom);
  }

  async getHeight(): Promise<number> {
    return this.height;
  }

  async getTx(hash: string): Promise<ChainTx | null> {
    const upper = hash.toUpperCase();
    const known = this.txs.get(upper);
    if (known) return known;
    // Before the snapshot the chain started from: find its block by the recorded location.
    const height = await this.history?.locate(this.streamId, upper);
    if (!height) return null;
    return (await this.loadBlock(height))?.txs.find((tx) => tx.txHash === upper) ?? null;
  }

  /** A block before the snapshot the chain started from, read back from the store. */
  private async loadBlock(height: number): Promise<{ record: BlockRecord; txs: ChainTx[] } | null> {
    if (height < 1 || height > this.height) return null;
    const [event] = await this.store.readStream(this.streamId, { afterVersion: height, limit: 1 });
    const data = event?.data as BlockCommitted | undefined;
    if (!data || event!.type !== 'BlockCommitted' || data.height !== height) return null;
    const txs = data.txs.map((tx) =>
      withOutcome({
        txHash: tx.hash,
        height,
        code: tx.code,
        codespace: tx.code === 0 ? '' : 'sdk',
        rawLog: tx.log,
        events: tx.events ?? [],
        msgResponses: (tx.msgResponses ?? []).map((response) => ({ typeUrl: response.typeUrl, value: fromBase64(response.value) })),
        tx: fromBase64(tx.tx),
      }),
    );
    return { record: { height, time: data.time, hash: data.hash ?? '', txHashes: data.txs.map((tx) => tx.hash) }, txs };
  }

  /** The block at `height`, from memory or, before the snapshot the chain started from, from the store. */
  async blockAt(height: number): Promise<{ record: BlockRecord; txs: ChainTx[] } | null> {
    const record = this.blocks.get(height);
    if (record) return { record, txs: record.txHashes.map((hash) => this.txs.get(hash)!) };
    return this.loadBlock(height);
  }

  async getGroupPolicy(address: string): Promise<GroupPolicy | null> {
    const policy = this.state.policy(address);
    if (!policy) return null;
    const group = this.state.group(policy.groupId)!;
    return {
      address,
      groupId: group.id,
      admin: policy.admin,
      groupAdmin: group.admin,
      threshold: policy.threshold,
      totalWeight: group.totalWeight,
      members: [...group.members]
        .map(([member, weight]) => ({ address: member, weight }))
        .sort((a, b) => (a.address < b.address ? -1 : 1)),
      version: policy.version,
      groupVersion: group.version,
      metadata: policy.metadata,
    };
  }

  async status(): Promise<ChainStatus> {
    return { chainId: this.chainId, height: this.height };
  }

  /** Stops cutting blocks after committing what is already queued; the event store stays open. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.producing;
    while (this.mempool.length > 0) await this.produceBlock();
    await this.housekeeping;
    await this.lock?.release();
    this.lock = null;
  }

  private tick(): void {
    if (this.producing || this.mempool.length === 0) return;
    this.producing = this.produceBlock().finally(() => {
      this.producing = null;
    });
  }

  private async produceBlock(): Promise<void> {
    const batch = this.mempool.splice(0, MAX_TXS_PER_BLOCK);
    try {
      const outcomes = await this.commitBlock(batch);
      // A refused rebroadcast of an included transaction answers with the included result: broadcast is idempotent.
      batch.forEach((pending, index) => pending.resolve(this.txs.get(pending.hash) ?? this.refusal(pending.hash, outcomes[index]!)));
    } catch (error) {
      batch.forEach((pending) => pending.reject(error as Error));
    } finally {
      this.recheck();
    }
  }

  /** As CometBFT after a block: the check state is the new committed state plus what is still queued. */
  private recheck(): void {
    this.checkState = new StateDraft(this.state);
    for (const pending of this.mempool) executeTx(this.checkState, pending.bytes, { height: this.height + 1 });
  }

  private async commitBlock(batch: PendingTx[]): Promise<TxOutcome[]> {
    for (;;) {
      const block: BlockContext = { height: this.height + 1 };
      const time = this.nextBlockTime();
      const draft = new StateDraft(this.state);
      const outcomes = batch.map((pending) => executeTx(draft, pending.bytes, block));
      const included = batch.flatMap((pending, index) => (outcomes[index]!.included ? [{ pending, outcome: outcomes[index]! }] : []));
      if (included.length === 0) return outcomes;
      const data: BlockCommitted = {
        height: block.height,
        time,
        hash: this.blockHash(block.height, time, included.map(({ pending }) => pending.hash)),
        txs: included.map(({ pending, outcome }) => ({
          hash: pending.hash,
          tx: toBase64(pending.bytes),
          code: outcome.code,
          log: outcome.log,
          events: outcome.events,
          msgResponses: outcome.msgResponses.map((response) => ({ typeUrl: response.typeUrl, value: toBase64(response.value) })),
        })),
      };
      try {
        await this.appendBlock(data);
      } catch (error) {
        if (!(error instanceof ConcurrencyError)) throw error;
        // Another writer extended the chain: take its blocks, then run this batch again on top of them.
        await this.catchUp();
        continue;
      }
      draft.commit();
      this.height = block.height;
      this.lastBlockTime = time;
      this.streamVersion += 1;
      included.forEach(({ pending, outcome }) => this.index(pending.hash, pending.bytes, block.height, outcome));
      this.recordBlock(data);
      this.afterBlock(data);
      return outcomes;
    }
  }

  /**
   * Appends the block, with its read model's rows where there is one, retrying the very same event while
   * the store is unreachable (its id makes a retry of an append that did land harmless); once the chain
   * is closing it gives up.
   */
  private async appendBlock(data: BlockCommitted): Promise<void> {
    const plain: NewEvent = { id: randomUUID(), type: 'BlockCommitted', data, metadata: metadata(data.time, `${this.chainId}-block-${data.height}`) };
    let readModel = this.readModel;
    for (let attempt = 1; ; attempt++) {
      try {
        if (readModel) {
          const event: NewEvent = { ...plain, metadata: { ...plain.metadata, appliedInline: [readModel.name] } };
          await this.store.appendWith!(this.streamId, [event], this.streamVersion, readModel.writeFor([event]));
        } else await this.store.append(this.streamId, [plain], this.streamVersion);
        return;
      } catch (error) {
        if (error instanceof ConcurrencyError) throw error;
        // The read model refused the block (nothing was written): the block goes alone, for the read
        // model's projection to apply and stop on, saying why; a read model never stops the chain.
        if (error instanceof PreconditionFailed) {
          readModel = null;
          continue;
        }
        if (this.closed) throw new Error(`the chain's event store is unreachable: ${(error as Error).message}`);
        await sleep(Math.min(STORE_RETRY_MAX_MS, 100 * 2 ** attempt));
      }
    }
  }

  private async catchUp(): Promise<void> {
    for (const block of await this.store.readStream(this.streamId, { afterVersion: this.streamVersion })) this.replay(block);
    this.checkState = new StateDraft(this.state);
  }

  private replay(event: RecordedEvent): void {
    const data = event.data as BlockCommitted;
    if (event.type !== 'BlockCommitted' || data.height !== this.height + 1)
      throw new Error(`stream ${this.streamId} version ${event.streamVersion} is not block ${this.height + 1}`);
    for (const recordedTx of data.txs) {
      const bytes = fromBase64(recordedTx.tx);
      const outcome = executeTx(this.state, bytes, { height: data.height });
      // Codes must agree; logs may be worded differently by a later version, so the recorded one stays.
      if (!outcome.included || outcome.code !== recordedTx.code)
        throw new Error(
          `chain replay diverged at height ${data.height}, tx ${recordedTx.hash}: recorded code ${recordedTx.code}, replayed ${outcome.code} (${outcome.log})`,
        );
      this.index(recordedTx.hash, bytes, data.height, { ...outcome, log: recordedTx.log });
    }
    this.recordBlock(data);
    this.height = data.height;
    this.lastBlockTime = data.time;
    this.streamVersion = event.streamVersion;
  }

  /** Chains the blocks: sha256 over the chain id, the previous block's hash, the height, the time and the tx hashes. */
  private blockHash(height: number, time: string, txHashes: string[]): string {
    return toHex(sha256(toUtf8([this.chainId, this.lastBlockHash, height, time, ...txHashes].join('\n')))).toUpperCase();
  }

  private recordBlock(data: BlockCommitted): void {
    const txHashes = data.txs.map((tx) => tx.hash);
    const hash = data.hash ?? this.blockHash(data.height, data.time, txHashes);
    this.blocks.set(data.height, { height: data.height, time: data.time, hash, txHashes });
    this.lastBlockHash = hash;
  }

  /**
   * Behind block production: records where the block's transactions are, then, every
   * snapshotEveryTxs transactions, the state as of this block (taken now, saved after the locations, so
   * that a snapshot never hides a transaction its locations do not find).
   */
  private afterBlock(data: BlockCommitted): void {
    const history = this.history;
    if (!history) return;
    const locations = data.txs.map((tx) => ({ txHash: tx.hash, height: data.height }));
    this.txsSinceSnapshot += data.txs.length;
    let snapshot: ChainSnapshotState | null = null;
    if (this.txsSinceSnapshot >= this.snapshotEveryTxs && !this.historyBroken) {
      this.txsSinceSnapshot = 0;
      snapshot = { ledger: this.state.toSnapshot(), height: this.height, lastBlockTime: this.lastBlockTime, lastBlockHash: this.lastBlockHash };
    }
    const version = this.streamVersion;
    this.housekeeping = this.housekeeping
      .then(async () => {
        try {
          await history.record(this.streamId, locations);
          if (!this.historyBroken) this.located(data.height);
        } catch {
          this.historyBroken = true;
        }
        if (snapshot && !this.historyBroken) await history.snapshots.save({ streamId: this.streamId, version, state: snapshot });
      })
      // A lost snapshot only lengthens the next start's tail: the blocks are the truth.
      .catch(() => undefined);
  }

  /** Every transaction up to `height` can be found through the history: the oldest blocks leave memory. */
  private located(height: number): void {
    this.locatedHeight = Math.max(this.locatedHeight, height);
    for (const [blockHeight, record] of this.blocks) {
      if (this.blocks.size <= this.recentBlocks || blockHeight > this.locatedHeight) return;
      this.blocks.delete(blockHeight);
      for (const hash of record.txHashes) this.txs.delete(hash);
    }
  }

  private index(hash: string, bytes: Uint8Array, height: number, outcome: TxOutcome): void {
    this.txs.set(
      hash,
      withOutcome({
        txHash: hash,
        height,
        code: outcome.code,
        codespace: outcome.codespace,
        rawLog: outcome.log,
        events: outcome.events,
        msgResponses: outcome.msgResponses,
        tx: bytes,
      }),
    );
  }

  private refusal(hash: string, outcome: TxOutcome): TxResult {
    return { txHash: hash, height: 0, code: outcome.code, codespace: outcome.codespace, rawLog: outcome.log, events: [], msgResponses: [] };
  }

  /** Block times never go backwards, even when the wall clock does. */
  private nextBlockTime(): string {
    const now = new Date().toISOString();
    return now > this.lastBlockTime ? now : this.lastBlockTime;
  }
}
