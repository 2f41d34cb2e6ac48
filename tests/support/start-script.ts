import { join } from 'node:path';
import { scriptArguments } from '../../bench/support/package-scripts';

export const ROOT = join(__dirname, '..', '..');

/** The Node flags `npm start` runs the service with: package.json's `start`, without `node` and its entry. */
export const startFlags = (): string[] => scriptArguments(ROOT, 'start').slice(0, -1);
