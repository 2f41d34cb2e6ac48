import { createRuntime } from './bootstrap';
import { ConfigError, loadConfig } from './config';
import { ensureDatabase } from './database';
import { createLogger } from './logger';
import { CENTRAL_ORGANIZATION_STEP, runSeed } from './seed';

/**
 * `npm run seed`: runs the seed step against the production database at DATABASE_URL (no demo data).
 * Safe to run again, and alongside starting API processes: what exists is left as it is.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.DATABASE_URL) throw new ConfigError('DATABASE_URL is required: npm run seed prepares a production database');
  const logger = createLogger(config.LOG_LEVEL);
  await ensureDatabase(config.DATABASE_URL);
  const runtime = await createRuntime(config, config.DATABASE_URL, logger);
  try {
    await runtime.start();
    const results = await runSeed(runtime.services);
    const central = results[CENTRAL_ORGANIZATION_STEP]!;
    console.log(
      [
        'Seeded:',
        `  Central organization: ${config.SEED_CENTRAL_ORG_NAME} (${central.organizationId})`,
        `  First administrator:  ${config.SEED_ADMIN_EMAIL} (${central.administratorId})`,
        `  Bridging identity:    ${central.bridgingUserId}`,
      ].join('\n'),
    );
  } finally {
    await runtime.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
