import type { Knex } from 'knex';
import { BehaviorSubject, filter, firstValueFrom, map, race, timer, type Subscription } from 'rxjs';
import type { Logger } from '../runtime/logger';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../write-side/event-store/event-store';
import type { Projection } from './projection';

export interface ProjectionRunnerOptions {
  /** Most events one projection applies in one transaction. */
  batchSize?: number;
  /** First delay before the live feed restarts after a failure; it doubles up to maxRestartDelayMs. */
  restartDelayMs?: number;
  maxRestartDelayMs?: number;
}

export interface RebuildReport {
  projection: string;
  /** Events read from the log. */
  events: number;
  /** Of those, the ones the projection handles. */
  applied: number;
}

/**
 * How many events a projection may let pass without reacting before its checkpoint is saved anyway, so
 * that a restart does not re-read the whole log for a projection that ignores most of it.
 */
const IGNORED_EVENTS_PER_CHECKPOINT = 1000;

/**
 * Feeds every projection from the store. Each projection keeps its own checkpoint, written in the same
 * transaction as its rows, so a crash applies nothing twice and skips nothing: the next run starts after
 * the checkpoint. Live events are applied in batches: whatever arrived while the previous batch was
 * being written goes in the next transaction. `waitFor` gives the command side read-your-writes.
 */
export class ProjectionRunner {
  private readonly reached = new BehaviorSubject<GlobalPosition | null>(null);
  private readonly batchSize: number;
  private readonly restartDelayMs: number;
  private readonly maxRestartDelayMs: number;
  /** Per projection: events it ignored since its checkpoint was last saved. */
  private readonly ignoredSinceCheckpoint = new Map<string, number>();
  private subscription: Subscription | null = null;
  private pending: RecordedEvent[] = [];
  private applying: Promise<void> | null = null;
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
    this.batchSize = options.batchSize ?? 500;
    this.restartDelayMs = options.restartDelayMs ?? 500;
    this.maxRestartDelayMs = options.maxRestartDelayMs ?? 30_000;
  }

  /**
   * Catches every projection up from its checkpoint (a failure here rejects), then follows the live
   * feed; a failure there is logged and the runner restarts from the checkpoints after a delay.
   */
  async start(): Promise<void> {
    this.running = true;
    await this.catchUp();
    await this.follow();
  }

  /** Stops following and waits for the batch being written, so the connections can close after it. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.pending = [];
    await this.applying?.catch(() => undefined);
  }

  /** Replays the store into every projection until each reaches the current head; returns the events read. */
  async catchUp(): Promise<number> {
    let read = 0;
    let after = await this.lowestCheckpoint();
    for (;;) {
      const batch = await this.store.readAll(after, this.batchSize);
      if (batch.length === 0) return read;
      await this.applyToAll(batch);
      read += batch.length;
      after = batch[batch.length - 1]!.position;
    }
  }

  /** Resolves true once every projection has applied `position`, false after the timeout. */
  async waitFor(position: GlobalPosition, timeoutMs: number): Promise<boolean> {
    const done$ = this.reached.pipe(
      filter((reached) => reached !== null && comparePositions(reached, position) >= 0),
      map(() => true),
    );
    return firstValueFrom(race(done$, timer(timeoutMs).pipe(map(() => false))));
  }

  /**
   * Drops one read model's rows and checkpoint and replays the whole log into it, in one transaction:
   * readers of its tables wait for it (the truncation locks them) and never see a half-built model, and
   * the live runner (here or in another process) waits on the projection's lock, then carries on from
   * the rebuilt checkpoint. On PostgreSQL the open transaction also holds back what subscribers see of
   * new events until it commits, so read-your-writes waits as long as the rebuild runs.
   */
  async rebuild(name: string): Promise<RebuildReport> {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`no projection named ${name}`);
    return this.db.transaction(async (trx) => {
      await this.lockProjection(trx, projection);
      // One statement for all its tables (they may reference each other), without CASCADE: another read
      // model's table that references them makes the rebuild fail instead of being emptied unnoticed.
      if (projection.tables.length > 0)
        await trx.raw(`truncate table ${projection.tables.map(() => '??').join(', ')}`, projection.tables);
      await trx('projection_checkpoints').where({ name }).delete();
      const report: RebuildReport = { projection: name, events: 0, applied: 0 };
      let after: GlobalPosition | null = null;
      for (;;) {
        const batch = await this.store.readAll(after, this.batchSize);
        if (batch.length === 0) return report;
        report.applied += await this.applyPending(trx, projection, batch, null);
        report.events += batch.length;
        after = batch[batch.length - 1]!.position;
      }
    });
  }

  /** Subscribes after what every projection has applied: the catch-up's end, else the checkpoints. */
  private async follow(): Promise<void> {
    const from = this.reached.value ?? (await this.lowestCheckpoint());
    if (!this.running) return;
    this.subscription = this.store.subscribe(from).subscribe({
      next: (event) => {
        this.pending.push(event);
        // Deferred, so that events delivered in one go (a page of the store) form one batch.
        if (!this.applying) this.applying = Promise.resolve().then(() => this.applyArrived());
      },
      error: (error) => this.restartAfter(error),
    });
  }

  private async applyArrived(): Promise<void> {
    try {
      while (this.pending.length > 0 && this.running) {
        const batch = this.pending.splice(0, this.batchSize);
        await this.applyToAll(batch);
      }
      this.failures = 0;
    } catch (error) {
      this.restartAfter(error);
    } finally {
      this.applying = null;
    }
  }

  /** Drops the live feed and what it had delivered; the next run starts again from the checkpoints. */
  private restartAfter(error: unknown): void {
    this.subscription?.unsubscribe();
    this.subscription = null;
    this.pending = [];
    if (!this.running || this.restartTimer) return;
    const delay = Math.min(this.maxRestartDelayMs, this.restartDelayMs * 2 ** this.failures++);
    this.logger.error({ err: error, retryInMs: delay }, 'projections failed; restarting from their checkpoints');
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      void this.restart();
    }, delay);
  }

  private async restart(): Promise<void> {
    try {
      await this.applying?.catch(() => undefined);
      await this.catchUp();
      await this.follow();
    } catch (error) {
      this.restartAfter(error);
    }
  }

  private async applyToAll(events: RecordedEvent[]): Promise<void> {
    for (const projection of this.projections) await this.applyToProjection(projection, events);
    const last = events[events.length - 1]!.position;
    const current = this.reached.value;
    if (!current || comparePositions(last, current) > 0) this.reached.next(last);
  }

  /** One transaction: the projection's rows for the events past its checkpoint, and the checkpoint. */
  private async applyToProjection(projection: Projection, events: RecordedEvent[]): Promise<void> {
    const handled = events.some((event) => projection.handles.includes(event.type));
    const ignored = (this.ignoredSinceCheckpoint.get(projection.name) ?? 0) + events.length;
    // Events it ignores need no transaction: replaying them after a restart is harmless.
    if (!handled && ignored < IGNORED_EVENTS_PER_CHECKPOINT) {
      this.ignoredSinceCheckpoint.set(projection.name, ignored);
      return;
    }
    await this.db.transaction(async (trx) => {
      await this.lockProjection(trx, projection);
      const row = await trx('projection_checkpoints')
        .where({ name: projection.name })
        .first(trx.raw('commit_position::text as commit_position'), 'prepare_position');
      const checkpoint: GlobalPosition | null = row
        ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
        : null;
      await this.applyPending(trx, projection, events, checkpoint);
    });
    this.ignoredSinceCheckpoint.set(projection.name, 0);
  }

  /**
   * Applies the events strictly after `checkpoint` and moves the checkpoint to the last of them; returns
   * how many the projection handled.
   */
  private async applyPending(
    trx: Knex.Transaction,
    projection: Projection,
    events: RecordedEvent[],
    checkpoint: GlobalPosition | null,
  ): Promise<number> {
    const pending = checkpoint ? events.filter((event) => comparePositions(event.position, checkpoint) > 0) : events;
    if (pending.length === 0) return 0;
    const handled = pending.filter((event) => projection.handles.includes(event.type));
    if (projection.applyBatch) {
      if (handled.length > 0) await projection.applyBatch(trx, handled);
    } else for (const event of handled) await projection.apply(trx, event);
    const last = pending[pending.length - 1]!.position;
    await trx.raw(
      `insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
       values (?, ?::text::xid8, ?, now())
       on conflict (name) do update set commit_position = excluded.commit_position,
         prepare_position = excluded.prepare_position, updated_at = now()`,
      [projection.name, String(last.commit), String(last.prepare)],
    );
    return handled.length;
  }

  /**
   * Serialises the writers of one projection (the live runner, a rebuild, another process), so each
   * reads the checkpoint the previous one committed. Taken before the checkpoint is read. The two-key
   * form keeps these locks apart from the event store's one-key stream locks.
   */
  private async lockProjection(trx: Knex.Transaction, projection: Projection): Promise<void> {
    await trx.raw(`select pg_advisory_xact_lock(hashtext('emisor.projection'), hashtext(?))`, [projection.name]);
  }

  private async lowestCheckpoint(): Promise<GlobalPosition | null> {
    const rows: { name: string; commit_position: string; prepare_position: string }[] = await this.db(
      'projection_checkpoints',
    ).select('name', this.db.raw('commit_position::text as commit_position'), 'prepare_position');
    const byName = new Map(rows.map((row) => [row.name, row]));
    let lowest: GlobalPosition | null = null;
    for (const projection of this.projections) {
      const row = byName.get(projection.name);
      if (!row) return null;
      const position = { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) };
      if (!lowest || comparePositions(position, lowest) < 0) lowest = position;
    }
    return lowest;
  }
}
