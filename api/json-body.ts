import type { IncomingMessage } from 'node:http';
import bytes from 'bytes';
import express, { type RequestHandler } from 'express';

/**
 * Reads JSON request bodies as `express.json({ limit, inflate: false })` does, with the usual request
 * read directly: a body of a declared length within the limit, `application/json` in UTF-8, no
 * Content-Encoding. Every other request (chunked, over the limit, another type or charset, encoded)
 * goes to express.json itself, so its answers are body-parser's own.
 *
 * Why: body-parser prepares each read with a content-type parse, a type match, raw-body's stream
 * plumbing and an iconv decoder. In the payment route's HTTP harness (`npm run bench:http`'s pipeline)
 * reading directly took the server's CPU per request from 0.305 to 0.257 ms (0.840×, medians of six
 * alternating runs against the code before it, `BENCH_HTTP_BASELINE_DIR`).
 */
export function jsonBody(limit: string): RequestHandler {
  const maxBytes = bytes.parse(limit);
  if (maxBytes === null) throw new TypeError(`JSON body limit "${limit}" is not a size`);
  const bodyParser = express.json({ limit, inflate: false });
  return (req, res, next) => {
    const { 'content-length': length, 'content-type': type } = req.headers;
    const declared = length !== undefined && DECLARED_LENGTH.test(length) ? Number(length) : null;
    if (
      declared === null ||
      declared > maxBytes ||
      !isPlainJson(type) ||
      req.headers['transfer-encoding'] !== undefined ||
      req.headers['content-encoding'] !== undefined
    )
      return bodyParser(req, res, next);
    (req as ReadingRequest)[READING] = { declared, chunks: [], received: 0, next };
    // A request closed before its end was cut off (the 'aborted' event is deprecated for this).
    req.on('data', onData).on('end', onEnd).on('error', onAborted).on('close', onAborted);
  };
}

/** Whether a Content-Type is one of those read directly (type-is matches them too, and more). */
export const isPlainJson = (contentType: string | undefined): boolean => contentType !== undefined && PLAIN_JSON.has(contentType.toLowerCase());

interface BodyReading {
  declared: number;
  chunks: Buffer[];
  received: number;
  next: (error?: Error) => void;
}

const READING = Symbol('json body reading');

type ReadingRequest = IncomingMessage & { [READING]?: BodyReading; body?: unknown };

// The listeners are shared, the state is the request's (the emitter is `this`): closures made per
// request would each be named by tsx's keepNames on every request.
function onData(this: ReadingRequest, chunk: Buffer): void {
  const reading = this[READING]!;
  reading.chunks.push(chunk);
  reading.received += chunk.length;
}

function onEnd(this: ReadingRequest): void {
  const { declared, chunks, received } = this[READING]!;
  if (received !== declared) return finish(this, requestError('request size did not match content length', 'request.size.invalid'));
  try {
    this.body = parseStrictJson((chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, received)).toString('utf8'));
  } catch (error) {
    return finish(this, error as Error);
  }
  finish(this);
}

function onAborted(this: ReadingRequest): void {
  finish(this, requestError('request aborted', 'request.aborted'));
}

function finish(req: ReadingRequest, error?: Error): void {
  const { next } = req[READING]!;
  req.off('data', onData).off('end', onEnd).off('error', onAborted).off('close', onAborted);
  req[READING] = undefined;
  next(error);
}

/** The media types read directly; type-is would match them (and more, left to body-parser). */
const PLAIN_JSON = new Set(['application/json', 'application/json; charset=utf-8', 'application/json;charset=utf-8']);

const DECLARED_LENGTH = /^\d{1,15}$/;

const FIRST_NON_WHITESPACE = /^[\x20\x09\x0a\x0d]*([^\x20\x09\x0a\x0d]|$)/;

const BYTE_ORDER_MARK = 0xfeff;

/** The text without a leading UTF-8 byte order mark, which body-parser's decoder drops too. */
export const withoutByteOrderMark = (text: string): string => (text.charCodeAt(0) === BYTE_ORDER_MARK ? text.slice(1) : text);

/**
 * body-parser's strict JSON: an empty body is `{}`, anything but an object or an array is refused, and
 * a UTF-8 byte order mark is dropped (as its decoder does). Failures carry body-parser's error type,
 * which the error handler answers as malformed JSON (api/problem.ts).
 */
export function parseStrictJson(decoded: string): unknown {
  const text = withoutByteOrderMark(decoded);
  if (text.length === 0) return {};
  const first = text[0] === '{' || text[0] === '[' ? text[0] : FIRST_NON_WHITESPACE.exec(text)?.[1];
  if (first !== '{' && first !== '[') throw requestError('JSON body is not an object or an array', 'entity.parse.failed', decoded);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw requestError((error as Error).message, 'entity.parse.failed', decoded);
  }
}

/**
 * A client's 400 as http-errors shapes it (status, expose, type): what api/problem.ts recognises. A
 * body that failed to parse goes with it, as body-parser's does.
 */
function requestError(message: string, type: string, body?: string): Error {
  const error = type === 'entity.parse.failed' ? new SyntaxError(message) : new Error(message);
  return Object.assign(error, { status: 400, statusCode: 400, expose: true, type }, body === undefined ? {} : { body });
}
