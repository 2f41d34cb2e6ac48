import { join } from 'node:path';
import { loadConfig } from '../runtime/config';
import { createPool, ensureDatabase } from '../runtime/database';
import { startEmbeddedPostgres, type RunningPostgres } from '../runtime/embedded-postgres';
import { createEventStore } from '../write-side/event-store';
import { auditGovernance } from '../write-side/proposal/audit';

/**
 * `npm run audit:verify`: re-checks every governance signature and decision from the event store
 * alone (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR). Exits 1 on any finding.
 */
async function main(): Promise<number> {
  const config = loadConfig(process.env);
  let embedded: RunningPostgres | null = null;
  let url = config.DATABASE_URL;
  if (!url) {
    embedded = await startEmbeddedPostgres({ dataDir: join(config.DATA_DIR, 'postgres') });
    const target = new URL(embedded.url);
    target.pathname = '/emisor';
    url = target.toString();
    await ensureDatabase(url);
  }
  const pool = createPool(url, 2);
  try {
    const store = await createEventStore(config, pool);
    const report = await auditGovernance(store, config.CHAIN_PREFIX);
    for (const finding of report.findings)
      console.error(`FAIL proposal ${finding.proposalId} (event ${finding.eventId} at ${finding.position}): ${finding.problem}`);
    console.log(
      `${report.findings.length === 0 ? 'OK' : 'FAILED'}: ${report.proposals} proposals, ${report.votes} votes, ` +
        `${report.signaturesChecked} signatures checked over ${report.events} events; ${report.findings.length} findings`,
    );
    if (config.EVENT_STORE !== 'postgres') await store.close();
    return report.findings.length === 0 ? 0 : 1;
  } finally {
    await pool.end().catch(() => undefined);
    await embedded?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(2);
  },
);
