import type { EventStore, GlobalPosition } from '../../write-side/event-store/event-store';

/**
 * `bench:read`'s baseline: the log read and decoded in batches, with nothing written, until the
 * `written` events generated are read. A transaction open anywhere on the server (most likely an
 * autovacuum's ANALYZE of the tables just filled) hides newer commits from the commit-order-safe feed
 * for a moment: an empty page before then is waited out (at most `giveUpMs`), not taken for the end
 * (a run had stopped at 625,726 of 1,007,821).
 */
export async function replayOnly(store: EventStore, written: number, batchSize: number, giveUpMs = 60_000): Promise<number> {
  let read = 0;
  let after: GlobalPosition | null = null;
  let waitingSince: number | null = null;
  for (;;) {
    const batch = await store.readAll(after, batchSize);
    if (batch.length === 0) {
      if (read >= written) return read;
      waitingSince ??= Date.now();
      if (Date.now() - waitingSince > giveUpMs) throw new Error(`the replay found ${read} of ${written} events for ${giveUpMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      continue;
    }
    waitingSince = null;
    read += batch.length;
    after = batch[batch.length - 1]!.position;
  }
}
