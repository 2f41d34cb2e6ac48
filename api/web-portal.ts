import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Router } from 'express';
import helmet from 'helmet';
import { WEB_DIST } from '../runtime/web-build';

/**
 * The portal (/) and the consumer wallet (/wallet) built by runtime/web-build.ts: hashed assets are
 * cached for good, and any other GET that asks for a page gets the app's index.html, so deep links such
 * as /operations/<id>, /control-panel?tab=… and the mail links /register and /reset-password open.
 * Nothing here answers under /api. Without a build the router is empty and unknown paths stay 404.
 */
export function webPortal(distDir: string = WEB_DIST): Router {
  const router = express.Router();
  if (!existsSync(join(distDir, 'index.html'))) return router;
  router.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          'default-src': ["'self'"],
          'img-src': ["'self'", 'data:', 'blob:'],
          'media-src': ["'self'", 'blob:'],
          'connect-src': ["'self'"],
        },
      },
    }),
  );
  router.use('/assets', express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }));
  router.use(express.static(distDir, { index: false }));
  router.get(/^\/(?!(?:api|metrics)(?:\/|$)).*/, (req, res, next) => {
    if (!req.accepts('html')) return next();
    res.setHeader('Cache-Control', 'no-cache');
    const page = req.path === '/wallet' || req.path.startsWith('/wallet/') ? join('wallet', 'index.html') : 'index.html';
    res.sendFile(join(distDir, page));
  });
  return router;
}
