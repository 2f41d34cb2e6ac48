import { rmSync } from 'node:fs';
import pg from 'pg';

export default async function globalTeardown(): Promise<void> {
  const serverUrl = process.env.EMISOR_TEST_SERVER_URL;
  const template = process.env.EMISOR_TEST_TEMPLATE;
  if (serverUrl && template) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.end();
  }
  await globalThis.__EMISOR_TEST_POSTGRES__?.stop();
  globalThis.__EMISOR_TEST_POSTGRES__ = undefined;
  // The embedded server removes its data folder when it stops, not the folder it was made in, which each
  // run without DATABASE_URL had left in the system's temporary folder.
  const folder = globalThis.__EMISOR_TEST_POSTGRES_FOLDER__;
  if (folder) rmSync(folder, { recursive: true, force: true });
  globalThis.__EMISOR_TEST_POSTGRES_FOLDER__ = undefined;
}
