import { createHash } from 'node:crypto';
import { PreconditionFailed, type EventStore, type InlineReadModel, type NewEvent } from '../event-store/event-store';
import type { Chain, ChainBlock } from './chain';

/** The stream of a node's blocks as the platform observed them through the Chain port. */
export const OBSERVED_STREAM = 'chain-observed';

/** A block of a chain the platform does not keep itself (CHAIN=cosmos): its results, for the read models. */
export interface ChainBlockObserved extends ChainBlock {
  chainId: string;
}

/** How soon the observer looks again for a block a caller waits for (the node answered a transaction in it). */
const AWAITED_BLOCK_POLL_MS = 10;

/** The same id for the same block whoever observes it: the store drops a second append of it. */
function blockEventId(chainId: string, height: number): string {
  const hex = createHash('sha256').update(`chain-block-observed:${chainId}:${height}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * Follows a chain block by block through the port's block results and records every block with
 * transactions as a ChainBlockObserved event, so that read models fold a remote chain as they fold
 * the embedded one. Several processes may observe at once: each block's event id is fixed, so the
 * store keeps one copy.
 */
export class ChainObserver {
  private running = false;
  private loop: Promise<void> | null = null;
  private wake: (() => void) | null = null;
  /** Every block up to this height is recorded (or had no transactions). */
  private observedThrough = 0;
  /** Callers of `through`, each told once the observer passes its height. */
  private readonly waiting = new Set<{ height: number; done: () => void }>();

  /** A read model of the blocks written with each block's append, where the store can (EventStore.appendWith). */
  private readonly readModel: InlineReadModel | null;

  constructor(
    private readonly chain: Chain,
    private readonly store: EventStore,
    private readonly intervalMs: number,
    private readonly onError: (error: Error) => void = () => undefined,
    readModel?: InlineReadModel,
  ) {
    this.readModel = readModel && store.appendWith ? readModel : null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    for (const waiter of this.waiting) waiter.done();
  }

  /**
   * Resolves once every block up to `height` is recorded, so that a broadcast answers with its block
   * in the store as the embedded chain's does (read-your-writes for the read models it feeds); at the
   * latest after `timeoutMs`, or when the observer stops.
   */
  async through(height: number, timeoutMs: number): Promise<void> {
    if (!this.running || this.observedThrough >= height) return;
    await new Promise<void>((resolve) => {
      const waiter = {
        height,
        done: () => {
          clearTimeout(timer);
          this.waiting.delete(waiter);
          resolve();
        },
      };
      const timer = setTimeout(waiter.done, timeoutMs);
      this.waiting.add(waiter);
      this.wake?.();
    });
  }

  private passed(height: number): void {
    this.observedThrough = height;
    for (const waiter of this.waiting) if (waiter.height <= height) waiter.done();
  }

  private async run(): Promise<void> {
    let next: number | null = null;
    let failures = 0;
    while (this.running) {
      try {
        if (next === null) {
          next = (await this.lastObservedHeight()) + 1;
          this.passed(next - 1);
        }
        let block: ChainBlock | null;
        while (this.running && (block = await this.chain.getBlockResults(next))) {
          if (block.txs.length > 0) await this.record(block);
          this.passed(next++);
        }
        failures = 0;
      } catch (error) {
        failures++;
        this.onError(error as Error);
      }
      // Stopped during the pass: its wake-up came before there was a sleep to end.
      if (!this.running) break;
      // A failing node or store is retried with back-off, up to 5 s; a block a caller waits for is in a block already, so soon.
      const awaited = [...this.waiting].some((waiter) => waiter.height > this.observedThrough);
      const delay = failures > 0 ? Math.min(5000, this.intervalMs * 2 ** failures) : awaited ? Math.min(this.intervalMs, AWAITED_BLOCK_POLL_MS) : this.intervalMs;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, delay).unref();
      });
    }
  }

  /** From the stream's newest event alone: a node's history of blocks is not read again at each start. */
  private async lastObservedHeight(): Promise<number> {
    const last = (await this.store.readLastEvent(OBSERVED_STREAM))?.data as ChainBlockObserved | undefined;
    return last?.height ?? 0;
  }

  private async record(block: ChainBlock): Promise<void> {
    const data: ChainBlockObserved = { chainId: this.chain.chainId, ...block };
    const event: NewEvent = {
      id: blockEventId(this.chain.chainId, block.height),
      type: 'ChainBlockObserved',
      data,
      metadata: {
        actorId: null,
        organizationId: null,
        correlationId: `${this.chain.chainId}-block-${block.height}`,
        causationId: null,
        occurredAt: block.time,
        schemaVersion: 1,
      },
    };
    if (this.readModel) {
      const inline: NewEvent = { ...event, metadata: { ...event.metadata, appliedInline: [this.readModel.name] } };
      try {
        await this.store.appendWith!(OBSERVED_STREAM, [inline], 'any', this.readModel.writeFor([inline]));
        return;
      } catch (error) {
        // The read model refused the block (nothing was written): it goes alone, for the projection to
        // apply and stop on, saying why, as the embedded chain's blocks do.
        if (!(error instanceof PreconditionFailed)) throw error;
      }
    }
    await this.store.append(OBSERVED_STREAM, [event], 'any');
  }
}
