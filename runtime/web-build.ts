import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The portal and wallet build (`web/`, Vite) that `npm start` serves from `dist/web`. It is rebuilt when
 * missing or when its sources (the web folder, or the API routes its typed client is generated from)
 * changed since the last build, so the README's two commands stay the only set-up.
 */
export const ROOT = join(__dirname, '..');
export const WEB_DIR = join(ROOT, 'web');
export const WEB_DIST = join(ROOT, 'dist', 'web');
const STAMP = join(WEB_DIST, '.source-hash');
const SCHEMA_FILE = join(WEB_DIR, 'src', 'api', 'schema.d.ts');
const SOURCES = [WEB_DIR, join(ROOT, 'api'), join(ROOT, 'package-lock.json')];

function files(path: string): string[] {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path)
    .filter((name) => name !== 'node_modules' && name !== 'dist')
    .sort()
    .flatMap((name) => files(join(path, name)));
}

export function sourceHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(files)) hash.update(relative(ROOT, file)).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex');
}

export const webBuildIsCurrent = (): boolean =>
  existsSync(STAMP) && existsSync(join(WEB_DIST, 'index.html')) && readFileSync(STAMP, 'utf8') === sourceHash();

/** The API's OpenAPI document, exactly as /api/docs-json serves it, as TypeScript types for openapi-fetch. */
export async function generateApiSchema(): Promise<void> {
  const { apiDocument } = await import('../api/route');
  const { allRoutes } = await import('../api/routes');
  const document = apiDocument(allRoutes());
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  const ast = await openapiTS(JSON.parse(JSON.stringify(document)));
  const text = `/* Generated from the API's OpenAPI document by runtime/web-build.ts: do not edit. */\n${astToString(ast)}`;
  if (!existsSync(SCHEMA_FILE) || readFileSync(SCHEMA_FILE, 'utf8') !== text) writeFileSync(SCHEMA_FILE, text);
}

export async function buildWeb(): Promise<void> {
  await generateApiSchema();
  // Vite is ESM-only and its types need a bundler-style resolution, which the service's tsconfig does not use.
  const vite = (await import('vite' as string)) as { build(config: { configFile: string; logLevel: string }): Promise<unknown> };
  await vite.build({ configFile: join(WEB_DIR, 'vite.config.mts'), logLevel: 'warn' });
  mkdirSync(WEB_DIST, { recursive: true });
  writeFileSync(STAMP, sourceHash());
}

if (require.main === module) {
  const force = process.argv.includes('--force');
  if (!force && webBuildIsCurrent()) process.exit(0);
  console.log('Building the web portal and wallet (web/ → dist/web)…');
  buildWeb().then(
    () => console.log('Web build ready.'),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
