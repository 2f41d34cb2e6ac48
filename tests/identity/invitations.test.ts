import supertest from 'supertest';
import { isValidAddress } from '../../write-side/chain/keys';
import {
  adminOperationsAbout,
  backToNow,
  GOOD_PASSWORD,
  join,
  mailedToken,
  onboardBank,
  signIn,
  startIdentity,
  travel,
  type IdentityWorld,
  type Session,
} from './support';

describe('Invitations', () => {
  let world: IdentityWorld;
  let admin: Session;
  let auditor: Session;

  beforeAll(async () => {
    world = await startIdentity();
    admin = world.admin;
    auditor = await join(world, admin, { email: 'audit@bcentral.hn', role: 'auditor' });
  });
  afterAll(() => world.close());
  afterEach(backToNow);

  const anonymous = () => supertest(world.app);
  const invite = (body: object, by: Session = admin) => by.agent.post('/api/invitations').set(by.auth).send(body);

  describe('POST /invitations', () => {
    it('creates a PENDING invitation that expires after INVITATION_EXPIRY_HOURS and mails the link in Spanish', async () => {
      const before = Date.now();
      const response = await invite({ email: 'Nuevo@BCentral.hn', role: 'member' });
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        organizationId: world.central.organizationId,
        email: 'nuevo@bcentral.hn',
        role: 'member',
        locale: 'es',
        status: 'PENDING',
        expiresAt: expect.any(String),
        invitedBy: admin.userId,
        createdAt: expect.any(String),
      });
      expect(response.body).not.toHaveProperty('token');
      const hours = (Date.parse(response.body.expiresAt) - before) / 3_600_000;
      expect(hours).toBeGreaterThan(71.99);
      expect(hours).toBeLessThan(72.01);
      const mail = (await world.request.get('/api/dev/outbox').query({ to: 'nuevo@bcentral.hn' })).body.items[0];
      expect(mail.subject).toBe('Invitación a Banco Central en Emisor');
      expect(mail.text).toContain('con el rol de miembro');
      expect(mail.link).toMatch(/^http:\/\/127\.0\.0\.1:3000\/register\?token=/);
    });

    it('writes the mail in the invitation\'s language', async () => {
      await invite({ email: 'english@bcentral.hn', role: 'auditor', locale: 'en' });
      const mail = (await world.request.get('/api/dev/outbox').query({ to: 'english@bcentral.hn' })).body.items[0];
      expect(mail.subject).toBe('Invitation to Banco Central on Emisor');
      expect(mail.text).toContain('as auditor');
    });

    it('records USER_INVITED with actor, organization and time', async () => {
      const response = await invite({ email: 'recorded@bcentral.hn', role: 'member' });
      const [operation] = await adminOperationsAbout(world, response.body.id);
      expect(operation).toMatchObject({
        type: 'USER_INVITED',
        organization_id: world.central.organizationId,
        actor_id: admin.userId,
        subject_type: 'Invitation',
        summary: { email: 'recorded@bcentral.hn', role: 'member', expiresAt: response.body.expiresAt },
      });
      expect(operation.occurred_at.toISOString()).toBe(response.body.createdAt);
    });

    it('answers 409 EMAIL_ALREADY_REGISTERED for a registered address', async () => {
      const response = await invite({ email: 'AUDIT@bcentral.hn', role: 'member' });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('EMAIL_ALREADY_REGISTERED');
    });

    it('answers 409 INVITATION_ALREADY_PENDING while one is waiting', async () => {
      await invite({ email: 'pending@bcentral.hn', role: 'member' });
      const response = await invite({ email: 'pending@bcentral.hn', role: 'auditor' });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('INVITATION_ALREADY_PENDING');
    });

    it('rejects unknown roles and unknown keys: 400 VALIDATION_FAILED', async () => {
      const role = await invite({ email: 'x@bcentral.hn', role: 'owner' });
      expect(role.status).toBe(400);
      expect(role.body.errors).toEqual([expect.objectContaining({ path: 'role' })]);
      const extra = await invite({ email: 'x@bcentral.hn', role: 'member', token: 'mine' });
      expect(extra.status).toBe(400);
      expect(extra.body.code).toBe('VALIDATION_FAILED');
    });

    it('is forbidden to auditors: 403', async () => {
      const response = await invite({ email: 'x@bcentral.hn', role: 'member' }, auditor);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    });
  });

  describe('GET /invitations', () => {
    it('lists newest first with the contract paging, and EXPIRED once the time has passed', async () => {
      const created = await invite({ email: 'soon-expired@bcentral.hn', role: 'member' });
      const listed = await admin.agent.get('/api/invitations').set(admin.auth).query({ pageSize: 2 });
      expect(listed.status).toBe(200);
      expect(listed.body).toMatchObject({ page: 1, pageSize: 2, total: expect.any(Number) });
      expect(listed.body.items[0]).toMatchObject({ id: created.body.id, status: 'PENDING' });

      travel(73 * 3_600_000);
      const later = await signIn(world, world.services.config.SEED_ADMIN_EMAIL, world.services.config.SEED_ADMIN_PASSWORD);
      const expired = await later.agent.get('/api/invitations').set(later.auth).query({ status: 'EXPIRED', pageSize: 500 });
      expect(expired.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id);
      expect(expired.body.items.every((item: { status: string }) => item.status === 'EXPIRED')).toBe(true);
      const pending = await later.agent.get('/api/invitations').set(later.auth).query({ status: 'PENDING' });
      expect(pending.body.items.map((item: { id: string }) => item.id)).not.toContain(created.body.id);
    });

    it('is readable by auditors and validates its query: 400 for an unknown status', async () => {
      expect((await auditor.agent.get('/api/invitations').set(auditor.auth)).status).toBe(200);
      const bad = await auditor.agent.get('/api/invitations').set(auditor.auth).query({ status: 'LOST' });
      expect(bad.status).toBe(400);
    });
  });

  describe('GET /invitations/validate/:token', () => {
    it('reveals only the email, the organization name and the role', async () => {
      await invite({ email: 'validate@bcentral.hn', role: 'auditor' });
      const token = await mailedToken(world, 'validate@bcentral.hn', 'register');
      const response = await anonymous().get(`/api/invitations/validate/${token}`);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ email: 'validate@bcentral.hn', organizationName: 'Banco Central', role: 'auditor' });
    });

    it('answers 404 for an unknown token and 410 INVITATION_EXPIRED after the expiry', async () => {
      expect((await anonymous().get('/api/invitations/validate/made-up')).status).toBe(404);
      await invite({ email: 'expires@bcentral.hn', role: 'member' });
      const token = await mailedToken(world, 'expires@bcentral.hn', 'register');
      travel(72 * 3_600_000 + 1000);
      const response = await anonymous().get(`/api/invitations/validate/${token}`);
      expect(response.status).toBe(410);
      expect(response.body.code).toBe('INVITATION_EXPIRED');
    });
  });

  describe('POST /invitations/:id/resend', () => {
    it('mails a new link with a new expiry; the old link stops working; records INVITATION_RESENT', async () => {
      const created = await invite({ email: 'resend@bcentral.hn', role: 'member' });
      const oldToken = await mailedToken(world, 'resend@bcentral.hn', 'register');
      const response = await admin.agent.post(`/api/invitations/${created.body.id}/resend`).set(admin.auth);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('PENDING');
      expect(Date.parse(response.body.expiresAt)).toBeGreaterThanOrEqual(Date.parse(created.body.expiresAt));
      const newToken = await mailedToken(world, 'resend@bcentral.hn', 'register');
      expect(newToken).not.toBe(oldToken);
      const old = await anonymous().get(`/api/invitations/validate/${oldToken}`);
      expect([old.status, old.body.code]).toEqual([410, 'INVITATION_EXPIRED']);
      const registered = await anonymous().post('/api/auth/register').send({ token: oldToken, name: 'Old Link', password: 'correct-horse-battery-staple' });
      expect([registered.status, registered.body.code]).toEqual([410, 'INVITATION_EXPIRED']);
      // A made-up secret for the same invitation was never a link: 404.
      const madeUp = `${created.body.id}.${'A'.repeat(43)}`;
      expect((await anonymous().get(`/api/invitations/validate/${madeUp}`)).status).toBe(404);
      expect((await anonymous().get(`/api/invitations/validate/${newToken}`)).status).toBe(200);
      expect((await adminOperationsAbout(world, created.body.id)).map((operation) => operation.type)).toEqual(['USER_INVITED', 'INVITATION_RESENT']);
    });

    it('brings an EXPIRED invitation back to PENDING', async () => {
      const created = await invite({ email: 'revive@bcentral.hn', role: 'member' });
      travel(73 * 3_600_000);
      const later = await signIn(world, world.services.config.SEED_ADMIN_EMAIL, world.services.config.SEED_ADMIN_PASSWORD);
      const response = await later.agent.post(`/api/invitations/${created.body.id}/resend`).set(later.auth);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('PENDING');
    });

    it('answers 404 for an unknown id and 409 INVITATION_NOT_PENDING for an accepted one', async () => {
      expect((await admin.agent.post(`/api/invitations/${crypto.randomUUID()}/resend`).set(admin.auth)).status).toBe(404);
      const accepted = await join(world, admin, { email: 'accepted@bcentral.hn', role: 'member' });
      const invitation = (await admin.agent.get('/api/invitations').set(admin.auth).query({ status: 'ACCEPTED', pageSize: 500 })).body.items.find(
        (item: { email: string }) => item.email === accepted.email,
      );
      const response = await admin.agent.post(`/api/invitations/${invitation.id}/resend`).set(admin.auth);
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('INVITATION_NOT_PENDING');
    });
  });

  describe('POST /invitations/:id/revoke', () => {
    it('revokes: the link answers 410 INVITATION_REVOKED; records INVITATION_CANCELLED; a second revoke is 409', async () => {
      const created = await invite({ email: 'revoke@bcentral.hn', role: 'member' });
      const token = await mailedToken(world, 'revoke@bcentral.hn', 'register');
      const response = await admin.agent.post(`/api/invitations/${created.body.id}/revoke`).set(admin.auth);
      expect(response.status).toBe(200);
      expect(response.body.status).toBe('REVOKED');
      const validate = await anonymous().get(`/api/invitations/validate/${token}`);
      expect(validate.status).toBe(410);
      expect(validate.body.code).toBe('INVITATION_REVOKED');
      const register = await anonymous().post('/api/auth/register').send({ token, name: 'Late', password: GOOD_PASSWORD });
      expect(register.status).toBe(410);
      expect(register.body.code).toBe('INVITATION_REVOKED');
      expect((await adminOperationsAbout(world, created.body.id)).map((operation) => operation.type)).toEqual(['USER_INVITED', 'INVITATION_CANCELLED']);
      const again = await admin.agent.post(`/api/invitations/${created.body.id}/revoke`).set(admin.auth);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('INVITATION_NOT_PENDING');
    });

    it('is forbidden to auditors (403) and hides other organizations\' invitations (404)', async () => {
      const created = await invite({ email: 'guarded@bcentral.hn', role: 'member' });
      expect((await auditor.agent.post(`/api/invitations/${created.body.id}/revoke`).set(auditor.auth)).status).toBe(403);
      const { admin: outsider } = await onboardBank(world, 'Banco Ajeno', 'jefe@ajeno.hn');
      const hidden = await outsider.agent.post(`/api/invitations/${created.body.id}/revoke`).set(outsider.auth);
      expect(hidden.status).toBe(404);
    });
  });

  describe('POST /auth/register', () => {
    it('creates the account with a custody signing key, logs in, and marks the invitation ACCEPTED', async () => {
      const created = await invite({ email: 'registers@bcentral.hn', role: 'auditor' });
      const token = await mailedToken(world, 'registers@bcentral.hn', 'register');
      const agent = supertest.agent(world.app);
      const response = await agent.post('/api/auth/register').send({ token, name: 'Rosa Registra', password: GOOD_PASSWORD });
      expect(response.status).toBe(201);
      expect(response.body.user).toEqual({
        id: expect.any(String),
        name: 'Rosa Registra',
        email: 'registers@bcentral.hn',
        role: 'auditor',
        organizationId: world.central.organizationId,
        organizationType: 'CENTRAL',
        locale: 'es',
      });
      expect(response.headers['set-cookie']![0]).toMatch(/^refresh_token=/);
      const me = await agent.get('/api/users/me').set({ Authorization: `Bearer ${response.body.accessToken}` });
      expect(me.status).toBe(200);
      expect(isValidAddress(me.body.address, world.services.config.CHAIN_PREFIX)).toBe(true);
      expect(Buffer.from(me.body.publicKey, 'base64')).toHaveLength(33);
      const [registered] = await world.services.eventStore.readStream(`user-${me.body.id}`);
      const sealed = (registered!.data as { encryptedPrivateKey: string }).encryptedPrivateKey;
      expect(sealed).toMatch(/^v1:/);
      expect(JSON.stringify(registered!.data)).not.toContain(GOOD_PASSWORD);
      const listed = await admin.agent.get('/api/invitations').set(admin.auth).query({ status: 'ACCEPTED', pageSize: 500 });
      expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(created.body.id);
      const reuse = await anonymous().post('/api/auth/register').send({ token, name: 'Again', password: GOOD_PASSWORD });
      expect(reuse.status).toBe(410);
      expect(reuse.body.code).toBe('INVITATION_ALREADY_ACCEPTED');
    });

    it('answers 410 INVITATION_EXPIRED after INVITATION_EXPIRY_HOURS and 404 for an unknown token', async () => {
      await invite({ email: 'too-late@bcentral.hn', role: 'member' });
      const token = await mailedToken(world, 'too-late@bcentral.hn', 'register');
      travel(73 * 3_600_000);
      const expired = await anonymous().post('/api/auth/register').send({ token, name: 'Late', password: GOOD_PASSWORD });
      expect(expired.status).toBe(410);
      expect(expired.body.code).toBe('INVITATION_EXPIRED');
      backToNow();
      const unknown = await anonymous().post('/api/auth/register').send({ token: 'made-up', name: 'X', password: GOOD_PASSWORD });
      expect(unknown.status).toBe(404);
    });

    it('answers 409 EMAIL_ALREADY_REGISTERED when the address registered through another invitation', async () => {
      const bank = await admin.agent.post('/api/organizations').set(admin.auth).send({ name: 'Banco Doble', type: 'COMMERCIAL' });
      await invite({ email: 'twice@bcentral.hn', role: 'member' });
      const first = await mailedToken(world, 'twice@bcentral.hn', 'register');
      await admin.agent.post(`/api/organizations/${bank.body.id}/admins/invite`).set(admin.auth).send({ email: 'twice@bcentral.hn' });
      const second = await mailedToken(world, 'twice@bcentral.hn', 'register');
      expect((await anonymous().post('/api/auth/register').send({ token: second, name: 'Dos', password: GOOD_PASSWORD })).status).toBe(201);
      const response = await anonymous().post('/api/auth/register').send({ token: first, name: 'Uno', password: GOOD_PASSWORD });
      expect(response.status).toBe(409);
      expect(response.body.code).toBe('EMAIL_ALREADY_REGISTERED');
    });

    it('applies the password policy (400 WEAK_PASSWORD) and leaves the invitation usable', async () => {
      await invite({ email: 'weak@bcentral.hn', role: 'member' });
      const token = await mailedToken(world, 'weak@bcentral.hn', 'register');
      const weak = await anonymous().post('/api/auth/register').send({ token, name: 'Weak', password: 'weak@bcentral.hn' });
      expect(weak.status).toBe(400);
      expect(weak.body.code).toBe('WEAK_PASSWORD');
      expect((await anonymous().post('/api/auth/register').send({ token, name: 'Weak', password: GOOD_PASSWORD })).status).toBe(201);
    });
  });
});
