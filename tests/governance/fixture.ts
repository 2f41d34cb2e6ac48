import type supertest from 'supertest';
import type { Projection } from '../../projections/projection';
import type { Runtime } from '../../runtime/bootstrap';
import type { Config } from '../../runtime/config';
import { runSeed, type SeedResults } from '../../runtime/seed';
import type { TestDatabase } from '../support/test-database';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

export interface Session {
  id: string;
  token: string;
  email: string;
  organizationId: string;
}

export interface GovernanceFixture {
  database: TestDatabase;
  runtime: Runtime;
  config: Config;
  request: supertest.Agent;
  seed: SeedResults;
  admin: Session;
  as(session: Session): {
    get(path: string): supertest.Test;
    post(path: string, body?: object, headers?: Record<string, string>): supertest.Test;
    patch(path: string, body: object): supertest.Test;
    delete(path: string): supertest.Test;
  };
  /** Invites a user into the organization of `by` with a role, registers them, and logs them in. */
  invite(by: Session, role: 'administrator' | 'member' | 'auditor', name?: string): Promise<Session>;
  /** A COMMERCIAL organization with its first administrator registered (the organization is ACTIVE). */
  bank(name: string): Promise<{ organizationId: string; admin: Session }>;
  stop(): Promise<void>;
}

let counter = 0;
const PASSWORD = 'a-good-long-password-2026';

/** `projections`: the read models to run instead of all of them (a test may hold one back). */
export async function startGovernance(env: Record<string, string> = {}, projections?: Projection[]): Promise<GovernanceFixture> {
  const test = await createTestRuntime({
    configOverrides: { PASSWORD_HASH_COST: '10', CHAIN_BLOCK_MS: '20', LOG_LEVEL: process.env.GOV_LOG ?? 'silent', ...env },
    projections,
  });
  // A runtime left running when the seed fails keeps jest's worker alive: the suite would hang, not fail.
  try {
    return await governanceOn(test);
  } catch (error) {
    await test.close();
    throw error;
  }
}

async function governanceOn(test: TestRuntime): Promise<GovernanceFixture> {
  const { runtime, database, request } = test;
  const config = runtime.services.config;
  const seed = await runSeed(runtime.services);
  const login = await request.post('/api/auth/login').send({ email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD });
  if (login.status !== 200) throw new Error(`seed admin login failed: ${login.status} ${JSON.stringify(login.body)}`);
  const admin: Session = {
    id: login.body.user.id,
    token: login.body.accessToken,
    email: config.SEED_ADMIN_EMAIL,
    organizationId: login.body.user.organizationId,
  };
  const as = (session: Session) => ({
    get: (path: string) => request.get(`/api${path}`).set('Authorization', `Bearer ${session.token}`),
    post: (path: string, body: object = {}, headers: Record<string, string> = {}) =>
      request.post(`/api${path}`).set('Authorization', `Bearer ${session.token}`).set(headers).send(body),
    patch: (path: string, body: object) => request.patch(`/api${path}`).set('Authorization', `Bearer ${session.token}`).send(body),
    delete: (path: string) => request.delete(`/api${path}`).set('Authorization', `Bearer ${session.token}`),
  });

  async function register(email: string, name: string): Promise<Session> {
    const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const link = outbox.body.items?.[0]?.link;
    if (!link) throw new Error(`no invitation mail for ${email}: ${JSON.stringify(outbox.body)}`);
    const token = new URL(link).searchParams.get('token');
    const registered = await request.post('/api/auth/register').send({ token, name, password: PASSWORD });
    if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
    return { id: registered.body.user.id, token: registered.body.accessToken, email, organizationId: registered.body.user.organizationId };
  }

  const fixture: GovernanceFixture = {
    database,
    runtime,
    config,
    request,
    seed,
    admin,
    as,
    async invite(by, role, name) {
      const email = `user${++counter}-${Date.now()}@emisor.test`;
      const invited = await as(by).post('/invitations', { email, role });
      if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
      return register(email, name ?? `User ${counter}`);
    },
    async bank(name) {
      const created = await as(admin).post('/organizations', { name, type: 'COMMERCIAL' });
      if (created.status !== 201) throw new Error(`organization failed: ${created.status} ${JSON.stringify(created.body)}`);
      const email = `admin${++counter}-${Date.now()}@bank.test`;
      const invited = await as(admin).post(`/organizations/${created.body.id}/admins/invite`, { email });
      if (invited.status !== 201) throw new Error(`admin invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
      return { organizationId: created.body.id, admin: await register(email, `${name} admin`) };
    },
    stop: () => test.close(),
  };
  return fixture;
}
