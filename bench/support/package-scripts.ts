import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * How to run one of a checkout's package.json scripts (`start`, `chain`) with this Node, in one process
 * (no npm in between, so that what is measured or signalled is the script's own process): the script's
 * arguments after `node`. A checkout whose script runs `tsx` (older revisions, for A/B runs) gets tsx's
 * loader.
 */
export function scriptArguments(checkout: string, script: string): string[] {
  const { scripts } = JSON.parse(readFileSync(join(checkout, 'package.json'), 'utf8')) as { scripts: Record<string, string | undefined> };
  const command = scripts[script];
  if (!command) throw new Error(`package.json in ${checkout} has no ${script} script`);
  const [program, ...args] = command.trim().split(/\s+/);
  if (program === 'node') return args;
  if (program === 'tsx') return ['--import', 'tsx', ...args];
  throw new Error(`package.json's ${script} script runs ${program}: it is run here with node or tsx`);
}

/** The Node options `npm start` runs the service with (its collector's sizes, tsx's require hook): the start script without its entry. */
export function startOptions(checkout: string): string[] {
  return scriptArguments(checkout, 'start').slice(0, -1);
}
