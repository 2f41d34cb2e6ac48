import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from '../runtime/logger';
import { comparePositions, type GlobalPosition } from '../write-side/event-store/event-store';
import { owedEvents } from './owed-events';
import type { Projection } from './projection';
import { PROJECTIONS_CHANNEL } from './runner';

export interface CommittedProgressOptions {
  /**
   * Whether the events live in this database (EVENT_STORE=postgres). Then a projection whose checkpoint
   * is behind a position has reached it too when none of the events up to it is one it still has to
   * apply (it ignores them, or they were applied inline); elsewhere only its checkpoint tells.
   */
  eventsInDatabase: boolean;
  /** How often pending waits look again when no announcement arrived (a lost LISTEN connection). */
  pollMs?: number;
}

interface Waiter {
  position: GlobalPosition;
  /** The projections it waits for; `skipFailed`: those stopped by a failure are left out (nobody named them). */
  names: readonly string[];
  skipFailed: boolean;
  /** Its time is up: the next check that does not find it reached answers false. */
  expired: boolean;
  /** Looked at since it was created, and a look is under way. */
  checked: boolean;
  checking: boolean;
  finish(reached: boolean): void;
}

interface ProjectionState {
  name: string;
  failed: boolean;
  reached: boolean;
}

/**
 * Read-your-writes in a process that does not run the projections (a follower: they run in the elected
 * leader). It answers the runner's `waitFor` from what is committed in PostgreSQL: the checkpoints the
 * leader's runner writes with the projections' rows, and the failures it records. The runner announces
 * each such commit on PROJECTIONS_CHANNEL, so a waiting request is woken within milliseconds of the
 * leader's projection; a short poll covers announcements lost with the LISTEN connection.
 */
export class CommittedProgress {
  private readonly waiters = new Set<Waiter>();
  private readonly handles: Map<string, readonly string[]>;
  private readonly pollMs: number;
  /** Per projection, a position it is known to have applied for good: a wait at or below it needs no query. */
  private readonly seen = new Map<string, GlobalPosition>();
  private listener: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private poller: NodeJS.Timeout | null = null;
  private round: Promise<void> | null = null;
  private lookAgain = false;
  private stopped = false;

  constructor(
    private readonly db: Knex,
    private readonly databaseUrl: string,
    projections: readonly Pick<Projection, 'name' | 'handles'>[],
    private readonly logger: Logger,
    private readonly options: CommittedProgressOptions,
  ) {
    this.handles = new Map(projections.map((projection) => [projection.name, projection.handles]));
    this.pollMs = options.pollMs ?? 100;
  }

  /**
   * Resolves true once the named projections have applied `position` as committed in the database;
   * false after the timeout (a timeout of 0 looks once), or once one of them is recorded as stopped by
   * a failure. Names it does not know are left out; with no names, every projection not stopped.
   */
  waitFor(position: GlobalPosition, timeoutMs: number, projectionNames?: readonly string[]): Promise<boolean> {
    const names = projectionNames ? projectionNames.filter((name) => this.handles.has(name)) : [...this.handles.keys()];
    if (names.every((name) => this.seenAt(name, position))) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const waiter: Waiter = {
        position,
        names,
        skipFailed: projectionNames === undefined,
        expired: false,
        checked: false,
        checking: false,
        finish: (reached) => {
          clearTimeout(timer);
          if (!this.waiters.delete(waiter)) return;
          if (this.waiters.size === 0) this.stopPolling();
          resolve(reached);
        },
      };
      this.waiters.add(waiter);
      timer = setTimeout(() => {
        waiter.expired = true;
        if (waiter.checked && !waiter.checking) waiter.finish(false);
      }, timeoutMs);
      this.startPolling();
      void this.listen();
      this.wake();
    });
  }

  /** Ends the pending waits (false) and the LISTEN connection. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const waiter of [...this.waiters]) waiter.finish(false);
    this.stopPolling();
    await this.connecting?.catch(() => undefined);
    await this.round;
    const listener = this.listener;
    this.listener = null;
    await listener?.end().catch(() => undefined);
  }

  private seenAt(name: string, position: GlobalPosition): boolean {
    const seen = this.seen.get(name);
    return seen !== undefined && comparePositions(seen, position) >= 0;
  }

  /** Looks at every pending wait, all in one query; one look at a time, and one more if woken meanwhile. */
  private wake(): void {
    if (this.round) {
      this.lookAgain = true;
      return;
    }
    this.round = (async () => {
      do {
        this.lookAgain = false;
        await this.check([...this.waiters]);
      } while (this.lookAgain && this.waiters.size > 0);
    })().finally(() => {
      this.round = null;
    });
  }

  private async check(waiters: Waiter[]): Promise<void> {
    for (const waiter of waiters) waiter.checking = true;
    try {
      // Those already known to have applied a waiter's position need no look.
      const states = await this.statesAt(
        waiters.map((waiter) => ({ position: waiter.position, names: waiter.names.filter((name) => !this.seenAt(name, waiter.position)) })),
      );
      waiters.forEach((waiter, index) => {
        const counted = waiter.skipFailed ? states[index]!.filter((state) => !state.failed) : states[index]!;
        if (counted.every((state) => state.reached)) waiter.finish(true);
        else if (counted.some((state) => state.failed)) waiter.finish(false);
      });
    } catch (error) {
      // The database does not answer (an outage): the poll looks again; the timeout ends the wait.
      this.logger.debug({ err: error }, 'read models: checkpoints not read');
    } finally {
      for (const waiter of waiters) {
        waiter.checking = false;
        waiter.checked = true;
        if (waiter.expired) waiter.finish(false);
      }
    }
  }

  /**
   * One query for every look: per look and projection, whether the projection is recorded as stopped,
   * and whether it has applied the look's position. Past its checkpoint (or what an earlier look found
   * settled), a projection still owes the events it handles that were not applied inline; the look
   * stops at the first such event. Answers the looks' states in their order.
   */
  private async statesAt(looks: Array<{ position: GlobalPosition; names: readonly string[] }>): Promise<ProjectionState[][]> {
    const states: ProjectionState[][] = looks.map(() => []);
    const rowsAsked = looks.flatMap(({ position, names }, look) =>
      names.map((name) => {
        const after = this.seen.get(name);
        return {
          look,
          name,
          handles: this.handles.get(name),
          after_commit: String(after?.commit ?? 0n),
          after_prepare: String(after?.prepare ?? 0n),
          at_commit: String(position.commit),
          at_prepare: String(position.prepare),
        };
      }),
    );
    if (rowsAsked.length === 0) return states;
    // Owed after whichever is later: what this process last saw, or the committed checkpoint.
    const laterOf = (checkpoint: string, seen: string) =>
      `case when (c.commit_position, c.prepare_position) > (x.after_commit::xid8, x.after_prepare) then ${checkpoint} else ${seen} end`;
    const owed = owedEvents(
      { name: 'x.name', handles: 'x.handles' },
      { commit: laterOf('c.commit_position', 'x.after_commit::xid8'), prepare: laterOf('c.prepare_position', 'x.after_prepare') },
    );
    const { rows } = this.options.eventsInDatabase
      ? await this.db.raw(
          `select x.look, x.name, f.name is not null as failed, c.commit_position::text as commit_position, c.prepare_position::text as prepare_position,
                  case when (c.commit_position, c.prepare_position) >= (x.at_commit::xid8, x.at_prepare) then true
                       else not exists (select 1 from events e
                              where ${owed} and (e.transaction_id, e.position) <= (x.at_commit::xid8, x.at_prepare)) end as reached,
                  x.at_commit::xid8 < pg_snapshot_xmin(pg_current_snapshot()) as settled
             from jsonb_to_recordset(?::jsonb) as x(look integer, name text, handles text[], after_commit text, after_prepare bigint, at_commit text, at_prepare bigint)
             left join projection_checkpoints c on c.name = x.name
             left join projection_failures f on f.name = x.name`,
          [JSON.stringify(rowsAsked)],
        )
      : await this.db.raw(
          `select x.look, x.name, f.name is not null as failed, c.commit_position::text as commit_position, c.prepare_position::text as prepare_position,
                  coalesce((c.commit_position, c.prepare_position) >= (x.at_commit::xid8, x.at_prepare), false) as reached, false as settled
             from jsonb_to_recordset(?::jsonb) as x(look integer, name text, at_commit text, at_prepare bigint)
             left join projection_checkpoints c on c.name = x.name
             left join projection_failures f on f.name = x.name`,
          [JSON.stringify(rowsAsked)],
        );
    type Row = { look: number; name: string; failed: boolean; reached: boolean; settled: boolean; commit_position: string | null; prepare_position: string | null };
    for (const row of rows as Row[]) {
      const checkpoint = row.commit_position === null ? null : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position!) };
      // A checkpoint only moves past transactions that have all ended: nothing can commit below it any more.
      if (checkpoint) this.remember(row.name, checkpoint);
      // Nor below a position older than every transaction still running: owing nothing up to it is final.
      if (row.reached && row.settled) this.remember(row.name, looks[row.look]!.position);
      states[row.look]!.push({ name: row.name, failed: row.failed, reached: row.reached });
    }
    return states;
  }

  private remember(name: string, position: GlobalPosition): void {
    if (!this.seenAt(name, position)) this.seen.set(name, position);
  }

  private startPolling(): void {
    if (this.poller) return;
    this.poller = setInterval(() => {
      void this.listen();
      this.wake();
    }, this.pollMs);
  }

  private stopPolling(): void {
    if (this.poller) clearInterval(this.poller);
    this.poller = null;
  }

  /** Opens the LISTEN connection unless it is open or opening; a failure leaves the waits to the poll. */
  private listen(): Promise<void> {
    if (this.listener || this.connecting || this.stopped) return this.connecting ?? Promise.resolve();
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 2000, keepAlive: true, application_name: 'emisor-read-models' });
    const drop = () => {
      if (this.listener === client) this.listener = null;
      void client.end().catch(() => undefined);
    };
    client.on('error', (error) => {
      this.logger.debug({ err: error }, 'read models: LISTEN connection lost');
      drop();
    });
    client.on('end', drop);
    client.on('notification', () => this.wake());
    this.connecting = (async () => {
      try {
        await client.connect();
        await client.query(`listen ${PROJECTIONS_CHANNEL}`);
        if (this.stopped) return drop();
        this.listener = client;
        // What was announced before it listened: look once more.
        this.wake();
      } catch (error) {
        this.logger.debug({ err: error }, 'read models: cannot LISTEN; polling');
        drop();
      }
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }
}
