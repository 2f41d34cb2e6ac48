import { LEDGER_TUNING } from '../../write-side/instant-payments/ledger';
import { storeHead } from '../api/store-head';
import { startInstantPayments, type InstantPaymentsWorld } from './world';

const START = '100000';

describe('Instant Payments: clients, aliases and payments over HTTP', () => {
  let w: InstantPaymentsWorld;
  let ana: { id: string; token: string };
  let beto: { id: string; token: string };
  let carla: { id: string; token: string };

  beforeAll(async () => {
    w = await startInstantPayments();
    ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana');
    beto = await w.demoClient(w.bankA.organizationId, 'Beto', 'beto');
    carla = await w.demoClient(w.bankB.organizationId, 'Carla', 'carla');
  }, 60_000);
  afterAll(() => w?.stop());

  const me = async (token: string) => (await w.asClient(token).get('/instant-payments/me')).body;

  it('lists the ACTIVE commercial banks a customer can pick', async () => {
    const banks = await w.f.request.get('/api/instant-payments/banks');
    expect(banks.status).toBe(200);
    const ids = banks.body.items.map((bank: { organizationId: string }) => bank.organizationId);
    expect(ids).toEqual(expect.arrayContaining([w.bankA.organizationId, w.bankB.organizationId]));
    expect(ids).not.toContain(w.f.admin.organizationId);
  });

  it('registers demo clients with the fixed starting balance, only at ACTIVE commercial banks', async () => {
    const created = await w.f.request.post('/api/instant-payments/demo/clients').send({ organizationId: w.bankA.organizationId, name: 'Dora' });
    expect(created.status).toBe(201);
    expect(created.body.client).toEqual({ id: expect.any(String), name: 'Dora', organizationId: w.bankA.organizationId, alias: null, balance: START });
    expect(typeof created.body.clientToken).toBe('string');
    expect((await w.f.request.post('/api/instant-payments/demo/clients').send({ organizationId: w.f.admin.organizationId, name: 'X' })).status).toBe(404);
    expect((await w.f.request.post('/api/instant-payments/demo/clients').send({ organizationId: w.bankA.organizationId, name: 'X', balance: '9' })).status).toBe(400);
    const pending = await w.f.as(w.f.admin).post('/organizations', { name: 'Banco Pendiente', type: 'COMMERCIAL' });
    const refused = await w.f.request.post('/api/instant-payments/demo/clients').send({ organizationId: pending.body.id, name: 'X' });
    expect([refused.status, refused.body.code]).toEqual([422, 'ORGANIZATION_NOT_ACTIVE']);
  });

  it('activates globally unique aliases: normalised, validated, checked live', async () => {
    const dora = await w.demoClient(w.bankB.organizationId, 'Dora');
    const client = w.asClient(dora.token);
    expect((await client.post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: '1abc' })).status).toBe(400);
    expect((await client.post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: 'ab' })).status).toBe(400);
    expect((await client.post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: 'no-dashes' })).status).toBe(400);
    const taken = await client.post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: '@ANA' });
    expect([taken.status, taken.body.code]).toEqual([409, 'ALIAS_TAKEN']);
    expect((await w.f.request.get('/api/instant-payments/aliases/@Ana/availability')).body).toEqual({ alias: 'ana', available: false });
    expect((await w.f.request.get('/api/instant-payments/aliases/dora.b_1/availability')).body).toEqual({ alias: 'dora.b_1', available: true });
    expect((await w.f.request.get('/api/instant-payments/aliases/x/availability')).status).toBe(400);
    // Another client's token cannot name this client.
    expect((await w.asClient(ana.token).post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: 'dora.b_1' })).status).toBe(404);
    const set = await client.post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: '@Dora.B_1' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ id: dora.id, alias: 'dora.b_1', balance: START });
    expect((await w.f.request.get('/api/instant-payments/aliases/dora.b_1/availability')).body.available).toBe(false);
    expect((await me(dora.token)).alias).toBe('dora.b_1');
    const again = await client.post(`/instant-payments/demo/clients/${dora.id}/alias`, { alias: 'dora.two' });
    expect([again.status, again.body.code]).toEqual([409, 'ALIAS_ALREADY_ACTIVATED']);
    expect((await w.f.request.get('/api/instant-payments/aliases/dora.two/availability')).body.available).toBe(true);
  });

  it('refuses to send before the alias is activated, to unknown recipients and beyond the balance', async () => {
    const eva = await w.demoClient(w.bankA.organizationId, 'Eva');
    const early = await w.asClient(eva.token).post('/instant-payments/payments', { recipientAlias: 'ana', amount: '10' });
    expect([early.status, early.body.code]).toEqual([422, 'ALIAS_NOT_ACTIVATED']);
    const unknown = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'nobody.here', amount: '10' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'RECIPIENT_NOT_FOUND']);
    const broke = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'beto', amount: '100001' });
    expect([broke.status, broke.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect((await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'beto', amount: 10 })).status).toBe(400);
    expect((await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'beto', amount: '-1' })).status).toBe(400);
    expect((await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'be to', amount: '1' })).status).toBe(400);
    expect((await me(ana.token)).balance).toBe(START);
  });

  it('completes an INTERNAL payment at once, idempotently under an Idempotency-Key', async () => {
    const headers = { 'Idempotency-Key': 'pay-beto-1' };
    const paid = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: '@beto', amount: '1500', reference: 'Almuerzo' }, headers);
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ kind: 'INTERNAL', status: 'COMPLETED', amount: '1500', senderAlias: 'ana', recipientAlias: 'beto', reference: 'Almuerzo', txHash: null });
    expect(paid.body.settledAt).toEqual(expect.any(String));
    const replay = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: '@beto', amount: '1500', reference: 'Almuerzo' }, headers);
    expect([replay.status, replay.body]).toEqual([201, paid.body]);
    const reused = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: '@beto', amount: '1501' }, headers);
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await me(ana.token)).balance).toBe('98500');
    expect((await me(beto.token)).balance).toBe('101500');
    const seen = await w.asClient(beto.token).get(`/instant-payments/payments/${paid.body.id}`);
    expect(seen.body).toMatchObject({ id: paid.body.id, status: 'COMPLETED' });
    expect((await w.asClient(carla.token).get(`/instant-payments/payments/${paid.body.id}`)).status).toBe(404);
    const movements = await w.asClient(beto.token).get('/instant-payments/me/movements');
    expect(movements.body).toMatchObject({ total: 1, page: 1, items: [{ id: paid.body.id, direction: 'IN' }] });
  });

  it('takes a retry that spells the recipient’s alias another way (case, leading @) as the same request', async () => {
    const headers = { 'Idempotency-Key': 'pay-gil-spelled' };
    const gil = await w.demoClient(w.bankA.organizationId, 'Gil', 'gil.spelled');
    const hugo = await w.demoClient(w.bankA.organizationId, 'Hugo', 'hugo.spelled');
    const paid = await w.asClient(gil.token).post('/instant-payments/payments', { recipientAlias: 'hugo.spelled', amount: '25', reference: 'Pan' }, headers);
    expect(paid.status).toBe(201);
    for (const recipientAlias of ['@hugo.spelled', 'HUGO.SPELLED', '@Hugo.Spelled']) {
      const replay = await w.asClient(gil.token).post('/instant-payments/payments', { recipientAlias, amount: '25', reference: 'Pan' }, headers);
      expect([replay.status, replay.body]).toEqual([201, paid.body]);
    }
    const reused = await w.asClient(gil.token).post('/instant-payments/payments', { recipientAlias: '@Hugo.Spelled', amount: '25', reference: 'Pan dulce' }, headers);
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    expect((await me(gil.token)).balance).toBe('99975');
    expect((await me(hugo.token)).balance).toBe('100025');
  });

  it('answers one Idempotency-Key sent twice at once with the same payment, moved once', async () => {
    const headers = { 'Idempotency-Key': 'twice-at-once' };
    const before = (await me(ana.token)).balance;
    const [first, second] = await Promise.all([1, 2].map(() => w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'beto', amount: '7' }, headers)));
    expect([first!.status, second!.status]).toEqual([201, 201]);
    expect(second!.body.id).toBe(first!.body.id);
    expect((await me(ana.token)).balance).toBe(String(BigInt(before) - 7n));
    await w.asClient(beto.token).post('/instant-payments/payments', { recipientAlias: 'ana', amount: '7' });
  });

  it('settles a CROSS_ORGANIZATION payment on the chain between the banks’ settlement accounts, then credits the recipient', async () => {
    const accountA = await w.settlementAddress(w.bankA);
    const accountB = await w.settlementAddress(w.bankB);
    const chain = w.f.runtime.services.chain;
    const before = [await chain.getBalance(accountA, 'ulps'), await chain.getBalance(accountB, 'ulps')];
    const paid = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'carla', amount: '2500' });
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ kind: 'CROSS_ORGANIZATION', amount: '2500', senderAlias: 'ana', recipientAlias: 'carla' });
    expect(['PENDING', 'COMPLETED']).toContain(paid.body.status);
    expect((await me(ana.token)).balance).toBe('96000');

    const done = await w.finished(ana.token, paid.body.id);
    expect(done).toMatchObject({ status: 'COMPLETED', txHash: expect.stringMatching(/^[0-9A-F]{64}$/), settledAt: expect.any(String) });
    expect([await chain.getBalance(accountA, 'ulps'), await chain.getBalance(accountB, 'ulps')]).toEqual([before[0]! - 2500n, before[1]! + 2500n]);
    expect((await chain.getTx(done.txHash as string))?.code).toBe(0);
    expect((await me(carla.token)).balance).toBe('102500');
    expect((await w.asClient(carla.token).get(`/instant-payments/payments/${paid.body.id}`)).body.status).toBe('COMPLETED');
    const balance = await w.f.as(w.bankA.admin).get(`/organizations/${w.bankA.organizationId}/instant-payments/account/balance`);
    expect(balance.body).toEqual({ address: accountA, balances: [expect.objectContaining({ denom: 'ulps', amount: (before[0]! - 2500n).toString() })] });
  });

  it('refuses to pay one’s own alias: 422 SELF_PAYMENT, nothing moves', async () => {
    const self = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: '@ANA', amount: '10' });
    expect([self.status, self.body.code]).toEqual([422, 'SELF_PAYMENT']);
    expect((await me(ana.token)).balance).toBe('96000');
  });

  it('lets a bank’s staff register real clients (zero balance), not auditors', async () => {
    const auditor = await w.f.invite(w.bankA.admin, 'auditor');
    const created = await w.f.as(w.bankA.admin).post('/instant-payments/clients', { name: 'Fabio', alias: 'fabio', externalRef: 'CIF-1' });
    expect(created.status).toBe(201);
    expect(created.body.client).toMatchObject({ name: 'Fabio', organizationId: w.bankA.organizationId, alias: 'fabio', balance: '0', externalRef: 'CIF-1' });
    expect((await me(created.body.clientToken)).alias).toBe('fabio');
    const taken = await w.f.as(w.bankA.admin).post('/instant-payments/clients', { name: 'Other', alias: 'fabio' });
    expect([taken.status, taken.body.code]).toEqual([409, 'ALIAS_TAKEN']);
    expect((await w.f.as(auditor).post('/instant-payments/clients', { name: 'Nope' })).status).toBe(403);
    expect((await w.f.as(w.f.admin).post('/instant-payments/clients', { name: 'Nope' })).status).toBe(403);
  });

  it('refuses payments to or from a bank that is not ACTIVE', async () => {
    expect((await w.f.as(w.f.admin).patch(`/organizations/${w.bankB.organizationId}`, { status: 'SUSPENDED' })).status).toBe(200);
    const toSuspended = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'carla', amount: '1' });
    expect([toSuspended.status, toSuspended.body.code]).toEqual([422, 'ORGANIZATION_NOT_ACTIVE']);
    const fromSuspended = await w.asClient(carla.token).post('/instant-payments/payments', { recipientAlias: 'ana', amount: '1' });
    expect([fromSuspended.status, fromSuspended.body.code]).toEqual([422, 'ORGANIZATION_NOT_ACTIVE']);
    const banks = (await w.f.request.get('/api/instant-payments/banks')).body.items.map((bank: { organizationId: string }) => bank.organizationId);
    expect(banks).not.toContain(w.bankB.organizationId);
  });

  it('answers a retry the ledger no longer remembers from the read model, moving nothing again', async () => {
    const remembered = LEDGER_TUNING.rememberMs;
    LEDGER_TUNING.rememberMs = 0;
    try {
      const headers = { 'Idempotency-Key': 'after-forgetting' };
      const erin = await w.demoClient(w.bankA.organizationId, 'Erin', 'erin.forgotten');
      const fabio = await w.demoClient(w.bankA.organizationId, 'Fabio', 'fabio.forgotten');
      const paid = await w.asClient(erin.token).post('/instant-payments/payments', { recipientAlias: 'fabio.forgotten', amount: '11' }, headers);
      expect(paid.status).toBe(201);
      // Each round forgets the rounds older than rememberMs: the retry's only witness is then the read model.
      const ledger = await w.f.runtime.services.payments.ledgers.ledger(w.bankA.organizationId);
      let returned = 0n;
      while (ledger.view.recentPayments.has(paid.body.id)) {
        expect(returned).toBeLessThan(50n);
        expect((await w.asClient(fabio.token).post('/instant-payments/payments', { recipientAlias: 'erin.forgotten', amount: '1' })).status).toBe(201);
        returned += 1n;
        // A round is forgotten only once the projection runner has passed it; on a loaded machine it lags.
        const { projections } = w.f.runtime.services;
        await projections.waitFor((await storeHead(w.f.runtime.services))!, 10_000, ['instant-payments']);
      }
      const replay = await w.asClient(erin.token).post('/instant-payments/payments', { recipientAlias: 'fabio.forgotten', amount: '11' }, headers);
      expect([replay.status, replay.body]).toEqual([201, paid.body]);
      const reused = await w.asClient(erin.token).post('/instant-payments/payments', { recipientAlias: 'fabio.forgotten', amount: '12' }, headers);
      expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
      expect((await me(erin.token)).balance).toBe(String(BigInt(START) - 11n + returned));
      expect((await me(fabio.token)).balance).toBe(String(BigInt(START) + 11n - returned));
    } finally {
      LEDGER_TUNING.rememberMs = remembered;
    }
  });
});
