import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../api/app';
import { closeGracefully, createHttpServer } from '../api/http-server';
import { createRuntime, type Runtime } from './bootstrap';
import { ConfigError, loadConfig, type Config } from './config';
import { openServiceDatabase, type ServiceDatabase } from './database-url';
import { createLogger } from './logger';
import { demoSteps, DEMO_BANK } from './demo-data';
import { runSeed, seedSteps } from './seed';

/**
 * `npm start`: the service on embedded defaults (embedded PostgreSQL under DATA_DIR, embedded chain,
 * outbox mail, demo data), or on DATABASE_URL when set. Ctrl-C stops everything it started.
 */
async function main(): Promise<void> {
  let config: Config;
  try {
    // Demo data is npm start's default on a development machine; production refuses it.
    config = loadConfig({ ...(process.env.NODE_ENV === 'production' ? {} : { DEMO_DATA: 'true' }), ...process.env });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.LOG_LEVEL);
  let database: ServiceDatabase | null = null;
  let runtime: Runtime | null = null;
  let server: Server | null = null;
  let stopping = false;

  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    if (server) await closeGracefully(server);
    await runtime?.stop().catch((error) => logger.error({ err: error }, 'runtime stop failed'));
    await database?.stop().catch((error) => logger.error({ err: error }, 'embedded PostgreSQL stop failed'));
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));

  try {
    // The embedded PostgreSQL is stopped last, by stop(): after the server and the runtime.
    database = await openServiceDatabase(config, logger, { leaveSignalsToCaller: true });
    runtime = await createRuntime(config, database.url, logger);
    await runtime.start();
    await runSeed(runtime.services, config.DEMO_DATA ? [...seedSteps, ...demoSteps] : seedSteps);
    const app = createApp(runtime.services);
    server = createHttpServer(app).listen(config.PORT, config.HOST);
    await new Promise<void>((resolve, reject) => server!.once('listening', resolve).once('error', reject));
    runtime.services.metrics.observeListening((server.address() as AddressInfo).port);
  } catch (error) {
    // A failed start must not leave an embedded PostgreSQL running behind it (the next start would find it).
    await runtime?.stop().catch(() => undefined);
    await database?.stop().catch(() => undefined);
    throw error;
  }
  const base = config.PUBLIC_URL ?? `http://127.0.0.1:${config.PORT}`;
  console.log(
    [
      `Emisor is running at ${base}/api`,
      `  API docs:    ${base}/api/docs`,
      `  Portal:      ${base}/   Wallet: ${base}/wallet`,
      `  Sign in as:  ${config.SEED_ADMIN_EMAIL} / ${config.SEED_ADMIN_PASSWORD === process.env.SEED_ADMIN_PASSWORD ? '(SEED_ADMIN_PASSWORD)' : config.SEED_ADMIN_PASSWORD}`,
      ...(config.DEMO_DATA ? [`  Demo bank:   ${DEMO_BANK.adminEmail} / ${DEMO_BANK.adminPassword} (${DEMO_BANK.name})`] : []),
      `  Data folder: ${config.DATABASE_URL ? '(DATABASE_URL)' : config.DATA_DIR}`,
    ].join('\n'),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : `Start-up failed: ${String(error)}`);
  process.exit(1);
});
