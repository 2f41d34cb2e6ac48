import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Express } from 'express';
import type { DestinationStream } from 'pino';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import type { RouteDefinition } from '../../api/route';
import { allRoutes } from '../../api/routes';
import type { Projection } from '../../projections/projection';
import { createRuntime, type Runtime } from '../../runtime/bootstrap';
import { loadConfig } from '../../runtime/config';
import { createLogger } from '../../runtime/logger';
import type { Services } from '../../runtime/services';
import { createTestDatabase, type TestDatabase } from './test-database';
import { startTestChainNode, testChainMode, type TestChainNode } from './test-chain-node';

export const TEST_JWT_SECRET = 'test-jwt-secret-that-is-long-enough-for-hs256';
export const TEST_KEY_ENCRYPTION_KEY = '0f'.repeat(32);

export interface TestRuntimeOptions {
  /** Read models to run (default: all of them). */
  projections?: Projection[];
  /** Routes to mount (default: all of them); tests may add routes of their own. */
  routes?: RouteDefinition[];
  /** `cosmos`: against a chain node of its own, whatever TEST_CHAIN says (several processes may then share it). */
  chain?: 'embedded' | 'cosmos';
  /** Environment-style settings, parsed by loadConfig like the real ones (e.g. `{ DEMO_DATA: 'true' }`). */
  configOverrides?: Record<string, string>;
  /** Where the logs go (at LOG_LEVEL), for tests that read them; by default nowhere. */
  logDestination?: DestinationStream;
}

export interface TestRuntime {
  runtime: Runtime;
  services: Services;
  app: Express;
  /** supertest agent on the app: keeps cookies between requests, like a browser. */
  request: ReturnType<typeof supertest.agent>;
  database: TestDatabase;
  close(): Promise<void>;
}

/**
 * The whole service, as runtime/bootstrap.ts wires it, on a fresh database of its own, started (the
 * projections follow the store), with its HTTP app. Configuration goes through loadConfig: silent logs,
 * a temporary DATA_DIR and fixed test secrets, whatever the developer's environment says.
 */
export async function createTestRuntime(options: TestRuntimeOptions = {}): Promise<TestRuntime> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'emisor-test-runtime-'));
  const settings = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    JWT_SECRET: TEST_JWT_SECRET,
    KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    // Every request of a test comes from 127.0.0.1: the per-address throttles of the public auth routes
    // are lifted unless a test sets them.
    AUTH_RATE_LIMIT_PER_IP: '100000',
    REFRESH_RATE_LIMIT_PER_IP: '100000',
    ...options.configOverrides,
  };
  // TEST_CHAIN=cosmos: the same suites against a chain node through the Cosmos adapter (CI runs both modes).
  let chainNode: TestChainNode | null = null;
  if ((options.chain ?? testChainMode()) === 'cosmos' && !options.configOverrides?.CHAIN) {
    chainNode = await startTestChainNode(database, loadConfig(settings));
    Object.assign(settings, { CHAIN: 'cosmos', CHAIN_RPC_URL: chainNode.url });
  }
  const config = loadConfig(settings);
  let runtime: Runtime | null = null;
  try {
    runtime = await createRuntime(config, database.url, createLogger(config.LOG_LEVEL, options.logDestination), {
      projections: options.projections,
    });
    await runtime.start();
  } catch (error) {
    await runtime?.stop().catch(() => undefined);
    await chainNode?.close();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // Stopped once: a test that stops the runtime itself (a process that goes away) still closes the rest
  // with close(), whose second stop would end the pools twice.
  const running = runtime;
  let stopped: Promise<void> | null = null;
  const started: Runtime = { ...running, stop: () => (stopped ??= running.stop()) };
  const app = createApp(started.services, options.routes ?? allRoutes());
  return {
    runtime: started,
    services: started.services,
    app,
    request: supertest.agent(app),
    database,
    close: async () => {
      try {
        await started.stop();
        await chainNode?.close();
        await database.drop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
