import supertest from 'supertest';
import { GOOD_PASSWORD, join, startIdentity, type IdentityWorld } from '../identity/support';

/** Small limits, so that a test reaches them: 3 failures per (e-mail, address), 5 per address, 2 per address on the other public auth routes. */
const LIMITS = {
  LOGIN_RATE_LIMIT_PER_EMAIL: '3',
  LOGIN_RATE_LIMIT_PER_IP: '5',
  AUTH_RATE_LIMIT_PER_IP: '2',
  REFRESH_RATE_LIMIT_PER_IP: '2',
};

const WRONG = 'not-the-password-at-all';

function expectThrottled(response: supertest.Response): void {
  expect(response.status).toBe(429);
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.body.code).toBe('RATE_LIMITED');
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
}

describe('Throttling of the public auth routes', () => {
  describe('behind a declared proxy (TRUST_PROXY), X-Forwarded-For names the caller', () => {
    let world: IdentityWorld;
    const rightful = 'titular@bcentral.hn';
    beforeAll(async () => {
      world = await startIdentity({ ...LIMITS, TRUST_PROXY: 'loopback' });
      await join(world, world.admin, { email: rightful, role: 'member' });
    });
    afterAll(() => world.close());

    const login = (from: string, email: string, password: string) =>
      supertest(world.app).post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password });

    describe('POST /auth/login', () => {
      it('never counts successful logins', async () => {
        for (let count = 0; count < 8; count++) expect((await login('198.51.100.1', rightful, GOOD_PASSWORD)).status).toBe(200);
      });

      it('refuses an e-mail after LOGIN_RATE_LIMIT_PER_EMAIL failures from one address, but not the rightful user from another', async () => {
        for (let count = 0; count < 3; count++) expect((await login('203.0.113.66', rightful, WRONG)).status).toBe(401);
        expectThrottled(await login('203.0.113.66', rightful, WRONG));
        expectThrottled(await login('203.0.113.66', rightful, GOOD_PASSWORD));

        expect((await login('198.51.100.2', rightful, GOOD_PASSWORD)).status).toBe(200);
      });

      it('clears the e-mail\'s failures from an address when a login from it succeeds', async () => {
        for (let count = 0; count < 2; count++) expect((await login('198.51.100.3', rightful, WRONG)).status).toBe(401);
        expect((await login('198.51.100.3', rightful, GOOD_PASSWORD)).status).toBe(200);
        for (let count = 0; count < 3; count++) expect((await login('198.51.100.3', rightful, WRONG)).status).toBe(401);
        expectThrottled(await login('198.51.100.3', rightful, WRONG));
      });

      it('refuses an address after LOGIN_RATE_LIMIT_PER_IP failures, whatever the e-mail; other addresses go on', async () => {
        for (const email of ['a@x.hn', 'b@x.hn', 'c@x.hn', 'd@x.hn', 'e@x.hn']) expect((await login('203.0.113.77', email, WRONG)).status).toBe(401);
        expectThrottled(await login('203.0.113.77', 'f@x.hn', WRONG));
        expectThrottled(await login('203.0.113.77', rightful, GOOD_PASSWORD));

        expect((await login('198.51.100.4', rightful, GOOD_PASSWORD)).status).toBe(200);
      });
    });

    describe.each([
      ['POST /auth/forgot-password', 202, (from: string, n: number) => supertest(world.app).post('/api/auth/forgot-password').set('X-Forwarded-For', from).send({ email: `nadie${n}@x.hn` })],
      ['POST /auth/reset-password', 410, (from: string) => supertest(world.app).post('/api/auth/reset-password').set('X-Forwarded-For', from).send({ token: 'made-up', password: GOOD_PASSWORD })],
      ['POST /auth/register', 404, (from: string) => supertest(world.app).post('/api/auth/register').set('X-Forwarded-For', from).send({ token: 'made-up', name: 'X', password: GOOD_PASSWORD })],
      ['POST /auth/refresh', 401, (from: string) => supertest(world.app).post('/api/auth/refresh').set('X-Forwarded-For', from)],
      ['GET /invitations/validate/<token>', 404, (from: string) => supertest(world.app).get('/api/invitations/validate/made-up').set('X-Forwarded-For', from)],
    ])('%s', (_route, answer, send) => {
      it('is throttled per caller address: 429 RATE_LIMITED with Retry-After past the limit; other addresses go on', async () => {
        expect((await send('203.0.113.10', 1)).status).toBe(answer);
        expect((await send('203.0.113.10', 2)).status).toBe(answer);
        expectThrottled(await send('203.0.113.10', 3));

        expect((await send('198.51.100.10', 4)).status).toBe(answer);
      });
    });
  });

  describe('without TRUST_PROXY (the default)', () => {
    let world: IdentityWorld;
    beforeAll(async () => {
      world = await startIdentity(LIMITS);
    });
    afterAll(() => world.close());

    it('ignores X-Forwarded-For: a caller cannot pick a fresh address to go on guessing', async () => {
      const guess = (forwardedFor: string) =>
        supertest(world.app).post('/api/auth/login').set('X-Forwarded-For', forwardedFor).send({ email: 'victima@x.hn', password: WRONG });
      for (const forwardedFor of ['192.0.2.1', '192.0.2.2', '192.0.2.3']) expect((await guess(forwardedFor)).status).toBe(401);
      expectThrottled(await guess('192.0.2.4'));
    });
  });
});
