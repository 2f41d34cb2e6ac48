import { gzipSync } from 'node:zlib';
import type { GlobalPosition } from '../../write-side/event-store/event-store';
import { startIdentity, type IdentityWorld } from '../identity/support';
import { eventsSince, storeHead } from './store-head';

const PROBLEM_JSON = /^application\/problem\+json/;

/**
 * Contract "Ids are opaque": malformed percent-encoding, NUL bytes and lone surrogates anywhere in a
 * request are 400 VALIDATION_FAILED, a body with a Content-Encoding the service does not accept is 415,
 * and no such request writes anything.
 */
describe('bad input at the edge', () => {
  let world: IdentityWorld;
  let head: GlobalPosition | null;

  beforeAll(async () => {
    world = await startIdentity();
  });
  afterAll(() => world.close());
  beforeEach(async () => {
    head = await storeHead(world.services);
  });
  afterEach(async () => {
    expect(await eventsSince(world.services, head)).toEqual([]);
  });

  const expectProblem = (response: { status: number; headers: Record<string, string>; body: { status: number; code: string } }, status: number, code: string) => {
    expect({ status: response.status, bodyStatus: response.body.status, code: response.body.code }).toEqual({ status, bodyStatus: status, code });
    expect(response.headers['content-type']).toMatch(PROBLEM_JSON);
  };

  describe('the path', () => {
    it.each([
      ['a truncated escape in a path parameter', '/api/organizations/%E0%A4%A'],
      ['a non-hex escape in a path parameter', '/api/multisigs/%ZZ'],
      ['a lone % in a path parameter', '/api/users/abc%'],
      ['an escape of invalid UTF-8 (an encoded surrogate)', '/api/organizations/%ED%A0%80'],
      ['an encoded NUL', '/api/organizations/abc%00def'],
      ['malformed encoding on a route that does not exist', '/api/no-such-route/%E0%A4%A'],
    ])('answers %s with 400 VALIDATION_FAILED', async (_case, path) => {
      const response = await world.request.get(path).set(world.admin.auth);

      expectProblem(response, 400, 'VALIDATION_FAILED');
    });

    it('answers a malformed DELETE of a path id with 400 and deletes nothing', async () => {
      const response = await world.request.delete('/api/address-book/%E0%A4%A').set(world.admin.auth);

      expectProblem(response, 400, 'VALIDATION_FAILED');
    });
  });

  describe('the query', () => {
    it.each([
      ['malformed percent-encoding', '/api/organizations?q=%E0%A4%A'],
      ['an encoded NUL', '/api/organizations?q=a%00b'],
      ['an encoded surrogate', '/api/organizations?q=%ED%B0%80'],
      ['malformed encoding in a key', '/api/organizations?%ZZ=1'],
    ])('answers %s with 400 VALIDATION_FAILED', async (_case, path) => {
      const response = await world.request.get(path).set(world.admin.auth);

      expectProblem(response, 400, 'VALIDATION_FAILED');
    });

    it('still answers a well-formed encoded query', async () => {
      const response = await world.request.get('/api/organizations?q=Banco%20Central').set(world.admin.auth).expect(200);

      expect(response.body.items.map((item: { name: string }) => item.name)).toEqual(['Banco Central']);
    });

    it.each([
      ['% in the organizations\' search', '/api/organizations?q=%25'],
      ['_ in the organizations\' search', '/api/organizations?q=_'],
      ['% in the users\' search', '/api/users?q=%25'],
      ['_ in the users\' search', '/api/users?q=_'],
    ])('takes %s as the character typed, not a wildcard: no name has one', async (_case, path) => {
      const response = await world.request.get(path).set(world.admin.auth).expect(200);

      expect([response.body.total, response.body.items]).toEqual([0, []]);
    });
  });

  describe('body strings', () => {
    it.each([
      ['a NUL in a string', '{"name":"Banco\\u0000","type":"COMMERCIAL"}'],
      ['a lone high surrogate', '{"name":"Banco \\ud800","type":"COMMERCIAL"}'],
      ['a lone low surrogate', '{"name":"Banco \\udc00x","type":"COMMERCIAL"}'],
      ['a NUL in a key', '{"name":"Banco","type":"COMMERCIAL","\\u0000":1}'],
      ['an escape character (terminal control)', '{"name":"Banco \\u001b[31mred","type":"COMMERCIAL"}'],
      ['a backspace', '{"name":"Banco\\b\\b\\bCentral","type":"COMMERCIAL"}'],
      ['DEL', '{"name":"Banco\\u007f","type":"COMMERCIAL"}'],
    ])('answers %s with 400 VALIDATION_FAILED', async (_case, body) => {
      const response = await world.request.post('/api/organizations').set(world.admin.auth).set('Content-Type', 'application/json').send(body);

      expectProblem(response, 400, 'VALIDATION_FAILED');
    });

    it('refuses a NUL in a multisig label before any chain transaction', async () => {
      const response = await world.request
        .post('/api/multisigs')
        .set(world.admin.auth)
        .send({ label: 'Treasury\u0000', members: [{ userId: world.central.administratorId, weight: 1 }], threshold: 1 });

      expectProblem(response, 400, 'VALIDATION_FAILED');
    });

    it('accepts tabs and line breaks in a body string', async () => {
      const response = await world.request.post('/api/organizations').set(world.admin.auth).send({ name: 'Banco\tdel\r\nNorte', type: 'COMMERCIAL' });

      expect(response.status).toBe(201);
      head = await storeHead(world.services);
    });

    it('accepts a properly paired surrogate (an emoji) in a body string', async () => {
      const response = await world.request.post('/api/organizations').set(world.admin.auth).send({ name: 'Banco 🏦', type: 'COMMERCIAL' });

      expect(response.status).toBe(201);
      head = await storeHead(world.services);
    });

    it('answers a body nested deeper than 32 levels with 400', async () => {
      const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
      const response = await world.request
        .post('/api/invitations')
        .set(world.admin.auth)
        .set('Content-Type', 'application/json')
        .send(`{"email":"a@example.org","role":"member","x":${deep}}`);

      expectProblem(response, 400, 'VALIDATION_FAILED');
    });
  });

  describe('body encodings', () => {
    const body = JSON.stringify({ email: 'enc@example.org', role: 'member' });

    it.each(['gzip', 'deflate', 'br', 'x-unknown'])('answers Content-Encoding: %s on a plain body with 415', async (encoding) => {
      const response = await world.request
        .post('/api/invitations')
        .set(world.admin.auth)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', encoding)
        .send(body);

      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers a really gzipped body with 415 as well', async () => {
      const response = await world.request
        .post('/api/invitations')
        .set(world.admin.auth)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'gzip')
        .send(gzipSync(body));

      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it('answers an unsupported charset with 415', async () => {
      const response = await world.request
        .post('/api/invitations')
        .set(world.admin.auth)
        .set('Content-Type', 'application/json; charset=klingon')
        .send(body);

      expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    });

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
      'answers a %s body on a JSON route with 415 instead of reading it as empty',
      async (type) => {
        const response = await world.request.post('/api/invitations').set(world.admin.auth).set('Content-Type', type).send(body);

        expectProblem(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
      },
    );

    it('accepts Content-Encoding: identity', async () => {
      const response = await world.request
        .post('/api/invitations')
        .set(world.admin.auth)
        .set('Content-Type', 'application/json')
        .set('Content-Encoding', 'identity')
        .send(body);

      expect(response.status).toBe(201);
      head = await storeHead(world.services);
    });
  });
});
