import type { Server } from 'node:http';
import supertest from 'supertest';
import { createHttpServer } from '../../api/http-server';
import { runSeed } from '../../runtime/seed';
import { positionToString, type GlobalPosition } from '../../write-side/event-store/event-store';
import { eventsSince, storeHead } from '../api/store-head';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';
import {
  generateCases,
  type BadRequest,
  type OpenApiDocument,
  type Role,
} from './bad-input-cases';
import { mulberry32 } from '../support/seeded-random';

/**
 * Issue 8, "Deliver with it": every operation of the served OpenAPI document, sent the classes of bad
 * input (malformed JSON and encodings, wrong types, missing and extra fields, huge and deep bodies, bad
 * amounts, NUL, surrogates and control characters, prototype keys, path traversal, bad query values) as
 * each role that can call it. Never a 5xx; every failure is the contract's problem+json, with a status
 * and a code the operation documents; no rejected request appends to the event store (the chain's
 * blocks included).
 *
 * The cases are generated from BAD_INPUT_SEED (printed on failure): `BAD_INPUT_SEED=<n> npx jest
 * tests/hardening/bad-input.test.ts` replays a run exactly.
 */
const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261201);
const PROBLEM_JSON = /^application\/problem\+json/;
const UPPER_SNAKE = /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/;
/** What an answer must never show a client (contract "Errors"). */
const LEAKS = [/\n\s+at /, /node_modules/, /\/work\//, /\bselect\b.+\bfrom\b/i, /\binsert into\b/i, /TypeError|ReferenceError|RangeError/];

jest.setTimeout(600_000);

interface World {
  test: TestRuntime;
  server: Server;
  http: ReturnType<typeof supertest>;
  document: OpenApiDocument;
  tokens: Map<Role, string | null>;
  ids: Map<string, string>;
}

async function login(http: World['http'], email: string, password: string): Promise<string> {
  const response = await http.post('/api/auth/login').send({ email, password });
  if (response.status !== 200) throw new Error(`login of ${email}: ${response.status} ${response.text}`);
  return response.body.accessToken as string;
}

const PASSWORD = 'bad-input-suite-password-2026';

async function invite(world: Pick<World, 'http'>, token: string, role: string, email: string, organizationId?: string): Promise<string> {
  const path = organizationId ? `/api/organizations/${organizationId}/admins/invite` : '/api/invitations';
  const invited = await world.http.post(path).set('Authorization', `Bearer ${token}`).send(organizationId ? { email } : { email, role });
  if (invited.status !== 201) throw new Error(`invitation of ${email}: ${invited.status} ${invited.text}`);
  const outbox = await world.http.get('/api/dev/outbox').query({ to: email });
  const link = new URL(outbox.body.items[0].link as string);
  const registered = await world.http
    .post('/api/auth/register')
    .send({ token: link.searchParams.get('token'), name: `${role} ${email}`, password: PASSWORD });
  if (registered.status === 201) return registered.body.accessToken as string;
  // 503: recorded, but the read models lagged (a loaded machine); once they catch up the user can log in.
  if (registered.status !== 503) throw new Error(`registration of ${email}: ${registered.status} ${registered.text}`);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return login(world.http, email, PASSWORD);
}

/** Waits until nothing appends any more (the setup's chain blocks and process managers have settled). */
async function quiet(test: TestRuntime): Promise<GlobalPosition | null> {
  let head = await storeHead(test.services);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await storeHead(test.services);
    if ((next && positionToString(next)) === (head && positionToString(head))) return head;
    head = next;
  }
}

/** Central administrator, member and auditor, a commercial bank's administrator, a retail client, and nobody. */
async function startWorld(): Promise<World> {
  const test = await createTestRuntime({
    configOverrides: {
      PASSWORD_HASH_COST: '10',
      CHAIN_BLOCK_MS: '20',
      LOGIN_RATE_LIMIT_PER_IP: '1000000',
      LOGIN_RATE_LIMIT_PER_EMAIL: '1000000',
    },
  });
  // One listening server for the whole run: supertest would otherwise open a port per request.
  const server = createHttpServer(test.app).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const http = supertest(server);
  const seed = await runSeed(test.services);
  const { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD } = test.services.config;
  const centralAdmin = await login(http, SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD);
  const world = { http };
  const centralMember = await invite(world, centralAdmin, 'member', 'member@central.test');
  const centralAuditor = await invite(world, centralAdmin, 'auditor', 'auditor@central.test');
  const bank = await http.post('/api/organizations').set('Authorization', `Bearer ${centralAdmin}`).send({ name: 'Banco Uno', type: 'COMMERCIAL' });
  if (bank.status !== 201) throw new Error(`bank: ${bank.status} ${bank.text}`);
  const bankAdmin = await invite(world, centralAdmin, 'administrator', 'admin@bank.test', bank.body.id);
  const client = await http.post('/api/instant-payments/clients').set('Authorization', `Bearer ${bankAdmin}`).send({ name: 'Cliente Uno' });
  if (client.status !== 201) throw new Error(`client: ${client.status} ${client.text}`);
  const document = (await http.get('/api/docs-json').expect(200)).body as OpenApiDocument;
  const memberId = (await http.get('/api/users/me').set('Authorization', `Bearer ${centralMember}`)).body.id as string;
  return {
    test,
    server,
    http,
    document,
    tokens: new Map<Role, string | null>([
      ['anonymous', null],
      ['centralAdministrator', centralAdmin],
      ['centralMember', centralMember],
      ['centralAuditor', centralAuditor],
      ['bankAdministrator', bankAdmin],
      ['client', client.body.clientToken as string],
    ]),
    // Real ids for the parameters a case does not attack, so that the attacked one is judged by the handler.
    ids: new Map([
      ['organizationId', bank.body.id as string],
      ['multisigId', seed['issuing-core']!.issuanceAccountId!],
      ['userId', memberId],
      ['clientId', client.body.client.id as string],
    ]),
  };
}

async function send(world: World, request: BadRequest) {
  const token = world.tokens.get(request.role) ?? null;
  let call = world.http[request.method](request.url);
  if (token) call = call.set('Authorization', `Bearer ${token}`);
  for (const [name, value] of Object.entries(request.headers)) call = call.set(name, value);
  // Raw bytes, exactly as generated: superagent would otherwise serialize the Buffer itself as JSON.
  return request.body === undefined ? call : call.serialize((body) => body).send(request.body);
}

/** What is wrong with one answer, if anything. */
function judge(request: BadRequest, response: supertest.Response, appended: string[]): string[] {
  const faults: string[] = [];
  const { status } = response;
  if (status >= 500) faults.push(`answered ${status}`);
  if (request.mustReject && (status < 400 || status >= 500)) faults.push(`accepted with ${status}`);
  if (status >= 400) {
    if (!PROBLEM_JSON.test(response.headers['content-type'] ?? '')) faults.push(`content-type ${response.headers['content-type']}`);
    const body = response.body as { type?: unknown; title?: unknown; status?: unknown; code?: unknown; errors?: unknown };
    if (body.type !== 'about:blank' || typeof body.title !== 'string' || body.status !== status || typeof body.code !== 'string' || !UPPER_SNAKE.test(body.code))
      faults.push(`not the contract's problem body: ${response.text.slice(0, 200)}`);
    const codes = request.documented.get(status);
    if (!codes) faults.push(`status ${status} is not in the operation's OpenAPI responses`);
    else if (typeof body.code === 'string' && !codes.includes(body.code)) faults.push(`code ${body.code} is not documented for ${status} (${codes.join(', ')})`);
    if (body.errors !== undefined && !(Array.isArray(body.errors) && body.errors.every((error) => typeof error?.path === 'string' && typeof error?.message === 'string')))
      faults.push('errors[] is not [{ path, message }]');
  }
  for (const leak of LEAKS) if (leak.test(response.text)) faults.push(`leaks ${leak}`);
  if ((status >= 400 || request.method === 'get') && appended.length > 0) faults.push(`appended ${appended.join(', ')}`);
  return faults;
}

/**
 * Requests that may not write (those that must be refused, and reads) go in parallel groups; a write
 * that may succeed goes alone, so that what it appends is its own.
 */
function* groups(cases: BadRequest[], size = 16): Generator<BadRequest[]> {
  let group: BadRequest[] = [];
  for (const request of cases) {
    if (!request.mustReject && request.method !== 'get') {
      if (group.length > 0) yield group;
      group = [];
      yield [request];
      continue;
    }
    group.push(request);
    if (group.length === size) {
      yield group;
      group = [];
    }
  }
  if (group.length > 0) yield group;
}

describe(`generated bad input (BAD_INPUT_SEED=${SEED})`, () => {
  let world: World;
  let head: GlobalPosition | null;
  let sent = 0;

  beforeAll(async () => {
    world = await startWorld();
    head = await quiet(world.test);
  });
  afterAll(async () => {
    if (!world) return;
    world.server.closeAllConnections();
    await new Promise((resolve) => world.server.close(resolve));
    await world.test.close();
  });

  it('walks an OpenAPI document that has operations', () => {
    expect(Object.keys(world.document.paths).length).toBeGreaterThan(50);
  });

  it('never answers 5xx, always answers problem+json, and writes nothing when it refuses', async () => {
    const cases = generateCases(world.document, mulberry32(SEED), world.ids);
    const faults: string[] = [];
    const named = (request: BadRequest) => `${request.operation} as ${request.role}, ${request.label} [${request.method.toUpperCase()} ${request.url.slice(0, 120)}]`;
    for (const group of groups(cases)) {
      const responses = await Promise.all(group.map((request) => send(world, request)));
      sent += group.length;
      const appended = await eventsSince(world.test.services, head);
      // A group is either requests none of which may write, or one request alone: an append is theirs.
      group.forEach((request, index) => {
        for (const fault of judge(request, responses[index]!, appended)) faults.push(`${named(request)}: ${fault}`);
      });
      if (appended.length > 0) head = await storeHead(world.test.services);
    }

    expect({ seed: SEED, faults: [...new Set(faults)] }).toEqual({ seed: SEED, faults: [] });
    expect(sent).toBeGreaterThanOrEqual(5000);
  });
});
