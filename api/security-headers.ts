import type { RequestHandler, Response } from 'express';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's security headers, worked out once and set in one call. helmet's own middleware walks a
 * dozen middlewares and rebuilds its Content-Security-Policy on every request, which on the payment
 * path cost as much as routing it. The headers are helmet's: only when they are computed changes.
 */
export function securityHeaders(options?: HelmetOptions): RequestHandler {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number) => headers.set(name, String(value)),
    removeHeader: () => undefined,
  } as unknown as Response;
  helmet(options)({} as never, recorder, () => undefined);
  return (_req, res, next) => {
    res.setHeaders(headers);
    next();
  };
}
