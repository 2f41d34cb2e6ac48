import jwt from 'jsonwebtoken';
import { cashIn } from '../../write-side/instant-payments/commands';
import { startInstantPayments, type InstantPaymentsWorld } from './world';

/**
 * A bank's staff fund and drain their clients (cash-in / cash-out within the backing rule), deactivate
 * them; client tokens expire, are revocable, and name their client's bank.
 */
describe('Instant Payments clients: cash movements, backing, deactivation and tokens', () => {
  let w: InstantPaymentsWorld;
  let fabio: { id: string; token: string };
  const FUNDING = '1000000';

  beforeAll(async () => {
    w = await startInstantPayments();
    const created = await w.f.as(w.bankA.admin).post('/instant-payments/clients', { name: 'Fabio', alias: 'fabio' });
    fabio = { id: created.body.client.id, token: created.body.clientToken };
  }, 120_000);
  afterAll(() => w?.stop());

  const clientPath = (clientId: string, action: string, organizationId = w.bankA.organizationId) =>
    `/organizations/${organizationId}/instant-payments/clients/${clientId}/${action}`;
  const me = async (token: string) => (await w.asClient(token).get('/instant-payments/me')).body;

  describe('POST .../cash-in and .../cash-out', () => {
    it('credits a cash-in and debits a cash-out, answering the movement and the new balance', async () => {
      const cashIn = await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-in'), { amount: '5000', reference: 'Ventanilla 3' });
      expect(cashIn.status).toBe(201);
      expect(cashIn.body).toMatchObject({ kind: 'CASH_IN', clientId: fabio.id, amount: '5000', reference: 'Ventanilla 3', balance: '5000' });
      const cashOut = await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-out'), { amount: '1200' });
      expect(cashOut.body).toMatchObject({ kind: 'CASH_OUT', amount: '1200', balance: '3800' });
      expect((await me(fabio.token)).balance).toBe('3800');
    });

    it('answers a retried cash-in with the same Idempotency-Key once', async () => {
      const headers = { 'Idempotency-Key': 'cash-in-42' };
      const first = await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-in'), { amount: '100' }).set(headers);
      const again = await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-in'), { amount: '100' }).set(headers);
      expect([first.status, again.status, again.body.id]).toEqual([201, 201, first.body.id]);
      expect((await me(fabio.token)).balance).toBe('3900');
    });

    it('moves a cash-in once when it is executed again after its first answer was lost (a 503 releases the key)', async () => {
      const services = w.f.runtime.services;
      const context = { actorId: null, organizationId: w.bankA.organizationId, correlationId: 'lost-answer', now: new Date() };
      const input = { organizationId: w.bankA.organizationId, clientId: fabio.id, movementId: 'cash-in-lost-answer', amount: 100n, reference: null };
      await cashIn(services.payments, context, input);
      await cashIn(services.payments, context, input);
      expect((await me(fabio.token)).balance).toBe('4000');
      await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-out'), { amount: '100' });
    });

    it('refuses a cash-out beyond the balance (422 INSUFFICIENT_FUNDS) and a cash-in beyond the backing headroom (422 INSUFFICIENT_SETTLEMENT_LIQUIDITY)', async () => {
      const over = await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-out'), { amount: '3901' });
      expect([over.status, over.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
      const unbacked = await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-in'), { amount: FUNDING });
      expect([unbacked.status, unbacked.body.code]).toEqual([422, 'INSUFFICIENT_SETTLEMENT_LIQUIDITY']);
      expect((await me(fabio.token)).balance).toBe('3900');
    });

    it('refuses demo wallets once their starting balances would exceed the headroom', async () => {
      const poor = await startInstantPayments({ settlementFunding: '150000' });
      try {
        await poor.demoClient(poor.bankA.organizationId, 'Uno');
        const second = await poor.f.request.post('/api/instant-payments/demo/clients').send({ organizationId: poor.bankA.organizationId, name: 'Dos' });
        expect([second.status, second.body.code]).toEqual([422, 'INSUFFICIENT_SETTLEMENT_LIQUIDITY']);
      } finally {
        await poor.stop();
      }
    }, 120_000);

    it('acts only on the caller’s own bank’s clients: another bank’s, or an unknown id, is 404; auditors are 403; amounts are positive', async () => {
      expect((await w.f.as(w.bankB.admin).post(clientPath(fabio.id, 'cash-in', w.bankB.organizationId), { amount: '1' })).status).toBe(404);
      expect((await w.f.as(w.bankB.admin).post(clientPath(fabio.id, 'cash-in'), { amount: '1' })).status).toBe(404);
      for (const id of ['constructor', '__proto__', 'toString'])
        expect((await w.f.as(w.bankA.admin).post(clientPath(id, 'cash-in'), { amount: '1' })).status).toBe(404);
      const auditor = await w.f.invite(w.bankA.admin, 'auditor');
      expect((await w.f.as(auditor).post(clientPath(fabio.id, 'cash-in'), { amount: '1' })).status).toBe(403);
      expect((await w.f.as(w.bankA.admin).post(clientPath(fabio.id, 'cash-in'), { amount: '0' })).status).toBe(400);
    });
  });

  describe('client tokens', () => {
    it('expire after CLIENT_TOKEN_TTL (24 h by default) and are never cached', async () => {
      const created = await w.f.as(w.bankA.admin).post('/instant-payments/clients', { name: 'Gina' });
      expect(created.headers['cache-control']).toBe('no-store');
      const claims = jwt.decode(created.body.clientToken) as { exp: number; iat: number; org: string; jti: string };
      expect(claims.exp - claims.iat).toBe(24 * 3600);
      expect(claims.org).toBe(w.bankA.organizationId);
    });

    it('refuses a token without its bank or id, and an expired one', async () => {
      const secret = w.f.runtime.services.jwtSecret;
      const legacy = jwt.sign({ sub: fabio.id, typ: 'client' }, secret, { algorithm: 'HS256', expiresIn: 3600 });
      expect((await w.asClient(legacy).get('/instant-payments/me')).status).toBe(401);
      const expired = jwt.sign({ sub: fabio.id, org: w.bankA.organizationId, typ: 'client', jti: 'x', exp: Math.floor(Date.now() / 1000) - 10 }, secret, { algorithm: 'HS256' });
      expect((await w.asClient(expired).get('/instant-payments/me')).status).toBe(401);
    });

    it('stops working after POST /instant-payments/me/logout, other tokens of the client go on', async () => {
      const demo = await w.demoClient(w.bankA.organizationId, 'Hugo');
      const other = jwt.sign({ sub: demo.id, org: w.bankA.organizationId, typ: 'client', jti: 'second-device' }, w.f.runtime.services.jwtSecret, { algorithm: 'HS256', expiresIn: 3600 });
      expect((await w.asClient(demo.token).post('/instant-payments/me/logout')).status).toBe(204);
      expect((await w.asClient(demo.token).get('/instant-payments/me')).status).toBe(401);
      expect((await w.asClient(other).get('/instant-payments/me')).status).toBe(200);
    });
  });

  describe('POST .../deactivate', () => {
    it('is for administrators; it stops the client’s tokens, and nobody can pay it any more', async () => {
      const ivan = await w.demoClient(w.bankA.organizationId, 'Ivan', 'ivan');
      const payer = await w.demoClient(w.bankA.organizationId, 'Juan', 'juan');
      const member = await w.f.invite(w.bankA.admin, 'member');
      expect((await w.f.as(member).post(clientPath(ivan.id, 'deactivate'))).status).toBe(403);
      const deactivated = await w.f.as(w.bankA.admin).post(clientPath(ivan.id, 'deactivate')).send();
      expect([deactivated.status, deactivated.body.active]).toEqual([200, false]);
      expect((await w.asClient(ivan.token).get('/instant-payments/me')).status).toBe(401);
      const paid = await w.asClient(payer.token).post('/instant-payments/payments', { recipientAlias: 'ivan', amount: '10' });
      expect([paid.status, paid.body.code]).toEqual([422, 'RECIPIENT_NOT_FOUND']);
    });
  });

  describe('IP_DEMO_ENABLED', () => {
    it('answers 404 on the demo routes when false', async () => {
      const config = w.f.runtime.services.config;
      config.IP_DEMO_ENABLED = false;
      try {
        const demo = await w.f.request.post('/api/instant-payments/demo/clients').send({ organizationId: w.bankA.organizationId, name: 'Nope' });
        expect(demo.status).toBe(404);
        const alias = await w.asClient(fabio.token).post(`/instant-payments/demo/clients/${fabio.id}/alias`, { alias: 'fabio.two' });
        expect(alias.status).toBe(404);
      } finally {
        config.IP_DEMO_ENABLED = true;
      }
    });
  });
});
