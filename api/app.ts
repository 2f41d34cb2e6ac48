import { randomUUID } from 'node:crypto';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import helmet from 'helmet';
import swaggerUi from 'swagger-ui-express';
import { databaseAnswers } from '../runtime/database';
import type { Services } from '../runtime/services';
import { accessLog } from './access-log';
import { configurePassport } from './auth';
import { jsonBody } from './json-body';
import { refuseContentEncoding, refuseMalformedBody, refuseMalformedUrl } from './input-guard';
import { errorHandler, notFoundHandler } from './problem';
import { securityHeaders } from './security-headers';
import { apiDocument, mountRoute, type RouteDefinition } from './route';
import { allRoutes } from './routes';
import { webPortal } from './web-portal';

const CORRELATION_HEADER = 'x-correlation-id';
/** How long the error handler waits for the database to answer before it takes it for down. */
const DATABASE_PROBE_MS = 1000;

/** A path's first segment, in lower case: Express matches paths without regard to case. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/** The HTTP surface: every route under /api, documented from the same zod schemas it validates with. */
export function createApp(services: Services, routes: RouteDefinition[] = allRoutes()): Express {
  const app = express();
  app.disable('x-powered-by');
  // X-Forwarded-For names the caller only behind a proxy the operator declared (TRUST_PROXY); else anyone could pick an address.
  app.set('trust proxy', services.config.TRUST_PROXY);
  app.set('query parser', 'extended');

  app.use((req, res, next) => {
    const incoming = req.header(CORRELATION_HEADER);
    res.locals.correlationId = incoming && /^[\w-]{1,100}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader(CORRELATION_HEADER, res.locals.correlationId);
    next();
  });
  // Set up only when its level is on; failures are logged by the error handler whatever the level.
  if (services.logger.isLevelEnabled('info')) app.use(accessLog(services.logger));
  // Bad input is refused before any route, read model or chain sees it (contract "Ids are opaque").
  app.use(refuseMalformedUrl, refuseContentEncoding);

  app.use(services.metrics.httpMiddleware());
  app.get('/metrics', services.metrics.handler(services.config.METRICS_TOKEN));

  const document = apiDocument(routes);

  const api = express.Router();
  api.get('/docs-json', (_req, res) => res.json(document));
  api.use('/docs', helmet({ contentSecurityPolicy: false }), swaggerUi.serve, swaggerUi.setup(document));
  api.use(securityHeaders());
  api.use(jsonBody(services.config.JSON_BODY_LIMIT), refuseMalformedBody);
  // Only the session routes read a cookie (the refresh token).
  api.use('/auth', cookieParser());
  // Tokens are checked per route (authenticateRequest) without sessions: passport.initialize has nothing to set up.
  const auth = configurePassport(services);
  // One router per first path segment, found by a map look-up: a request meets only its own group's
  // routes, not a score of mounted prefixes before them (each a match and a rewrite of the URL).
  const groups = new Map<string, express.Router>();
  for (const route of routes) {
    const segment = firstSegment(route.path);
    let group = groups.get(segment);
    if (!group) {
      group = express.Router();
      groups.set(segment, group);
    }
    mountRoute(group, route, services, auth);
  }
  api.use((req, res, next) => {
    const group = groups.get(firstSegment(req.path));
    if (group) group(req, res, next);
    else next();
  });
  api.use(notFoundHandler);

  app.use('/api', api);
  app.use(webPortal());
  app.use(notFoundHandler);
  app.use(errorHandler(services.logger, () => databaseAnswers(services.db, DATABASE_PROBE_MS)));
  return app;
}
