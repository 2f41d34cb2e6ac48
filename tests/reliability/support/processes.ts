import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export interface Child {
  process: ChildProcess;
  /** Everything it wrote, for a failure message. */
  output(): string;
  /** Resolves when it has exited. */
  exited: Promise<number | null>;
}

/**
 * Runs a TypeScript entry point with tsx in a process group of its own (so a SIGKILL of the group
 * takes every process it started) and resolves once a line of its output matches `ready`.
 */
export async function startChild(script: string, args: string[], env: NodeJS.ProcessEnv, ready: RegExp, timeoutMs = 60_000): Promise<{ child: Child; match: RegExpMatchArray }> {
  const child = spawn(TSX, [join(ROOT, script), ...args], { cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const match = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${script} not ready after ${timeoutMs} ms:\n${output.slice(-4000)}`)), timeoutMs);
    const look = (chunk: Buffer) => {
      output += chunk.toString();
      const found = ready.exec(output);
      if (found) {
        clearTimeout(timer);
        resolve(found);
      }
    };
    child.stdout!.on('data', look);
    child.stderr!.on('data', look);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited (${code}) before it was ready:\n${output.slice(-4000)}`));
    });
  });
  return { child: { process: child, output: () => output, exited }, match };
}

/** Sends a signal to the child's whole process group and waits for the child to exit. */
export async function signalGroup(child: Child, signal: NodeJS.Signals): Promise<void> {
  try {
    process.kill(-child.process.pid!, signal);
  } catch {
    // Already gone.
  }
  await child.exited;
}
