import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { ensureDatabase } from '../../runtime/database';
import { runCrashHarness } from './support/crash-harness';

/**
 * `npm run soak`: the crash harness at length (SOAK_KILL_POINTS, default 1,000) on a fresh database
 * `reliability_soak_*` of the PostgreSQL at DATABASE_URL; SOAK_SEED replays a run. Prints the
 * figures docs/reliability.md quotes, and exits 1 on any violation.
 */
async function main(): Promise<void> {
  const server = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const seed = Number(process.env.SOAK_SEED ?? Date.now() % 2 ** 31);
  const killPoints = Number(process.env.SOAK_KILL_POINTS ?? 1000);
  const url = new URL(server);
  const name = `reliability_soak_${randomBytes(4).toString('hex')}`;
  url.pathname = `/${name}`;
  await ensureDatabase(url.toString());
  console.log(`soak: seed ${seed} (replay with SOAK_SEED=${seed}), ${killPoints} kill points, database ${name}`);
  try {
    const report = await runCrashHarness({
      seed,
      killPoints,
      databaseUrl: url.toString(),
      port: Number(process.env.SOAK_PORT ?? 4750),
      log: (line) => console.log(`${new Date().toISOString()} ${line}`),
    });
    console.log(JSON.stringify(report, null, 2));
    process.exitCode = report.violations.length === 0 ? 0 : 1;
  } finally {
    const admin = new pg.Client({ connectionString: server });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
