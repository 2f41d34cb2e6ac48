import supertest from 'supertest';
import { createApp } from '../../api/app';
import { z } from '../../api/openapi';
import { AUTHENTICATED, defineRoute, PUBLIC, type RouteDefinition } from '../../api/route';
import { allRoutes } from '../../api/routes';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

/** Test-only routes that exercise the app's plumbing: failures, strict bodies, authentication. */
const testRoutes: RouteDefinition[] = [
  defineRoute({
    method: 'get',
    path: '/test/failure',
    summary: 'Fails with an unexpected error',
    tags: ['Test'],
    access: PUBLIC,
    responses: { 200: { description: 'never' } },
    handler: async () => {
      throw new Error('connect ECONNABORTED at /srv/emisor/internal/path.ts: select secret from vault');
    },
  }),
  defineRoute({
    method: 'post',
    path: '/test/strict',
    summary: 'Accepts exactly { name }',
    tags: ['Test'],
    access: PUBLIC,
    body: z.strictObject({ name: z.string().min(1) }),
    responses: { 201: { description: 'Echoed' } },
    handler: async ({ body }) => ({ status: 201, body }),
  }),
  defineRoute({
    method: 'get',
    path: '/test/private',
    summary: 'Needs a staff access token',
    tags: ['Test'],
    access: AUTHENTICATED,
    responses: { 200: { description: 'Reached' } },
    handler: async () => ({ status: 200, body: { reached: true } }),
  }),
];

const PROBLEM_JSON = /^application\/problem\+json/;

describe('API skeleton', () => {
  let test: TestRuntime;

  beforeAll(async () => {
    test = await createTestRuntime({ routes: [...allRoutes(), ...testRoutes], configOverrides: { JSON_BODY_LIMIT: '1kb' } });
  });
  afterAll(() => test.close());

  describe('GET /api/health', () => {
    it('answers 200 with the database and the event store up', async () => {
      const response = await test.request.get('/api/health').expect(200);

      expect(response.body.status).toBe('ok');
      expect(response.body.checks.database).toEqual({ status: 'up' });
      expect(response.body.checks.eventStore).toEqual({ status: 'up', detail: { adapter: 'postgres' } });
    });

    it('answers 503 degraded, naming the dependency, when a check fails', async () => {
      const healthChecks = test.services.healthChecks.map((dependency) =>
        dependency.name === 'database' ? { name: 'database', check: () => Promise.reject(new Error('connection refused')) } : dependency,
      );
      const app = createApp({ ...test.services, healthChecks }, allRoutes());

      const response = await supertest(app).get('/api/health').expect(503);

      expect(response.body.status).toBe('degraded');
      expect(response.body.checks.database).toEqual({ status: 'down', reason: 'unreachable' });
      expect(response.body.checks.eventStore.status).toBe('up');
    });
  });

  describe('GET /api/config', () => {
    it('answers the public configuration', async () => {
      const response = await test.request.get('/api/config').expect(200);

      expect(response.body).toMatchObject({
        currencyName: 'Lempira',
        nativeToken: { symbol: 'L', denom: 'ulps', exponent: 2 },
        chainId: 'emisor-1',
        addressPrefix: 'emisor',
        perOrgRpcEnabled: false,
        invitationExpiryHours: 72,
        passwordResetExpiryMinutes: 60,
        proposalVotingPeriodSeconds: 72 * 3600,
      });
    });
  });

  describe('failures are application/problem+json', () => {
    it('answers an unknown route with 404 NOT_FOUND', async () => {
      const response = await test.request.get('/api/no-such-thing').expect(404);

      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ type: 'about:blank', status: 404, code: 'NOT_FOUND', title: 'Not found' });
    });

    it('answers malformed JSON with 400 VALIDATION_FAILED', async () => {
      const response = await test.request
        .post('/api/test/strict')
        .set('Content-Type', 'application/json')
        .send('{"name": "ana",')
        .expect(400);

      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    });

    it('answers a body over the limit with 413', async () => {
      const response = await test.request.post('/api/test/strict').send({ name: 'x'.repeat(2048) }).expect(413);

      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    });

    it('answers an unexpected error with 500 INTERNAL_ERROR and a generic detail, no stack, path or SQL', async () => {
      const response = await test.request.get('/api/test/failure').expect(500);

      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 500, code: 'INTERNAL_ERROR' });
      expect(response.body.correlationId).toBe(response.headers['x-correlation-id']);
      for (const leak of ['ECONNABORTED', '/srv/emisor', 'select secret', 'at ', 'stack']) expect(response.text).not.toContain(leak);
    });

    it('answers a body with an unknown key with 400 and the offending field in errors[]', async () => {
      const response = await test.request.post('/api/test/strict').send({ name: 'ana', admin: true }).expect(400);

      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.errors).toEqual([expect.objectContaining({ path: expect.any(String), message: expect.stringContaining('admin') })]);
    });

    it('accepts the same body without the unknown key', async () => {
      await test.request.post('/api/test/strict').send({ name: 'ana' }).expect(201, { name: 'ana' });
    });

    it('answers a missing token on an authenticated route with 401 UNAUTHENTICATED', async () => {
      const response = await test.request.get('/api/test/private').expect(401);

      expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
      expect(response.body).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    });

    it('answers a forged token with 401 UNAUTHENTICATED', async () => {
      const response = await test.request.get('/api/test/private').set('Authorization', 'Bearer not.a.jwt').expect(401);

      expect(response.body.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('every answer carries the security headers', () => {
    const SECURITY_HEADERS = {
      'content-security-policy':
        "default-src 'self';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'self';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };

    it('on a read, a write and a failure alike', async () => {
      for (const response of [
        await test.request.get('/api/config').expect(200),
        await test.request.post('/api/test/strict').send({ name: 'x' }).expect(201),
        await test.request.post('/api/test/strict').send({ other: 'x' }).expect(400),
      ])
        expect(response.headers).toMatchObject(SECURITY_HEADERS);
      expect((await test.request.get('/api/config')).headers['x-powered-by']).toBeUndefined();
    });
  });

  describe('answers to writes are written whole, reads can be revalidated', () => {
    it('answers a write with its JSON body, its exact length, and no ETag', async () => {
      const response = await test.request.post('/api/test/strict').send({ name: 'Año' }).expect(201);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify({ name: 'Año' }))));
      expect(response.headers.etag).toBeUndefined();
      expect(response.body).toEqual({ name: 'Año' });
    });

    it('answers a read with an ETag, and 304 to a request that already holds it', async () => {
      const first = await test.request.get('/api/config').expect(200);
      expect(first.headers.etag).toEqual(expect.any(String));
      await test.request.get('/api/config').set('If-None-Match', first.headers.etag!).expect(304);
    });
  });

  describe('API documentation', () => {
    it('serves an OpenAPI 3.1 document at /api/docs-json that describes its routes', async () => {
      const response = await test.request.get('/api/docs-json').expect(200);

      expect(response.body.openapi).toBe('3.1.0');
      expect(Object.keys(response.body.paths)).toEqual(expect.arrayContaining(['/health', '/config', '/test/strict']));
      expect(response.body.components.schemas.Problem).toBeDefined();
    });

    it('serves the interactive documentation as HTML at /api/docs', async () => {
      const response = await test.request.get('/api/docs/').expect(200);

      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.text).toContain('swagger-ui');
    });
  });
});
