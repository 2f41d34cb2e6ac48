import supertest from 'supertest';
import { CENTRAL_ORGANIZATION_STEP, centralOrganizationStep, runSeed } from '../../runtime/seed';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

/**
 * Identity tests run through the HTTP API of a whole service on its own database. Passwords are
 * hashed at the lowest scrypt cost and the per-IP login limit is lifted (every request comes from
 * 127.0.0.1), unless a test asks otherwise.
 */
export const FAST_IDENTITY = { PASSWORD_HASH_COST: '10', LOGIN_RATE_LIMIT_PER_IP: '100000', LOGIN_RATE_LIMIT_PER_EMAIL: '1000' };

export const GOOD_PASSWORD = 'correct-horse-battery-staple';

export type Agent = ReturnType<typeof supertest.agent>;

/** A logged-in person: a browser of their own (cookie jar) and their access token. */
export interface Session {
  agent: Agent;
  token: string;
  auth: { Authorization: string };
  userId: string;
  organizationId: string;
  email: string;
}

export interface IdentityWorld extends TestRuntime {
  central: { organizationId: string; administratorId: string; bridgingUserId: string };
  admin: Session;
}

export async function startIdentity(configOverrides: Record<string, string> = {}): Promise<IdentityWorld> {
  const runtime = await createTestRuntime({ configOverrides: { ...FAST_IDENTITY, ...configOverrides } });
  const seeded = await runSeed(runtime.services, [centralOrganizationStep]);
  const central = seeded[CENTRAL_ORGANIZATION_STEP] as IdentityWorld['central'];
  const { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD } = runtime.services.config;
  return { ...runtime, central, admin: await signIn(runtime, SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD) };
}

export async function signIn(world: Pick<TestRuntime, 'app'>, email: string, password: string): Promise<Session> {
  const agent = supertest.agent(world.app);
  const response = await agent.post('/api/auth/login').send({ email, password });
  if (response.status !== 200) throw new Error(`login of ${email} failed: ${response.status} ${JSON.stringify(response.body)}`);
  const token = response.body.accessToken as string;
  return {
    agent,
    token,
    auth: { Authorization: `Bearer ${token}` },
    userId: response.body.user.id,
    organizationId: response.body.user.organizationId,
    email,
  };
}

/** The token of the newest mail to `email` whose link goes to `page` (register or reset-password). */
export async function mailedToken(world: Pick<TestRuntime, 'request'>, email: string, page: 'register' | 'reset-password'): Promise<string> {
  const outbox = await world.request.get('/api/dev/outbox').query({ to: email });
  const mail = (outbox.body.items as { link: string | null }[]).find((item) => item.link?.includes(`/${page}?`));
  if (!mail) throw new Error(`no ${page} mail for ${email}`);
  return new URL(mail.link!).searchParams.get('token')!;
}

/** Invites into the inviter's organization, registers from the mailed link, and returns the new person's session. */
export async function join(
  world: IdentityWorld,
  by: Session,
  person: { email: string; role: 'administrator' | 'member' | 'auditor'; name?: string },
): Promise<Session> {
  const invited = await by.agent.post('/api/invitations').set(by.auth).send({ email: person.email, role: person.role });
  if (invited.status !== 201) throw new Error(`invitation failed: ${invited.status} ${JSON.stringify(invited.body)}`);
  return registerFromMail(world, person.email, person.name ?? person.email.split('@')[0]!);
}

export async function registerFromMail(world: IdentityWorld, email: string, name: string): Promise<Session> {
  const agent = supertest.agent(world.app);
  const registered = await agent.post('/api/auth/register').send({ token: await mailedToken(world, email, 'register'), name, password: GOOD_PASSWORD });
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${JSON.stringify(registered.body)}`);
  const token = registered.body.accessToken as string;
  return { agent, token, auth: { Authorization: `Bearer ${token}` }, userId: registered.body.user.id, organizationId: registered.body.user.organizationId, email };
}

/** A CENTRAL administrator onboards a commercial bank: create, invite its administrator, who registers (PENDING → ACTIVE). */
export async function onboardBank(world: IdentityWorld, name: string, adminEmail: string): Promise<{ organizationId: string; admin: Session }> {
  const created = await world.admin.agent.post('/api/organizations').set(world.admin.auth).send({ name, type: 'COMMERCIAL' });
  if (created.status !== 201) throw new Error(`organization creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const organizationId = created.body.id as string;
  await world.admin.agent.post(`/api/organizations/${organizationId}/admins/invite`).set(world.admin.auth).send({ email: adminEmail });
  return { organizationId, admin: await registerFromMail(world, adminEmail, `Admin ${name}`) };
}

/** Moves the clock of this process (only Date: timers, I/O and the database run as usual). */
export function travel(ms: number): void {
  jest.useFakeTimers({
    now: Date.now() + ms,
    advanceTimers: true,
    doNotFake: [
      'hrtime',
      'nextTick',
      'performance',
      'queueMicrotask',
      'requestAnimationFrame',
      'cancelAnimationFrame',
      'requestIdleCallback',
      'cancelIdleCallback',
      'setImmediate',
      'clearImmediate',
      'setInterval',
      'clearInterval',
      'setTimeout',
      'clearTimeout',
    ],
  });
}

export const backToNow = () => jest.useRealTimers();

/** The ADMIN operations recorded about a subject, oldest first. */
export const adminOperationsAbout = (world: TestRuntime, subjectId: string) =>
  world.services.db('admin_operations').where({ subject_id: subjectId }).orderBy('occurred_at').select();
