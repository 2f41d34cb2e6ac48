import supertest from 'supertest';
import { abilitiesOf } from '../../api/abilities';
import { adminOperationsAbout, GOOD_PASSWORD, join, onboardBank, signIn, startIdentity, type IdentityWorld, type Session } from './support';

describe('Users', () => {
  let world: IdentityWorld;
  let admin: Session;
  let member: Session;
  let auditor: Session;
  let bank: { organizationId: string; admin: Session };

  beforeAll(async () => {
    world = await startIdentity();
    admin = world.admin;
    member = await join(world, admin, { email: 'miembro@bcentral.hn', role: 'member', name: 'Miembro' });
    auditor = await join(world, admin, { email: 'auditor@bcentral.hn', role: 'auditor', name: 'Auditora' });
    bank = await onboardBank(world, 'Banco Norte', 'admin@norte.hn');
  });
  afterAll(() => world.close());

  describe('GET /users', () => {
    it("lists the organization's users by name with the contract paging", async () => {
      const response = await member.agent.get('/api/users').set(member.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ total: 4, page: 1, pageSize: 50 });
      expect(response.body.items.map((user: { name: string }) => user.name)).toEqual([
        'Auditora',
        'Bridging system identity',
        'Central Bank Administrator',
        'Miembro',
      ]);
      expect(response.body.items.find((user: { kind: string }) => user.kind === 'BRIDGING')).toMatchObject({ email: null, role: 'member' });
    });

    it('filters by role, status and text, and pages', async () => {
      const admins = await admin.agent.get('/api/users').set(admin.auth).query({ role: 'administrator' });
      expect(admins.body.items.map((user: { id: string }) => user.id)).toEqual([admin.userId]);
      const found = await admin.agent.get('/api/users').set(admin.auth).query({ q: 'MIEMBRO@' });
      expect(found.body.items.map((user: { id: string }) => user.id)).toEqual([member.userId]);
      const second = await admin.agent.get('/api/users').set(admin.auth).query({ page: 2, pageSize: 3 });
      expect(second.body).toMatchObject({ total: 4, page: 2, pageSize: 3, items: [expect.objectContaining({ name: 'Miembro' })] });
      expect((await admin.agent.get('/api/users').set(admin.auth).query({ pageSize: 501 })).status).toBe(400);
    });
  });

  describe('GET /users/selectable', () => {
    it('lists active people only (no system identity)', async () => {
      const response = await member.agent.get('/api/users/selectable').set(member.auth);
      expect(response.status).toBe(200);
      expect(response.body.items.map((user: { kind: string }) => user.kind)).toEqual(['HUMAN', 'HUMAN', 'HUMAN']);
    });
  });

  describe('GET /users/:id', () => {
    it('returns a user of the caller\'s organization', async () => {
      const response = await auditor.agent.get(`/api/users/${member.userId}`).set(auditor.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: member.userId, name: 'Miembro', email: 'miembro@bcentral.hn', role: 'member', status: 'ACTIVE', kind: 'HUMAN' });
    });

    it('answers 404 for another organization\'s user and for an unknown id', async () => {
      expect((await bank.admin.agent.get(`/api/users/${member.userId}`).set(bank.admin.auth)).status).toBe(404);
      expect((await admin.agent.get(`/api/users/${bank.admin.userId}`).set(admin.auth)).status).toBe(404);
      expect((await admin.agent.get(`/api/users/${crypto.randomUUID()}`).set(admin.auth)).status).toBe(404);
    });
  });

  describe('GET /users/me and /users/me/abilities', () => {
    it('returns the caller and the shared rule set for the caller', async () => {
      const me = await bank.admin.agent.get('/api/users/me').set(bank.admin.auth);
      expect(me.body).toMatchObject({ id: bank.admin.userId, organizationId: bank.organizationId, role: 'administrator' });
      const abilities = await member.agent.get('/api/users/me/abilities').set(member.auth);
      expect(abilities.status).toBe(200);
      expect(abilities.body).toEqual({
        role: 'member',
        organizationType: 'CENTRAL',
        abilities: abilitiesOf({ role: 'member', organizationType: 'CENTRAL' }),
        issuerWideSubjects: ['Organization', 'Bridging'],
      });
      expect(abilities.body.abilities.Organization).toEqual([]);
      expect(abilities.body.abilities.InstantPaymentOversight).toEqual([]);
    });
  });

  describe('PATCH /users/me/pinned-wallets', () => {
    const account = async (by: Session, label: string, members: Session[]): Promise<string> => {
      const created = await by.agent
        .post('/api/multisigs')
        .set(by.auth)
        .send({ label, members: members.map((person) => ({ userId: person.userId, weight: 1 })), threshold: 1 });
      if (created.status !== 201) throw new Error(`account creation failed: ${created.status} ${JSON.stringify(created.body)}`);
      return created.body.id as string;
    };

    it('stores the pinned accounts in order', async () => {
      const ids = [await account(admin, 'Uno', [admin, member]), await account(admin, 'Dos', [member])];
      const response = await member.agent.patch('/api/users/me/pinned-wallets').set(member.auth).send({ multisigIds: ids });
      expect(response.status).toBe(200);
      expect(response.body.pinnedMultisigIds).toEqual(ids);
      expect((await member.agent.get('/api/users/me').set(member.auth)).body.pinnedMultisigIds).toEqual(ids);
    });

    it('rejects ids of accounts that do not exist, of another bank, or the member does not belong to: 400, storing nothing', async () => {
      const before = (await member.agent.get('/api/users/me').set(member.auth)).body.pinnedMultisigIds;
      const foreign = await account(bank.admin, 'Ajena', [bank.admin]);
      const notMine = await account(admin, 'Ajena central', [admin]);
      for (const id of [crypto.randomUUID(), foreign, notMine, 'constructor']) {
        const response = await member.agent.patch('/api/users/me/pinned-wallets').set(member.auth).send({ multisigIds: [...before, id] });
        expect([response.status, response.body.code, response.body.errors]).toEqual([400, 'VALIDATION_FAILED', [{ path: `multisigIds.${before.length}`, message: expect.any(String) }]]);
      }
      expect((await member.agent.get('/api/users/me').set(member.auth)).body.pinnedMultisigIds).toEqual(before);
    });

    it('rejects duplicates and unknown keys: 400', async () => {
      const id = crypto.randomUUID();
      expect((await member.agent.patch('/api/users/me/pinned-wallets').set(member.auth).send({ multisigIds: [id, id] })).status).toBe(400);
      expect((await member.agent.patch('/api/users/me/pinned-wallets').set(member.auth).send({ multisigIds: [], x: 1 })).status).toBe(400);
    });
  });

  describe('PATCH /users/me/locale', () => {
    it('stores the language; login answers with it', async () => {
      const response = await auditor.agent.patch('/api/users/me/locale').set(auditor.auth).send({ locale: 'en' });
      expect(response.status).toBe(200);
      expect(response.body.locale).toBe('en');
      const login = await supertest(world.app).post('/api/auth/login').send({ email: 'auditor@bcentral.hn', password: GOOD_PASSWORD });
      expect(login.body.user.locale).toBe('en');
    });

    it('accepts es and en only: 400', async () => {
      expect((await auditor.agent.patch('/api/users/me/locale').set(auditor.auth).send({ locale: 'fr' })).status).toBe(400);
    });
  });

  describe('PATCH /users/:id/roles', () => {
    it('changes the role at once (the next request carries it) and records USER_ROLE_CHANGED', async () => {
      const person = await join(world, admin, { email: 'sube@bcentral.hn', role: 'member' });
      expect((await person.agent.get('/api/invitations').set(person.auth)).status).toBe(403);
      const response = await admin.agent.patch(`/api/users/${person.userId}/roles`).set(admin.auth).send({ role: 'auditor' });
      expect(response.status).toBe(200);
      expect(response.body.role).toBe('auditor');
      expect((await person.agent.get('/api/invitations').set(person.auth)).status).toBe(200);
      const [operation] = await adminOperationsAbout(world, person.userId);
      expect(operation).toMatchObject({
        type: 'USER_ROLE_CHANGED',
        organization_id: world.central.organizationId,
        actor_id: admin.userId,
        summary: { role: 'auditor', previousRole: 'member' },
      });
    });

    it('refuses to demote the last active administrator: 422 LAST_ADMINISTRATOR', async () => {
      const response = await bank.admin.agent.patch(`/api/users/${bank.admin.userId}/roles`).set(bank.admin.auth).send({ role: 'member' });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('LAST_ADMINISTRATOR');
    });

    it('lets an administrator step down once another one exists', async () => {
      const second = await join(world, bank.admin, { email: 'segundo@norte.hn', role: 'member' });
      expect((await bank.admin.agent.patch(`/api/users/${second.userId}/roles`).set(bank.admin.auth).send({ role: 'administrator' })).status).toBe(200);
      const stepDown = await bank.admin.agent.patch(`/api/users/${bank.admin.userId}/roles`).set(bank.admin.auth).send({ role: 'member' });
      expect(stepDown.status).toBe(200);
      const back = await second.agent.patch(`/api/users/${bank.admin.userId}/roles`).set(second.auth).send({ role: 'administrator' });
      expect(back.status).toBe(200);
    });

    it('answers 403 to members, 404 across organizations, 422 SYSTEM_IDENTITY for the bridging identity, 400 for a bad role', async () => {
      expect((await member.agent.patch(`/api/users/${auditor.userId}/roles`).set(member.auth).send({ role: 'member' })).status).toBe(403);
      expect((await bank.admin.agent.patch(`/api/users/${member.userId}/roles`).set(bank.admin.auth).send({ role: 'auditor' })).status).toBe(404);
      const system = await admin.agent.patch(`/api/users/${world.central.bridgingUserId}/roles`).set(admin.auth).send({ role: 'auditor' });
      expect(system.status).toBe(422);
      expect(system.body.code).toBe('SYSTEM_IDENTITY');
      expect((await admin.agent.patch(`/api/users/${member.userId}/roles`).set(admin.auth).send({ role: 'root' })).status).toBe(400);
    });
  });

  describe('PATCH /users/:id/deactivate', () => {
    it('deactivates: the user\'s tokens stop working at once, login fails, USER_DEACTIVATED is recorded', async () => {
      const person = await join(world, admin, { email: 'baja@bcentral.hn', role: 'member' });
      expect((await person.agent.get('/api/users/me').set(person.auth)).status).toBe(200);
      const response = await admin.agent.patch(`/api/users/${person.userId}/deactivate`).set(admin.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'DEACTIVATED', deactivatedAt: expect.any(String) });
      expect((await person.agent.get('/api/users/me').set(person.auth)).status).toBe(401);
      expect((await person.agent.post('/api/auth/refresh')).status).toBe(401);
      const login = await supertest(world.app).post('/api/auth/login').send({ email: 'baja@bcentral.hn', password: GOOD_PASSWORD });
      expect(login.status).toBe(401);
      expect(login.body.code).toBe('INVALID_CREDENTIALS');
      expect((await adminOperationsAbout(world, person.userId)).map((operation) => operation.type)).toEqual(['USER_DEACTIVATED']);
      const again = await admin.agent.patch(`/api/users/${person.userId}/deactivate`).set(admin.auth);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('USER_DEACTIVATED');
      const reRole = await admin.agent.patch(`/api/users/${person.userId}/roles`).set(admin.auth).send({ role: 'auditor' });
      expect(reRole.status).toBe(409);
    });

    it('refuses to deactivate the last active administrator (422 LAST_ADMINISTRATOR) or yourself (422)', async () => {
      const lone = await onboardBank(world, 'Banco Solo', 'solo@solo.hn');
      const helper = await join(world, lone.admin, { email: 'ayuda@solo.hn', role: 'administrator' });
      const self = await lone.admin.agent.patch(`/api/users/${lone.admin.userId}/deactivate`).set(lone.admin.auth);
      expect(self.status).toBe(422);
      expect(self.body.code).toBe('CANNOT_DEACTIVATE_YOURSELF');
      expect((await helper.agent.patch(`/api/users/${lone.admin.userId}/deactivate`).set(helper.auth)).status).toBe(200);
      const demoteLast = await helper.agent.patch(`/api/users/${helper.userId}/roles`).set(helper.auth).send({ role: 'member' });
      expect(demoteLast.status).toBe(422);
      expect(demoteLast.body.code).toBe('LAST_ADMINISTRATOR');
    });

    it('answers 403 to auditors and 404 across organizations', async () => {
      expect((await auditor.agent.patch(`/api/users/${member.userId}/deactivate`).set(auditor.auth)).status).toBe(403);
      expect((await bank.admin.agent.patch(`/api/users/${member.userId}/deactivate`).set(bank.admin.auth)).status).toBe(404);
    });
  });

  it('lets a person who was re-roled sign in with the new role', async () => {
    const session = await signIn(world, 'sube@bcentral.hn', GOOD_PASSWORD);
    const me = await session.agent.get('/api/users/me').set(session.auth);
    expect(me.body.role).toBe('auditor');
  });
});
