import type { Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import express from 'express';
import { createHttpServer } from '../../api/http-server';
import { jsonBody, parseStrictJson } from '../../api/json-body';
import { errorHandler } from '../../api/problem';
import { createLogger } from '../../runtime/logger';

/**
 * JSON bodies of a declared length are read directly, the others (chunked ones here) by body-parser:
 * either way a request gets the same answer, and those answers are written down here.
 */
describe('JSON request bodies', () => {
  let server: Server;
  let base: string;
  let handled = 0;

  beforeAll(async () => {
    const app = express();
    app.post('/echo', jsonBody('1kb'), (req, res) => {
      handled += 1;
      res.status(200).json({ body: req.body ?? null });
    });
    app.use(errorHandler(createLogger('silent')));
    server = createHttpServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  async function send(body: string, framing: 'declared length' | 'chunked', contentType = 'application/json') {
    const bytes = new TextEncoder().encode(body);
    const init: RequestInit & { duplex?: 'half' } =
      framing === 'declared length'
        ? { method: 'POST', headers: { 'content-type': contentType }, body: bytes }
        : {
            method: 'POST',
            headers: { 'content-type': contentType },
            duplex: 'half',
            body: new ReadableStream({
              start(controller) {
                if (bytes.length > 0) controller.enqueue(bytes);
                controller.close();
              },
            }),
          };
    const response = await fetch(`${base}/echo`, init);
    const answer = (await response.json()) as { body?: unknown; code?: string; detail?: string };
    return { status: response.status, body: answer.body, code: answer.code, detail: answer.detail };
  }

  const cases: Array<[what: string, body: string, contentType: string, expected: { status: number; body?: unknown; code?: string; detail?: string }]> = [
    ['an object', '{"amount":"10","recipientAlias":"@ana"}', 'application/json', { status: 200, body: { amount: '10', recipientAlias: '@ana' } }],
    ['an array', '[1,2]', 'application/json', { status: 200, body: [1, 2] }],
    ['an object after whitespace', ' \n\t{"a":1}', 'application/json', { status: 200, body: { a: 1 } }],
    ['an object after a UTF-8 byte order mark', '\uFEFF{"a":1}', 'application/json', { status: 200, body: { a: 1 } }],
    ['non-ASCII text', '{"reference":"café ☕"}', 'application/json; charset=UTF-8', { status: 200, body: { reference: 'café ☕' } }],
    ['an empty body, as an empty object', '', 'application/json', { status: 200, body: {} }],
    ['malformed JSON, as 400', '{"amount":', 'application/json', { status: 400, code: 'VALIDATION_FAILED', detail: 'Malformed JSON' }],
    ['a bare string (well-formed JSON, not an object or an array), as 400', '"10"', 'application/json', { status: 400, code: 'VALIDATION_FAILED', detail: 'The body must be a JSON object' }],
    ['null, as 400', 'null', 'application/json', { status: 400, code: 'VALIDATION_FAILED', detail: 'The body must be a JSON object' }],
    ['a number after a byte order mark, as 400', '\uFEFF 42', 'application/json', { status: 400, code: 'VALIDATION_FAILED', detail: 'The body must be a JSON object' }],
    ['only whitespace, as 400', '   ', 'application/json', { status: 400, code: 'VALIDATION_FAILED', detail: 'Malformed JSON' }],
    ['a body over the limit, as 413', JSON.stringify({ reference: 'x'.repeat(1100) }), 'application/json', { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'The request body is too large' }],
    ['an unsupported charset, as 415', '{"a":1}', 'application/json; charset=latin1', { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', detail: 'The type, charset or encoding of the request body is not accepted' }],
    ['another media type, as no body', 'a=1', 'application/x-www-form-urlencoded', { status: 200, body: null }],
  ];

  describe.each(cases)('%s', (_what, body, contentType, expected) => {
    it.each(['declared length', 'chunked'] as const)('with a %s', async (framing) => {
      expect(await send(body, framing, contentType)).toEqual({ detail: undefined, code: undefined, body: undefined, ...expected });
    });
  });

  it('drops a body cut off before its declared length without reaching the route, and goes on serving', async () => {
    const before = handled;
    await new Promise<void>((resolve, reject) => {
      const socket = connect((server.address() as AddressInfo).port, '127.0.0.1', () => {
        socket.write('POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"amount":');
        setTimeout(() => socket.destroy(), 50);
      });
      socket.on('close', () => resolve()).on('error', reject);
    });
    expect(await send('{"a":1}', 'declared length')).toEqual({ status: 200, body: { a: 1 }, code: undefined, detail: undefined });
    expect(handled).toBe(before + 1);
  });

  describe('strict JSON as body-parser reads it', () => {
    it('takes an object or an array, an empty text as an empty object', () => {
      expect(parseStrictJson('{"a":[1]}')).toEqual({ a: [1] });
      expect(parseStrictJson('[]')).toEqual([]);
      expect(parseStrictJson('')).toEqual({});
      expect(parseStrictJson('\uFEFF')).toEqual({});
    });

    it('refuses other JSON values and malformed text with body-parser’s error type', () => {
      for (const text of ['1', 'null', 'true', '"x"', ' 1', '{', '{"a":1}x'])
        expect(() => parseStrictJson(text)).toThrow(expect.objectContaining({ status: 400, expose: true, type: 'entity.parse.failed' }));
    });
  });
});
