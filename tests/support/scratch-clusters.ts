import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The pid of the PostgreSQL server that holds a data folder, from its lock file. */
export const lockFilePid = (dataDir: string): number => Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

/**
 * A scratch folder for embedded PostgreSQL clusters that tests start through the repository's entry
 * points, and the servers started in it: `cleanUp` (afterAll) stops those still running, whatever the
 * test left behind, and removes the folder.
 */
export function scratchClusters(prefix: string) {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(folder, 0o755); // under root the cluster runs as the postgres user, who must reach it
  const servers: number[] = [];
  return {
    folder,
    /** The server holding `dataDir` now, stopped by cleanUp if it is still running then. */
    serverOf(dataDir: string): number {
      const pid = lockFilePid(dataDir);
      servers.push(pid);
      return pid;
    },
    async cleanUp(): Promise<void> {
      for (const pid of servers) if (isAlive(pid)) process.kill(pid, 'SIGINT');
      for (let waited = 0; servers.some(isAlive) && waited < 100; waited++) await new Promise((wait) => setTimeout(wait, 100));
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
