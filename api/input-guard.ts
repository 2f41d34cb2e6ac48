import type { RequestHandler } from 'express';
import { AppError, validationFailed, type FieldError } from '../runtime/errors';

/**
 * Text no request may carry (contract "Ids are opaque"): NUL, which PostgreSQL text cannot store, and
 * UTF-16 surrogates without their pair, which are not Unicode and which jsonb refuses. Caught at the
 * edge so that no handler, read model or chain transaction ever sees them.
 */
const FORBIDDEN_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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

function checkUrl(url: string): FieldError[] {
  const queryStart = url.indexOf('?');
  const path = queryStart === -1 ? url : url.slice(0, queryStart);
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1);
  const errors: FieldError[] = [];
  for (const segment of path.split('/')) {
    const decoded = decodeComponent(segment, false);
    if (decoded === null) errors.push({ path: '(path)', message: 'malformed percent-encoding' });
    else if (FORBIDDEN_TEXT.test(decoded)) errors.push({ path: '(path)', message: 'NUL or unpaired surrogate' });
  }
  for (const pair of query.split('&')) {
    for (const part of pair.split('=')) {
      const decoded = decodeComponent(part, true);
      if (decoded === null) errors.push({ path: '(query)', message: 'malformed percent-encoding' });
      else if (FORBIDDEN_TEXT.test(decoded)) errors.push({ path: '(query)', message: 'NUL or unpaired surrogate' });
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
      if (FORBIDDEN_TEXT.test(value)) return [{ path: path || '(root)', message: 'NUL or unpaired surrogate' }];
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_BODY_DEPTH) return [{ path: path || '(root)', message: `nested deeper than ${MAX_BODY_DEPTH} levels` }];
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (FORBIDDEN_TEXT.test(key)) return [{ path: path || '(root)', message: 'a key with NUL or unpaired surrogate' }];
      pending.push({ value: child, path: childPath, depth: depth + 1 });
    }
  }
  return [];
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
