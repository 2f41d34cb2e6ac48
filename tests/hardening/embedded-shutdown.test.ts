import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { freePort } from '../../runtime/embedded-postgres';
import { isAlive, scratchClusters } from '../support/scratch-clusters';
import { scriptArguments } from '../../bench/support/package-scripts';
import { ROOT } from '../support/start-script';

/**
 * Runs one of the repository's package.json scripts (`start`: the service, `chain`: the chain node) as
 * npm would, with its Node flags, on its defaults: no DATABASE_URL, so on an embedded PostgreSQL under
 * DATA_DIR.
 */
function startScript(script: 'start' | 'chain', env: Record<string, string>) {
  const { DATABASE_URL: _unset, ...inherited } = process.env;
  const child = spawn(process.execPath, scriptArguments(ROOT, script), {
    cwd: ROOT,
    env: { ...inherited, NODE_ENV: 'development', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, output: '', exited: new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code))) };
  child.stdout!.on('data', (chunk) => (run.output += chunk));
  child.stderr!.on('data', (chunk) => (run.output += chunk));
  return run;
}

async function until(ready: () => Promise<boolean>, run: ReturnType<typeof startScript>) {
  for (let look = 0; !(await ready()); look++) {
    if (look > 600 || run.child.exitCode !== null) throw new Error(`it did not start: ${run.output}`);
    await new Promise((wait) => setTimeout(wait, 200));
  }
}

const answers = (url: string) => async () => (await fetch(url).catch(() => null))?.ok === true;

/** The database was stopped under live connections: the race these tests guard against. */
const CONNECTION_CUT = /terminating connection due to administrator command|connection lost|connection failed/;

/**
 * Sends `signal` and expects the run to stop in order: its own shutdown logged, exit 0, no connection
 * cut under it, and its database stopped (lock file gone, server process ended).
 */
async function expectStoppedInOrder(run: ReturnType<typeof startScript>, signal: NodeJS.Signals, shuttingDown: string, database: { lockFile: string; serverPid: number }) {
  run.child.kill(signal);
  expect(await run.exited).toBe(0);
  expect(run.output).toContain(`"msg":"${shuttingDown}"`);
  expect(run.output).not.toMatch(CONNECTION_CUT);
  expect(existsSync(database.lockFile)).toBe(false);
  expect(isAlive(database.serverPid)).toBe(false);
}

/**
 * `npm start` on its defaults (no DATABASE_URL): the service runs on an embedded PostgreSQL it started
 * itself. Told to stop, it closes its server, stops its runtime and then the database, in that order:
 * the database never goes away under the service's own connections.
 */
describe('npm start on the embedded PostgreSQL, stopped by a signal', () => {
  const clusters = scratchClusters('emisor-shutdown-');
  const dataDir = join(clusters.folder, 'postgres');
  const lockFile = join(dataDir, 'postmaster.pid');
  afterAll(() => clusters.cleanUp());

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s stops the service before its database, exits 0 and leaves no server running', async (signal) => {
    const port = await freePort();
    const service = startScript('start', { DATA_DIR: clusters.folder, PORT: String(port), HOST: '127.0.0.1', DEMO_DATA: 'false' });
    await until(answers(`http://127.0.0.1:${port}/api/health`), service);
    const serverPid = clusters.serverOf(dataDir);
    expect(isAlive(serverPid)).toBe(true);

    await expectStoppedInOrder(service, signal, 'shutting down', { lockFile, serverPid });
  }, 180_000);
});

/** `npm run chain` on its defaults: the chain node's blocks in an embedded PostgreSQL under DATA_DIR/chain-node. */
describe('npm run chain on the embedded PostgreSQL', () => {
  const clusters = scratchClusters('emisor-chain-shutdown-');
  const dataDir = join(clusters.folder, 'chain-node', 'postgres');
  const lockFile = join(dataDir, 'postmaster.pid');
  afterAll(() => clusters.cleanUp());

  it('on SIGTERM stops the node, then its database, and exits 0', async () => {
    const port = await freePort();
    const node = startScript('chain', { DATA_DIR: clusters.folder, CHAIN_RPC_PORT: String(port) });
    await until(answers(`http://127.0.0.1:${port}/status`), node);
    const serverPid = clusters.serverOf(dataDir);

    await expectStoppedInOrder(node, 'SIGTERM', 'chain node shutting down', { lockFile, serverPid });
  }, 180_000);

  it('whose start fails (its RPC port taken) exits 1 and stops the database it had started', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const node = startScript('chain', { DATA_DIR: clusters.folder, CHAIN_RPC_PORT: String((taken.address() as { port: number }).port) });
      expect(await node.exited).toBe(1);
      expect(node.output).toContain('"msg":"starting embedded PostgreSQL"');
      expect(node.output).toMatch(/EADDRINUSE/);
      expect(existsSync(lockFile)).toBe(false);
    } finally {
      taken.close();
    }
  }, 180_000);
});
