import type { EventStore, ExpectedVersion, NewEvent } from '../../write-side/event-store/event-store';

/**
 * Appends a generated log with many appends in flight (the store groups them), each stream's appends
 * in the order they were made. A stream is one writer's history (a bank ledger's clients registered
 * before their payments); two appends of one stream in flight at once land in whichever order they
 * take the stream's lock, and one run of bench:read found a bank's payments before its clients, whose
 * balance changes the read model then had no row for (clients held 3 units more than they were funded).
 */
export class LogWriter {
  private readonly inFlight = new Set<Promise<void>>();
  /** Each stream's last append still in flight: the next one of that stream starts after it. */
  private readonly lastOfStream = new Map<string, Promise<void>>();
  written = 0;

  constructor(
    private readonly store: Pick<EventStore, 'append'>,
    private readonly maxInFlight: number,
  ) {}

  /** Resolves once the append is under way (or queued behind its stream's last); drain() waits for it. */
  async append(streamId: string, events: NewEvent[], expectedVersion: ExpectedVersion = 'any'): Promise<void> {
    while (this.inFlight.size >= this.maxInFlight) await Promise.race(this.inFlight);
    const append: Promise<void> = (this.lastOfStream.get(streamId) ?? Promise.resolve())
      .then(() => this.store.append(streamId, events, expectedVersion))
      .then(() => {
        this.written += events.length;
        this.inFlight.delete(append);
        if (this.lastOfStream.get(streamId) === append) this.lastOfStream.delete(streamId);
      });
    this.inFlight.add(append);
    this.lastOfStream.set(streamId, append);
  }

  /** Waits for every append made so far; rejects with the first that failed. */
  async drain(): Promise<void> {
    await Promise.all(this.inFlight);
  }
}
