import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { issueClientToken } from '../../api/routes/instant-payments';
import { createInstantPayments } from '../../runtime/instant-payments';
import { PostgresSettlementClaims } from '../../runtime/settlement-claims';
import { pay, registerClient, revokeClientToken, type InstantPaymentsDeps } from '../../write-side/instant-payments/commands';
import { startInstantPayments, type InstantPaymentsWorld } from './world';

/**
 * Several service processes on one store (issue 10, 5): each keeps its own bank ledgers in memory.
 * A bank is settled by one process at a time, the one holding its claim: the process its cross-bank
 * payments come through (requests routed by bank), else the leader's pass; a process takes in what
 * another one appended before it refuses a client it has not seen; a token revoked through one
 * process pays nothing through another. The second process here is a second engine on the same store
 * and chain, with claims of its own session as a second process has.
 */
describe('Instant Payments across processes', () => {
  let w: InstantPaymentsWorld;
  let ana: { id: string; token: string };
  let follower: ReturnType<typeof createInstantPayments>;
  let followerClaims: PostgresSettlementClaims;

  beforeAll(async () => {
    w = await startInstantPayments();
    ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana.p');
    await w.demoClient(w.bankB.organizationId, 'Carla', 'carla.p');
    const { config, db, eventStore, commands, projections, chain, keyEncryptionKey } = services();
    const logger = pino({ level: 'silent' });
    followerClaims = new PostgresSettlementClaims(w.f.database.url, logger, () => follower.settlement.claimsLost());
    follower = createInstantPayments({ config, db, eventStore, commands, projections, chain, logger, keyEncryptionKey, claims: followerClaims });
    // The periodic passes are driven by the tests (tick), so nothing settles behind their back.
    await services().settlement.stop();
    services().settlement.start({ periodic: false });
    follower.settlement.start({ periodic: false });
  }, 120_000);
  afterAll(async () => {
    await follower?.settlement.stop();
    await followerClaims?.close();
    await follower?.signing.close();
    await w?.stop();
  });

  const services = () => w.f.runtime.services;
  const context = (organizationId: string) => ({ actorId: null, organizationId, correlationId: randomUUID(), causationId: null, now: new Date() });
  const batchesStarted = async () => Number((await w.f.runtime.db('events').where({ type: 'InstantPaymentSettlementBatchStarted' }).count<{ n: string }[]>('* as n'))[0]!.n);

  describe('settlement', () => {
    const crossBank = (through: InstantPaymentsDeps, amount: bigint) =>
      pay(through, context(w.bankA.organizationId), {
        paymentId: randomUUID(),
        senderOrganizationId: w.bankA.organizationId,
        senderClientId: ana.id,
        tokenId: null,
        recipientAlias: 'carla.p',
        amount,
        reference: null,
        requestFingerprint: null,
      });

    it('is done by the process a bank’s cross-bank payment came through, which takes the bank’s claim', async () => {
      const before = await batchesStarted();
      const { payment, status } = await crossBank(follower.payments, 25n);
      expect(status).toBe('PENDING');
      await follower.settlement.idle();
      expect(await batchesStarted()).toBe(before + 1);
      expect(await w.finished(ana.token, payment.paymentId)).toMatchObject({ status: 'COMPLETED', amount: '25' });
    });

    it('is left to the process holding the bank’s claim when a payment comes through another one, and done by its pass', async () => {
      const before = await batchesStarted();
      const { payment } = await crossBank(services().payments, 5n);
      await services().settlement.idle();
      await services().settlement.tick();
      expect(await batchesStarted()).toBe(before);

      await follower.settlement.tick();
      expect(await w.finished(ana.token, payment.paymentId)).toMatchObject({ status: 'COMPLETED', amount: '5' });
      expect(await batchesStarted()).toBe(before + 1);
    });

    it('is let go by a process no payment of the bank came through for a while, for the process serving the bank now', async () => {
      const now = Date.now();
      const later = jest.spyOn(Date, 'now').mockReturnValue(now + 60_000);
      try {
        await follower.settlement.tick();
      } finally {
        later.mockRestore();
      }
      const before = await batchesStarted();
      const { payment } = await crossBank(services().payments, 7n);
      await services().settlement.idle();
      expect(await batchesStarted()).toBe(before + 1);
      expect(await w.finished(ana.token, payment.paymentId)).toMatchObject({ status: 'COMPLETED', amount: '7' });
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
