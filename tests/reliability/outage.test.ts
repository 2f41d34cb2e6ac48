import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import pg from 'pg';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { createRuntime, type Runtime } from '../../runtime/bootstrap';
import { loadConfig } from '../../runtime/config';
import { ensureDatabase } from '../../runtime/database';
import { freePort } from '../../runtime/embedded-postgres';
import { createLogger } from '../../runtime/logger';
import { runSeed } from '../../runtime/seed';
import { TEST_JWT_SECRET, TEST_KEY_ENCRYPTION_KEY } from '../support/test-runtime';
import { signalGroup, startChild, type Child } from './support/processes';

/**
 * Issue 10.6: while PostgreSQL is down every request answers — 503 DEPENDENCY_UNAVAILABLE, never a
 * hang or a 500 — and once it is back reads and writes work again without a restart of the service.
 * The test runs its own embedded PostgreSQL so that it can stop and start it.
 */
/** The contract's bound on an answer during an outage: a request that takes longer fails the test. */
const ANSWER_WITHIN_MS = 5000;
/** The bound on recovery: writes succeed within this long of PostgreSQL accepting connections. */
const WRITES_BACK_WITHIN_MS = 1000;
/** How often the recovery test tries its write. */
const WRITE_EVERY_MS = 50;
/** How long the outage lasts at least: longer than any back-off, so none of them is still short. */
const OUTAGE_MS = 3000;

describe('a PostgreSQL outage', () => {
  let folder: string;
  let port: number;
  let postgres: Child;
  let serverUrl: string;
  let runtime: Runtime;
  let http: ReturnType<typeof supertest>;
  let url: URL;
  /** The seeded administrator's access token, taken before the outage. */
  let token: string;
  /** When the database was stopped (epoch ms). */
  let stoppedAt = 0;

  const start = async () => {
    const started = await startChild('tests/reliability/support/postgres-cli.ts', [join(folder, 'pg'), String(port)], process.env, /ready (\S+)\n/);
    serverUrl = started.match[1]!;
    return started.child;
  };
  const stop = () => signalGroup(postgres, 'SIGTERM');

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'emisor-outage-'));
    chmodSync(folder, 0o755); // under root the cluster runs as the postgres user, who must reach it
    port = await freePort();
    postgres = await start();
    url = new URL(serverUrl);
    url.pathname = '/reliability_outage';
    await ensureDatabase(url.toString());
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: folder,
      JWT_SECRET: TEST_JWT_SECRET,
      KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
      PASSWORD_HASH_COST: '10',
      CHAIN_BLOCK_MS: '20',
      DEMO_DATA: 'false',
    });
    runtime = await createRuntime(config, url.toString(), createLogger('silent'));
    await runtime.start();
    await runSeed(runtime.services);
    http = supertest(createApp(runtime.services));
  }, 120_000);

  afterAll(async () => {
    await runtime?.stop().catch(() => undefined);
    if (postgres) await stop();
    rmSync(folder, { recursive: true, force: true });
  }, 60_000);

  const within = <T extends supertest.Test>(test: T) => test.timeout(ANSWER_WITHIN_MS);
  const login = () => within(http.post('/api/auth/login').send({ email: runtime.services.config.SEED_ADMIN_EMAIL, password: runtime.services.config.SEED_ADMIN_PASSWORD }));

  it('answers reads and writes before the outage', async () => {
    expect((await within(http.get('/api/health'))).status).toBe(200);
    const signedIn = await login();
    expect(signedIn.status).toBe(200);
    token = signedIn.body.accessToken;
  });

  it('answers the requests in flight when the database stops, with their result or 503', async () => {
    const inFlight = [1, 2, 3, 4].map(() => login().then((answer) => [answer.status, answer.body.code ?? null]));
    stoppedAt = Date.now();
    await stop();
    for (const answer of await Promise.all(inFlight)) expect([[200, null], [503, 'DEPENDENCY_UNAVAILABLE']]).toContainEqual(answer);
  }, 60_000);

  it('answers every request with 503 DEPENDENCY_UNAVAILABLE while the database is down, health naming the failed checks', async () => {
    const health = await within(http.get('/api/health'));
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ status: 'degraded', checks: { database: { status: 'down' } } });
    for (let round = 0; round < 3; round++) {
      const refused = await login();
      expect([refused.status, refused.body.code]).toEqual([503, 'DEPENDENCY_UNAVAILABLE']);
      expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
      const banks = await within(http.get('/api/instant-payments/banks'));
      expect([banks.status, banks.body.code]).toEqual([503, 'DEPENDENCY_UNAVAILABLE']);
    }
  }, 60_000);

  // The write waits for a projection (the organizations read model) that runs in the elected leader: the
  // process must reconnect, be elected again and resume its projections within the bound.
  it(`takes writes again within ${WRITES_BACK_WITHIN_MS} ms of PostgreSQL accepting connections`, async () => {
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, stoppedAt + OUTAGE_MS - Date.now())));
    postgres = await start();
    const back = await firstConnection(url.toString());
    const attempts: Array<{ at: number; status: number; code: string | null }> = [];
    for (let attempt = 1; Date.now() - back < 10 * WRITES_BACK_WITHIN_MS; attempt++) {
      const sent = Date.now();
      const answer = await within(http.post('/api/organizations').set('authorization', `Bearer ${token}`).send({ name: `Tras el corte ${attempt}`, type: 'COMMERCIAL' }));
      attempts.push({ at: Date.now() - back, status: answer.status, code: answer.body.code ?? null });
      if (answer.status === 201) break;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, WRITE_EVERY_MS - (Date.now() - sent))));
    }
    const succeeded = attempts.find((attempt) => attempt.status === 201);
    process.stdout.write(`writes back after the outage: ${JSON.stringify(attempts)}\n`);
    expect(succeeded).toBeDefined();
    expect(succeeded!.at).toBeLessThanOrEqual(WRITES_BACK_WITHIN_MS);
    // Before it, only the outage's answer: nothing hung, nothing failed otherwise.
    for (const attempt of attempts.slice(0, -1)) expect([attempt.status, attempt.code]).toEqual([503, 'DEPENDENCY_UNAVAILABLE']);
  }, 60_000);

  it('serves reads and writes again once the database is back, without restarting the service', async () => {
    expect((await within(http.get('/api/instant-payments/banks'))).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect((await within(http.get('/api/health'))).status).toBe(200);
  }, 60_000);
});

/** When a plain connection to the database first succeeds, tried every few milliseconds (epoch ms). */
async function firstConnection(databaseUrl: string): Promise<number> {
  for (;;) {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 1000 });
    try {
      await client.connect();
      return Date.now();
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 5));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
