import type { KeyObject } from 'node:crypto';
import jwt, { type JwtPayload } from 'jsonwebtoken';

/** Tokens kept verified at most: a client's or a staff member's token each, evicted oldest first. */
const CAPACITY = 20_000;

/**
 * The service's HS256 tokens, each verified once per process and kept until it expires. A phone sends
 * the same client token with every payment; checking it again each time (base64, JSON, HMAC, claims) was
 * ~6 % of a payment's CPU under load. The whole token, signature included, is the key, so only a token
 * that verified is ever found; its expiry is checked again on every use, exactly as jsonwebtoken checks
 * it; a token without an expiry, or not valid yet, is never kept. What a token grants (the user, the
 * client, a revocation) is still looked up on every request by the strategy that asked.
 */
export class VerifiedTokens {
  private readonly verified = new Map<string, Readonly<JwtPayload>>();

  constructor(
    private readonly secret: KeyObject,
    private readonly capacity = CAPACITY,
  ) {}

  /** The token's claims; throws jsonwebtoken's errors for a forged, malformed or expired token. */
  verify(token: string): Readonly<JwtPayload> {
    const known = this.verified.get(token);
    if (known) {
      if (known.exp! > Math.floor(Date.now() / 1000)) return known;
      this.verified.delete(token);
    }
    const claims = jwt.verify(token, this.secret, { algorithms: ['HS256'] });
    if (typeof claims === 'string') throw new jwt.JsonWebTokenError('the token does not carry claims');
    if (typeof claims.exp === 'number' && claims.nbf === undefined) {
      if (this.verified.size >= this.capacity) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, Object.freeze(claims));
    }
    return claims;
  }
}
