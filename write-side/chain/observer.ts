import { createHash } from 'node:crypto';
import type { EventStore, NewEvent } from '../event-store/event-store';
import type { Chain, ChainBlock } from './chain';

/** The stream of a node's blocks as the platform observed them through the Chain port. */
export const OBSERVED_STREAM = 'chain-observed';

/** A block of a chain the platform does not keep itself (CHAIN=cosmos): its results, for the read models. */
export interface ChainBlockObserved extends ChainBlock {
  chainId: string;
}

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

  constructor(
    private readonly chain: Chain,
    private readonly store: EventStore,
    private readonly intervalMs: number,
    private readonly onError: (error: Error) => void = () => undefined,
  ) {}

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let next: number | null = null;
    let failures = 0;
    while (this.running) {
      try {
        next ??= (await this.lastObservedHeight()) + 1;
        let block: ChainBlock | null;
        while (this.running && (block = await this.chain.getBlockResults(next))) {
          if (block.txs.length > 0) await this.record(block);
          next++;
        }
        failures = 0;
      } catch (error) {
        failures++;
        this.onError(error as Error);
      }
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        // A failing node or store is retried with back-off, up to 5 s.
        setTimeout(resolve, failures === 0 ? this.intervalMs : Math.min(5000, this.intervalMs * 2 ** failures)).unref();
      });
    }
  }

  private async lastObservedHeight(): Promise<number> {
    const observed = await this.store.readStream(OBSERVED_STREAM);
    const last = observed.at(-1)?.data as ChainBlockObserved | undefined;
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
    await this.store.append(OBSERVED_STREAM, [event], 'any');
  }
}
