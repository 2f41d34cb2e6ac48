import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Bearer secrets handed to people (invitation links, password-reset links, refresh cookies):
 * `<id>.<32 random bytes>`. The id names the stream to load, so no lookup table is needed; only the
 * SHA-256 of the whole token is ever stored.
 */
export interface SecretToken {
  token: string;
  hash: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('base64url');

export function issueSecretToken(id: string): SecretToken {
  const token = `${id}.${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashToken(token) };
}

/** The id part of a well-formed token; null for anything else. */
export function tokenId(token: string): string | null {
  const match = /^([0-9a-f-]{36})\.[A-Za-z0-9_-]{43}$/.exec(token);
  return match ? match[1]! : null;
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
