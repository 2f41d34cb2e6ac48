import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import supertest from 'supertest';
import { accessLog } from '../../api/access-log';
import { createLogger } from '../../runtime/logger';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

/**
 * At the default level (info) every request leaves one access log line: what a combined log format
 * holds, with the correlation id and the response time, and no dump of the request's or the answer's
 * headers (a payment's line had carried ~1.5 KB of them).
 */
describe('The access log', () => {
  const lines: string[] = [];
  let world: TestRuntime;

  beforeAll(async () => {
    world = await createTestRuntime({ configOverrides: { LOG_LEVEL: 'info' }, logDestination: { write: (line: string) => void lines.push(line) } });
  });
  afterAll(() => world.close());

  const accessLines = () =>
    lines.map((line) => JSON.parse(line) as Record<string, any>).filter((entry) => ['request completed', 'request failed', 'request aborted'].includes(entry.msg));

  it('logs a request with its method, URL, caller, user agent, status, correlation id and time', async () => {
    lines.length = 0;
    const answer = await supertest(world.app)
      .get('/api/health')
      .set('User-Agent', 'emisor-wallet/1.2')
      .set('Authorization', 'Bearer not-a-token')
      .set('X-Correlation-Id', 'access-log-1');
    expect(answer.status).toBe(200);

    const [entry] = accessLines().filter((line) => line.req?.id === 'access-log-1');
    expect(entry).toBeDefined();
    expect(entry!.level).toBe(30);
    expect(entry!.req).toEqual({ id: 'access-log-1', method: 'GET', url: '/api/health', remoteAddress: expect.any(String), userAgent: 'emisor-wallet/1.2' });
    expect(entry!.res).toEqual({ statusCode: 200 });
    expect(entry!.responseTime).toEqual(expect.any(Number));
  });

  it('carries no request or answer headers, so neither a credential nor a cookie', async () => {
    lines.length = 0;
    await supertest(world.app).get('/api/users/me').set('Authorization', 'Bearer secret-looking-value').set('Cookie', 'refresh_token=another-secret').set('X-Correlation-Id', 'access-log-2');

    const [entry] = accessLines().filter((line) => line.req?.id === 'access-log-2');
    expect(entry).toBeDefined();
    expect(entry!.res).toEqual({ statusCode: 401 });
    expect(entry!.req.headers).toBeUndefined();
    expect(entry!.res.headers).toBeUndefined();
    const text = lines.join('');
    expect(text).not.toContain('secret-looking-value');
    expect(text).not.toContain('another-secret');
  });
});

describe('accessLog: answers that fail or never come', () => {
  const lines: Array<Record<string, any>> = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
  const app = express();
  app.use((_req, res, next) => {
    res.locals.correlationId = 'fixed-id';
    next();
  });
  app.use(accessLog(logger));
  app.get('/unavailable', (_req, res) => void res.status(503).json({ status: 503 }));
  app.get('/never', () => undefined);

  beforeEach(() => {
    lines.length = 0;
  });

  it('logs a 5xx answer at error level as failed', async () => {
    expect((await supertest(app).get('/unavailable')).status).toBe(503);
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request failed', res: { statusCode: 503 } })]);
  });

  it('logs a request whose caller left before the answer at warn level as aborted', async () => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const sent = httpRequest({ host: '127.0.0.1', port, path: '/never' });
      sent.on('error', () => undefined);
      sent.end();
      await new Promise((resolve) => setTimeout(resolve, 100));
      sent.destroy();
      for (let look = 0; look < 50 && lines.length === 0; look++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(lines).toEqual([expect.objectContaining({ level: 40, msg: 'request aborted', req: expect.objectContaining({ id: 'fixed-id', method: 'GET', url: '/never' }) })]);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
