import pg from 'pg';
import type { SettlementClaims } from '../write-side/processes/settlement';
import type { Logger } from './logger';

/** Two keys apart from the leader's, the event store's and the projections' locks. */
const CLAIM_SQL = `select pg_try_advisory_lock(hashtext('emisor.settlement'), hashtext($1)) as claimed`;
const RELEASE_SQL = `select pg_advisory_unlock(hashtext('emisor.settlement'), hashtext($1))`;
const TIMEOUT_MS = 2000;

/**
 * Which process settles a bank, among the service processes on one database: the one whose session
 * holds the bank's advisory lock. PostgreSQL frees it when that session ends (the process crashed, its
 * connection was cut), and the claims of this process are then forgotten at once (`onLost`), so two
 * processes never both count on one claim for longer than the failure takes to show.
 */
export class PostgresSettlementClaims implements SettlementClaims {
  private client: Promise<pg.Client> | null = null;
  private readonly held = new Set<string>();
  /** Claims asked and not yet answered: a second ask meanwhile shares the answer (advisory locks stack). */
  private readonly asking = new Map<string, Promise<boolean>>();
  /** The last statement sent on the session: the next one waits for it (one client runs one statement at a time). */
  private turn: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
    private readonly onLost: () => void,
  ) {}

  claim(organizationId: string): Promise<boolean> {
    if (this.held.has(organizationId)) return Promise.resolve(true);
    let asked = this.asking.get(organizationId);
    if (!asked) {
      asked = this.query<{ claimed: boolean }>(CLAIM_SQL, organizationId)
        .then(({ rows }) => {
          if (rows[0]?.claimed === true) this.held.add(organizationId);
          return rows[0]?.claimed === true;
        })
        .finally(() => this.asking.delete(organizationId));
      this.asking.set(organizationId, asked);
    }
    return asked;
  }

  async release(organizationId: string): Promise<void> {
    if (!this.held.delete(organizationId) || !this.client) return;
    await this.query(RELEASE_SQL, organizationId);
  }

  /** Ends the session: every claim goes with it. */
  async close(): Promise<void> {
    const client = this.client;
    this.client = null;
    this.held.clear();
    await (await client?.catch(() => null))?.end().catch(() => undefined);
  }

  /**
   * Statements take turns on the session: claims of several banks asked at once would otherwise be
   * queued by pg on its busy client, which pg deprecates. A statement that failed (timed out, say)
   * leaves unknown what the server did with the lock: the session is given up, and every lock with it.
   */
  private query<R extends pg.QueryResultRow>(sql: string, organizationId: string): Promise<pg.QueryResult<R>> {
    const sent = this.turn.then(async () => {
      const session = this.session();
      try {
        return await (await session).query<R>(sql, [organizationId]);
      } catch (error) {
        this.lose(session);
        throw error;
      }
    });
    this.turn = sent.catch(() => undefined);
    return sent;
  }

  private session(): Promise<pg.Client> {
    if (!this.client) {
      const client = new pg.Client({
        connectionString: this.databaseUrl,
        connectionTimeoutMillis: TIMEOUT_MS,
        query_timeout: TIMEOUT_MS,
        keepAlive: true,
        application_name: 'emisor-settlement-claims',
      });
      client.on('error', (error) => {
        this.logger.warn({ err: error }, 'settlement claims connection failed: this process settles no bank until it claims again');
        this.lose(connecting);
      });
      const connecting = client.connect().then(() => client);
      connecting.catch(() => this.lose(connecting));
      this.client = connecting;
    }
    return this.client;
  }

  /** The session is gone, and the server freed its locks with it. */
  private lose(session: Promise<pg.Client>): void {
    if (this.client !== session) return;
    this.client = null;
    this.held.clear();
    this.onLost();
    void session.then((client) => client.end()).catch(() => undefined);
  }
}
