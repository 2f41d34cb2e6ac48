import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
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

describe('a PostgreSQL outage', () => {
  let folder: string;
  let port: number;
  let postgres: Child;
  let serverUrl: string;
  let runtime: Runtime;
  let http: ReturnType<typeof supertest>;

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
    const url = new URL(serverUrl);
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
    expect((await login()).status).toBe(200);
  });

  it('answers the requests in flight when the database stops, with their result or 503', async () => {
    const inFlight = [1, 2, 3, 4].map(() => login().then((answer) => [answer.status, answer.body.code ?? null]));
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

  it('serves reads and writes again once the database is back, without restarting the service', async () => {
    postgres = await start();
    expect((await within(http.get('/api/instant-payments/banks'))).status).toBe(200);
    expect((await login()).status).toBe(200);
    expect((await within(http.get('/api/health'))).status).toBe(200);
  }, 60_000);
});
