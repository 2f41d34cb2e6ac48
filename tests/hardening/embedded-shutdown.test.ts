import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..');

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/**
 * `npm start` on its defaults (no DATABASE_URL): the service runs on an embedded PostgreSQL it started
 * itself. Told to stop, it closes its server, stops its runtime and then the database, in that order:
 * the database never goes away under the service's own connections.
 */
describe('npm start on the embedded PostgreSQL, stopped by a signal', () => {
  const folder = mkdtempSync(join(tmpdir(), 'emisor-shutdown-'));
  chmodSync(folder, 0o755); // under root the cluster runs as the postgres user, who must reach it
  const lockFile = join(folder, 'postgres', 'postmaster.pid');
  let serverPid: number | null = null;

  afterAll(async () => {
    if (serverPid !== null && isAlive(serverPid)) process.kill(serverPid, 'SIGINT');
    for (let waited = 0; serverPid !== null && isAlive(serverPid) && waited < 100; waited++) await new Promise((wait) => setTimeout(wait, 100));
    rmSync(folder, { recursive: true, force: true });
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('on %s stops the service before its database, exits 0 and leaves no server running', async (signal) => {
    const port = await freePort();
    const { DATABASE_URL: _unset, ...inherited } = process.env;
    const service = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'runtime', 'main.ts')], {
      cwd: ROOT,
      env: { ...inherited, NODE_ENV: 'development', DATA_DIR: folder, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', DEMO_DATA: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    service.stdout!.on('data', (chunk) => (output += chunk));
    service.stderr!.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => service.once('exit', (code) => resolve(code)));

    for (let look = 0; ; look++) {
      const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => null);
      if (health?.ok) break;
      if (look > 600 || service.exitCode !== null) throw new Error(`the service did not start: ${output}`);
      await new Promise((wait) => setTimeout(wait, 200));
    }
    serverPid = Number(readFileSync(lockFile, 'utf8').split('\n')[0]);
    expect(isAlive(serverPid)).toBe(true);

    service.kill(signal);
    expect(await exited).toBe(0);
    expect(output).toContain('"msg":"shutting down"');
    // The database was stopped under live connections, the race this test guards against.
    expect(output).not.toMatch(/terminating connection due to administrator command|connection lost|connection failed/);
    expect(existsSync(lockFile)).toBe(false);
    expect(isAlive(serverPid)).toBe(false);
  }, 180_000);
});
