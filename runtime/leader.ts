import type { Knex } from 'knex';
import pg from 'pg';
import type { Logger } from './logger';

/** The advisory lock the leader holds: two keys, apart from the event store's and projections' locks. */
const LEADER_KEY = `hashtext('emisor.leader')`;
const LEADER_LOCK_SQL = `select pg_try_advisory_lock(${LEADER_KEY}, 0) as locked`;

/** Whether some process on the database holds the leader's lock (read from pg_locks, from any process). */
export async function leaderElected(db: Knex): Promise<boolean> {
  const { rows } = await db.raw(
    `select exists (select 1 from pg_locks
       where locktype = 'advisory' and granted and database = (select oid from pg_database where datname = current_database())
         and classid = ${LEADER_KEY}::oid and objid = 0 and objsubid = 2) as elected`,
  );
  return rows[0]?.elected === true;
}

export interface LeaderRole {
  /** Starts what only one process on the database may run (projections, process managers' timers). */
  start(): Promise<void> | void;
  /** Stops it; called when the leadership is lost or the process stops. */
  stop(): Promise<void>;
}

export interface LeaderElectionOptions {
  /** How often a follower tries for the lock and the leader checks its connection. */
  checkMs?: number;
  /**
   * How soon after a beat that could not connect to the database the next one tries: once PostgreSQL
   * is back, someone must lead (and run the projections that writes wait for) well within a second. A
   * leader whose connection merely dropped tries again on the regular beat, leaving a follower the
   * chance to take over.
   */
  retryMs?: number;
  /** How long that check may take before the leader counts its connection as lost. */
  checkTimeoutMs?: number;
}

/**
 * Elects one leader among the service processes on a database: the process whose dedicated
 * connection holds a session-level advisory lock. PostgreSQL frees the lock when that session ends
 * (the process crashed, its connection was cut), and a follower takes it on its next try. The leader
 * checks its connection on the same beat and steps down the moment it fails, so two leaders overlap
 * for at most one beat — harmless, because every process manager step is idempotent on its stream.
 */
export class LeaderElection {
  private client: pg.Client | null = null;
  private leading = false;
  private running = false;
  private timer: NodeJS.Timeout | null = null;
  private beat: Promise<void> = Promise.resolve();
  private readonly checkMs: number;
  private readonly retryMs: number;
  private readonly checkTimeoutMs: number;
  /** The last beat could not connect to the database. */
  private unreachable = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly role: LeaderRole,
    private readonly logger: Logger,
    options: LeaderElectionOptions = {},
  ) {
    this.checkMs = options.checkMs ?? 1000;
    this.retryMs = options.retryMs ?? 100;
    this.checkTimeoutMs = options.checkTimeoutMs ?? 2000;
  }

  get isLeader(): boolean {
    return this.leading;
  }

  /** Tries once (a lone process leads as soon as this resolves), then keeps trying or checking on a beat. */
  async start(): Promise<void> {
    this.running = true;
    await this.runBeat();
    this.scheduleBeat();
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.beat;
    await this.stepDown('stopping');
  }

  /** The next beat: soon while the database cannot be reached, else on the regular beat. */
  private scheduleBeat(): void {
    if (!this.running) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runBeat().then(() => this.scheduleBeat());
    }, this.unreachable ? this.retryMs : this.checkMs);
    this.timer.unref();
  }

  /**
   * Puts the next beat a whole beat away: a leader that lost its connection gives every follower (each
   * trying within a beat) the first chance to take over, rather than racing them for the lock.
   */
  private postpone(): void {
    if (!this.timer) return; // a beat is under way: the next one is scheduled a beat after it
    clearTimeout(this.timer);
    this.timer = null;
    this.scheduleBeat();
  }

  private runBeat(): Promise<void> {
    // One beat at a time: a slow check never overlaps the next.
    this.beat = this.beat.then(() => (this.running ? this.check() : undefined)).catch(() => undefined);
    return this.beat;
  }

  private async check(): Promise<void> {
    try {
      if (!this.client) this.client = await this.connect();
      if (this.leading) {
        await this.client.query('select 1');
        return;
      }
      const { rows } = await this.client.query(LEADER_LOCK_SQL);
      if (rows[0]?.locked === true) {
        this.leading = true;
        this.logger.info('elected leader: running the process managers, timers and projections');
        await this.role.start();
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'leader connection lost');
      await this.stepDown('connection lost');
    }
  }

  private async connect(): Promise<pg.Client> {
    this.unreachable = true;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      connectionTimeoutMillis: this.checkTimeoutMs,
      query_timeout: this.checkTimeoutMs,
      keepAlive: true,
      application_name: 'emisor-leader',
    });
    // A connection that dies between beats: step down now, not at the next check.
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'leader connection failed');
      if (this.client !== client) return;
      void this.stepDown('connection failed');
      this.postpone();
    });
    await client.connect();
    this.unreachable = false;
    return client;
  }

  private async stepDown(reason: string): Promise<void> {
    const client = this.client;
    this.client = null;
    if (this.leading) {
      this.leading = false;
      this.logger.warn({ reason }, 'no longer the leader: stopping the process managers, timers and projections');
      await this.role.stop().catch((error) => this.logger.error({ err: error }, 'stopping the process managers failed'));
    }
    // Ending the session frees the lock, should the server still hold it.
    await client?.end().catch(() => undefined);
  }
}
