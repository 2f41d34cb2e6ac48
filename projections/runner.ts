import type { Knex } from 'knex';
import { BehaviorSubject, concatMap, filter, firstValueFrom, map, race, timer, type Subscription } from 'rxjs';
import type { Logger } from '../runtime/logger';
import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  type RecordedEvent,
} from '../write-side/event-store/event-store';
import type { Projection } from './projection';

const BATCH = 500;

/**
 * Feeds every projection from the store. Each projection keeps its own checkpoint, written in the
 * same transaction as its rows, so a crash between batches applies nothing twice and skips nothing.
 * `waitFor` gives the command side read-your-writes.
 */
export class ProjectionRunner {
  private readonly reached = new BehaviorSubject<GlobalPosition | null>(null);
  private subscription: Subscription | null = null;
  private stopping = false;

  constructor(
    private readonly store: EventStore,
    private readonly db: Knex,
    readonly projections: readonly Projection[],
    private readonly logger: Logger,
  ) {}

  /** Catches every projection up from its checkpoint, then follows the live subscription. */
  async start(): Promise<void> {
    this.stopping = false;
    await this.catchUp();
    const from = await this.lowestCheckpoint();
    this.subscription = this.store
      .subscribe(from)
      .pipe(concatMap((event) => this.applyToAll([event])))
      .subscribe({
        error: (error) => {
          if (!this.stopping) this.logger.error({ err: error }, 'projection subscription failed');
        },
      });
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.subscription?.unsubscribe();
    this.subscription = null;
  }

  /** Replays the store into every projection until each reaches the current head. */
  async catchUp(): Promise<number> {
    let applied = 0;
    let after = await this.lowestCheckpoint();
    for (;;) {
      const batch = await this.store.readAll(after, BATCH);
      if (batch.length === 0) return applied;
      await this.applyToAll(batch);
      applied += batch.length;
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

  /** Drops one read model's rows and checkpoint and replays it from the first event. */
  async rebuild(name: string): Promise<number> {
    const projection = this.projections.find((candidate) => candidate.name === name);
    if (!projection) throw new Error(`no projection named ${name}`);
    await this.db.transaction(async (trx) => {
      for (const table of projection.tables) await trx.raw('truncate table ?? cascade', [table]);
      await trx('projection_checkpoints').where({ name }).delete();
    });
    let after: GlobalPosition | null = null;
    let applied = 0;
    for (;;) {
      const batch = await this.store.readAll(after, BATCH);
      if (batch.length === 0) return applied;
      await this.applyBatch(projection, batch);
      applied += batch.length;
      after = batch[batch.length - 1]!.position;
    }
  }

  private async applyToAll(events: RecordedEvent[]): Promise<void> {
    for (const projection of this.projections) await this.applyBatch(projection, events);
    const last = events[events.length - 1]!.position;
    const current = this.reached.value;
    if (!current || comparePositions(last, current) > 0) this.reached.next(last);
  }

  /** One transaction: the projection's rows for the events past its checkpoint, and the checkpoint. */
  async applyBatch(projection: Projection, events: RecordedEvent[]): Promise<void> {
    // Events it ignores need no transaction: replaying them after a restart is harmless.
    if (!events.some((event) => projection.handles.includes(event.type))) return;
    await this.db.transaction(async (trx) => {
      const row = await trx('projection_checkpoints')
        .where({ name: projection.name })
        .forUpdate()
        .first('commit_position', 'prepare_position');
      const checkpoint: GlobalPosition | null = row
        ? { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position) }
        : null;
      const pending = checkpoint ? events.filter((event) => comparePositions(event.position, checkpoint) > 0) : events;
      if (pending.length === 0) return;
      for (const event of pending) if (projection.handles.includes(event.type)) await projection.apply(trx, event);
      const last = pending[pending.length - 1]!.position;
      await trx.raw(
        `insert into projection_checkpoints (name, commit_position, prepare_position, updated_at)
         values (?, ?::text::xid8, ?, now())
         on conflict (name) do update set commit_position = excluded.commit_position,
           prepare_position = excluded.prepare_position, updated_at = now()`,
        [projection.name, String(last.commit), String(last.prepare)],
      );
    });
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

