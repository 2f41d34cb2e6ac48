import { randomUUID } from 'node:crypto';
import supertest from 'supertest';
import { redactUrl } from '../../runtime/logger';
import { centralOrganizationStep, runSeed } from '../../runtime/seed';
import { createTestRuntime, TEST_JWT_SECRET, TEST_KEY_ENCRYPTION_KEY, type TestRuntime } from '../support/test-runtime';
import { FAST_IDENTITY, GOOD_PASSWORD, mailedToken, signIn } from '../identity/support';

const SECRET_PART = 'k'.repeat(43);

describe('Secrets never reach a log', () => {
  describe('redactUrl', () => {
    it.each([
      ['/api/invitations/validate/0b4c1a5e-3f0e-4f44-9d6a-2c1f7e9a8b70.abc_DEF-123', '/api/invitations/validate/[redacted]'],
      ['/api/invitations/validate/anything?lang=es', '/api/invitations/validate/[redacted]?lang=es'],
      ['/reset-password?token=abc.def&lang=es', '/reset-password?token=[redacted]&lang=es'],
      ['/register?lang=es&token=abc', '/register?lang=es&token=[redacted]'],
      ['/wallet?access_token=eyJ.x.y', '/wallet?access_token=[redacted]'],
      ['/api/x?t%6Fken=abc', '/api/x?t%6Fken=[redacted]'],
      [`/api/anything/0b4c1a5e-3f0e-4f44-9d6a-2c1f7e9a8b70.${SECRET_PART}`, '/api/anything/[redacted]'],
      [`/api/anything?q=0b4c1a5e-3f0e-4f44-9d6a-2c1f7e9a8b70.${SECRET_PART}`, '/api/anything?q=[redacted]'],
      ['/api/anything?q=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl', '/api/anything?q=[redacted]'],
      ['/api/operations/0b4c1a5e-3f0e-4f44-9d6a-2c1f7e9a8b70?page=2', '/api/operations/0b4c1a5e-3f0e-4f44-9d6a-2c1f7e9a8b70?page=2'],
      ['/api/activity-log?from=2026-01-01&to=2026-01-31', '/api/activity-log?from=2026-01-01&to=2026-01-31'],
    ])('%s is logged as %s', (url, logged) => {
      expect(redactUrl(url)).toBe(logged);
    });
  });

  describe('a realistic run, logged at trace level', () => {
    const lines: string[] = [];
    let world: TestRuntime;
    /** Every secret the run handled, by name: passwords, tokens in links, cookies, access tokens, keys. */
    const secrets = new Map<string, string>();
    const keep = (name: string, value: string) => {
      secrets.set(name, value);
      // A link token is `<id>.<random>`: its id may be logged (it names an invitation), its random part never.
      const random = /^[0-9a-f-]{36}\.([A-Za-z0-9_-]{43})$/.exec(value)?.[1];
      if (random) secrets.set(`${name} (random part)`, random);
    };
    const cookieOf = (response: supertest.Response) => /refresh_token=([^;]+)/.exec(response.headers['set-cookie']?.[0] ?? '')![1]!;

    beforeAll(async () => {
      world = await createTestRuntime({
        configOverrides: { ...FAST_IDENTITY, LOG_LEVEL: 'trace' },
        logDestination: { write: (line: string) => void lines.push(line) },
      });
      await runSeed(world.services, [centralOrganizationStep]);
      const { SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD } = world.services.config;
      keep('seed administrator password', SEED_ADMIN_PASSWORD);
      keep('registration password', GOOD_PASSWORD);
      keep('JWT_SECRET', TEST_JWT_SECRET);
      keep('KEY_ENCRYPTION_KEY', TEST_KEY_ENCRYPTION_KEY);
      const http = () => supertest(world.app);

      const admin = await signIn(world, SEED_ADMIN_EMAIL, SEED_ADMIN_PASSWORD);
      keep('administrator access token', admin.token);
      const email = 'registro@bcentral.hn';
      expect((await admin.agent.post('/api/invitations').set(admin.auth).send({ email, role: 'member' })).status).toBe(201);
      const invitationToken = await mailedToken(world, email, 'register');
      keep('invitation token', invitationToken);
      expect((await http().get(`/api/invitations/validate/${encodeURIComponent(invitationToken)}`)).status).toBe(200);
      await http().get(`/register?token=${encodeURIComponent(invitationToken)}`); // the link as a browser opens it
      const registered = await http().post('/api/auth/register').send({ token: invitationToken, name: 'Registro', password: GOOD_PASSWORD });
      expect(registered.status).toBe(201);
      keep('registration access token', registered.body.accessToken);
      keep('registration refresh cookie', cookieOf(registered));

      const refreshed = await http().post('/api/auth/refresh').set('Cookie', `refresh_token=${cookieOf(registered)}`);
      expect(refreshed.status).toBe(200);
      keep('refreshed access token', refreshed.body.accessToken);
      keep('rotated refresh cookie', cookieOf(refreshed));

      expect((await http().post('/api/auth/forgot-password').send({ email })).status).toBe(202);
      const resetToken = await mailedToken(world, email, 'reset-password');
      keep('reset token', resetToken);
      await http().get(`/reset-password?token=${encodeURIComponent(resetToken)}`);
      const newPassword = `nuevo-${randomUUID()}`;
      keep('new password', newPassword);
      expect((await http().post('/api/auth/reset-password').send({ token: resetToken, password: newPassword })).status).toBe(204);

      const login = await http().post('/api/auth/login').send({ email, password: newPassword });
      expect(login.status).toBe(200);
      keep('login access token', login.body.accessToken);
      keep('login refresh cookie', cookieOf(login));
      expect((await http().post('/api/auth/login').send({ email, password: 'a-wrong-guess-1234' })).status).toBe(401);
      keep('wrong password', 'a-wrong-guess-1234');
      const changed = `cambiado-${randomUUID()}`;
      keep('changed password', changed);
      const change = await http()
        .post('/api/auth/change-password')
        .set({ Authorization: `Bearer ${login.body.accessToken}`, Cookie: `refresh_token=${cookieOf(login)}` })
        .send({ currentPassword: newPassword, newPassword: changed });
      expect(change.status).toBe(204);
      expect((await http().post('/api/auth/logout').set('Cookie', `refresh_token=${cookieOf(login)}`)).status).toBe(204);
      // A stale token after logout: refused, and still not logged.
      expect((await http().get('/api/users/me').set('Authorization', `Bearer ${login.body.accessToken}`)).status).toBe(401);
    });
    afterAll(() => world.close());

    it('logged every request (the log is the one the service writes)', () => {
      const log = lines.join('');
      expect(lines.length).toBeGreaterThan(15);
      expect(log).toContain('"url":"/api/invitations/validate/[redacted]"');
      expect(log).toContain('"url":"/reset-password?token=[redacted]"');
      expect(log).toContain('"url":"/api/auth/login"');
    });

    it('holds none of the passwords, tokens, cookies and keys it handled', () => {
      const log = lines.join('');
      const leaked = [...secrets].filter(([, value]) => log.includes(value) || log.includes(encodeURIComponent(value))).map(([name]) => name);
      expect(leaked).toEqual([]);
      expect(secrets.size).toBeGreaterThan(15);
    });
  });
});
