import { runSeed } from '../../runtime/seed';
import { generateCustodyKey, isValidAddress } from '../../write-side/chain/keys';
import { startFakeComet } from './fake-comet';
import { adminOperationsAbout, join, onboardBank, registerFromMail, startIdentity, type IdentityWorld, type Session } from './support';

describe('Organizations', () => {
  let world: IdentityWorld;
  let admin: Session;
  let centralAuditor: Session;
  let centralMember: Session;
  let bank: { organizationId: string; admin: Session };
  let bankAuditor: Session;

  const prefix = () => world.services.config.CHAIN_PREFIX;

  beforeAll(async () => {
    // The fake nodes listen on loopback, which the SSRF guard refuses unless listed.
    world = await startIdentity({ PER_ORG_RPC_ENABLED: 'true', CHAIN_RPC_ALLOWED_HOSTS: '127.0.0.1' });
    admin = world.admin;
    centralAuditor = await join(world, admin, { email: 'auditor@bcentral.hn', role: 'auditor' });
    centralMember = await join(world, admin, { email: 'member@bcentral.hn', role: 'member' });
    bank = await onboardBank(world, 'Banco Occidente', 'admin@occidente.hn');
    bankAuditor = await join(world, bank.admin, { email: 'auditor@occidente.hn', role: 'auditor' });
  });
  afterAll(() => world.close());

  const create = (name: string, by: Session = admin) => by.agent.post('/api/organizations').set(by.auth).send({ name, type: 'COMMERCIAL' });

  describe('GET /organizations', () => {
    it('lists organizations to CENTRAL callers, CENTRAL first, with the contract paging', async () => {
      const response = await centralAuditor.agent.get('/api/organizations').set(centralAuditor.auth);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ page: 1, pageSize: 50 });
      expect(response.body.items[0]).toMatchObject({ id: world.central.organizationId, type: 'CENTRAL', status: 'ACTIVE', exchange: null });
      expect(response.body.items.map((item: { name: string }) => item.name)).toContain('Banco Occidente');
      const filtered = await admin.agent.get('/api/organizations').set(admin.auth).query({ type: 'COMMERCIAL', q: 'occid' });
      expect(filtered.body.items.map((item: { id: string }) => item.id)).toEqual([bank.organizationId]);
    });

    it('answers 403 ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK to commercial callers', async () => {
      for (const caller of [bank.admin, bankAuditor]) {
        const response = await caller.agent.get('/api/organizations').set(caller.auth);
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('ORGANIZATION_LIST_RESTRICTED_TO_CENTRAL_BANK');
      }
    });

    it('answers 403 FORBIDDEN to members, who have no read · Organization', async () => {
      const response = await centralMember.agent.get('/api/organizations').set(centralMember.auth);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    });
  });

  describe('GET /organizations/:id', () => {
    it('shows a participant its own organization, and the central bank any', async () => {
      for (const caller of [bankAuditor, admin]) {
        const response = await caller.agent.get(`/api/organizations/${bank.organizationId}`).set(caller.auth);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          id: bank.organizationId,
          name: 'Banco Occidente',
          type: 'COMMERCIAL',
          status: 'ACTIVE',
          administrators: [{ id: bank.admin.userId, name: 'Admin Banco Occidente', email: 'admin@occidente.hn' }],
        });
      }
    });

    it('hides other organizations from participants: 404', async () => {
      const response = await bank.admin.agent.get(`/api/organizations/${world.central.organizationId}`).set(bank.admin.auth);
      expect(response.status).toBe(404);
      expect((await admin.agent.get(`/api/organizations/${crypto.randomUUID()}`).set(admin.auth)).status).toBe(404);
    });
  });

  describe('onboarding: POST /organizations, POST /organizations/:id/admins/invite, registration', () => {
    it('goes PENDING → ACTIVE when the first administrator registers, with the settlement account provisioned', async () => {
      const created = await create('Banco Nuevo');
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ name: 'Banco Nuevo', type: 'COMMERCIAL', status: 'PENDING', settlementAccount: null, administrators: [] });

      const invited = await admin.agent.post(`/api/organizations/${created.body.id}/admins/invite`).set(admin.auth).send({ email: 'jefa@nuevo.hn' });
      expect(invited.status).toBe(201);
      expect(invited.body).toMatchObject({ organizationId: created.body.id, email: 'jefa@nuevo.hn', role: 'administrator', status: 'PENDING' });
      const mail = (await world.request.get('/api/dev/outbox').query({ to: 'jefa@nuevo.hn' })).body.items[0];
      expect(mail.subject).toBe('Invitación a Banco Nuevo en Emisor');

      const boss = await registerFromMail(world, 'jefa@nuevo.hn', 'Jefa');
      const active = await boss.agent.get(`/api/organizations/${created.body.id}`).set(boss.auth);
      expect(active.status).toBe(200);
      expect(active.body.status).toBe('ACTIVE');
      expect(active.body.settlementAccount).toEqual({
        id: expect.any(String),
        address: expect.any(String),
        balance: { denom: world.services.config.NATIVE_DENOM, amount: '0' },
      });
      expect(isValidAddress(active.body.settlementAccount.address, prefix())).toBe(true);
      const events = await world.services.eventStore.readStream(`organization-${created.body.id}`);
      const provisioned = events.find((event) => event.type === 'SettlementAccountProvisioned')!;
      expect(provisioned.data).toMatchObject({
        organizationId: created.body.id,
        accountId: active.body.settlementAccount.id,
        address: active.body.settlementAccount.address,
        encryptedPrivateKey: expect.stringMatching(/^v1:/),
        publicKey: expect.any(String),
      });
    });

    it('provisions exactly one settlement account: a second administrator changes nothing', async () => {
      const created = await create('Banco Doble');
      await admin.agent.post(`/api/organizations/${created.body.id}/admins/invite`).set(admin.auth).send({ email: 'uno@doble.hn' });
      await admin.agent.post(`/api/organizations/${created.body.id}/admins/invite`).set(admin.auth).send({ email: 'dos@doble.hn' });
      await registerFromMail(world, 'uno@doble.hn', 'Uno');
      await registerFromMail(world, 'dos@doble.hn', 'Dos');
      const events = await world.services.eventStore.readStream(`organization-${created.body.id}`);
      expect(events.map((event) => event.type)).toEqual([
        'OrganizationCreated',
        'AdministratorAppointed',
        'OrganizationActivated',
        'SettlementAccountProvisioned',
        'AdministratorAppointed',
      ]);
    });

    it('is the central bank\'s: 403 RESTRICTED_TO_CENTRAL_BANK for a participant administrator, 403 FORBIDDEN for an auditor', async () => {
      const byBank = await create('Banco Pirata', bank.admin);
      expect(byBank.status).toBe(403);
      expect(byBank.body.code).toBe('RESTRICTED_TO_CENTRAL_BANK');
      const invite = await bank.admin.agent.post(`/api/organizations/${bank.organizationId}/admins/invite`).set(bank.admin.auth).send({ email: 'x@y.hn' });
      expect(invite.status).toBe(403);
      expect(invite.body.code).toBe('RESTRICTED_TO_CENTRAL_BANK');
      const byAuditor = await create('Banco Auditado', centralAuditor);
      expect(byAuditor.status).toBe(403);
      expect(byAuditor.body.code).toBe('FORBIDDEN');
    });

    it('creates COMMERCIAL organizations only, with strict bodies: 400', async () => {
      expect((await admin.agent.post('/api/organizations').set(admin.auth).send({ name: 'Otro Central', type: 'CENTRAL' })).status).toBe(400);
      expect((await admin.agent.post('/api/organizations').set(admin.auth).send({ name: 'X', type: 'COMMERCIAL', status: 'ACTIVE' })).status).toBe(400);
      expect((await admin.agent.post('/api/organizations').set(admin.auth).send({ name: '', type: 'COMMERCIAL' })).status).toBe(400);
    });
  });

  describe('PATCH /organizations/:id', () => {
    it('renames, suspends and reinstates a participant', async () => {
      const created = await create('Banco Cambiante');
      const renamed = await admin.agent.patch(`/api/organizations/${created.body.id}`).set(admin.auth).send({ name: 'Banco Cambiado' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.name).toBe('Banco Cambiado');
      const pending = await admin.agent.patch(`/api/organizations/${created.body.id}`).set(admin.auth).send({ status: 'SUSPENDED' });
      expect(pending.status).toBe(422);
      expect(pending.body.code).toBe('ORGANIZATION_NOT_ACTIVE');
      const suspended = await admin.agent.patch(`/api/organizations/${bank.organizationId}`).set(admin.auth).send({ status: 'SUSPENDED' });
      expect(suspended.status).toBe(200);
      expect(suspended.body.status).toBe('SUSPENDED');
      const reinstated = await admin.agent.patch(`/api/organizations/${bank.organizationId}`).set(admin.auth).send({ status: 'ACTIVE' });
      expect(reinstated.body.status).toBe('ACTIVE');
    });

    it('refuses to suspend the central bank (422), empty bodies (400) and participants (403)', async () => {
      const central = await admin.agent.patch(`/api/organizations/${world.central.organizationId}`).set(admin.auth).send({ status: 'SUSPENDED' });
      expect(central.status).toBe(422);
      expect(central.body.code).toBe('CENTRAL_ORGANIZATION_STATUS_FIXED');
      expect((await admin.agent.patch(`/api/organizations/${bank.organizationId}`).set(admin.auth).send({})).status).toBe(400);
      const own = await bank.admin.agent.patch(`/api/organizations/${bank.organizationId}`).set(bank.admin.auth).send({ name: 'Mío' });
      expect(own.status).toBe(403);
      expect(own.body.code).toBe('RESTRICTED_TO_CENTRAL_BANK');
    });

    it('a SUSPENDED organization moves no value: its disbursement request answers 422 ORGANIZATION_NOT_ACTIVE', async () => {
      await runSeed(world.services);
      const suspendedBank = await onboardBank(world, 'Banco Suspendido', 'jefe@suspendido.hn');
      await admin.agent.patch(`/api/organizations/${suspendedBank.organizationId}`).set(admin.auth).send({ status: 'SUSPENDED' });
      const response = await admin.agent
        .post(`/api/organizations/${suspendedBank.organizationId}/disbursement-request`)
        .set(admin.auth)
        .send({ amount: '100' });
      expect(response.status).toBe(422);
      expect(response.body.code).toBe('ORGANIZATION_NOT_ACTIVE');
    });
  });

  describe('exchange address: POST exchange-address, freeze, unfreeze', () => {
    /** The exchange address must be one of the organization's own accounts: a fresh one of the bank's. */
    const ownAccountAddress = async (by: Session): Promise<string> => {
      const created = await by.agent.post('/api/multisigs').set(by.auth).send({ label: 'Tesorería', members: [{ userId: by.userId, weight: 1 }], threshold: 1 });
      if (created.status !== 201) throw new Error(`account creation failed: ${created.status} ${JSON.stringify(created.body)}`);
      return created.body.address as string;
    };

    it('links, freezes and unfreezes, recording EXCHANGE_ADDRESS_SET, EXCHANGE_FROZEN and EXCHANGE_UNFROZEN', async () => {
      const { organizationId, admin: bankAdmin } = await onboardBank(world, 'Banco Cambista', 'jefe@cambista.hn');
      const address = await ownAccountAddress(bankAdmin);
      const set = await admin.agent.post(`/api/organizations/${organizationId}/exchange-address`).set(admin.auth).send({ address });
      expect(set.status).toBe(200);
      expect(set.body.exchange).toEqual({ address, linked: true, frozen: false });
      const frozen = await admin.agent.post(`/api/organizations/${organizationId}/freeze`).set(admin.auth);
      expect(frozen.status).toBe(200);
      expect(frozen.body.exchange.frozen).toBe(true);
      const again = await admin.agent.post(`/api/organizations/${organizationId}/freeze`).set(admin.auth);
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('EXCHANGE_ALREADY_FROZEN');
      const unfrozen = await admin.agent.post(`/api/organizations/${organizationId}/unfreeze`).set(admin.auth);
      expect(unfrozen.body.exchange.frozen).toBe(false);
      const notFrozen = await admin.agent.post(`/api/organizations/${organizationId}/unfreeze`).set(admin.auth);
      expect(notFrozen.status).toBe(409);
      expect(notFrozen.body.code).toBe('EXCHANGE_NOT_FROZEN');

      const operations = await adminOperationsAbout(world, organizationId);
      expect(operations.map((operation) => [operation.type, operation.organization_id, operation.actor_id])).toEqual([
        ['EXCHANGE_ADDRESS_SET', organizationId, admin.userId],
        ['EXCHANGE_FROZEN', organizationId, admin.userId],
        ['EXCHANGE_UNFROZEN', organizationId, admin.userId],
      ]);
      expect(operations[0].summary).toEqual({ address, previousAddress: null });
      expect(operations[0].actor_organization_id).toBe(world.central.organizationId);
    });

    it('validates the bech32 address and its prefix: 400', async () => {
      for (const address of ['not-an-address', generateCustodyKey('cosmos').address]) {
        const response = await admin.agent.post(`/api/organizations/${bank.organizationId}/exchange-address`).set(admin.auth).send({ address });
        expect(response.status).toBe(400);
        expect(response.body.errors).toEqual([expect.objectContaining({ path: 'address' })]);
      }
    });

    it('cannot freeze an unlinked exchange (422 EXCHANGE_ADDRESS_NOT_SET) nor the central bank\'s (422)', async () => {
      const unlinked = await admin.agent.post(`/api/organizations/${bank.organizationId}/freeze`).set(admin.auth);
      expect(unlinked.status).toBe(422);
      expect(unlinked.body.code).toBe('EXCHANGE_ADDRESS_NOT_SET');
      const central = await admin.agent.post(`/api/organizations/${world.central.organizationId}/freeze`).set(admin.auth);
      expect(central.status).toBe(422);
      expect(central.body.code).toBe('NOT_A_COMMERCIAL_ORGANIZATION');
    });

    it('is the central bank\'s: a participant administrator gets 403 RESTRICTED_TO_CENTRAL_BANK', async () => {
      const address = generateCustodyKey(prefix()).address;
      const response = await bank.admin.agent.post(`/api/organizations/${bank.organizationId}/exchange-address`).set(bank.admin.auth).send({ address });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('RESTRICTED_TO_CENTRAL_BANK');
      expect((await bank.admin.agent.post(`/api/organizations/${bank.organizationId}/freeze`).set(bank.admin.auth)).status).toBe(403);
    });
  });

  describe('PATCH /organizations/:id/chain-rpc', () => {
    it('sets and clears the endpoint (effective with PER_ORG_RPC_ENABLED) and records CHAIN_RPC_UPDATED', async () => {
      const set = await bank.admin.agent
        .patch(`/api/organizations/${bank.organizationId}/chain-rpc`)
        .set(bank.admin.auth)
        .send({ url: 'https://rpc.occidente.hn:443' });
      expect(set.status).toBe(200);
      expect(set.body.chainRpc).toEqual({ url: 'https://rpc.occidente.hn:443', effective: true });
      const cleared = await bank.admin.agent.patch(`/api/organizations/${bank.organizationId}/chain-rpc`).set(bank.admin.auth).send({ url: null });
      expect(cleared.body.chainRpc).toEqual({ url: null, effective: false });
      const operations = (await adminOperationsAbout(world, bank.organizationId)).filter((operation) => operation.type === 'CHAIN_RPC_UPDATED');
      expect(operations.map((operation) => [operation.actor_id, operation.summary])).toEqual([
        [bank.admin.userId, { url: 'https://rpc.occidente.hn:443', previousUrl: null }],
        [bank.admin.userId, { url: null, previousUrl: 'https://rpc.occidente.hn:443' }],
      ]);
    });

    it('rejects what is not an http(s) or ws(s) URL: 400', async () => {
      for (const url of ['not a url', 'ftp://rpc.example.org', 'javascript:alert(1)']) {
        const response = await bank.admin.agent.patch(`/api/organizations/${bank.organizationId}/chain-rpc`).set(bank.admin.auth).send({ url });
        expect(response.status).toBe(400);
      }
    });

    it('reaches only the caller\'s own organization for participants (404), any for the central bank; never auditors (403)', async () => {
      const other = await bank.admin.agent
        .patch(`/api/organizations/${world.central.organizationId}/chain-rpc`)
        .set(bank.admin.auth)
        .send({ url: 'https://rpc.example.org' });
      expect(other.status).toBe(404);
      const byCentral = await admin.agent.patch(`/api/organizations/${bank.organizationId}/chain-rpc`).set(admin.auth).send({ url: null });
      expect(byCentral.status).toBe(200);
      const byAuditor = await bankAuditor.agent.patch(`/api/organizations/${bank.organizationId}/chain-rpc`).set(bankAuditor.auth).send({ url: null });
      expect(byAuditor.status).toBe(403);
    });

    it('is not in use while PER_ORG_RPC_ENABLED is off', async () => {
      const off = await startIdentity();
      try {
        const response = await off.admin.agent
          .patch(`/api/organizations/${off.central.organizationId}/chain-rpc`)
          .set(off.admin.auth)
          .send({ url: 'https://rpc.example.org' });
        expect(response.body.chainRpc).toEqual({ url: 'https://rpc.example.org', effective: false });
      } finally {
        await off.close();
      }
    });
  });

  describe('POST /organizations/:id/chain-rpc/test', () => {
    it('reports the chain id and height of a reachable endpoint', async () => {
      const node = await startFakeComet('occidente-1', 4321);
      try {
        const response = await bank.admin.agent.post(`/api/organizations/${bank.organizationId}/chain-rpc/test`).set(bank.admin.auth).send({ url: node.url });
        expect(response.status).toBe(200);
        expect(response.body).toEqual({ ok: true, latencyMs: expect.any(Number), chainId: 'occidente-1', height: 4321 });
      } finally {
        await node.close();
      }
    });

    it('reports that an endpoint fails, quickly, and validates the URL (400)', async () => {
      const started = Date.now();
      const response = await bank.admin.agent.post(`/api/organizations/${bank.organizationId}/chain-rpc/test`).set(bank.admin.auth).send({ url: 'http://127.0.0.1:1' });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ok: false, latencyMs: expect.any(Number) });
      expect(Date.now() - started).toBeLessThan(4000);
      const invalid = await bank.admin.agent.post(`/api/organizations/${bank.organizationId}/chain-rpc/test`).set(bank.admin.auth).send({ url: 'nope' });
      expect(invalid.status).toBe(400);
    });
  });
});
