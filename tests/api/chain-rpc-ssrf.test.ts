import { createServer, type Server } from 'node:http';
import type { GlobalPosition } from '../../write-side/event-store/event-store';
import { startFakeComet } from '../identity/fake-comet';
import { onboardBank, startIdentity, type IdentityWorld, type Session } from '../identity/support';
import { eventsSince, storeHead } from './store-head';

/** A server that answers every request with `status` and `body`, optionally a redirect. */
async function startServer(status: number, body: string, headers: Record<string, string> = {}): Promise<{ port: number; server: Server }> {
  const server = createServer((_req, res) => {
    res.writeHead(status, { 'content-type': 'text/plain', ...headers });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  return { port: typeof address === 'object' && address ? address.port : 0, server };
}

const INTERNAL_URLS = [
  'http://127.0.0.1:26657',
  'http://127.1:5432',
  'http://2130706433/',
  'http://0x7f.0.0.1/',
  'http://0.0.0.0:80',
  'http://localhost:5432',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://10.0.0.1:26657',
  'http://172.16.5.4',
  'http://192.168.1.1',
  'http://100.64.0.1',
  'http://[::1]:26657',
  'http://[::ffff:127.0.0.1]:26657',
  'http://[::ffff:a9fe:a9fe]/',
  'http://[fe80::1]/',
  'https://[64:ff9b::7f00:1]/',
  'ws://127.0.0.1:26657/websocket',
  'wss://169.254.169.254/websocket',
  'http://224.0.0.1',
];

/**
 * Contract "Per-organization chain RPC": URLs are http(s) or ws(s) only; loopback, private, link-local
 * and metadata hosts are refused (422 RPC_URL_NOT_ALLOWED) unless listed in CHAIN_RPC_ALLOWED_HOSTS;
 * the test answers { ok, latencyMs, chainId?, height? } and never echoes a remote error body.
 */
describe('chain RPC endpoints and server-side request forgery', () => {
  let world: IdentityWorld;
  let bank: { organizationId: string; admin: Session };
  let head: GlobalPosition | null;

  beforeAll(async () => {
    world = await startIdentity({ PER_ORG_RPC_ENABLED: 'true' });
    bank = await onboardBank(world, 'Banco Occidente', 'jefe@occidente.hn');
  });
  afterAll(() => world.close());

  const test = (url: string, as = bank.admin) =>
    as.agent.post(`/api/organizations/${bank.organizationId}/chain-rpc/test`).set(as.auth).send({ url });
  const save = (url: string | null, as = bank.admin) =>
    as.agent.patch(`/api/organizations/${bank.organizationId}/chain-rpc`).set(as.auth).send({ url });

  describe('POST /organizations/:id/chain-rpc/test', () => {
    it.each(INTERNAL_URLS)('refuses %s with 422 RPC_URL_NOT_ALLOWED, connecting nowhere', async (url) => {
      const response = await test(url);

      expect(response.status).toBe(422);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.body).toMatchObject({ status: 422, code: 'RPC_URL_NOT_ALLOWED' });
    });

    it('refuses a loopback node that answers, without asking it anything', async () => {
      let asked = 0;
      const { port, server } = await startServer(200, '{}');
      server.on('request', () => (asked += 1));
      try {
        expect((await test(`http://127.0.0.1:${port}`)).status).toBe(422);
        expect(asked).toBe(0);
      } finally {
        server.close();
      }
    });

    it.each(['file:///etc/passwd', 'gopher://127.0.0.1:25/', 'ftp://rpc.example.org', 'dict://127.0.0.1:11211/'])(
      'refuses the scheme of %s with 400',
      async (url) => {
        expect((await test(url)).status).toBe(400);
      },
    );

    it('answers { ok: false, latencyMs } for a name that does not resolve', async () => {
      const response = await test('https://rpc.does-not-exist.invalid');

      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: false, latencyMs: expect.any(Number) });
    });
  });

  describe('PATCH /organizations/:id/chain-rpc', () => {
    beforeEach(async () => {
      head = await storeHead(world.services);
    });

    it.each(INTERNAL_URLS)('refuses to store %s: 422 RPC_URL_NOT_ALLOWED and nothing written', async (url) => {
      const response = await save(url);

      expect(response.status).toBe(422);
      expect(response.body.code).toBe('RPC_URL_NOT_ALLOWED');
      expect(await eventsSince(world.services, head)).toEqual([]);
    });

    it('stores a public URL, and clears it', async () => {
      expect((await save('https://rpc.does-not-exist.invalid:443')).body.chainRpc).toEqual({ url: 'https://rpc.does-not-exist.invalid:443', effective: true });
      expect((await save(null)).body.chainRpc).toEqual({ url: null, effective: false });
    });
  });

  describe('with CHAIN_RPC_ALLOWED_HOSTS', () => {
    let allowed: IdentityWorld;
    let allowedBank: { organizationId: string; admin: Session };

    beforeAll(async () => {
      allowed = await startIdentity({ PER_ORG_RPC_ENABLED: 'true', CHAIN_RPC_ALLOWED_HOSTS: '127.0.0.1, localhost' });
      allowedBank = await onboardBank(allowed, 'Banco Local', 'jefe@local.hn');
    });
    afterAll(() => allowed.close());

    const testAllowed = (url: string) =>
      allowedBank.admin.agent.post(`/api/organizations/${allowedBank.organizationId}/chain-rpc/test`).set(allowedBank.admin.auth).send({ url });

    it('reaches a listed host: { ok: true, latencyMs, chainId, height }', async () => {
      const node = await startFakeComet('occidente-1', 4321);
      try {
        const response = await testAllowed(node.url);

        expect(response.status).toBe(200);
        expect(response.body).toEqual({ ok: true, latencyMs: expect.any(Number), chainId: 'occidente-1', height: 4321 });
      } finally {
        await node.close();
      }
    });

    it('reaches a listed name, and a ws URL over the node\'s HTTP endpoint', async () => {
      const node = await startFakeComet('occidente-2', 7);
      try {
        const port = new URL(node.url).port;

        expect((await testAllowed(`http://localhost:${port}`)).body).toMatchObject({ ok: true, chainId: 'occidente-2', height: 7 });
        expect((await testAllowed(`ws://127.0.0.1:${port}/websocket`)).body).toMatchObject({ ok: true, chainId: 'occidente-2' });
      } finally {
        await node.close();
      }
    });

    it('still refuses hosts it does not list', async () => {
      expect((await testAllowed('http://169.254.169.254/latest/meta-data/')).status).toBe(422);
      expect((await testAllowed('http://10.0.0.1:26657')).status).toBe(422);
    });

    it('never echoes what a failing node answered', async () => {
      const secret = 'root:x:0:0:SECRET-FROM-INSIDE';
      const { port, server } = await startServer(500, secret);
      try {
        const response = await testAllowed(`http://127.0.0.1:${port}`);

        expect(response.status).toBe(200);
        expect(response.body).toEqual({ ok: false, latencyMs: expect.any(Number) });
        expect(response.text).not.toContain('SECRET');
      } finally {
        server.close();
      }
    });

    it('does not follow a redirect to the metadata service', async () => {
      const { port, server } = await startServer(302, '', { location: 'http://169.254.169.254/latest/meta-data/' });
      try {
        const response = await testAllowed(`http://127.0.0.1:${port}`);

        expect(response.body).toEqual({ ok: false, latencyMs: expect.any(Number) });
      } finally {
        server.close();
      }
    });

    it('answers { ok: false } quickly for a refused connection', async () => {
      const response = await testAllowed('http://127.0.0.1:1');

      expect(response.body).toEqual({ ok: false, latencyMs: expect.any(Number) });
    });
  });
});
