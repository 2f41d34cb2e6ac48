import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { AppError } from '../errors';

/**
 * Passwords are hashed with scrypt (memory-hard; node:crypto has no argon2 on Node 20). The stored
 * string names its parameters, so raising the cost later still verifies older hashes.
 */
const KEY_LENGTH = 32;
const BLOCK_SIZE = 8;

const derive = (password: string, salt: Buffer, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

const memoryFor = (N: number, r: number) => 256 * N * r;

export async function hashPassword(password: string, cost: number): Promise<string> {
  const N = 2 ** cost;
  const salt = randomBytes(16);
  const key = await derive(password, salt, { N, r: BLOCK_SIZE, p: 1, maxmem: memoryFor(N, BLOCK_SIZE) });
  return ['scrypt', cost, BLOCK_SIZE, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const N = 2 ** Number(cost);
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), { N, r: Number(r), p: Number(p), maxmem: memoryFor(N, Number(r)) });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Spent on unknown e-mail addresses too, so that a login's timing does not tell whether the address exists. */
let decoy: Promise<string> | null = null;
export async function verifyAgainstDecoy(password: string, cost: number): Promise<false> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'), cost);
  await verifyPassword(password, await decoy);
  return false;
}

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** The most common long-enough passwords of public breach lists; compared case-insensitively. */
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  'qwertyuiopas',
  'qwerty123456',
  'password1234',
  'password12345',
  'password123456',
  'passwordpassword',
  'iloveyou1234',
  'administrator',
  'admin1234567',
  'welcome12345',
  'letmein12345',
  'contraseña123',
  'contrasena123',
  'contrasena1234',
  '111111111111',
  '000000000000',
  'abcdefghijkl',
  'abc123456789',
  'changeme1234',
  'football1234',
  'monkey123456',
  'dragon123456',
]);

/** The password policy; every broken rule is listed, so a form can show them all at once. */
export function assertPasswordPolicy(password: string, email: string | null, path = 'password'): void {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(`must be at least ${PASSWORD_MIN_LENGTH} characters long`);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`must be at most ${PASSWORD_MAX_LENGTH} characters long`);
  const lowered = password.toLowerCase();
  if (email && (lowered === email.toLowerCase() || lowered === email.toLowerCase().split('@')[0]))
    problems.push('must not be your e-mail address');
  if (COMMON_PASSWORDS.has(lowered) || /^(.)\1+$/.test(password)) problems.push('is too common');
  if (problems.length > 0)
    throw new AppError(
      400,
      'WEAK_PASSWORD',
      'Password too weak',
      'The password does not meet the password policy',
      problems.map((message) => ({ path, message: `The password ${message}` })),
    );
}
