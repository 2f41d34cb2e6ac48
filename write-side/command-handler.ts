import { randomUUID } from 'node:crypto';
import { dependencyUnavailable } from '../runtime/errors';
import { fold, type Decider, type DomainEvent } from './decider';
import {
  ConcurrencyError,
  type EventMetadata,
  type EventStore,
  type GlobalPosition,
  type NewEvent,
} from './event-store/event-store';

/** Who asked and why: copied into every event's metadata. */
export interface CommandContext {
  actorId: string | null;
  organizationId: string | null;
  correlationId: string;
  causationId?: string | null;
  now: Date;
}

export interface HandledCommand<State, Event extends DomainEvent> {
  events: Event[];
  state: State;
  /** Version of the stream after the append (unchanged when decide produced nothing). */
  version: number;
  /** Global position of the last appended event; null when nothing was appended. */
  position: GlobalPosition | null;
}

/** Waits until the projections have reached a position, so the caller's next read sees its write. */
export type ProjectionWaiter = (position: GlobalPosition, timeoutMs: number) => Promise<boolean>;

const MAX_ATTEMPTS = 5;
export const SCHEMA_VERSION = 1;

export const eventMetadata = (context: CommandContext): EventMetadata => ({
  actorId: context.actorId,
  organizationId: context.organizationId,
  correlationId: context.correlationId,
  causationId: context.causationId ?? null,
  occurredAt: context.now.toISOString(),
  schemaVersion: SCHEMA_VERSION,
});

export class CommandHandler {
  constructor(
    private readonly store: EventStore,
    private readonly waitForProjections: ProjectionWaiter | null,
    private readonly readYourWritesTimeoutMs: number,
  ) {}

  /**
   * load → fold → decide → append with the expected version; a concurrent writer makes it re-run
   * against the fresh state, a bounded number of times. `command` may be a function of the attempt so
   * that ids stay stable across retries (the caller generates them once).
   */
  async handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command,
    context: CommandContext,
    options: { eventIds?: string[]; waitForProjections?: boolean } = {},
  ): Promise<HandledCommand<State, Event>> {
    for (let attempt = 1; ; attempt++) {
      const recorded = await this.store.readStream(streamId);
      const state = fold(decider, recorded as unknown as Event[]);
      const events = decider.decide(command, state);
      if (events.length === 0) return { events, state, version: recorded.length, position: null };
      const metadata = eventMetadata(context);
      const newEvents: NewEvent[] = events.map((event, index) => ({
        id: options.eventIds?.[index] ?? randomUUID(),
        type: event.type,
        data: event.data,
        metadata,
      }));
      try {
        const result = await this.store.append(streamId, newEvents, recorded.length);
        const next = events.reduce(decider.evolve, state);
        if (options.waitForProjections !== false) await this.awaitProjections(result.position);
        return { events, state: next, version: result.nextExpectedVersion, position: result.position };
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_ATTEMPTS) continue;
        throw error;
      }
    }
  }

  async awaitProjections(position: GlobalPosition): Promise<void> {
    if (!this.waitForProjections) return;
    const reached = await this.waitForProjections(position, this.readYourWritesTimeoutMs);
    if (!reached)
      throw dependencyUnavailable('The change was recorded but the read models did not catch up in time; retry the read');
  }
}
