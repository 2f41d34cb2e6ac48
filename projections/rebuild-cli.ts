import { loadConfig } from '../runtime/config';
import { createKnex, createPool, endPool, migrateToLatest } from '../runtime/database';
import { openServiceDatabase } from '../runtime/database-url';
import { createLogger } from '../runtime/logger';
import { createEventStore } from '../write-side/event-store';
import { allProjections } from './index';
import { ProjectionRunner } from './runner';

const USAGE = 'usage: npm run projections:rebuild -- <projection>... | --all';

/**
 * `npm run projections:rebuild -- <name>...` or `-- --all`: drops the named read models and replays the
 * event store into them, on the service's database (DATABASE_URL, else the embedded one in DATA_DIR,
 * which the service must not be running on). A service running on DATABASE_URL may stay up: its
 * projections wait for each rebuild and carry on after it.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const known = allProjections().map((projection) => projection.name);
  const names = args.includes('--all') ? known : args;
  const unknown = names.filter((name) => !known.includes(name));
  if (names.length === 0 || unknown.length > 0) {
    console.error([...unknown.map((name) => `unknown projection: ${name}`), USAGE, `projections: ${known.join(', ')}`].join('\n'));
    process.exitCode = 2;
    return;
  }

  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL);
  const database = await openServiceDatabase(config, logger);
  const db = createKnex(database.url);
  const pool = createPool(database.url);
  try {
    await migrateToLatest(db);
    const store = await createEventStore(config, pool);
    try {
      const runner = new ProjectionRunner(store, db, allProjections(), logger);
      // All of them in one pass over the log and one transaction: the log is read once, not once per read model.
      const started = Date.now();
      const report = await runner.rebuild(names);
      const ms = Math.max(1, Date.now() - started);
      for (const projection of report.projections)
        console.log(`Rebuilt ${projection.name}: applied ${projection.applied} of ${report.events} events`);
      console.log(
        `Replayed ${report.events} events into ${report.projections.length} projection(s) in ${ms} ms: ${Math.round((report.events / ms) * 1000)} events/s`,
      );
    } finally {
      if (config.EVENT_STORE !== 'postgres') await store.close();
    }
  } finally {
    await endPool(pool);
    await db.destroy();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
