import { join } from 'node:path';
import { startOptions } from '../../bench/support/package-scripts';

export const ROOT = join(__dirname, '..', '..');

/** The Node flags `npm start` runs the service with: package.json's `start`, without `node` and its entry. */
export const startFlags = (): string[] => startOptions(ROOT);
