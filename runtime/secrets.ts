import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';

export interface Secrets {
  jwtSecret: string;
  /** 32-byte key-encryption key for custody keys at rest. */
  keyEncryptionKey: Buffer;
}

/**
 * Secrets come from the environment. On the embedded default they are generated once into the data
 * folder (mode 0600) so that a restart keeps sessions and can still decrypt custody keys.
 */
export function loadSecrets(config: Config): Secrets {
  if (config.JWT_SECRET && config.KEY_ENCRYPTION_KEY)
    return { jwtSecret: config.JWT_SECRET, keyEncryptionKey: Buffer.from(config.KEY_ENCRYPTION_KEY, 'hex') };
  const file = join(config.DATA_DIR, 'secrets.json');
  let stored: { jwtSecret: string; keyEncryptionKey: string };
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8'));
  else {
    mkdirSync(config.DATA_DIR, { recursive: true });
    stored = { jwtSecret: randomBytes(48).toString('base64url'), keyEncryptionKey: randomBytes(32).toString('hex') };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return {
    jwtSecret: config.JWT_SECRET ?? stored.jwtSecret,
    keyEncryptionKey: Buffer.from(config.KEY_ENCRYPTION_KEY ?? stored.keyEncryptionKey, 'hex'),
  };
}
