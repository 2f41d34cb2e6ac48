import { createSecretKey, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { VerifiedTokens } from '../../api/verified-tokens';

/**
 * A token is verified once per process and then found by its exact text until it expires: a forged,
 * altered or expired token is refused whatever was verified before.
 */
describe('VerifiedTokens', () => {
  const secret = createSecretKey(randomBytes(32));
  const now = new Date('2026-11-24T10:00:00Z');
  const sign = (claims: object, options: jwt.SignOptions = { expiresIn: 60 }, key = secret) => jwt.sign(claims, key, { algorithm: 'HS256', ...options });

  beforeEach(() => jest.useFakeTimers({ now }));
  afterEach(() => jest.useRealTimers());

  it('answers a valid token with its claims, the second time as the first', () => {
    const tokens = new VerifiedTokens(secret);
    const token = sign({ sub: 'client-1', typ: 'client' });
    expect(tokens.verify(token)).toMatchObject({ sub: 'client-1', typ: 'client', exp: now.getTime() / 1000 + 60 });
    expect(tokens.verify(token)).toMatchObject({ sub: 'client-1', typ: 'client' });
  });

  it('refuses a token signed with another key, and one whose claims were altered after a genuine one was verified', () => {
    const tokens = new VerifiedTokens(secret);
    const genuine = sign({ sub: 'client-1', typ: 'client' });
    tokens.verify(genuine);
    expect(() => tokens.verify(sign({ sub: 'client-1', typ: 'client' }, { expiresIn: 60 }, createSecretKey(randomBytes(32))))).toThrow(jwt.JsonWebTokenError);
    const [header, , signature] = genuine.split('.');
    const altered = Buffer.from(JSON.stringify({ sub: 'client-2', typ: 'client', exp: now.getTime() / 1000 + 60 })).toString('base64url');
    expect(() => tokens.verify(`${header}.${altered}.${signature}`)).toThrow('invalid signature');
  });

  it('refuses a token once it has expired, though it was verified while valid', () => {
    const tokens = new VerifiedTokens(secret);
    const token = sign({ sub: 'client-1' }, { expiresIn: 30 });
    expect(tokens.verify(token).sub).toBe('client-1');
    jest.setSystemTime(now.getTime() + 29_000);
    expect(tokens.verify(token).sub).toBe('client-1');
    jest.setSystemTime(now.getTime() + 30_000);
    expect(() => tokens.verify(token)).toThrow(jwt.TokenExpiredError);
  });

  it('refuses a token that is not valid yet, then accepts it from its time on', () => {
    const tokens = new VerifiedTokens(secret);
    const token = sign({ sub: 'client-1' }, { expiresIn: 60, notBefore: 10 });
    expect(() => tokens.verify(token)).toThrow(jwt.NotBeforeError);
    jest.setSystemTime(now.getTime() + 10_000);
    expect(tokens.verify(token).sub).toBe('client-1');
  });

  it('refuses malformed tokens and tokens of another algorithm', () => {
    const tokens = new VerifiedTokens(secret);
    expect(() => tokens.verify('not.a.token')).toThrow(jwt.JsonWebTokenError);
    expect(() => tokens.verify(jwt.sign({ sub: 'x' }, secret, { algorithm: 'HS512', expiresIn: 60 }))).toThrow('invalid algorithm');
  });

  it('keeps verifying correctly once more tokens than it keeps have gone through it', () => {
    const tokens = new VerifiedTokens(secret, 2);
    const issued = ['a', 'b', 'c', 'd'].map((sub) => sign({ sub }));
    for (const round of [1, 2]) for (const [index, token] of issued.entries()) expect([round, tokens.verify(token).sub]).toEqual([round, ['a', 'b', 'c', 'd'][index]]);
  });
});
