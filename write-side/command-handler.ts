import { randomUUID } from 'node:crypto';
import { dependencyUnavailable } from './errors';
import { fold, type Decider, type DomainEvent } from './decider';
import {
  ConcurrencyError,
  type AppendResult,
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

/**
 * Which read models a wait covers: the ones named; else the ones these event types feed (what a write
 * changes is all its next read can depend on); else every one.
 */
export interface ReadModelNeeds {
  readModels?: readonly string[];
  eventTypes?: readonly string[];
}

/**
 * Waits until the projections have reached a position, so the caller's next read sees its write; false
 * when they have not in time, or one of them has stopped.
 */
export type ProjectionWaiter = (position: GlobalPosition, timeoutMs: number, needs: ReadModelNeeds) => Promise<boolean>;

/** Attempts of one command against a stream that concurrent writers keep moving. */
export const MAX_COMMAND_ATTEMPTS = 5;
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
   * load → fold → decide → append with the expected version. A concurrent writer makes the append
   * conflict: the command is decided again on the fresh state, up to MAX_COMMAND_ATTEMPTS times, then the
   * ConcurrencyError goes to the caller. `eventIds` keeps the new events' ids the caller chose (stable
   * across the caller's own retries); otherwise each attempt draws fresh ones. Then it waits until the
   * projections fed by the appended event types have applied the append (read-your-writes), unless
   * `waitForProjections` is false — and a command that decides nothing (a retry) waits for them to hold
   * the stream as it stands; `alsoAwait` adds the read models fed by other event types that the
   * answer shows (an executed proposal's block: the balances it moved).
   */
  async handle<State, Command, Event extends DomainEvent>(
    decider: Decider<State, Command, Event>,
    streamId: string,
    command: Command,
    context: CommandContext,
    options: { eventIds?: string[]; waitForProjections?: boolean; alsoAwait?: readonly string[] } = {},
  ): Promise<HandledCommand<State, Event>> {
    const fedBy = (events: ReadonlyArray<{ type: string }>): ReadModelNeeds => ({
      eventTypes: [...new Set([...events.map((event) => event.type), ...(options.alsoAwait ?? [])])],
    });
    for (let attempt = 1; ; attempt++) {
      const recorded = await this.store.readStream(streamId);
      const state = fold(decider, recorded as unknown as Event[]);
      const events = decider.decide(command, state);
      if (events.length === 0) {
        // A retry of a command that was recorded (perhaps just before a restart): its answer is read back
        // from the read models, which must hold what the stream holds, as they would for the first attempt.
        const last = recorded[recorded.length - 1];
        if (last && options.waitForProjections !== false) await this.awaitProjections(last.position, fedBy(recorded));
        return { events, state, version: recorded.length, position: null };
      }
      const metadata = eventMetadata(context);
      const newEvents: NewEvent[] = events.map((event, index) => ({
        id: options.eventIds?.[index] ?? randomUUID(),
        type: event.type,
        data: event.data,
        metadata,
      }));
      let appended: AppendResult;
      try {
        appended = await this.store.append(streamId, newEvents, recorded.length);
      } catch (error) {
        if (error instanceof ConcurrencyError && attempt < MAX_COMMAND_ATTEMPTS) {
          await pauseBeforeRetry(attempt);
          continue;
        }
        throw error;
      }
      if (options.waitForProjections !== false)
        await this.awaitProjections(appended.position, fedBy(events));
      return {
        events,
        state: events.reduce((current, event) => decider.evolve(current, event), state),
        version: appended.nextExpectedVersion,
        position: appended.position,
      };
    }
  }

  async awaitProjections(position: GlobalPosition, needs: ReadModelNeeds = {}): Promise<void> {
    if (!this.waitForProjections) return;
    const reached = await this.waitForProjections(position, this.readYourWritesTimeoutMs, needs);
    if (!reached)
      throw dependencyUnavailable('The change was recorded but the read models did not catch up in time; retry the read');
  }
}

/** A short random pause, growing with the attempt, so that writers that just collided do not collide again. */
const pauseBeforeRetry = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
