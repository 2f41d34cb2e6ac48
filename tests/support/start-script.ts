import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..', '..');

/** The Node flags `npm start` runs the service with: package.json's `start`, without `node` and its entry. */
export function startFlags(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const [program, ...args] = scripts.start!.trim().split(/\s+/);
  if (program !== 'node') throw new Error(`package.json's start runs ${program}, not node`);
  return args.slice(0, -1);
}
