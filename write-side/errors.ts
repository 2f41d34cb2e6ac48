/**
 * The refusals of the domain: deciders and commands throw them, queries too, and the API answers each
 * as application/problem+json (RFC 9457). `code` is the stable UPPER_SNAKE_CASE string clients switch
 * on; `status` is the HTTP status the wire contract gives it. They live with the domain, which decides
 * them, so that the write side needs nothing from the runtime.
 */
export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly title: string,
    readonly detail?: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail ?? title);
    this.name = 'AppError';
  }
}

export const validationFailed = (errors: FieldError[], detail = 'The request does not match the schema') =>
  new AppError(400, 'VALIDATION_FAILED', 'Validation failed', detail, errors);
export const unauthenticated = (detail = 'A valid access token is required', code = 'UNAUTHENTICATED') =>
  new AppError(401, code, 'Unauthenticated', detail);
export const forbidden = (detail = 'You are not allowed to do this', code = 'FORBIDDEN') =>
  new AppError(403, code, 'Forbidden', detail);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', 'Not found', `${what} not found`);
export const conflict = (code: string, detail: string) => new AppError(409, code, 'Conflict', detail);
export const gone = (code: string, detail: string) => new AppError(410, code, 'Gone', detail);
export const businessRule = (code: string, detail: string) => new AppError(422, code, 'Business rule violated', detail);
export const rateLimited = (retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', 'Too many requests', `Retry after ${retryAfterSeconds} seconds`, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });
export const dependencyUnavailable = (detail: string) =>
  new AppError(503, 'DEPENDENCY_UNAVAILABLE', 'Dependency unavailable', detail);
