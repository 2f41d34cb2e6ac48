import type { EventStore, GlobalPosition } from '../../write-side/event-store/event-store';

/** The position of the newest event in the store (null when it is empty). */
export async function storeHead(store: EventStore): Promise<GlobalPosition | null> {
  let head: GlobalPosition | null = null;
  for (;;) {
    const batch = await store.readAll(head, 1000);
    if (batch.length === 0) return head;
    head = batch[batch.length - 1]!.position;
  }
}

/** The types of the events appended after `head`, oldest first: empty when nothing was written. */
export async function eventsSince(store: EventStore, head: GlobalPosition | null): Promise<string[]> {
  return (await store.readAll(head, 20)).map((event) => `${event.streamId}:${event.type}`);
}
