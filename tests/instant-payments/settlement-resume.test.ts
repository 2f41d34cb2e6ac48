import { startInstantPayments, type InstantPaymentsWorld } from './world';

/**
 * The settlement process manager records the signed transaction before broadcasting it, so a payment
 * left PENDING by an unreachable chain, or by a crash right after the broadcast, is finished by the
 * timer's pass: looked up by hash or re-sent as the same bytes, never moving value twice.
 */
describe('Instant Payments settlement resumes without moving value twice', () => {
  let w: InstantPaymentsWorld;
  let ana: { id: string; token: string };
  let settlementA: string;
  let settlementB: string;

  beforeAll(async () => {
    w = await startInstantPayments();
    ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana.r');
    await w.demoClient(w.bankB.organizationId, 'Carla', 'carla.r');
    settlementA = (await w.f.as(w.bankA.admin).get(`/organizations/${w.bankA.organizationId}/instant-payments/account`)).body.address;
    settlementB = (await w.f.as(w.bankB.admin).get(`/organizations/${w.bankB.organizationId}/instant-payments/account`)).body.address;
    await w.fund(settlementA, '10000');
  }, 60_000);
  afterAll(() => {
    jest.restoreAllMocks();
    return w?.stop();
  });

  const services = () => w.f.runtime.services;
  const balances = async () => [await services().chain.getBalance(settlementA, 'ulps'), await services().chain.getBalance(settlementB, 'ulps')];
  const later = () => new Date(Date.now() + 60_000);

  it('leaves the payment PENDING while the chain is unreachable, then finishes it from the recorded bytes', async () => {
    const chain = services().chain;
    const spy = jest.spyOn(chain, 'broadcast').mockRejectedValueOnce(new Error('connection refused'));
    const paid = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'carla.r', amount: '700' });
    spy.mockRestore();
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ status: 'PENDING', kind: 'CROSS_ORGANIZATION', txHash: null });
    expect(await balances()).toEqual([10000n, 0n]);
    expect((await w.asClient(ana.token).get('/instant-payments/me')).body.balance).toBe('99300');

    await services().settlement.tick(later());
    const done = await w.asClient(ana.token).get(`/instant-payments/payments/${paid.body.id}`);
    expect(done.body).toMatchObject({ status: 'COMPLETED', txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    expect(await balances()).toEqual([9300n, 700n]);
    await services().settlement.tick(later());
    expect(await balances()).toEqual([9300n, 700n]);
  });

  it('finds a transaction that landed before a crash by its hash instead of sending again', async () => {
    const chain = services().chain;
    const original = chain.broadcast.bind(chain);
    // The transaction reaches the chain, but the process "dies" before recording the outcome.
    const spy = jest.spyOn(chain, 'broadcast').mockImplementationOnce(async (bytes) => {
      await original(bytes);
      throw new Error('process crashed after broadcast');
    });
    const paid = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'carla.r', amount: '300' });
    spy.mockRestore();
    expect(paid.body.status).toBe('PENDING');
    expect(await balances()).toEqual([9000n, 1000n]);
    const resend = jest.spyOn(chain, 'broadcast');
    await services().settlement.tick(later());
    expect(resend).not.toHaveBeenCalled();
    resend.mockRestore();
    expect((await w.asClient(ana.token).get(`/instant-payments/payments/${paid.body.id}`)).body.status).toBe('COMPLETED');
    expect(await balances()).toEqual([9000n, 1000n]);
    const starts = await w.f.runtime.db('events').where({ type: 'InstantPaymentSettlementStarted' }).count<{ n: string }[]>('* as n');
    expect(Number(starts[0]!.n)).toBe(2);
  });

  it('keeps concurrent payments consistent: no overdraft of a client, one settlement sequence per bank key', async () => {
    const before = await balances();
    const senders = await Promise.all([1, 2, 3, 4].map((n) => w.demoClient(w.bankA.organizationId, `Sender ${n}`, `sender.${n}`)));
    const cross = await Promise.all(senders.map((sender) => w.asClient(sender.token).post('/instant-payments/payments', { recipientAlias: 'carla.r', amount: '100' })));
    expect(cross.map((response) => [response.status, response.body.status])).toEqual(senders.map(() => [201, 'COMPLETED']));
    expect(await balances()).toEqual([before[0]! - 400n, before[1]! + 400n]);

    const spender = senders[0]!;
    const spends = await Promise.all([1, 2, 3].map(() => w.asClient(spender.token).post('/instant-payments/payments', { recipientAlias: 'sender.2', amount: '40000' })));
    const outcomes = spends.map((response) => (response.status === 201 ? 'OK' : response.body.code)).sort();
    expect(outcomes).toEqual(['INSUFFICIENT_FUNDS', 'OK', 'OK']);
    expect((await w.asClient(spender.token).get('/instant-payments/me')).body.balance).toBe(String(100000 - 100 - 80000));
  });
});
