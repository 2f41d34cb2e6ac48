import type { Request, RequestHandler } from 'express';
import { AppError, validationFailed, type FieldError } from '../write-side/errors';
import { isPlainJson } from './json-body';

/**
 * Text no request may carry (contract "Ids are opaque"): NUL, which PostgreSQL text cannot store,
 * UTF-16 surrogates without their pair, which are not Unicode and which jsonb refuses, and the other
 * control characters but tab and line breaks, which only serve to forge logs, CSV exports and
 * terminal output. Caught at the edge so that no handler, read model or chain transaction sees them.
 */
const FORBIDDEN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const FORBIDDEN_MESSAGE = 'a control character (NUL included) or an unpaired surrogate';

/** Nesting deeper than any request schema needs; deeper bodies are refused before anything walks them. */
export const MAX_BODY_DEPTH = 32;

/** The only body encoding accepted: bodies are small JSON, so compressed ones only widen the attack surface. */
const IDENTITY = /^\s*identity\s*$/i;

const unsupportedEncoding = () =>
  new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'Request bodies must not carry a Content-Encoding');

/** Percent-decodes one URL component, or null when its encoding is malformed (or encodes invalid UTF-8). */
function decodeComponent(component: string, plusIsSpace: boolean): string | null {
  try {
    return decodeURIComponent(plusIsSpace ? component.replace(/\+/g, ' ') : component);
  } catch {
    return null;
  }
}

/** Visible ASCII but '%': such a URL decodes to itself, so it holds nothing to refuse (most requests). */
const PLAIN_URL = /^[\x21-\x24\x26-\x7E]*$/;

function checkUrl(url: string): FieldError[] {
  if (PLAIN_URL.test(url)) return [];
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const errors: FieldError[] = [];
  for (const segment of path.split('/')) {
    const decoded = decodeComponent(segment, false);
    if (decoded === null) errors.push({ path: '(path)', message: 'malformed percent-encoding' });
    else if (FORBIDDEN_TEXT.test(decoded)) errors.push({ path: '(path)', message: FORBIDDEN_MESSAGE });
  }
  for (const pair of query.split('&')) {
    for (const part of pair.split('=')) {
      const decoded = decodeComponent(part, true);
      if (decoded === null) errors.push({ path: '(query)', message: 'malformed percent-encoding' });
      else if (FORBIDDEN_TEXT.test(decoded)) errors.push({ path: '(query)', message: FORBIDDEN_MESSAGE });
    }
  }
  return errors.slice(0, 1);
}

/** Walks a parsed JSON body without recursion (a deep body cannot overflow the stack): keys and strings. */
function checkBody(body: unknown): FieldError[] {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value: body, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value, path, depth } = pending.pop()!;
    if (typeof value === 'string') {
      if (FORBIDDEN_TEXT.test(value)) return [{ path: path || '(root)', message: FORBIDDEN_MESSAGE }];
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return [{ path: path || '(root)', message: `nested deeper than ${MAX_BODY_DEPTH} levels` }];
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN_TEXT.test(key)) return [{ path: path || '(root)', message: `a key with ${FORBIDDEN_MESSAGE}` }];
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return [];
}

/** Whether the request carries a body at all (a length above zero, or a chunked one). */
export const hasBody = (req: Request) =>
  req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0');

/** A body that is not JSON, sent to a route that takes a JSON body: 415, rather than reading it as `{}`. */
export function assertJsonBody(req: Request): void {
  if (hasBody(req) && !isPlainJson(req.headers['content-type']) && !req.is('application/json'))
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'The request body must be application/json');
}

/**
 * A route that takes no body refuses one with content (contract "Bodies": unknown keys are rejected):
 * a client that sends fields there believes they mean something. An empty object is no content.
 */
export function assertNoBody(req: Request): void {
  const body: unknown = req.body;
  const empty = body === undefined || (typeof body === 'object' && body !== null && !Array.isArray(body) && Object.keys(body).length === 0);
  if (!empty) throw validationFailed([{ path: '(body)', message: 'this operation takes no request body' }]);
}

/** Refuses encoded bodies before they are read (415); mount before the body parser. */
export const refuseContentEncoding: RequestHandler = (req, _res, next) => {
  const encoding = req.header('content-encoding');
  next(encoding !== undefined && !IDENTITY.test(encoding) ? unsupportedEncoding() : undefined);
};

const forbiddenText = (errors: FieldError[]) => validationFailed(errors, 'The request carries malformed or forbidden text');

/** Refuses malformed percent-encoding and forbidden text in the path and the query (400), before routing. */
export const refuseMalformedUrl: RequestHandler = (req, _res, next) => {
  const errors = checkUrl(req.originalUrl);
  next(errors.length > 0 ? forbiddenText(errors) : undefined);
};

/** Refuses forbidden text and excessive nesting in the parsed JSON body (400); mount after the body parser. */
export const refuseMalformedBody: RequestHandler = (req, _res, next) => {
  const errors = checkBody(req.body);
  next(errors.length > 0 ? forbiddenText(errors) : undefined);
};
