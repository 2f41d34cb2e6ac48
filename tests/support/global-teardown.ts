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
}
