import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { closeGracefully, createHttpServer } from '../../api/http-server';

/** An app that notes, as each request reaches it, whether its request and response already carry its prototypes. */
function probedApp(): { app: Express; arrivals: boolean[] } {
  const app = express();
  const arrivals: boolean[] = [];
  const handle = (app as unknown as { handle: (...args: unknown[]) => void }).handle;
  (app as unknown as { handle: (...args: unknown[]) => void }).handle = function (req: unknown, res: unknown, next: unknown) {
    arrivals.push(Object.getPrototypeOf(req) === app.request && Object.getPrototypeOf(res) === app.response);
    return handle.call(this, req, res, next);
  };
  app.post('/echo', express.json(), (req, res) => res.status(201).json({ body: req.body, ip: req.ip, path: req.path }));
  return { app, arrivals };
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('the service’s HTTP server', () => {
  const servers: Server[] = [];
  afterAll(async () => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  const post = (base: string) => fetch(`${base}/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ amount: '10' }) });

  it('builds each request and response with the app’s own prototypes, so Express has none to change', async () => {
    const { app, arrivals } = probedApp();
    const server = createHttpServer(app);
    servers.push(server);
    const response = await post(await listen(server));
    expect(response.status).toBe(201);
    expect(arrivals).toEqual([true]);
  });

  it('while a plain node:http server, for comparison, hands Express objects it must re-prototype', async () => {
    const { app, arrivals } = probedApp();
    const server = createServer(app);
    servers.push(server);
    expect((await post(await listen(server))).status).toBe(201);
    expect(arrivals).toEqual([false]);
  });

  it('serves the app as Express does: body, request helpers and response helpers', async () => {
    const { app } = probedApp();
    const server = createHttpServer(app);
    servers.push(server);
    const base = await listen(server);
    const response = await post(base);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(await response.json()).toEqual({ body: { amount: '10' }, ip: '127.0.0.1', path: '/echo' });
    expect((await fetch(`${base}/nothing-here`)).status).toBe(404);
  });

  describe('idle keep-alive connections', () => {
    /** Sends `request` on the socket and resolves with the whole answer (head and body) once it is in. */
    const exchange = (socket: ReturnType<typeof connect>, request: string) =>
      new Promise<string>((resolve, reject) => {
        let text = '';
        const onData = (chunk: Buffer) => {
          text += chunk.toString('latin1');
          const [head, body = ''] = text.split('\r\n\r\n');
          const length = Number(/content-length: (\d+)/i.exec(head!)?.[1] ?? NaN);
          if (body.length >= length) {
            socket.off('data', onData);
            resolve(text);
          }
        };
        socket.on('data', onData).once('error', reject).write(request);
      });
    const request = 'POST /echo HTTP/1.1\r\nhost: emisor\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}';

    it('tells clients they stay open 65 s, longer than a load balancer keeps one (Node’s default said 5 s)', async () => {
      const server = createHttpServer(probedApp().app);
      servers.push(server);
      const answer = await post(await listen(server));
      expect(answer.headers.get('keep-alive')).toBe('timeout=65');
    });

    it('answers a request on a connection idle for longer than Node’s default 5 s', async () => {
      const server = createHttpServer(probedApp().app);
      servers.push(server);
      const { port } = new URL(await listen(server));
      const socket = connect(Number(port), '127.0.0.1');
      let closedAt: number | null = null;
      socket.once('close', () => (closedAt = Date.now()));
      try {
        expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 201 /);
        await new Promise((resolve) => setTimeout(resolve, 6_000));
        expect(closedAt).toBeNull();
        expect(await exchange(socket, request)).toMatch(/^HTTP\/1\.1 201 /);
      } finally {
        socket.destroy();
      }
    }, 15_000);

    it('are closed when the server stops: a request under way is answered, then its connection ends, not 65 s later', async () => {
      const app = express();
      app.get('/slow', (_req, res) => setTimeout(() => res.json({ answered: true }), 300));
      const server = createHttpServer(app);
      const { port } = new URL(await listen(server));
      const socket = connect(Number(port), '127.0.0.1');
      const socketClosed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      try {
        const answer = exchange(socket, 'GET /slow HTTP/1.1\r\nhost: emisor\r\n\r\n');
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = Date.now();
        const stopped = closeGracefully(server);
        expect(await answer).toMatch(/^HTTP\/1\.1 200 [\s\S]*\{"answered":true\}$/);
        await Promise.all([stopped, socketClosed]);
        expect(Date.now() - started).toBeLessThan(2_000);
      } finally {
        socket.destroy();
      }
    });
  });
});
