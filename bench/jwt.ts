import { createSecretKey, randomBytes, randomUUID } from 'node:crypto';
import { cpus } from 'node:os';
import jwt from 'jsonwebtoken';
import { envNumber } from './support/env';

/**
 * `npm run bench:jwt`: verifying an HS256 access token with the secret as a string (jsonwebtoken first
 * tries, and fails, to read it as a public key on every call) against a secret KeyObject made once (what
 * the service does since issue 9). Pure CPU, no I/O. BENCH_SECONDS (default 2 per case) tunes it.
 */
const SECONDS = envNumber('BENCH_SECONDS', 'positive', 2);

const secret = randomBytes(48).toString('base64url');
const key = createSecretKey(Buffer.from(secret, 'utf8'));
const token = jwt.sign(
  { org: randomUUID(), orgType: 'COMMERCIAL', role: 'member', typ: 'access', sid: randomUUID() },
  key,
  { algorithm: 'HS256', subject: randomUUID(), expiresIn: 900 },
);

function measure(name: string, run: () => void): number {
  for (let warm = 0; warm < 2_000; warm++) run();
  const until = process.hrtime.bigint() + BigInt(SECONDS * 1e9);
  let calls = 0;
  const started = process.hrtime.bigint();
  while (process.hrtime.bigint() < until) {
    for (let batch = 0; batch < 100; batch++) run();
    calls += 100;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const perSecond = calls / seconds;
  console.log(`  ${name.padEnd(34)} ${Math.round(perSecond).toLocaleString('en').padStart(9)} /s  ${((1e6 * seconds) / calls).toFixed(1).padStart(6)} µs each`);
  return perSecond;
}

console.log(`Machine: ${cpus()[0]?.model ?? 'unknown CPU'} × ${cpus().length}, Node ${process.version}`);
console.log('jwt.verify of one HS256 access token:');
const options = { algorithms: ['HS256' as const] };
const withString = measure('secret as a string (before)', () => jwt.verify(token, secret, options));
const withKey = measure('secret KeyObject, made once (now)', () => jwt.verify(token, key, options));
console.log(`  speed-up: ${(withKey / withString).toFixed(2)}×`);
console.log('jwt.sign of one access token:');
const claims = { org: randomUUID(), orgType: 'COMMERCIAL', role: 'member', typ: 'access', sid: randomUUID() };
measure('secret as a string (before)', () => jwt.sign(claims, secret, { algorithm: 'HS256', expiresIn: 900 }));
measure('secret KeyObject, made once (now)', () => jwt.sign(claims, key, { algorithm: 'HS256', expiresIn: 900 }));
