import supertest from 'supertest';
import { backToNow, GOOD_PASSWORD, join, mailedToken, signIn, startIdentity, travel, type IdentityWorld, type Session } from './support';

describe('Authentication', () => {
  let world: IdentityWorld;
  let member: Session;

  beforeAll(async () => {
    world = await startIdentity({ REFRESH_GRACE_SECONDS: '30' });
    member = await join(world, world.admin, { email: 'marta@bcentral.hn', role: 'member', name: 'Marta' });
  });
  afterAll(() => world.close());
  afterEach(backToNow);

  const anonymous = () => supertest.agent(world.app);

  describe('POST /auth/login', () => {
    it('returns an access token and the user, and sets the refresh cookie', async () => {
      const response = await anonymous().post('/api/auth/login').send({ email: 'MARTA@bcentral.hn', password: GOOD_PASSWORD });
      expect(response.status).toBe(200);
      expect(response.body.user).toEqual({
        id: member.userId,
        name: 'Marta',
        email: 'marta@bcentral.hn',
        role: 'member',
        organizationId: world.central.organizationId,
        organizationType: 'CENTRAL',
        locale: 'es',
      });
      const cookie = response.headers['set-cookie']![0]!;
      expect(cookie).toMatch(/^refresh_token=[^;]+; Path=\/api\/auth; Expires=[^;]+; HttpOnly; SameSite=Strict$/);
      const claims = JSON.parse(Buffer.from(response.body.accessToken.split('.')[1], 'base64url').toString());
      expect(claims).toMatchObject({ sub: member.userId, org: world.central.organizationId, orgType: 'CENTRAL', role: 'member', typ: 'access' });
      expect(claims.exp - claims.iat).toBe(15 * 60);
    });

    it('answers an unknown address and a wrong password alike: 401 INVALID_CREDENTIALS', async () => {
      const wrong = await anonymous().post('/api/auth/login').send({ email: 'marta@bcentral.hn', password: 'not-her-password' });
      const unknown = await anonymous().post('/api/auth/login').send({ email: 'nobody@bcentral.hn', password: 'not-her-password' });
      expect(wrong.status).toBe(401);
      expect(unknown.status).toBe(401);
      expect(wrong.headers['content-type']).toMatch(/^application\/problem\+json/);
      const { correlationId: _a, ...wrongBody } = wrong.body;
      const { correlationId: _b, ...unknownBody } = unknown.body;
      expect(wrongBody).toEqual(unknownBody);
      expect(wrongBody.code).toBe('INVALID_CREDENTIALS');
    });

    it('has nothing to log in as the BRIDGING system identity: no e-mail address, no password', async () => {
      const bridging = await world.services.db('users').where({ id: world.central.bridgingUserId }).first();
      expect(bridging).toMatchObject({ kind: 'BRIDGING', email: null, active: true });
      const [registered] = await world.services.eventStore.readStream(`user-${world.central.bridgingUserId}`);
      expect(registered!.data).toMatchObject({ kind: 'BRIDGING', passwordHash: null });
    });

    it('rejects unknown keys and malformed bodies with 400 VALIDATION_FAILED', async () => {
      const extra = await anonymous().post('/api/auth/login').send({ email: 'marta@bcentral.hn', password: GOOD_PASSWORD, remember: true });
      expect(extra.status).toBe(400);
      expect(extra.body.code).toBe('VALIDATION_FAILED');
      const notEmail = await anonymous().post('/api/auth/login').send({ email: 'marta', password: GOOD_PASSWORD });
      expect(notEmail.status).toBe(400);
      expect(notEmail.body.errors).toEqual([expect.objectContaining({ path: 'email' })]);
    });
  });

  describe('login throttling', () => {
    let limited: IdentityWorld;
    beforeAll(async () => {
      limited = await startIdentity({ LOGIN_RATE_LIMIT_PER_EMAIL: '3', LOGIN_RATE_LIMIT_PER_IP: '5' });
    });
    afterAll(() => limited.close());
    const attempt = (email: string) => supertest(limited.app).post('/api/auth/login').send({ email, password: 'guess-number-x' });

    it('limits attempts per address: 429 RATE_LIMITED with Retry-After', async () => {
      for (let count = 0; count < 3; count++) expect((await attempt('target@x.hn')).status).toBe(401);
      const throttled = await attempt('target@x.hn');
      expect(throttled.status).toBe(429);
      expect(throttled.body.code).toBe('RATE_LIMITED');
      expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    });

    it('limits failed attempts per IP, whatever the address (the three failures and the throttled attempt above make four)', async () => {
      expect((await attempt('a@x.hn')).status).toBe(401);
      const throttled = await attempt('b@x.hn');
      expect(throttled.status).toBe(429);
      expect(throttled.body.code).toBe('RATE_LIMITED');
    });
  });

  describe('POST /auth/refresh', () => {
    it('rotates the cookie and returns a new access token', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const response = await session.agent.post('/api/auth/refresh');
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ accessToken: expect.any(String) });
      expect(response.headers['set-cookie']![0]).toMatch(/^refresh_token=/);
      const me = await session.agent.get('/api/users/me').set({ Authorization: `Bearer ${response.body.accessToken}` });
      expect(me.status).toBe(200);
      expect(me.body.id).toBe(member.userId);
    });

    it('answers 401 INVALID_REFRESH_TOKEN without a cookie or with a made-up one', async () => {
      const none = await anonymous().post('/api/auth/refresh');
      expect(none.status).toBe(401);
      expect(none.body.code).toBe('INVALID_REFRESH_TOKEN');
      const forged = await anonymous().post('/api/auth/refresh').set('Cookie', `refresh_token=${crypto.randomUUID()}.${'A'.repeat(43)}`);
      expect(forged.status).toBe(401);
      expect(forged.body.code).toBe('INVALID_REFRESH_TOKEN');
    });

    it('honours a just-rotated token within the grace window (concurrent tabs) without rotating again', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const original = cookieOf(session);
      const first = await session.agent.post('/api/auth/refresh');
      expect(first.status).toBe(200);
      const late = await anonymous().post('/api/auth/refresh').set('Cookie', `refresh_token=${original}`);
      expect(late.status).toBe(200);
      expect(late.body.accessToken).toEqual(expect.any(String));
      expect(late.headers['set-cookie']).toBeUndefined();
      expect((await session.agent.post('/api/auth/refresh')).status).toBe(200);
    });

    it('revokes the whole family when a rotated-out token comes back after the grace window', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const stolen = cookieOf(session);
      const rotated = await session.agent.post('/api/auth/refresh');
      expect(rotated.status).toBe(200);
      travel(31_000);
      const replay = await anonymous().post('/api/auth/refresh').set('Cookie', `refresh_token=${stolen}`);
      expect(replay.status).toBe(401);
      expect(replay.body.code).toBe('REFRESH_TOKEN_REUSED');
      // The legitimate holder's current cookie and its access token die with the family.
      const holder = await session.agent.post('/api/auth/refresh');
      expect(holder.status).toBe(401);
      expect(holder.body.code).toBe('INVALID_REFRESH_TOKEN');
      expect((await session.agent.get('/api/users/me').set({ Authorization: `Bearer ${rotated.body.accessToken}` })).status).toBe(401);
    });
  });

  describe('POST /auth/logout', () => {
    it('revokes the session, clears the cookie, and the access token stops working', async () => {
      const session = await signIn(world, member.email, GOOD_PASSWORD);
      const response = await session.agent.post('/api/auth/logout').set(session.auth);
      expect(response.status).toBe(204);
      expect(response.headers['set-cookie']![0]).toMatch(/^refresh_token=; Path=\/api\/auth; Expires=Thu, 01 Jan 1970/);
      expect((await anonymous().get('/api/users/me').set(session.auth)).status).toBe(401);
    });

    it('requires the refresh cookie or an access token: 401 UNAUTHENTICATED', async () => {
      const response = await anonymous().post('/api/auth/logout');
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('UNAUTHENTICATED');
    });
  });

  describe('POST /auth/forgot-password and /auth/reset-password', () => {
    it('mails a single-use link in the user\'s language; the new password works and every session ends', async () => {
      const person = await join(world, world.admin, { email: 'olga@bcentral.hn', role: 'auditor', name: 'Olga' });
      await person.agent.patch('/api/users/me/locale').set(person.auth).send({ locale: 'en' });
      const requested = await anonymous().post('/api/auth/forgot-password').send({ email: 'olga@bcentral.hn' });
      expect(requested.status).toBe(202);
      const outbox = await world.request.get('/api/dev/outbox').query({ to: 'olga@bcentral.hn' });
      const mail = outbox.body.items[0];
      expect(mail.subject).toBe('Reset your Emisor password');
      expect(mail.text).toContain('expires in 60 minutes');
      expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/reset-password\?token=/);
      expect(mail.text).toContain(mail.link);

      const token = await mailedToken(world, 'olga@bcentral.hn', 'reset-password');
      const reset = await anonymous().post('/api/auth/reset-password').send({ token, password: 'a-brand-new-secret' });
      expect(reset.status).toBe(204);
      expect((await anonymous().get('/api/users/me').set(person.auth)).status).toBe(401);
      expect((await person.agent.post('/api/auth/refresh')).status).toBe(401);
      expect((await anonymous().post('/api/auth/login').send({ email: 'olga@bcentral.hn', password: GOOD_PASSWORD })).status).toBe(401);
      await signIn(world, 'olga@bcentral.hn', 'a-brand-new-secret');

      const again = await anonymous().post('/api/auth/reset-password').send({ token, password: 'yet-another-secret' });
      expect(again.status).toBe(410);
      expect(again.body.code).toBe('RESET_TOKEN_EXPIRED');
    });

    it('answers 202 for an unknown address and mails nothing', async () => {
      const response = await anonymous().post('/api/auth/forgot-password').send({ email: 'ghost@bcentral.hn' });
      expect(response.status).toBe(202);
      expect((await world.request.get('/api/dev/outbox').query({ to: 'ghost@bcentral.hn' })).body.items).toEqual([]);
    });

    it('writes the mail in Spanish by default', async () => {
      await anonymous().post('/api/auth/forgot-password').send({ email: member.email });
      const outbox = await world.request.get('/api/dev/outbox').query({ to: member.email });
      expect(outbox.body.items[0].subject).toBe('Restablecer su contraseña de Emisor');
      expect(outbox.body.items[0].text).toContain('vence en 60 minutos');
    });

    it('refuses a link after PASSWORD_RESET_EXPIRY_MINUTES: 410 RESET_TOKEN_EXPIRED', async () => {
      await join(world, world.admin, { email: 'late@bcentral.hn', role: 'member' });
      await anonymous().post('/api/auth/forgot-password').send({ email: 'late@bcentral.hn' });
      const token = await mailedToken(world, 'late@bcentral.hn', 'reset-password');
      travel(61 * 60_000);
      const response = await anonymous().post('/api/auth/reset-password').send({ token, password: 'a-brand-new-secret' });
      expect(response.status).toBe(410);
      expect(response.body.code).toBe('RESET_TOKEN_EXPIRED');
    });

    it('makes an older link useless once a newer one is requested, and refuses made-up links', async () => {
      await join(world, world.admin, { email: 'twice@bcentral.hn', role: 'member' });
      await anonymous().post('/api/auth/forgot-password').send({ email: 'twice@bcentral.hn' });
      const first = await mailedToken(world, 'twice@bcentral.hn', 'reset-password');
      await anonymous().post('/api/auth/forgot-password').send({ email: 'twice@bcentral.hn' });
      const superseded = await anonymous().post('/api/auth/reset-password').send({ token: first, password: 'a-brand-new-secret' });
      expect(superseded.status).toBe(410);
      const madeUp = await anonymous().post('/api/auth/reset-password').send({ token: 'nonsense', password: 'a-brand-new-secret' });
      expect(madeUp.status).toBe(410);
      expect(madeUp.body.code).toBe('RESET_TOKEN_EXPIRED');
    });

    it('applies the password policy: 400 WEAK_PASSWORD', async () => {
      await join(world, world.admin, { email: 'weak@bcentral.hn', role: 'member' });
      await anonymous().post('/api/auth/forgot-password').send({ email: 'weak@bcentral.hn' });
      const token = await mailedToken(world, 'weak@bcentral.hn', 'reset-password');
      const response = await anonymous().post('/api/auth/reset-password').send({ token, password: 'short' });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('WEAK_PASSWORD');
      expect(response.body.errors).toEqual([{ path: 'password', message: 'The password must be at least 12 characters long' }]);
      expect((await anonymous().post('/api/auth/reset-password').send({ token, password: 'a-brand-new-secret' })).status).toBe(204);
    });

    it('throttles reset requests per address: 429 RATE_LIMITED', async () => {
      const statuses = [];
      for (let attempt = 0; attempt < 6; attempt++)
        statuses.push((await anonymous().post('/api/auth/forgot-password').send({ email: 'flood@bcentral.hn' })).status);
      expect(statuses).toEqual([202, 202, 202, 202, 202, 429]);
    });
  });

  describe('POST /auth/change-password', () => {
    it('needs the current password, keeps the caller\'s session and ends the others', async () => {
      const person = await join(world, world.admin, { email: 'carla@bcentral.hn', role: 'member' });
      const elsewhere = await signIn(world, 'carla@bcentral.hn', GOOD_PASSWORD);
      const here = await signIn(world, 'carla@bcentral.hn', GOOD_PASSWORD);
      const response = await here.agent
        .post('/api/auth/change-password')
        .set(here.auth)
        .send({ currentPassword: GOOD_PASSWORD, newPassword: 'carla-new-secret-2026' });
      expect(response.status).toBe(204);
      expect((await here.agent.get('/api/users/me').set(here.auth)).status).toBe(200);
      expect((await here.agent.post('/api/auth/refresh')).status).toBe(200);
      expect((await elsewhere.agent.get('/api/users/me').set(elsewhere.auth)).status).toBe(401);
      expect((await person.agent.post('/api/auth/refresh')).status).toBe(401);
      await signIn(world, 'carla@bcentral.hn', 'carla-new-secret-2026');
    });

    it('answers a wrong current password with 401 INVALID_CREDENTIALS', async () => {
      const response = await member.agent
        .post('/api/auth/change-password')
        .set(member.auth)
        .send({ currentPassword: 'not-the-password', newPassword: 'whatever-new-secret' });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe('INVALID_CREDENTIALS');
    });

    it('lists every broken policy rule: 400 WEAK_PASSWORD', async () => {
      const asEmail = await member.agent
        .post('/api/auth/change-password')
        .set(member.auth)
        .send({ currentPassword: GOOD_PASSWORD, newPassword: 'marta@bcentral.hn' });
      expect(asEmail.status).toBe(400);
      expect(asEmail.body.errors).toEqual([{ path: 'newPassword', message: 'The password must not be your e-mail address' }]);
      const common = await member.agent
        .post('/api/auth/change-password')
        .set(member.auth)
        .send({ currentPassword: GOOD_PASSWORD, newPassword: 'Password1234' });
      expect(common.status).toBe(400);
      expect(common.body.code).toBe('WEAK_PASSWORD');
      expect(common.body.errors).toEqual([{ path: 'newPassword', message: 'The password is too common' }]);
    });
  });
});

/** The session's current refresh token, as its browser holds it. */
function cookieOf(session: Session): string {
  const cookie = session.agent.jar.getCookie('refresh_token', { domain: '127.0.0.1', path: '/api/auth', secure: false, script: false });
  if (!cookie) throw new Error('no refresh cookie');
  return cookie.value;
}
