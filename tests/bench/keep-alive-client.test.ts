import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import { createServer as createTcpServer, type AddressInfo, type Server as TcpServer, type Socket } from 'node:net';
import { KeepAlivePool } from '../../bench/support/keep-alive-client';

/** A node:http server that records each connection and request, answering with `answer`. */
async function httpServer(answer: (body: string, req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => void) {
  const connections: Socket[] = [];
  const requests: Array<{ method: string; url: string; headers: Record<string, unknown>; body: string }> = [];
  const server: HttpServer = createHttpServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      answer(body, req, res);
    });
  });
  server.on('connection', (socket: Socket) => connections.push(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, connections, requests, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** A TCP server that hands each received chunk to `onChunk`, to answer with raw bytes. */
async function rawServer(onChunk: (socket: Socket, chunk: Buffer, index: number) => void) {
  const chunks: Buffer[] = [];
  const server: TcpServer = createTcpServer((socket) => socket.on('data', (chunk: Buffer) => onChunk(socket, chunk, chunks.push(chunk) - 1)));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, chunks, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const closeServer = (server: HttpServer | TcpServer) => new Promise((resolve) => server.close(resolve));

describe('KeepAlivePool (the load generators’ HTTP client)', () => {
  let pool: KeepAlivePool | null = null;
  let server: HttpServer | TcpServer | null = null;
  afterEach(async () => {
    await pool?.close();
    if (server && 'closeAllConnections' in server) server.closeAllConnections();
    if (server) await closeServer(server);
    pool = null;
    server = null;
  });

  it('sends a POST with its headers and UTF-8 body and answers its status and body text', async () => {
    const http = await httpServer((body, _req, res) => res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ echoed: JSON.parse(body) })));
    server = http.server;
    pool = new KeepAlivePool(http.origin, 4);
    const answer = await pool.request({ method: 'POST', path: '/api/x?y=1', headers: { authorization: 'Bearer t', 'idempotency-key': 'k-1' }, body: JSON.stringify({ alias: 'Åsa €' }) });
    expect(answer).toEqual({ statusCode: 201, text: JSON.stringify({ echoed: { alias: 'Åsa €' } }) });
    expect(http.requests).toEqual([
      expect.objectContaining({ method: 'POST', url: '/api/x?y=1', body: JSON.stringify({ alias: 'Åsa €' }), headers: expect.objectContaining({ authorization: 'Bearer t', 'idempotency-key': 'k-1', host: http.origin.slice('http://'.length) }) }),
    ]);
  });

  it('writes a request’s head and body in one piece', async () => {
    const raw = await rawServer((socket) => socket.write('HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}'));
    server = raw.server;
    pool = new KeepAlivePool(raw.origin, 1);
    await pool.request({ method: 'POST', path: '/p', body: '{"amount":"1"}' });
    expect(raw.chunks).toHaveLength(1);
    expect(raw.chunks[0]!.toString()).toMatch(/^POST \/p HTTP\/1\.1\r\n[\s\S]*content-length: 14\r\n\r\n\{"amount":"1"\}$/);
  });

  it('sends one request after another on the same connection', async () => {
    const http = await httpServer((_body, _req, res) => res.end('ok'));
    server = http.server;
    pool = new KeepAlivePool(http.origin, 4);
    for (let n = 0; n < 5; n++) expect(await pool.request({ method: 'GET', path: `/${n}` })).toEqual({ statusCode: 200, text: 'ok' });
    expect(http.connections).toHaveLength(1);
    expect(http.requests.map((request) => request.url)).toEqual(['/0', '/1', '/2', '/3', '/4']);
  });

  it('opens at most its number of connections, the requests beyond them waiting their turn', async () => {
    const held: Array<() => void> = [];
    const http = await httpServer((body, _req, res) => held.push(() => res.end(body)));
    server = http.server;
    pool = new KeepAlivePool(http.origin, 2);
    const answers = Array.from({ length: 5 }, (_, n) => pool!.request({ method: 'POST', path: '/', body: String(n) }));
    while (held.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(held).toHaveLength(2);
    while (held.length > 0) {
      held.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect((await Promise.all(answers)).map((answer) => answer.text)).toEqual(['0', '1', '2', '3', '4']);
    expect(http.connections).toHaveLength(2);
  });

  it('reads a chunked answer, and an answer split across segments', async () => {
    const raw = await rawServer((socket, _chunk, index) => {
      if (index === 0) socket.write('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n7\r\n, world\r\n0\r\n\r\n');
      else {
        socket.write('HTTP/1.1 400 Bad Request\r\ncontent-le');
        setTimeout(() => socket.write('ngth: 10\r\n\r\n{"code":'), 10);
        setTimeout(() => socket.write('1}'), 20);
      }
    });
    server = raw.server;
    pool = new KeepAlivePool(raw.origin, 1);
    expect(await pool.request({ method: 'GET', path: '/' })).toEqual({ statusCode: 200, text: 'hello, world' });
    expect(await pool.request({ method: 'GET', path: '/' })).toEqual({ statusCode: 400, text: '{"code":1}' });
  });

  it('answers 204 without a body and goes on on the same connection', async () => {
    const http = await httpServer((_body, req, res) => (req.url === '/none' ? res.writeHead(204).end() : res.end('after')));
    server = http.server;
    pool = new KeepAlivePool(http.origin, 1);
    expect(await pool.request({ method: 'GET', path: '/none' })).toEqual({ statusCode: 204, text: '' });
    expect(await pool.request({ method: 'GET', path: '/then' })).toEqual({ statusCode: 200, text: 'after' });
    expect(http.connections).toHaveLength(1);
  });

  it('opens a new connection after an answer that closes its own', async () => {
    const http = await httpServer((_body, req, res) => res.writeHead(200, req.url === '/last' ? { connection: 'close' } : {}).end(req.url));
    server = http.server;
    pool = new KeepAlivePool(http.origin, 1);
    expect((await pool.request({ method: 'GET', path: '/last' })).text).toBe('/last');
    expect((await pool.request({ method: 'GET', path: '/next' })).text).toBe('/next');
    expect(http.connections).toHaveLength(2);
  });

  it('counts the connections it opened, one the server closed and that it opened again twice', async () => {
    const http = await httpServer((_body, req, res) => res.writeHead(200, req.url === '/last' ? { connection: 'close' } : {}).end(req.url));
    server = http.server;
    pool = new KeepAlivePool(http.origin, 3);
    expect(pool.connections).toBe(3);
    expect(pool.opened).toBe(0);
    await Promise.all([0, 1, 2].map((n) => pool!.request({ method: 'GET', path: `/${n}` })));
    expect(pool.opened).toBe(3);
    await pool.request({ method: 'GET', path: '/again' });
    expect(pool.opened).toBe(3);
    await pool.request({ method: 'GET', path: '/last' });
    await Promise.all([0, 1, 2].map((n) => pool!.request({ method: 'GET', path: `/${n}` })));
    expect(pool.opened).toBe(4);
    expect(http.connections).toHaveLength(4);
  });

  it('fails a POST the server dropped unanswered, with the socket’s error code, and is usable afterwards', async () => {
    const raw = await rawServer((socket, _chunk, index) => (index === 0 ? socket.destroy() : socket.write('HTTP/1.1 201 Created\r\ncontent-length: 4\r\n\r\nsent')));
    server = raw.server;
    pool = new KeepAlivePool(raw.origin, 1);
    await expect(pool.request({ method: 'POST', path: '/', body: '{}' })).rejects.toMatchObject({ code: expect.stringMatching(/^(ECONNRESET|UND_ERR_SOCKET)$/) });
    expect(await pool.request({ method: 'POST', path: '/', body: '{}' })).toEqual({ statusCode: 201, text: 'sent' });
  });

  it('sends a GET again on a new connection when a reused one closes unanswered, but not a POST', async () => {
    const raw = await rawServer((socket, _chunk, index) => {
      if (index === 1 || index === 3) socket.destroy();
      else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
    });
    server = raw.server;
    pool = new KeepAlivePool(raw.origin, 1);
    expect(await pool.request({ method: 'GET', path: '/' })).toEqual({ statusCode: 200, text: 'ok' });
    expect(await pool.request({ method: 'GET', path: '/' })).toEqual({ statusCode: 200, text: 'ok' });
    expect(raw.chunks).toHaveLength(3);
    await expect(pool.request({ method: 'POST', path: '/', body: '{}' })).rejects.toMatchObject({ code: expect.any(String) });
    expect(raw.chunks).toHaveLength(4);
  });

  it('refuses an answer that is not HTTP and a connection the server refuses', async () => {
    const raw = await rawServer((socket) => socket.write('SSH-2.0-OpenSSH\r\n\r\n'));
    server = raw.server;
    pool = new KeepAlivePool(raw.origin, 1);
    await expect(pool.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'HPE_INVALID_STATUS' });
    await closeServer(raw.server);
    server = null;
    await expect(pool.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('fails what is in flight or waiting when it closes', async () => {
    const http = await httpServer(() => undefined);
    server = http.server;
    pool = new KeepAlivePool(http.origin, 1);
    const inFlight = pool.request({ method: 'GET', path: '/held' });
    const waiting = pool.request({ method: 'GET', path: '/after' });
    const outcomes = Promise.allSettled([inFlight, waiting]);
    while (http.requests.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    await pool.close();
    expect((await outcomes).map((outcome) => outcome.status === 'rejected' && outcome.reason.code)).toEqual(['UND_ERR_CLOSED', 'UND_ERR_CLOSED']);
    await expect(pool.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'UND_ERR_CLOSED' });
  });
});
