import type { Knex } from 'knex';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Subscription } from 'rxjs';
import { databaseAnswers } from '../runtime/database';
import type { Logger } from '../runtime/logger';
import {
  comparePositions,
  positionToString,
  type EventStore,
  type FeedReaders,
  type GlobalPosition,
  type RecordedEvent,
} from '../write-side/event-store/event-store';
import type { Projection } from './projection';

export interface ProjectionRunnerOptions {
  /** Most events read from the store, and applied by one projection, in one go. */
  batchSize?: number;
  /** Projections writing one batch at the same time, each on its own connection. */
  concurrency?: number;
  /** First delay before the runner resumes after the database failed it; it doubles up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
  /** Told after each commit how many events a projection applied (metrics: which process applies them). */
  onApplied?: (projection: string, events: number) => void;
}

export interface RebuildReport {
  /** Events read from the log (once, whatever the number of projections rebuilt). */
  events: number;
  /** Per projection, in the order asked: how many of those events it handled. */
  projections: Array<{ name: string; applied: number }>;
}

/**
 * How many events a projection may let pass without reacting before its checkpoint is saved anyway, so
 * that a restart does not re-read the whole log for a projection that ignores most of it.
 */
const IGNORED_EVENTS_PER_CHECKPOINT = 10_000;
/**
 * The channel on which every commit that moves a projection's checkpoint, or records its failure, is
 * announced (payload: the projection's name), so that processes that do not run the projections learn
 * at once that the read models moved (see CommittedProgress).
 */
export const PROJECTIONS_CHANNEL = 'emisor_projections';

/**
 * How many batches a catch-up reads ahead of the projection furthest behind: the others write those
 * meanwhile instead of waiting for it at every batch. Two of 10,000 events rather than four of 5,000:
 * the same window, and a batch's changes to one row (a client's balance, a proposal's tally) merge
 * over twice as many events, so a catch-up writes fewer rows (6–10 % faster in bench:read's log).
 */
const READ_AHEAD_BATCHES = 2;

/** How long the runner waits for the database to answer before it takes a failure for an outage. */
const PING_TIMEOUT_MS = 2000;

/** SQLSTATE classes of failures that say nothing about the event: connection, resources, shutdown, rollback. */
const TRANSIENT_SQLSTATE = /^(08|40|53|57|58)|^55P03$/;

/** Whether an error comes from reaching the database rather than from what was asked of it. */
function isConnectionTrouble(error: unknown): boolean {
  const { code, name, message } = (error ?? {}) as { code?: unknown; name?: unknown; message?: unknown };
  if (typeof code === 'string' && /^E[A-Z]{3,}$/.test(code)) return true; // ECONNREFUSED, ECONNRESET, EPIPE…
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return TRANSIENT_SQLSTATE.test(code);
  if (name === 'KnexTimeoutError') return true;
  return typeof message === 'string' && /connection|terminat/i.test(message);
}

/** Why a projection stopped, for operators: the SQLSTATE and the object it names, never the SQL text. */
function reasonOf(error: unknown): string {
  const { code, table, column, constraint } = (error ?? {}) as Record<string, unknown>;
  if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
    const on = [table && `table ${String(table)}`, column && `column ${String(column)}`, constraint && `constraint ${String(constraint)}`].filter(Boolean);
    return `database error ${code}${on.length > 0 ? ` on ${on.join(', ')}` : ''}`;
  }
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}

/**
 * The names of the advisory lock (hashtext of each) that keeps a rebuild apart from the writers that
 * apply a projection in their own appends' transactions (EventStore.appendWith): they share it, taken
 * before they write anything; a rebuild takes it alone, so while it holds it none is under way. The
 * runner's own writes do not take it (they serialise on the projection's lock, lockProjection), so its
 * checkpoints never hold up a payment. The two-key form keeps these locks apart from the event
 * store's one-key stream locks.
 */
export const inlineWritersLock = (name: string) => ({ class: 'emisor.projection.inline', object: name });

/** Whether the event was applied to the projection in the transaction that appended it. */
const appliedInline = (event: RecordedEvent, projection: Projection) => event.metadata.appliedInline?.includes(projection.name) === true;

/**
 * Of events in global order, those strictly after `position`: a suffix, found by bisection (comparing
 * every event's position, for each of fourteen projections, was 6 % of a catch-up's CPU).
 */
function eventsAfter(events: RecordedEvent[], position: GlobalPosition | null): RecordedEvent[] {
  if (position === null || events.length === 0 || comparePositions(events[0]!.position, position) > 0) return events;
  let low = 1;
  let high = events.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (comparePositions(events[middle]!.position, position) > 0) high = middle;
    else low = middle + 1;
  }
  return events.slice(low);
}

/** The events the lane's projection applies: those of its types, live without those its own appends applied. */
function handledBy(lane: Lane, events: RecordedEvent[], mode: 'live' | 'rebuild'): RecordedEvent[] {
  return events.filter((event) => lane.handles.has(event.type) && (mode === 'rebuild' || !appliedInline(event, lane.projection)));
}

/** One projection's progress as the runner tracks it. */
interface Lane {
  projection: Projection;
  handles: ReadonlySet<string>;
  /** The last position it has applied (or may skip: it ignores the events up to it); null before any. */
  reached: GlobalPosition | null;
  ignoredSinceCheckpoint: number;
  /** Stopped by an event it cannot apply: the others go on without it until the next start. */
  failed: boolean;
  /** projection_failures holds a row for it, to remove once it applies past that event. */
  failureRecorded: boolean;
  /** The sequence number (see ProjectionRunner.windowStart) of the first event of the window it has not taken. */
  next: number;
}

/**
 * Feeds every projection from the store. Each projection keeps its own checkpoint, written in the same
 * transaction as its rows, so a crash applies nothing twice and skips nothing: the next run starts after
 * the checkpoint. Events are read once, in the store's commit-safe global order, into a window that
 * every projection takes from at its own pace, up to a batch per transaction of its own; the
 * projection furthest behind is served first, and a fast one is never held up by a slow one (their
 * tables are their own).
 *
 * A projection that fails on an event (not on the database) stops alone: it applies everything before
 * that event, the failure is recorded in projection_failures (health check, control-panel alerts), and
 * the others go on; the next start tries it again. A database failure stops the whole runner, which
 * resumes from the checkpoints after a short delay that resets once it succeeds.
 *
 * `waitFor` gives the command side read-your-writes, for the projections a command's answer needs.
 * The service runs it in the elected leader only (runtime/bootstrap.ts); other processes wait on the
 * checkpoints it commits and announces on PROJECTIONS_CHANNEL (CommittedProgress).
 */
export class ProjectionRunner {
  private readonly lanes: Lane[];
  /** Which projections read each event type: the live feed leaves out the data none of them needs. */
  private readonly feed: FeedReaders;
  private readonly batchSize: number;
  private readonly concurrency: number;
  private readonly restartDelayMs: number;
  private readonly maxRestartDelayMs: number;
  private readonly onApplied: (projection: string, events: number) => void;
  /** Pending waitFor calls: each checks its condition whenever a projection moves or stops; stop() ends them. */
  private readonly waiters = new Map<() => void, (reached: boolean) => void>();
  private subscription: Subscription | null = null;
  /**
   * Events read (catch-up) or delivered (live) that some running projection has not taken yet, oldest
   * first: each projection takes the next ones from its own cursor, so a slow one never holds up the
   * others, which run ahead by up to READ_AHEAD_BATCHES batches.
   */
  private window: RecordedEvent[] = [];
  /** The sequence number of window[0]: events are numbered from the start of the run that read them. */
  private windowStart = 0;
  /** The projections writing a batch now, each on a connection of its own (at most `concurrency`). */
  private readonly busy = new Map<Lane, Promise<void>>();
  /** The database failure that ended this run's writing: no batch starts after it; the run starts over. */
  private outage: { error: unknown } | null = null;
  /** Whether a catch-up is reading the store: it, not the live feed, deals with an outage. */
  private catchingUp = false;
  private pumpScheduled = false;
  /** Wakes the catch-up's reader whenever a projection finished a batch. */
  private progressed: (() => void) | null = null;
  private restartTimer: NodeJS.Timeout | null = null;
  private failures = 0;
  private running = false;

  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    readonly projections: readonly Projection[],
    private readonly logger: Logger,
    options: ProjectionRunnerOptions = {},
  ) {
    this.lanes = projections.map((projection) => ({
      projection,
      handles: new Set(projection.handles),
      reached: null,
      ignoredSinceCheckpoint: 0,
      failed: false,
      failureRecorded: false,
      next: 0,
    }));
    const readersByType = new Map<string, string[]>();
    for (const projection of projections)
      for (const type of projection.handles) readersByType.set(type, [...(readersByType.get(type) ?? []), projection.name]);
    this.feed = { readersByType };
    this.batchSize = options.batchSize ?? 10_000;
    this.concurrency = options.concurrency ?? 2;
    this.restartDelayMs = options.restartDelayMs ?? 100;
    this.maxRestartDelayMs = options.maxRestartDelayMs ?? 1000;
    this.onApplied = options.onApplied ?? (() => undefined);
  }

  /**
   * Catches every projection up from its checkpoint, then follows the live feed. Never rejects for a
   * projection's failure: a projection that cannot apply an event stops alone, and a database failure
   * makes the runner try again shortly.
   */
  async start(): Promise<void> {
    this.running = true;
    // A new leader's runner (or one restarted after an outage) retries a failure after the shortest delay.
    this.failures = 0;
    // A projection stopped in a previous run gets another chance: its code or its data may have changed.
    for (const lane of this.lanes) lane.failed = false;
    try {
      await this.catchUp();
      await this.follow();
    } catch (error) {
      this.restartAfter(error);
    }
  }

  /**
   * Stops following and waits for the batches being written, so the connections can close after them;
   * the waits those batches did not satisfy end with false. A catch-up under way goes on to its end.
   */
  async stop(): Promise<void> {
    this.running = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.subscription?.unsubscribe();
    this.subscription = null;
    if (!this.catchingUp) this.resetWindow();
    await this.settled();
    for (const finish of [...this.waiters.values()]) finish(false);
  }

  /**
   * Replays the store into every running projection until each reaches the current head; returns the
   * events read. The store is read ahead while the projections write, each at its own pace.
   */
  async catchUp(): Promise<number> {
    await this.settled();
    this.outage = null;
    this.resetWindow();
    await this.loadCheckpoints();
    let read = 0;
    if (this.live().length === 0) return read;
    this.catchingUp = true;
    try {
      let after = this.lowestReached();
      for (;;) {
        const batch = await this.store.readAll(after, this.batchSize, this.feed);
        if (batch.length === 0) break;
        for (const event of batch) this.window.push(event);
        after = batch[batch.length - 1]!.position;
        read += batch.length;
        this.pump();
        await this.until(() => this.window.length < READ_AHEAD_BATCHES * this.batchSize);
      }
      await this.until(() => this.busy.size === 0 && this.live().every((lane) => lane.next === this.windowStart + this.window.length));
      return read;
    } catch (error) {
      // Nothing more starts; what is being written ends before the caller starts over.
      this.outage ??= { error };
      await this.settled();
      throw error;
    } finally {
      this.catchingUp = false;
    }
  }

  /** The projections that react to any of these event types: the read models a command's events change. */
  projectionsFor(eventTypes: readonly string[]): string[] {
    return this.lanes.filter((lane) => eventTypes.some((type) => lane.handles.has(type))).map((lane) => lane.projection.name);
  }

  /**
   * Resolves true once the named projections have applied `position`; false after the timeout, at
   * once when one of them is stopped by a failure, or when the runner stops first (its process is no
   * longer the leader: the caller may wait on the new leader's checkpoints instead). Names this runner
   * does not run are left out. With no names, every projection still running: a stopped one would
   * never get there, and nobody asked for it.
   */
  waitFor(position: GlobalPosition, timeoutMs: number, projectionNames?: readonly string[]): Promise<boolean> {
    const named = projectionNames ? this.lanes.filter((lane) => projectionNames.includes(lane.projection.name)) : null;
    return new Promise<boolean>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const finish = (reached: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(reached);
      };
      const check = () => {
        const lanes = named ?? this.live();
        if (lanes.every((lane) => lane.reached !== null && comparePositions(lane.reached, position) >= 0)) finish(true);
        else if (lanes.some((lane) => lane.failed)) finish(false);
      };
      this.waiters.set(check, finish);
      timer = setTimeout(() => finish(false), timeoutMs);
      check();
    });
  }

  /**
   * Drops the named read models' rows and checkpoints and replays the whole log into them, reading it
   * once, in one transaction: readers of their tables wait for it (the truncation locks them) and never
   * see a half-built model, and the live runner (here or in another process) waits on the projections'
   * locks, then carries on from the rebuilt checkpoints. On PostgreSQL the open transaction also holds
   * back what subscribers see of new events until it commits, so read-your-writes waits as long as the
   * rebuild runs. A projection that fails on an event fails the whole rebuild, which changes nothing.
   * Rows written inline with their events (see inlineWritersLock) are rebuilt from those events too.
   */
  async rebuild(names: string | readonly string[]): Promise<RebuildReport> {
    const lanes = (typeof names === 'string' ? [names] : names).map((name) => {
      const lane = this.lanes.find((candidate) => candidate.projection.name === name);
      if (!lane) throw new Error(`no projection named ${name}`);
      return lane;
    });
    const report: RebuildReport = { events: 0, projections: lanes.map((lane) => ({ name: lane.projection.name, applied: 0 })) };
    await this.db.transaction(async (trx) => {
      for (const lane of lanes) await this.lockProjection(trx, lane.projection);
      for (const lane of lanes) {
        const inline = inlineWritersLock(lane.projection.name);
        await trx.raw(`select pg_advisory_xact_lock(hashtext(?), hashtext(?))`, [inline.class, inline.object]);
      }
      // One statement for all their tables (they may reference each other), without CASCADE: another read
      // model's table that references them makes the rebuild fail instead of being emptied unnoticed.
      const tables = lanes.flatMap((lane) => lane.projection.tables);
      if (tables.length > 0) await trx.raw(`truncate table ${tables.map(() => '??').join(', ')}`, tables);
      const rebuilt = lanes.map((lane) => lane.projection.name);
      await trx('projection_checkpoints').whereIn('name', rebuilt).delete();
      await trx('projection_failures').whereIn('name', rebuilt).delete();
      // Where appends write read models inline, one that committed just before the truncation may still be
      // past the feed's horizon (an older transaction running): the rebuild reads until none is older.
      let olderEnded = !this.store.appendWith;
      let after: GlobalPosition | null = null;
      let next = this.store.readAll(after, this.batchSize);
      for (;;) {
        const batch = await next;
        if (batch.length === 0) {
          if (olderEnded) break;
          olderEnded = await this.olderTransactionsEnded(trx);
          if (!olderEnded) await sleep(10);
          next = this.store.readAll(after, this.batchSize);
          continue;
        }
        after = batch[batch.length - 1]!.position;
        next = this.store.readAll(after, this.batchSize);
        next.catch(() => undefined);
        for (const [index, lane] of lanes.entries())
          report.projections[index]!.applied += await this.applyPending(trx, lane.projection, batch, handledBy(lane, batch, 'rebuild'), null);
        report.events += batch.length;
      }
    });
    for (const lane of lanes) {
      lane.failed = false;
      lane.failureRecorded = false;
    }
    return report;
  }

  /** Whether every transaction that began before this one has ended (its writes are in the feed). */
  private async olderTransactionsEnded(trx: Knex.Transaction): Promise<boolean> {
    const { rows } = await trx.raw(`select pg_snapshot_xmin(pg_current_snapshot()) = pg_current_xact_id() as ended`);
    return rows[0].ended === true;
  }

  /**
   * Where each projection stands in this process, past the events it ignored since its last saved
   * checkpoint (saved only every IGNORED_EVENTS_PER_CHECKPOINT of them); empty while the runner is stopped.
   */
  reachedPositions(): Map<string, GlobalPosition> {
    const reached = new Map<string, GlobalPosition>();
    if (!this.running) return reached;
    for (const lane of this.lanes) if (lane.reached) reached.set(lane.projection.name, lane.reached);
    return reached;
  }

  private live(): Lane[] {
    return this.lanes.filter((lane) => !lane.failed);
  }

  /** Where reading must start so that every running projection gets what it has not applied. */
  private lowestReached(): GlobalPosition | null {
    let lowest: GlobalPosition | null = null;
    for (const lane of this.live()) {
      if (!lane.reached) return null;
      if (!lowest || comparePositions(lane.reached, lowest) < 0) lowest = lane.reached;
    }
    return lowest;
  }

  /** Takes in what is committed: checkpoints (another process may have moved them) and recorded failures. */
  private async loadCheckpoints(): Promise<void> {
    const [checkpoints, failures] = await Promise.all([
      this.db('projection_checkpoints').select('name', this.db.raw('commit_position::text as commit_position'), 'prepare_position') as Promise<
        Array<{ name: string; commit_position: string; prepare_position: string }>
      >,
      this.db('projection_failures').pluck('name') as Promise<string[]>,
    ]);
    const byName = new Map(checkpoints.map((row) => [row.name, row]));
    for (const lane of this.lanes) {
      const row = byName.get(lane.projection.name);
      if (row) this.advance(lane, { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) });
      lane.failureRecorded = failures.includes(lane.projection.name);
    }
  }

  /** Subscribes after what every running projection has applied. */
  private async follow(): Promise<void> {
    if (!this.running || this.live().length === 0) return;
    this.subscription = this.store.subscribe(this.lowestReached(), this.feed).subscribe({
      next: (event) => {
        this.window.push(event);
        // Deferred, so that events delivered in one go (a page of the store) form one batch.
        if (this.pumpScheduled) return;
        this.pumpScheduled = true;
        queueMicrotask(() => {
          this.pumpScheduled = false;
          this.pump();
        });
      },
      error: (error) => this.restartAfter(error),
    });
  }

  /**
   * Drops the live feed and what it had delivered, and starts no batch more; the next run starts again
   * from the checkpoints once the batches under way have ended.
   */
  private restartAfter(error: unknown): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.outage ??= { error };
    this.resetWindow();
    if (!this.running || this.restartTimer) return;
    const delay = Math.min(this.maxRestartDelayMs, this.restartDelayMs * 2 ** this.failures++);
    this.logger.error({ err: error, retryInMs: delay }, 'projections could not reach the database; resuming from their checkpoints');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      void this.restart();
    }, delay);
  }

  private async restart(): Promise<void> {
    try {
      await this.catchUp();
      await this.follow();
    } catch (error) {
      this.restartAfter(error);
    }
  }

  /**
   * Hands the projections furthest behind the next events they have not taken (up to a batch each), as
   * many at once as `concurrency` allows. Nothing starts after the run's outage, nor once the runner is
   * stopped (but for a catch-up, which runs to its end).
   */
  private pump(): void {
    if (this.outage || (!this.running && !this.catchingUp)) return;
    const end = this.windowStart + this.window.length;
    while (this.busy.size < this.concurrency) {
      let behind: Lane | null = null;
      for (const lane of this.lanes)
        if (!lane.failed && lane.next < end && !this.busy.has(lane) && (!behind || lane.next < behind.next)) behind = lane;
      if (!behind) return;
      const from = behind.next - this.windowStart;
      const events = this.window.slice(from, from + this.batchSize);
      behind.next += events.length;
      this.busy.set(behind, this.write(behind, events));
    }
  }

  /**
   * One projection's batch. A database failure becomes the run's outage: the batches under way end,
   * then the catch-up throws it or, live, the runner starts over after a delay. Never rejects.
   */
  private async write(lane: Lane, events: RecordedEvent[]): Promise<void> {
    try {
      await this.applyToLane(lane, events);
      // The database answers again: the next outage starts from the shortest delay.
      if (!this.outage) this.failures = 0;
    } catch (error) {
      this.outage ??= { error };
    } finally {
      this.busy.delete(lane);
    }
    this.trimWindow();
    this.notifyWaiters();
    this.progressed?.();
    if (this.outage && this.busy.size === 0 && !this.catchingUp) this.restartAfter(this.outage.error);
    this.pump();
  }

  /**
   * Waits until the condition holds, looking again each time a projection finishes a batch; throws the
   * run's outage once no batch is under way.
   */
  private async until(condition: () => boolean): Promise<void> {
    for (;;) {
      if (this.outage && this.busy.size === 0) throw this.outage.error;
      if (!this.outage && condition()) return;
      await new Promise<void>((resolve) => (this.progressed = resolve));
    }
  }

  /** Resolves once no projection is writing a batch. */
  private async settled(): Promise<void> {
    while (this.busy.size > 0) await Promise.all([...this.busy.values()]);
  }

  /** Lets go of the events every running projection has taken. */
  private trimWindow(): void {
    let lowest = this.windowStart + this.window.length;
    for (const lane of this.lanes) if (!lane.failed && lane.next < lowest) lowest = lane.next;
    if (lowest === this.windowStart) return;
    this.window.splice(0, lowest - this.windowStart);
    this.windowStart = lowest;
  }

  /** An empty window, every projection's cursor at its start: a run numbers its events from zero. */
  private resetWindow(): void {
    this.window = [];
    this.windowStart = 0;
    for (const lane of this.lanes) lane.next = 0;
  }

  /** Applies the batch; when the projection (not the database) fails, finds the event at fault and stops it there. */
  private async applyToLane(lane: Lane, batch: RecordedEvent[]): Promise<void> {
    // What it has applied already (another projection needed the store read from further back) costs nothing.
    const events = eventsAfter(batch, lane.reached);
    if (events.length === 0) return;
    try {
      await this.applyToProjection(lane, events);
    } catch (error) {
      if (await this.isOutage(error)) throw error;
      if (events.length === 1) return this.stopLane(lane, events[0]!, error);
      // One event at a time: everything before the culprit is applied, and the failure names it.
      for (const event of events) {
        if (lane.failed) return;
        await this.applyToLane(lane, [event]);
      }
    }
  }

  /** Whether the database, rather than the events, failed: the error says so, or the database does not answer. */
  private async isOutage(error: unknown): Promise<boolean> {
    return isConnectionTrouble(error) || !(await databaseAnswers(this.db, PING_TIMEOUT_MS));
  }

  private async stopLane(lane: Lane, event: RecordedEvent, error: unknown): Promise<void> {
    const { name } = lane.projection;
    lane.failed = true;
    this.logger.error(
      { err: error, projection: name, eventId: event.id, eventType: event.type, streamId: event.streamId, position: positionToString(event.position) },
      'projection stopped: it cannot apply this event; the other projections go on',
    );
    try {
      // Announced, so that a process waiting on this projection's checkpoint stops waiting at once.
      await this.db.raw(
        `with recorded as (
           insert into projection_failures (name, event_id, event_type, stream_id, commit_position, prepare_position, reason, failed_at)
           values (?, ?, ?, ?, ?::text::xid8, ?, ?, now())
           on conflict (name) do update set event_id = excluded.event_id, event_type = excluded.event_type, stream_id = excluded.stream_id,
             commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, reason = excluded.reason,
             failed_at = excluded.failed_at
           returning name)
         select pg_notify(?, name) from recorded`,
        [name, event.id, event.type, event.streamId, String(event.position.commit), String(event.position.prepare), reasonOf(error), PROJECTIONS_CHANNEL],
      );
      lane.failureRecorded = true;
    } catch (recording) {
      // Not recorded, so not stopped: the runner resumes after the outage and meets the event again.
      lane.failed = false;
      throw recording;
    }
    this.notifyWaiters();
  }

  /** One transaction: the projection's rows for the events past its checkpoint, and the checkpoint. */
  private async applyToProjection(lane: Lane, events: RecordedEvent[]): Promise<void> {
    const { projection } = lane;
    const last = events[events.length - 1]!.position;
    const handled = handledBy(lane, events, 'live');
    const ignored = lane.ignoredSinceCheckpoint + events.length;
    // Events it ignores need no transaction: replaying them after a restart is harmless.
    if (handled.length === 0 && ignored < IGNORED_EVENTS_PER_CHECKPOINT && !lane.failureRecorded) {
      lane.ignoredSinceCheckpoint = ignored;
      this.advance(lane, last);
      return;
    }
    let recovered = false;
    let applied = 0;
    await this.db.transaction(async (trx) => {
      // The commit need not wait for the disk: the rows and the checkpoint are one transaction, derived
      // from events on disk before any projection could read them, so a batch a server crash loses is
      // applied again from the checkpoint before it (3.5–7 % faster catch-ups in bench:read's log).
      await this.lockProjection(trx, projection, { waitForDisk: false });
      const row = await trx('projection_checkpoints')
        .where({ name: projection.name })
        .first(trx.raw('commit_position::text as commit_position'), 'prepare_position');
      const checkpoint: GlobalPosition | null = row
        ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
        : null;
      applied = await this.applyPending(trx, projection, events, handled, checkpoint);
      if (lane.failureRecorded)
        recovered =
          (await trx('projection_failures')
            .where({ name: projection.name })
            .whereRaw('(commit_position, prepare_position) <= (?::text::xid8, ?::bigint)', [String(last.commit), String(last.prepare)])
            .delete()) > 0;
    });
    if (recovered) lane.failureRecorded = false;
    lane.ignoredSinceCheckpoint = 0;
    this.advance(lane, last);
    if (applied > 0) this.onApplied(projection.name, applied);
  }

  /**
   * Applies the events strictly after `checkpoint` and moves the checkpoint to the last of them; returns
   * how many the projection handled (`handled`: those of `events` it applies, see handledBy).
   */
  private async applyPending(
    trx: Knex.Transaction,
    projection: Projection,
    events: RecordedEvent[],
    handled: RecordedEvent[],
    checkpoint: GlobalPosition | null,
  ): Promise<number> {
    const pending = eventsAfter(events, checkpoint);
    if (pending.length === 0) return 0;
    const applying = eventsAfter(handled, checkpoint);
    if (applying.length > 0) await projection.applyBatch(trx, applying);
    const last = pending[pending.length - 1]!.position;
    // The announcement goes out when the transaction commits (never for one rolled back), in the same
    // statement as the checkpoint: no round trip more.
    await trx.raw(
      `with saved as (
         insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
         values (?, ?::text::xid8, ?, now())
         on conflict (name) do update set commit_position = excluded.commit_position,
           prepare_position = excluded.prepare_position, updated_at = now()
         returning name)
       select pg_notify(?, name) from saved`,
      [projection.name, String(last.commit), String(last.prepare), PROJECTIONS_CHANNEL],
    );
    return applying.length;
  }

  private advance(lane: Lane, position: GlobalPosition): void {
    if (!lane.reached || comparePositions(position, lane.reached) > 0) lane.reached = position;
  }

  private notifyWaiters(): void {
    for (const check of [...this.waiters.keys()]) check();
  }

  /**
   * Serialises the writers of one projection (the live runner, a rebuild, another process), so each
   * reads the checkpoint the previous one committed. Taken before the checkpoint is read; with
   * `waitForDisk: false` the transaction's commit returns before its WAL is flushed (same round trip).
   *
   * The transaction's statements are planned for any values (a generic plan): planned for its values, a
   * statement takes a batch's column arrays (hundreds of KB) into its plan as constants, parsed and
   * copied with it, and a projection's statements find rows by key whatever the values. 10,000 rows of
   * six columns cost an insert 54–66 ms of PostgreSQL's CPU so, 28 ms planned generically (column-arrays).
   */
  private async lockProjection(trx: Knex.Transaction, projection: Projection, { waitForDisk = true } = {}): Promise<void> {
    await trx.raw(
      `select pg_advisory_xact_lock(hashtext('emisor.projection'), hashtext(?)), set_config('plan_cache_mode', 'force_generic_plan', true)${waitForDisk ? '' : `, set_config('synchronous_commit', 'off', true)`}`,
      [projection.name],
    );
  }
}
