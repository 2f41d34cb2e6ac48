import type { Knex } from 'knex';
import type { EventStore, GlobalPosition } from '../../write-side/event-store/event-store';

/** What the helpers read: the event store and the PostgreSQL database that holds it. */
export interface StoreAndDatabase {
  eventStore: EventStore;
  db: Knex;
}

const SETTLE_TIMEOUT_MS = 15_000;

/**
 * Waits until the feed shows every event committed before the call. The PostgreSQL feed shows a commit
 * only once every older transaction on the server has ended, and the other suites' transactions run
 * beside this one: a head read without waiting can miss an event this suite just wrote.
 */
async function feedSettled(db: Knex): Promise<void> {
  // An id newer than every transaction committed so far; once no transaction older than it runs, they are all visible.
  const { rows } = await db.raw<{ rows: Array<{ now: string }> }>('select pg_current_xact_id()::text as now');
  const deadline = Date.now() + SETTLE_TIMEOUT_MS;
  for (;;) {
    const settled = await db.raw<{ rows: Array<{ settled: boolean }> }>(
      'select pg_snapshot_xmin(pg_current_snapshot()) > ?::xid8 as settled',
      [rows[0]!.now],
    );
    if (settled.rows[0]!.settled) return;
    if (Date.now() > deadline) throw new Error(`a transaction older than ${rows[0]!.now} still runs on the server after ${SETTLE_TIMEOUT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** The position of the newest event in the store (null when it is empty), counting every event committed before the call. */
export async function storeHead({ eventStore, db }: StoreAndDatabase): Promise<GlobalPosition | null> {
  await feedSettled(db);
  let head: GlobalPosition | null = null;
  for (;;) {
    const batch = await eventStore.readAll(head, 1000);
    if (batch.length === 0) return head;
    head = batch[batch.length - 1]!.position;
  }
}

/** The types of the events appended after `head`, oldest first: empty when nothing was written. */
export async function eventsSince(services: StoreAndDatabase, head: GlobalPosition | null): Promise<string[]> {
  await feedSettled(services.db);
  return (await services.eventStore.readAll(head, 20)).map((event) => `${event.streamId}:${event.type}`);
}
