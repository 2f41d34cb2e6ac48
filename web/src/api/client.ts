import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

export type Schemas = components['schemas'];
export type Problem = Schemas['Problem'];

/** A failed call, carrying the contract's problem+json so screens can switch on `code`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly problem: Partial<Problem>,
    readonly retryAfterSeconds: number | null,
  ) {
    super(problem.detail ?? problem.title ?? code);
  }
}

export interface TokenStore {
  get(): string | null;
  /** Called on a 401: returns a fresh token, or null when the session is over. */
  renew(): Promise<string | null>;
}

/**
 * A typed client of the API (types generated from the OpenAPI document). The bearer token comes from
 * the store; a 401 renews it once and retries, so a rotated access token never surfaces as an error.
 */
export function createAuthorizedFetch(tokens: TokenStore) {
  return async (request: Request): Promise<Response> => {
    const retry = request.clone();
    const send = (req: Request, token: string | null) => {
      if (token) req.headers.set('Authorization', `Bearer ${token}`);
      return fetch(req);
    };
    const response = await send(request, tokens.get());
    if (response.status !== 401 || !tokens.get() || request.url.includes('/api/auth/')) return response;
    const renewed = await tokens.renew();
    return renewed ? send(retry, renewed) : response;
  };
}

export function createApi(tokens: TokenStore) {
  return createClient<paths>({ baseUrl: '/api', fetch: createAuthorizedFetch(tokens), credentials: 'same-origin' });
}

/** The problem+json of a failed raw response, as an ApiError. */
export async function problemOf(response: Response): Promise<ApiError> {
  const problem = (await response.json().catch(() => ({}))) as Partial<Problem>;
  return new ApiError(response.status, problem.code ?? `HTTP_${response.status}`, problem, null);
}

export type Api = ReturnType<typeof createApi>;

/** Unwraps an openapi-fetch result: the data, or an ApiError from the problem body. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const problem = (error && typeof error === 'object' ? error : {}) as Partial<Problem>;
  const retryAfter = Number(response.headers.get('Retry-After'));
  throw new ApiError(response.status, problem.code ?? `HTTP_${response.status}`, problem, Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : null);
}
