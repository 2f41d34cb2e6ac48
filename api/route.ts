import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Request, Response, Router } from 'express';
import type { PassportStatic } from 'passport';
import type { ZodObject, ZodType } from 'zod';
import { AppError, validationFailed, type FieldError } from '../write-side/errors';
import type { ClientPrincipal, Services } from '../runtime/services';
import type { Action, Principal, Subject } from './abilities';
import { authenticateRequest } from './auth';
import { assertJsonBody, assertNoBody } from './input-guard';
import { createRegistry, generateDocument, z } from './openapi';

/**
 * Who may call a route. Every route declares one: a route without a guard cannot be written, and the
 * access-matrix test walks these declarations.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'ability'; action: Action; subject: Subject }
  | { kind: 'client' };

export const PUBLIC: Access = { kind: 'public' };
export const AUTHENTICATED: Access = { kind: 'authenticated' };
export const CLIENT: Access = { kind: 'client' };
export const ability = (action: Action, subject: Subject): Access => ({ kind: 'ability', action, subject });

export interface RouteContext<Params, Query, Body> {
  params: Params;
  query: Query;
  body: Body;
  /** Set on every route but public and client ones. */
  principal: Principal;
  /** Set on client-token routes (Instant Payments retail clients). */
  clientId: string | null;
  /** The client token's client, bank and token id (for logout). */
  client: ClientPrincipal | null;
  correlationId: string;
  services: Services;
  req: Request;
  res: Response;
}

export interface RouteResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  contentType?: string;
}

export interface ResponseSpec {
  description: string;
  schema?: ZodType;
  contentType?: string;
}

type Infer<T> = T extends ZodType ? z.infer<T> : undefined;

export interface RouteDefinition<
  P extends ZodObject | undefined = ZodObject | undefined,
  Q extends ZodObject | undefined = ZodObject | undefined,
  B extends ZodType | undefined = ZodType | undefined,
> {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  /** Express syntax, relative to /api: `/multisigs/:multisigId`. */
  path: string;
  summary: string;
  tags: string[];
  access: Access;
  params?: P;
  query?: Q;
  body?: B;
  headers?: ZodObject;
  responses: Record<number, ResponseSpec>;
  /** Returns the response, or undefined when it wrote a streamed response itself. */
  handler: (context: RouteContext<Infer<P>, Infer<Q>, Infer<B>>) => Promise<RouteResult | undefined>;
}

/** Keeps the zod inference of each route; the list is what the app mounts and the docs describe. */
export const defineRoute = <P extends ZodObject | undefined, Q extends ZodObject | undefined, B extends ZodType | undefined>(
  route: RouteDefinition<P, Q, B>,
): RouteDefinition => route as unknown as RouteDefinition;

const toFieldErrors = (error: z.ZodError, prefix?: string): FieldError[] =>
  error.issues.map((issue) => ({
    path: [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || '(root)',
    message: issue.message,
  }));

function parse<T extends ZodType>(schema: T | undefined, value: unknown, where: string): unknown {
  if (!schema) return undefined;
  const result = schema.safeParse(value ?? {});
  if (!result.success) throw validationFailed(toFieldErrors(result.error, where === 'body' ? undefined : where));
  return result.data;
}

export function mountRoute(router: Router, route: RouteDefinition, services: Services, auth: PassportStatic): void {
  router[route.method](route.path, async (req: Request, res: Response) => {
    const principal = await authenticateRequest(auth, req, route.access);
    const params = parse(route.params, req.params, 'params');
    const query = parse(route.query, req.query, 'query');
    assertJsonBody(req);
    if (!route.body) assertNoBody(req);
    const body = route.body ? parse(route.body, req.body, 'body') : undefined;
    if (route.headers) parse(route.headers, req.headers, 'headers');
    const result = await route.handler({
      params: params as never,
      query: query as never,
      body: body as never,
      principal: principal.staff as Principal,
      clientId: principal.clientId,
      client: principal.client,
      correlationId: res.locals.correlationId as string,
      services,
      req,
      res,
    });
    if (!result) return;
    for (const [name, value] of Object.entries(result.headers ?? {})) res.setHeader(name, value);
    if (result.body === undefined) res.status(result.status).end();
    else if (result.contentType) res.status(result.status).type(result.contentType).send(result.body);
    else if (req.method === 'GET' || req.method === 'HEAD') res.status(result.status).json(result.body);
    else sendJson(res, result.status, result.body);
  });
}

/**
 * An answer to a request that changes something, written in one piece: such an answer is never
 * cached, so Express's ETag (a hash of every body) and freshness check are work for nothing, and a
 * head and body written as one string leave in one write where Express's Buffer body costs a writev.
 */
function sendJson(res: Response, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) }).end(text);
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable operationId from the method and the path: `GET /organizations/:organizationId/freeze` is
 * `getOrganizationsByOrganizationIdFreeze`. Method and path identify a route, so the ids are unique.
 */
export const operationId = (route: Pick<RouteDefinition, 'method' | 'path'>): string =>
  route.method +
  route.path
    .split('/')
    .filter(Boolean)
    .map((segment) =>
      segment.startsWith(':')
        ? `By${capitalize(segment.slice(1))}`
        : segment.split(/[^A-Za-z0-9]+/).filter(Boolean).map(capitalize).join(''),
    )
    .join('');

/** What each failure status answers when a route names no code of its own (contract "Errors"). */
const DEFAULT_CODES: Record<number, string> = {
  400: 'VALIDATION_FAILED',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'DEPENDENCY_UNAVAILABLE',
};

/** The codes a route's description of a failure names: its UPPER_SNAKE_CASE words. */
const CODE_IN_TEXT = /\b(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|FORBIDDEN|UNAUTHENTICATED)\b/g;

/** The codes a failure response may carry: those its description names, plus the status's own default. */
export function documentedCodes(status: number, description: string): string[] {
  const named = description.match(CODE_IN_TEXT) ?? [];
  const fallback = DEFAULT_CODES[status];
  // Any route can answer 400 VALIDATION_FAILED at the edge, whatever else its 400 means.
  const codes = status === 400 || named.length === 0 ? [...named, ...(fallback ? [fallback] : [])] : named;
  return [...new Set(codes)];
}

/** problem+json with the Problem schema, its `code` narrowed to the codes this response can carry. */
const problemResponse = (status: number, description: string, edge?: string) => {
  const codes = [...new Set([...documentedCodes(status, description), ...(edge ? documentedCodes(status, edge) : [])])];
  return {
    description,
    content: {
      'application/problem+json': {
        schema: {
          allOf: [{ $ref: '#/components/schemas/Problem' }],
          properties: { status: { const: status }, ...(codes.length > 0 ? { code: { enum: codes } } : {}) },
        },
      },
    },
  };
};

/**
 * Failures every route of a kind can answer, whatever its own list says: bad input at the edge (400),
 * tokens (401), abilities (403), ids that name nothing (404), bodies (413, 415, whether or not the
 * route takes one), dependencies (503).
 */
function edgeFailures(route: RouteDefinition): Record<number, string> {
  const failures: Record<number, string> = { 400: 'VALIDATION_FAILED: malformed percent-encoding, NUL or unpaired surrogate, or the request does not match the schema' };
  if (route.access.kind !== 'public') failures[401] = 'UNAUTHENTICATED: missing, expired or forged token';
  if (route.access.kind === 'ability') failures[403] = `FORBIDDEN: requires ${route.access.action} · ${route.access.subject}`;
  if (route.params) failures[404] = 'NOT_FOUND: no such resource, or one the caller may not see';
  // Any request may carry a body: the edge judges its size and encoding before the route does.
  failures[413] = 'PAYLOAD_TOO_LARGE';
  failures[415] = 'UNSUPPORTED_MEDIA_TYPE: a Content-Encoding, charset or media type the service does not accept';
  failures[503] = 'DEPENDENCY_UNAVAILABLE: the database, the event store or the chain does not answer';
  return failures;
}

export function documentRoute(registry: OpenAPIRegistry, route: RouteDefinition): void {
  const responses: Record<string, unknown> = {};
  const edge = edgeFailures(route);
  for (const [status, spec] of Object.entries(route.responses)) {
    if (Number(status) >= 400) responses[status] = problemResponse(Number(status), spec.description, edge[Number(status)]);
    else
      responses[status] = spec.schema
        ? { description: spec.description, content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } }
        : { description: spec.description };
  }
  for (const [status, description] of Object.entries(edge)) responses[status] ??= problemResponse(Number(status), description);
  const security =
    route.access.kind === 'public' ? [] : route.access.kind === 'client' ? [{ clientToken: [] }] : [{ bearer: [] }];
  registry.registerPath({
    method: route.method,
    path: openApiPath(route.path),
    operationId: operationId(route),
    summary: route.summary,
    description:
      route.access.kind === 'ability' ? `Ability: \`${route.access.action} · ${route.access.subject}\`` : `Access: ${route.access.kind}`,
    tags: route.tags,
    security,
    request: {
      params: route.params,
      query: route.query,
      headers: route.headers,
      body: route.body ? { content: { 'application/json': { schema: route.body } }, required: true } : undefined,
    },
    responses: responses as never,
  });
}

/** The OpenAPI 3.1 document of these routes, as /api/docs-json serves it. */
export function apiDocument(routes: RouteDefinition[]) {
  const registry = createRegistry();
  for (const route of routes) documentRoute(registry, route);
  return generateDocument(registry);
}

export { AppError };
