import type { ErrorRequestHandler, RequestHandler } from 'express';
import { AppError, validationFailed } from '../write-side/errors';
import { ConcurrencyError } from '../write-side/event-store/event-store';
import { redactUrl, type Logger } from '../runtime/logger';
import { withoutByteOrderMark } from './json-body';

const send = (res: Parameters<RequestHandler>[1], error: AppError, correlationId: string) => {
  for (const [name, value] of Object.entries(error.headers ?? {})) res.setHeader(name, value);
  res
    .status(error.status)
    .type('application/problem+json')
    .send(
      JSON.stringify({
        type: 'about:blank',
        title: error.title,
        status: error.status,
        code: error.code,
        detail: error.detail,
        correlationId,
        ...(error.errors ? { errors: error.errors } : {}),
      }),
    );
};

export const notFoundHandler: RequestHandler = (req, res) =>
  send(res, new AppError(404, 'NOT_FOUND', 'Not found', `No route ${req.method} ${req.path}`), res.locals.correlationId);

/**
 * Every failure leaves as problem+json. Known failures keep their status and code; anything else is
 * a 500 with a generic body, and only the log (under the correlation id) sees the cause — unless the
 * database does not answer at that moment (`databaseAnswers`): a failure no code names, met while it
 * is down (a driver's or a library's own wording of a cut connection), is the outage's 503.
 */
export function errorHandler(logger: Logger, databaseAnswers: () => Promise<boolean> = async () => true): ErrorRequestHandler {
  return async (error, req, res, _next) => {
    const correlationId = res.locals.correlationId as string;
    if (res.headersSent) {
      logger.error({ err: error, correlationId }, 'failure after the response started');
      res.destroy();
      return;
    }
    if (error instanceof AppError) return send(res, error, correlationId);
    // The command handler retried and still lost the race: the client may retry the same request.
    if (error instanceof ConcurrencyError)
      return send(res, new AppError(409, 'CONCURRENT_MODIFICATION', 'Conflict', 'The resource changed concurrently; retry the request'), correlationId);
    const client = clientError(error);
    if (client) return send(res, client, correlationId);
    if (isUnavailable(error) || !(await databaseAnswers().catch(() => false))) {
      logger.warn({ err: error, correlationId }, 'dependency unavailable');
      return send(res, new AppError(503, 'DEPENDENCY_UNAVAILABLE', 'Dependency unavailable', 'A dependency is unreachable; retry later'), correlationId);
    }
    logger.error({ err: error, correlationId, method: req.method, path: redactUrl(`${req.baseUrl}${req.path}`) }, 'unexpected failure');
    send(res, new AppError(500, 'INTERNAL_ERROR', 'Internal server error', 'Something went wrong; quote the correlation id when reporting it'), correlationId);
  };
}

/** Codes of the 4xx statuses that Express, its router and body-parser raise (http-errors) outside the routes. */
const CLIENT_ERROR_CODES = new Map<number, [code: string, title: string, detail: string]>([
  [400, ['VALIDATION_FAILED', 'Validation failed', 'The request is malformed']],
  [404, ['NOT_FOUND', 'Not found', 'Not found']],
  [405, ['METHOD_NOT_ALLOWED', 'Method not allowed', 'This method is not allowed here']],
  [411, ['LENGTH_REQUIRED', 'Length required', 'The request body needs a length']],
  [413, ['PAYLOAD_TOO_LARGE', 'Payload too large', 'The request body is too large']],
  [415, ['UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type', 'The type, charset or encoding of the request body is not accepted']],
]);

/**
 * Whether a body refused by strict JSON parsing is well-formed JSON after all: a bare value (`null`,
 * `"10"`), which strict mode refuses, told apart from malformed text (body-parser and json-body.ts
 * both give the body with the error). Only on this error path, and within the body limit.
 */
function isJsonValue(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  try {
    JSON.parse(withoutByteOrderMark(body));
    return true;
  } catch {
    return false;
  }
}

/**
 * A failure the client caused, raised by the framework rather than by a route (malformed JSON or
 * percent-encoding, body limits, unsupported encodings): its own status, a fixed detail (the library's
 * message may echo the input). Only http-errors' exposed 4xx count; anything else is ours.
 */
function clientError(error: { type?: string; status?: unknown; statusCode?: unknown; expose?: unknown; body?: unknown } | undefined): AppError | null {
  if (error?.type === 'entity.parse.failed')
    return isJsonValue(error.body)
      ? validationFailed([{ path: '(body)', message: 'a JSON object is expected, not a bare value' }], 'The body must be a JSON object')
      : validationFailed([{ path: '(body)', message: 'Malformed JSON' }], 'Malformed JSON');
  const status = Number(error?.status ?? error?.statusCode);
  if (!Number.isInteger(status) || status < 400 || status > 499 || error?.expose !== true) return null;
  const [code, title, detail] = CLIENT_ERROR_CODES.get(status) ?? ['BAD_REQUEST', 'Bad request', 'The request cannot be processed'];
  return status === 400 ? validationFailed([{ path: '(request)', message: detail }], detail) : new AppError(status, code, title, detail);
}

/** Connection failures of PostgreSQL, the event store or the chain. */
function isUnavailable(error: { code?: string; message?: string; cause?: unknown } | undefined): boolean {
  const code = error?.code ?? '';
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'EPIPE', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006'].includes(code) ||
    /Knex: Timeout acquiring a connection|Connection terminated|Connection ended unexpectedly|timeout exceeded when trying to connect|connection error and is not queryable|Client was closed and is not queryable/.test(
      error?.message ?? '',
    ) ||
    // A driver or store may wrap the connection failure it met.
    (error?.cause !== undefined && error.cause !== error && isUnavailable(error.cause as { code?: string; message?: string; cause?: unknown }))
  );
}
