import { chmodSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createKnex, ensureDatabase, migrateToLatest } from '../../runtime/database';
import { startEmbeddedPostgres, type RunningPostgres } from '../../runtime/embedded-postgres';

declare global {
  // eslint-disable-next-line no-var
  var __EMISOR_TEST_POSTGRES__: RunningPostgres | undefined;
  /** The folder the embedded PostgreSQL's data folder was made in: removed by globalTeardown. */
  // eslint-disable-next-line no-var
  var __EMISOR_TEST_POSTGRES_FOLDER__: string | undefined;
}

/**
 * Uses the PostgreSQL at DATABASE_URL when set, else starts an embedded one; then migrates a
 * template database that every test file clones (tests/support/test-database.ts), so files run in
 * parallel on isolated databases.
 */
export default async function globalSetup(): Promise<void> {
  let serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const folder = mkdtempSync(join(tmpdir(), 'emisor-test-'));
    globalThis.__EMISOR_TEST_POSTGRES_FOLDER__ = folder;
    chmodSync(folder, 0o755); // under root the cluster runs as the postgres user, who must reach it
    const running = await startEmbeddedPostgres({
      dataDir: join(folder, 'pg'),
      persistent: false,
    });
    globalThis.__EMISOR_TEST_POSTGRES__ = running;
    serverUrl = running.url;
  }
  await ensureDatabase(serverUrl);
  const template = `emisor_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();
  const templateUrl = new URL(serverUrl);
  templateUrl.pathname = `/${template}`;
  const db = createKnex(templateUrl.toString(), 1);
  await migrateToLatest(db);
  await db.destroy();
  process.env.EMISOR_TEST_SERVER_URL = serverUrl;
  process.env.EMISOR_TEST_TEMPLATE = template;
}
