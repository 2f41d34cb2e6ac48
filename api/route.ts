import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import type { Request, Response, Router } from 'express';
import type { PassportStatic } from 'passport';
import type { ZodObject, ZodType } from 'zod';
import { AppError, validationFailed, type FieldError } from '../runtime/errors';
import type { ClientPrincipal, Services } from '../runtime/services';
import type { Action, Principal, Subject } from './abilities';
import { authenticateRequest } from './auth';
import { Problem, z } from './openapi';

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
    const principal = await authenticateRequest(auth, req, res, route.access);
    const params = parse(route.params, req.params, 'params');
    const query = parse(route.query, req.query, 'query');
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
    else res.status(result.status).json(result.body);
  });
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

const problemResponse = (description: string) => ({
  description,
  content: { 'application/problem+json': { schema: Problem } },
});

export function documentRoute(registry: OpenAPIRegistry, route: RouteDefinition): void {
  const responses: Record<string, unknown> = {};
  for (const [status, spec] of Object.entries(route.responses)) {
    responses[status] = spec.schema
      ? { description: spec.description, content: { [spec.contentType ?? 'application/json']: { schema: spec.schema } } }
      : { description: spec.description };
  }
  if (route.params || route.query || route.body) responses['400'] ??= problemResponse('Invalid request');
  if (route.access.kind !== 'public') responses['401'] ??= problemResponse('Missing, expired or forged token');
  if (route.access.kind === 'ability') responses['403'] ??= problemResponse(`Requires ${route.access.action} · ${route.access.subject}`);
  const security =
    route.access.kind === 'public' ? [] : route.access.kind === 'client' ? [{ clientToken: [] }] : [{ bearer: [] }];
  registry.registerPath({
    method: route.method,
    path: openApiPath(route.path),
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

export { AppError };
