import { backToNow, join, onboardBank, signIn, startIdentity, travel, type IdentityWorld, type Session } from './support';

describe('Control panel', () => {
  let world: IdentityWorld;
  let admin: Session;
  let auditor: Session;
  let member: Session;

  beforeAll(async () => {
    // The unreachable endpoint below is on loopback, which the SSRF guard refuses unless listed.
    world = await startIdentity({ PER_ORG_RPC_ENABLED: 'true', CHAIN_RPC_ALLOWED_HOSTS: '127.0.0.1' });
    admin = world.admin;
    auditor = await join(world, admin, { email: 'auditor@bcentral.hn', role: 'auditor' });
    member = await join(world, admin, { email: 'member@bcentral.hn', role: 'member' });
  });
  afterAll(() => world.close());
  afterEach(backToNow);

  describe('GET /control-panel/alerts', () => {
    it('warns about unlinked and frozen exchange addresses, unreachable chain RPC and expiring invitations', async () => {
      const unlinked = await onboardBank(world, 'Banco Sin Enlace', 'jefe@sinenlace.hn');
      const frozen = await onboardBank(world, 'Banco Congelado', 'jefe@congelado.hn');
      const treasury = await frozen.admin.agent
        .post('/api/multisigs')
        .set(frozen.admin.auth)
        .send({ label: 'Tesorería', members: [{ userId: frozen.admin.userId, weight: 1 }], threshold: 1 });
      const address = treasury.body.address as string;
      expect((await admin.agent.post(`/api/organizations/${frozen.organizationId}/exchange-address`).set(admin.auth).send({ address })).status).toBe(200);
      await admin.agent.post(`/api/organizations/${frozen.organizationId}/freeze`).set(admin.auth);
      await unlinked.admin.agent.patch(`/api/organizations/${unlinked.organizationId}/chain-rpc`).set(unlinked.admin.auth).send({ url: 'http://127.0.0.1:1' });
      const invitation = await admin.agent.post('/api/invitations').set(admin.auth).send({ email: 'tarde@bcentral.hn', role: 'member' });

      travel(50 * 3_600_000);
      const later = await signIn(world, world.services.config.SEED_ADMIN_EMAIL, world.services.config.SEED_ADMIN_PASSWORD);
      const response = await later.agent.get('/api/control-panel/alerts').set(later.auth);
      expect(response.status).toBe(200);
      const items = response.body.items as { code: string; organizationId: string; severity: string; details: Record<string, string> }[];
      expect(items).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ code: 'CHAIN_RPC_UNREACHABLE', severity: 'error', organizationId: unlinked.organizationId }),
          expect.objectContaining({ code: 'EXCHANGE_ADDRESS_UNLINKED', organizationId: unlinked.organizationId }),
          expect.objectContaining({ code: 'EXCHANGE_FROZEN', organizationId: frozen.organizationId, details: { organizationName: 'Banco Congelado', address } }),
          expect.objectContaining({
            code: 'INVITATION_EXPIRING',
            organizationId: world.central.organizationId,
            details: { invitationId: invitation.body.id, email: 'tarde@bcentral.hn', expiresAt: invitation.body.expiresAt },
          }),
        ]),
      );
      expect(items.filter((item) => item.organizationId === frozen.organizationId).map((item) => item.code)).toEqual(['EXCHANGE_FROZEN']);
    });

    it("shows a participant its own organization's alerts only", async () => {
      const bank = await onboardBank(world, 'Banco Propio', 'jefe@propio.hn');
      const response = await bank.admin.agent.get('/api/control-panel/alerts').set(bank.admin.auth);
      expect(response.status).toBe(200);
      expect(response.body.items).toEqual([expect.objectContaining({ code: 'EXCHANGE_ADDRESS_UNLINKED', organizationId: bank.organizationId })]);
    });

    it('needs manage · Organization: 403 for auditors and members', async () => {
      for (const caller of [auditor, member]) {
        const response = await caller.agent.get('/api/control-panel/alerts').set(caller.auth);
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('FORBIDDEN');
      }
    });
  });

  describe('GET /control-panel/internal-users', () => {
    it('lists open invitations first, then the people by name, with the contract paging', async () => {
      const fresh = await startIdentity();
      try {
        const person = await join(fresh, fresh.admin, { email: 'persona@bcentral.hn', role: 'auditor', name: 'Persona' });
        await fresh.admin.agent.patch(`/api/users/${person.userId}/deactivate`).set(fresh.admin.auth);
        const invitation = await fresh.admin.agent.post('/api/invitations').set(fresh.admin.auth).send({ email: 'espera@bcentral.hn', role: 'member' });
        const response = await fresh.admin.agent.get('/api/control-panel/internal-users').set(fresh.admin.auth);
        expect(response.status).toBe(200);
        expect(response.body).toEqual({
          items: [
            {
              kind: 'INVITATION',
              id: invitation.body.id,
              name: null,
              email: 'espera@bcentral.hn',
              role: 'member',
              status: 'PENDING',
              expiresAt: invitation.body.expiresAt,
              createdAt: invitation.body.createdAt,
            },
            expect.objectContaining({ kind: 'USER', id: fresh.admin.userId, status: 'ACTIVE', role: 'administrator', expiresAt: null }),
            expect.objectContaining({ kind: 'USER', id: person.userId, name: 'Persona', status: 'DEACTIVATED', role: 'auditor' }),
          ],
          total: 3,
          page: 1,
          pageSize: 50,
        });
        const second = await fresh.admin.agent.get('/api/control-panel/internal-users').set(fresh.admin.auth).query({ page: 2, pageSize: 2 });
        expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2, items: [expect.objectContaining({ id: person.userId })] });
      } finally {
        await fresh.close();
      }
    });

    it('needs manage · User: 403 for auditors', async () => {
      expect((await auditor.agent.get('/api/control-panel/internal-users').set(auditor.auth)).status).toBe(403);
    });
  });
});
