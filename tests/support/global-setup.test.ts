import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, startFlags } from './start-script';

/**
 * Runs the test run's global setup and teardown in a process of their own, under `npm start`'s Node
 * flags (tsx's require hook), as jest runs them outside the tests' sandbox (the embedded PostgreSQL's
 * package is loaded by a dynamic import, which the sandbox refuses).
 */
function setupAndTeardown(env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string; status: number | null }> {
  const program = `
    const setup = require('./tests/support/global-setup').default;
    const teardown = require('./tests/support/global-teardown').default;
    (async () => {
      await setup();
      console.log(JSON.stringify(require('node:fs').readdirSync(require('node:os').tmpdir())));
      await teardown();
    })().then(() => process.exit(0), (error) => { console.error(error); process.exit(1); });`;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...startFlags(), '-e', program], { cwd: ROOT, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ stdout, stderr, status }));
  });
}

/** A test run without DATABASE_URL starts an embedded PostgreSQL, and leaves nothing of it behind. */
describe('the test run’s global setup and teardown', () => {
  it('without DATABASE_URL, leave nothing in the temporary folder: the embedded PostgreSQL’s folder goes with the teardown', async () => {
    const temporary = mkdtempSync(join(tmpdir(), 'global-setup-test-'));
    chmodSync(temporary, 0o755); // under root the embedded cluster runs as the postgres user, who must reach it
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: temporary };
      delete env.DATABASE_URL;
      delete env.EMISOR_TEST_SERVER_URL;
      delete env.EMISOR_TEST_TEMPLATE;

      const run = await setupAndTeardown(env);

      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      // tsx keeps its cache there too (tsx-0): the test run's own folders are emisor-test-*.
      const ofTheTestRun = (names: string[]) => names.filter((name) => name.startsWith('emisor-test-'));
      expect(ofTheTestRun(JSON.parse(run.stdout.trim().split('\n').pop()!) as string[])).toHaveLength(1);
      expect(ofTheTestRun(readdirSync(temporary))).toEqual([]);
    } finally {
      rmSync(temporary, { recursive: true, force: true });
    }
  }, 120_000);
});
