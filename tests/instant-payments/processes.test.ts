import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { issueClientToken } from '../../api/routes/instant-payments';
import { createInstantPayments } from '../../runtime/instant-payments';
import { pay, registerClient, revokeClientToken } from '../../write-side/instant-payments/commands';
import { startInstantPayments, type InstantPaymentsWorld } from './world';

/**
 * Several service processes on one store (issue 10, 5): each keeps its own bank ledgers in memory.
 * Only the leader settles, also the payments a follower took; a process takes in what another one
 * appended before it refuses a client it has not seen; a token revoked through one process pays
 * nothing through another. The second process here is a second engine on the same store and chain.
 */
describe('Instant Payments across processes', () => {
  let w: InstantPaymentsWorld;
  let ana: { id: string; token: string };
  let follower: ReturnType<typeof createInstantPayments>;

  beforeAll(async () => {
    w = await startInstantPayments();
    ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana.p');
    await w.demoClient(w.bankB.organizationId, 'Carla', 'carla.p');
    const { config, db, eventStore, commands, projections, chain, keyEncryptionKey } = services();
    follower = createInstantPayments({ config, db, eventStore, commands, projections, chain, logger: pino({ level: 'silent' }), keyEncryptionKey });
    // The leader settles; its periodic pass is driven by the tests (tick), so nothing settles behind their back.
    await services().settlement.stop();
    services().settlement.start({ periodic: false });
  }, 120_000);
  afterAll(() => w?.stop());

  const services = () => w.f.runtime.services;
  const context = (organizationId: string) => ({ actorId: null, organizationId, correlationId: randomUUID(), causationId: null, now: new Date() });
  const batchesStarted = async () => Number((await w.f.runtime.db('events').where({ type: 'InstantPaymentSettlementBatchStarted' }).count<{ n: string }[]>('* as n'))[0]!.n);

  describe('settlement', () => {
    it('is left to the leader when a follower takes a cross-bank payment, and the leader settles it', async () => {
      const before = await batchesStarted();
      const { payment, status } = await pay(follower.payments, context(w.bankA.organizationId), {
        paymentId: randomUUID(),
        senderOrganizationId: w.bankA.organizationId,
        senderClientId: ana.id,
        tokenId: null,
        recipientAlias: 'carla.p',
        amount: 25n,
        reference: null,
        requestFingerprint: null,
      });
      expect(status).toBe('PENDING');
      await follower.settlement.idle();
      expect(await batchesStarted()).toBe(before);

      await services().settlement.tick();
      expect(await w.finished(ana.token, payment.paymentId)).toMatchObject({ status: 'COMPLETED', amount: '25' });
      expect(await batchesStarted()).toBe(before + 1);
    });
  });

  describe('client tokens', () => {
    it('are accepted for a client registered through another process after this one loaded the bank', async () => {
      const clientId = `late-${randomUUID()}`;
      await registerClient(follower.payments, context(w.bankA.organizationId), {
        organizationId: w.bankA.organizationId,
        clientId,
        name: 'Registered elsewhere',
        externalRef: null,
        demo: true,
        startingBalance: 0n,
        alias: 'late.p',
      });
      const token = issueClientToken(services(), clientId, w.bankA.organizationId);
      const me = await w.asClient(token).get('/instant-payments/me');
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ id: clientId, alias: 'late.p', balance: '0' });
    });

    it('pay nothing through one process once revoked through another', async () => {
      const client = await w.demoClient(w.bankA.organizationId, 'Berta', 'berta.p');
      // This process has the client in memory before the other one revokes the token.
      expect((await w.asClient(client.token).get('/instant-payments/me')).status).toBe(200);
      // The other process revokes it (as its POST /instant-payments/me/logout does).
      const principal = await follower.resolveClient(JSON.parse(Buffer.from(client.token.split('.')[1]!, 'base64url').toString()));
      expect(principal).not.toBeNull();
      await revokeClientToken(follower.payments, context(w.bankA.organizationId), {
        organizationId: w.bankA.organizationId,
        clientId: client.id,
        tokenId: principal!.tokenId,
        expiresAt: principal!.expiresAt,
      });

      const paid = await w.asClient(client.token).post('/instant-payments/payments', { recipientAlias: 'ana.p', amount: '1' });
      expect(paid.status).toBe(401);
      expect(paid.body).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(await w.f.runtime.db('ip_payments').where({ sender_client_id: client.id }).count<{ n: string }[]>('* as n')).toEqual([{ n: '0' }]);
    });
  });
});
