import { randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import supertest from 'supertest';
import { createApp } from '../../api/app';
import { TEST_JWT_SECRET } from '../support/test-runtime';
import { GOOD_PASSWORD, join, signIn, startIdentity, type IdentityWorld, type Session } from '../identity/support';

/** The refresh cookie a session's browser holds. */
const cookieOf = (session: Session) => session.agent.jar.getCookie('refresh_token', { domain: '127.0.0.1', path: '/api/auth', secure: false, script: false })!.value;

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>;

describe('Sessions', () => {
  let world: IdentityWorld;
  let member: Session;
  beforeAll(async () => {
    world = await startIdentity();
    member = await join(world, world.admin, { email: 'sesiones@bcentral.hn', role: 'member', name: 'Sesiones' });
  });
  afterAll(() => world.close());

  const anonymous = () => supertest(world.app);
  const me = (token: string) => anonymous().get('/api/users/me').set('Authorization', `Bearer ${token}`);

  describe('POST /auth/logout with the refresh cookie alone', () => {
    it('revokes that session: 204, cookie cleared, the refresh token and the access token stop working', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const cookie = cookieOf(session);

      const response = await anonymous().post('/api/auth/logout').set('Cookie', `refresh_token=${cookie}`);

      expect(response.status).toBe(204);
      expect(response.headers['set-cookie']![0]).toMatch(/^refresh_token=; Path=\/api\/auth; Expires=Thu, 01 Jan 1970/);
      const refresh = await anonymous().post('/api/auth/refresh').set('Cookie', `refresh_token=${cookie}`);
      expect(refresh.status).toBe(401);
      expect(refresh.body.code).toBe('INVALID_REFRESH_TOKEN');
      expect((await me(session.token)).status).toBe(401);
    });

    it('works even when the access token sent with it has expired', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const { iat: _iat, ...claims } = claimsOf(session.token);
      const expired = jwt.sign({ ...claims, exp: Math.floor(Date.now() / 1000) - 60 }, TEST_JWT_SECRET, { algorithm: 'HS256' });

      const response = await session.agent.post('/api/auth/logout').set('Authorization', `Bearer ${expired}`);

      expect(response.status).toBe(204);
      expect((await session.agent.post('/api/auth/refresh')).status).toBe(401);
    });

    it('ends nothing with a cookie that names a session but is not one of its tokens', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const sessionId = claimsOf(session.token).sid as string;

      const response = await anonymous().post('/api/auth/logout').set('Cookie', `refresh_token=${sessionId}.${'A'.repeat(43)}`);

      expect(response.status).toBe(204);
      expect((await me(session.token)).status).toBe(200);
      expect((await session.agent.post('/api/auth/refresh')).status).toBe(200);
    });
  });

  describe('POST /auth/logout without a cookie', () => {
    it('revokes the session of the access token', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const cookie = cookieOf(session);

      const response = await anonymous().post('/api/auth/logout').set(session.auth);

      expect(response.status).toBe(204);
      expect((await me(session.token)).status).toBe(401);
      expect((await anonymous().post('/api/auth/refresh').set('Cookie', `refresh_token=${cookie}`)).status).toBe(401);
    });

    it('answers 401 UNAUTHENTICATED with neither a cookie nor a valid access token', async () => {
      for (const request of [anonymous().post('/api/auth/logout'), anonymous().post('/api/auth/logout').set('Authorization', 'Bearer not-a-token')]) {
        const response = await request;
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('UNAUTHENTICATED');
      }
    });
  });

  describe('access tokens', () => {
    const forge = (claims: Record<string, unknown>) => jwt.sign(claims, TEST_JWT_SECRET, { algorithm: 'HS256', noTimestamp: true });
    let complete: Record<string, unknown>;
    beforeAll(async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const { sub, org, orgType, role, typ, sid } = claimsOf(session.token);
      complete = { sub, org, orgType, role, typ, sid, exp: Math.floor(Date.now() / 1000) + 600 };
    });

    it('accepts a token with every claim (the control case)', async () => {
      expect((await me(forge(complete))).status).toBe(200);
    });

    it.each([['exp'], ['sid']])('refuses a correctly signed token without %s: 401', async (claim) => {
      const { [claim]: _left, ...rest } = complete;
      const response = await me(forge(rest));
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });

    it('refuses a token whose session was never opened: 401', async () => {
      expect((await me(forge({ ...complete, sid: randomUUID() }))).status).toBe(401);
    });
  });

  describe('answers that carry a token', () => {
    it('are never stored: Cache-Control no-store on login, register and refresh', async () => {
      const login = await supertest.agent(world.app).post('/api/auth/login').send({ email: member.email, password: GOOD_PASSWORD });
      expect(login.status).toBe(200);
      expect(login.headers['cache-control']).toBe('no-store');

      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const refresh = await session.agent.post('/api/auth/refresh');
      expect(refresh.status).toBe(200);
      expect(refresh.headers['cache-control']).toBe('no-store');

      await world.admin.agent.post('/api/invitations').set(world.admin.auth).send({ email: 'nuevo@bcentral.hn', role: 'auditor' });
      const outbox = await anonymous().get('/api/dev/outbox').query({ to: 'nuevo@bcentral.hn' });
      const token = new URL(outbox.body.items[0].link).searchParams.get('token');
      const register = await anonymous().post('/api/auth/register').send({ token, name: 'Nuevo', password: GOOD_PASSWORD });
      expect(register.status).toBe(201);
      expect(register.headers['cache-control']).toBe('no-store');
    });
  });

  describe('the refresh cookie', () => {
    const loginOn = (host: string) =>
      supertest(createApp({ ...world.services, config: { ...world.services.config, HOST: host } }))
        .post('/api/auth/login')
        .send({ email: member.email, password: GOOD_PASSWORD });

    it.each([['0.0.0.0'], ['10.1.2.3'], ['emisor.example.hn']])('is Secure when the service listens on %s', async (host) => {
      const response = await loginOn(host);
      expect(response.status).toBe(200);
      expect(response.headers['set-cookie']![0]).toMatch(/; Secure/);
    });

    it.each([['127.0.0.1'], ['::1'], ['localhost']])('is not Secure on loopback (%s), where the browser talks plain http', async (host) => {
      const response = await loginOn(host);
      expect(response.status).toBe(200);
      expect(response.headers['set-cookie']![0]).not.toMatch(/Secure/);
    });
  });

  describe('the signing key', () => {
    it('is parsed once into a secret KeyObject holding the configured secret', () => {
      const key = world.services.jwtSecret;
      expect(key.type).toBe('secret');
      expect(key.export().toString('utf8')).toBe(TEST_JWT_SECRET);
    });

    it('signs tokens that the configured secret verifies, as before', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      expect(jwt.verify(session.token, TEST_JWT_SECRET, { algorithms: ['HS256'] })).toMatchObject({ sub: member.userId, typ: 'access' });
    });
  });
});
