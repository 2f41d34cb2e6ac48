import { createServer } from 'node:http';
import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import pino from 'pino';
import { createApp } from '../api/app';
import { createHttpServer } from '../api/http-server';
import { instantPaymentRoutes, issueClientToken } from '../api/routes/instant-payments';
import { createLogger } from '../runtime/logger';
import { Metrics } from '../runtime/metrics';
import type { ClientTokenClaims, Services } from '../runtime/services';
import { loadServer, runHttpFloor, type HttpFloorResult } from './http-floor';
import { envNumber } from './support/env';
import { startOptions } from './support/package-scripts';
import { summarize } from './support/stats';

/**
 * `npm run bench:http`: what the service's HTTP pipeline costs a payment request, apart from the engine.
 * The real `createApp` (every middleware, the guard with a client token, validation, the metrics) with
 * the payment route's own definition, its handler replaced by a fixed answer, served:
 *   - by `createHttpServer` (api/http-server.ts), as `npm start` serves it;
 *   - by a plain node:http server, as Express's `app.listen` builds it;
 * and beside them the bare node:http floor (bench/http-floor.ts), each in a process of its own, with the
 * same requests and concurrency, in one run. Prints server CPU per request and the same-run ratios.
 * Knobs: BENCH_SECONDS (15 each), BENCH_CONNECTIONS (64), BENCH_HTTP_LOG_LEVEL (warn: no access log; `info`, the
 * service's default, adds one line per request, written to /dev/null).
 *
 * With BENCH_HTTP_BASELINE_DIR=<another checkout> (its node_modules installed) it compares instead: the
 * pipeline on createHttpServer served from that checkout and from this one, alternately for
 * BENCH_HTTP_ROUNDS rounds (6), and prints each run, the medians (nearest rank) and their same-run ratio. On a shared
 * machine one pair of runs is not a measurement; the median of alternating ones is.
 */
const SECONDS = envNumber('BENCH_SECONDS', 'positive', 15);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 'count', 64);
const BASELINE_DIR = process.env.BENCH_HTTP_BASELINE_DIR;
const ROUNDS = envNumber('BENCH_HTTP_ROUNDS', 'count', 6);
const LOG_LEVEL = process.env.BENCH_HTTP_LOG_LEVEL ?? 'warn';
const PAYMENTS = instantPaymentRoutes.find((route) => route.method === 'post' && route.path === '/instant-payments/payments')!;

/** Only what the pipeline reads of the services: the engine, the database and the chain are never reached. */
function pipelineServices(secretHex: string): Services {
  return {
    config: { TRUST_PROXY: false, JSON_BODY_LIMIT: '100kb', METRICS_TOKEN: undefined, CLIENT_TOKEN_TTL: 3_600_000 },
    logger: createLogger(LOG_LEVEL, pino.destination({ dest: '/dev/null', sync: true })),
    jwtSecret: createSecretKey(Buffer.from(secretHex, 'hex')),
    metrics: new Metrics({ db: null, chain: null, eventsInDatabase: false, projections: [] } as never),
    resolvePrincipal: async () => null,
    resolveClient: async (claims: ClientTokenClaims) => ({ clientId: claims.sub, organizationId: claims.org, tokenId: claims.jti, expiresAt: new Date(claims.exp * 1000) }),
  } as unknown as Services;
}

function serve(server: 'createHttpServer' | 'node:http'): void {
  const app = createApp(pipelineServices(process.env.BENCH_HTTP_SECRET!), [
    {
      ...PAYMENTS,
      handler: async ({ body, client }) => {
        const { recipientAlias, amount, reference } = body as { recipientAlias: string; amount: string; reference?: string };
        const now = new Date().toISOString();
        return {
          status: 201,
          body: { id: randomUUID(), kind: 'INTERNAL', status: 'COMPLETED', amount, senderAlias: client!.clientId, recipientAlias, reference: reference ?? null, createdAt: now, settledAt: now, txHash: null, failureCode: null },
        };
      },
    },
  ]);
  const http = server === 'createHttpServer' ? createHttpServer(app) : createServer(app);
  http.listen(0, '127.0.0.1', () => {
    const address = http.address();
    console.log(typeof address === 'object' && address ? address.port : '');
  });
}

async function main(): Promise<void> {
  const secretHex = randomBytes(32).toString('hex');
  const services = pipelineServices(secretHex);
  const token = issueClientToken(services, randomUUID(), randomUUID());
  const options = { seconds: SECONDS, connections: CONNECTIONS, token };
  const env = { ...process.env, BENCH_HTTP_SECRET: secretHex };
  const pipeline = (server: string) => loadServer([...startOptions(resolve(__dirname, '..')), __filename, 'serve', server], options, env);
  const results: Array<[string, HttpFloorResult]> = [];
  for (const [name, run] of [
    ['pipeline on createHttpServer', () => pipeline('createHttpServer')],
    ['pipeline on plain node:http', () => pipeline('node:http')],
    ['bare node:http floor', () => runHttpFloor(options)],
  ] as const) {
    const result = await run();
    if (result.errors > 0 || result.requests === 0) throw new Error(`${name}: ${result.errors} errors of ${result.requests + result.errors} requests`);
    results.push([name, result]);
  }
  const ms = (seconds: number | null) => (seconds === null ? 'n/a' : `${(seconds * 1000).toFixed(4)} ms`);
  console.log(`HTTP pipeline of POST /api/instant-payments/payments (stub handler), ${CONNECTIONS} connections, ${SECONDS} s each`);
  for (const [name, result] of results)
    console.log(`  ${name.padEnd(30)} ${result.requestsPerSecond.toFixed(0).padStart(6)} requests/s   server CPU ${ms(result.serverCpuPerRequest)}/request`);
  const [fast, plain, floor] = results.map(([, result]) => result.serverCpuPerRequest);
  if (fast && plain && floor)
    console.log(`  server CPU, same run: plain node:http / createHttpServer ${(plain / fast).toFixed(2)}×; createHttpServer / bare floor ${(fast / floor).toFixed(2)}×`);
}

/** The pipeline of another checkout against this one, in alternating runs (BENCH_HTTP_BASELINE_DIR). */
async function compare(baselineDir: string): Promise<void> {
  const secretHex = randomBytes(32).toString('hex');
  const token = issueClientToken(pipelineServices(secretHex), randomUUID(), randomUUID());
  const env = { ...process.env, BENCH_HTTP_SECRET: secretHex };
  const sides = [
    ['baseline', resolve(baselineDir, 'bench/http-pipeline.ts')],
    ['this checkout', __filename],
  ] as const;
  const cpu = new Map<string, number[]>(sides.map(([name]) => [name, []]));
  console.log(`HTTP pipeline of POST /api/instant-payments/payments (stub handler) on createHttpServer, ${CONNECTIONS} connections, ${SECONDS} s each, ${ROUNDS} alternating rounds; baseline ${baselineDir}`);
  for (let round = 1; round <= ROUNDS; round++)
    for (const [name, script] of sides) {
      const result = await loadServer([...startOptions(resolve(__dirname, '..')), script, 'serve', 'createHttpServer'], { seconds: SECONDS, connections: CONNECTIONS, token }, env);
      if (result.errors > 0 || result.requests === 0 || result.serverCpuPerRequest === null)
        throw new Error(`${name}: ${result.errors} errors of ${result.requests + result.errors} requests`);
      cpu.get(name)!.push(result.serverCpuPerRequest * 1000);
      console.log(`  round ${round} ${name.padEnd(14)} ${result.requestsPerSecond.toFixed(0).padStart(6)} requests/s   server CPU ${(result.serverCpuPerRequest * 1000).toFixed(4)} ms/request`);
    }
  const [baseline, current] = sides.map(([name]) => summarize(cpu.get(name)!).p50);
  console.log(`  median server CPU: baseline ${baseline!.toFixed(4)} ms, this checkout ${current!.toFixed(4)} ms/request; this / baseline ${(current! / baseline!).toFixed(3)}×`);
}

if (require.main === module) {
  if (process.argv[2] === 'serve') serve(process.argv[3] === 'node:http' ? 'node:http' : 'createHttpServer');
  else
    (BASELINE_DIR ? compare(BASELINE_DIR) : main()).catch((error) => {
      console.error(error);
      process.exit(1);
    });
}
