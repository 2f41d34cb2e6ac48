import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type Express } from 'express';
import { createHttpServer } from '../../api/http-server';

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
});
