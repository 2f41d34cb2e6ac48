import pino from 'pino';
import { createInstantPayments } from '../../runtime/instant-payments';
import { startInstantPayments, type InstantPaymentsWorld } from './world';

/**
 * Batched settlement: per sender bank, the cross-bank payments due go into one chain transaction per
 * block, signed with a tracked sequence and recorded before it is broadcast, so a batch left open by
 * an unreachable chain or a crash is finished from its recorded bytes or found by its hash, never
 * moving value twice.
 */
describe('Instant Payments settlement in batches', () => {
  let w: InstantPaymentsWorld;
  let ana: { id: string; token: string };
  let carla: { id: string; token: string };
  let settlementA: string;
  let settlementB: string;
  const FUNDING = 1_000_000n;

  beforeAll(async () => {
    w = await startInstantPayments();
    ana = await w.demoClient(w.bankA.organizationId, 'Ana', 'ana.r');
    carla = await w.demoClient(w.bankB.organizationId, 'Carla', 'carla.r');
    settlementA = await w.settlementAddress(w.bankA);
    settlementB = await w.settlementAddress(w.bankB);
    // The timer's passes are driven by the tests (tick), so that an open batch stays open until they say.
    await services().settlement.stop();
    services().settlement.start({ periodic: false });
  }, 120_000);
  afterAll(() => {
    jest.restoreAllMocks();
    return w?.stop();
  });

  const services = () => w.f.runtime.services;
  const balances = async () => [await services().chain.getBalance(settlementA, 'ulps'), await services().chain.getBalance(settlementB, 'ulps')];
  const count = async (type: string) => Number((await w.f.runtime.db('events').where({ type }).count<{ n: string }[]>('* as n'))[0]!.n);
  const me = async (token: string) => (await w.asClient(token).get('/instant-payments/me')).body;
  /** The read model's open batches of bank A, by their payments (what a failed batch would refund). */
  const openBatches = () => w.f.runtime.db('ip_open_settlement_batches').where({ organization_id: w.bankA.organizationId }).pluck('payment_ids');
  const pay = (token: string, recipientAlias: string, amount: string) => w.asClient(token).post('/instant-payments/payments', { recipientAlias, amount });

  it('leaves the batch open while the chain is unreachable, then finishes it from the recorded bytes', async () => {
    const chain = services().chain;
    const spy = jest.spyOn(chain, 'broadcast').mockRejectedValueOnce(new Error('connection refused'));
    const paid = await pay(ana.token, 'carla.r', '700');
    expect(paid.status).toBe(201);
    await services().settlement.idle();
    spy.mockRestore();
    expect((await w.asClient(ana.token).get(`/instant-payments/payments/${paid.body.id}`)).body).toMatchObject({ status: 'PENDING', txHash: null });
    expect(await balances()).toEqual([FUNDING, FUNDING]);
    expect((await me(ana.token)).balance).toBe('99300');
    expect(await openBatches()).toEqual([[paid.body.id]]);

    await services().settlement.tick();
    expect(await w.finished(ana.token, paid.body.id)).toMatchObject({ status: 'COMPLETED', txHash: expect.stringMatching(/^[0-9A-F]{64}$/) });
    await services().settlement.idle();
    expect(await openBatches()).toEqual([]);
    expect(await balances()).toEqual([FUNDING - 700n, FUNDING + 700n]);
    expect((await me(carla.token)).balance).toBe('100700');
    await services().settlement.tick();
    expect(await balances()).toEqual([FUNDING - 700n, FUNDING + 700n]);
  });

  it('finds a batch that landed before a crash by its hash instead of sending it again', async () => {
    const chain = services().chain;
    const original = chain.broadcast.bind(chain);
    // The transaction reaches the chain, but the process "dies" before recording the outcome.
    const spy = jest.spyOn(chain, 'broadcast').mockImplementationOnce(async (bytes) => {
      await original(bytes);
      throw new Error('process crashed after broadcast');
    });
    const paid = await pay(ana.token, 'carla.r', '300');
    await services().settlement.idle();
    spy.mockRestore();
    expect(await balances()).toEqual([FUNDING - 1000n, FUNDING + 1000n]);
    expect((await w.asClient(carla.token).get('/instant-payments/me')).body.balance).toBe('100700');

    const resend = jest.spyOn(chain, 'broadcast');
    await services().settlement.tick();
    expect(resend).not.toHaveBeenCalled();
    resend.mockRestore();
    expect((await w.finished(ana.token, paid.body.id)).status).toBe('COMPLETED');
    expect(await balances()).toEqual([FUNDING - 1000n, FUNDING + 1000n]);
    expect((await me(carla.token)).balance).toBe('101000');
  });

  it('signs a refused stale-sequence batch again instead of failing its payments', async () => {
    const chain = services().chain;
    const spy = jest.spyOn(chain, 'broadcast').mockResolvedValueOnce({ txHash: 'X', height: 0, code: 32, codespace: 'sdk', rawLog: 'account sequence mismatch', events: [], msgResponses: [] });
    const paid = await pay(ana.token, 'carla.r', '50');
    expect((await w.finished(ana.token, paid.body.id)).status).toBe('COMPLETED');
    spy.mockRestore();
    expect(await count('InstantPaymentSettlementBatchAbandoned')).toBe(1);
    await services().settlement.idle();
    expect(await openBatches()).toEqual([]);
    expect(await balances()).toEqual([FUNDING - 1050n, FUNDING + 1050n]);
  });

  it('settles many concurrent cross-bank payments in fewer transactions than payments, each exactly once', async () => {
    const senders = await Promise.all([1, 2, 3, 4, 5].map((n) => w.demoClient(w.bankA.organizationId, `Sender ${n}`, `sender.${n}`)));
    const batchesBefore = await count('InstantPaymentSettlementBatchSettled');
    const before = await balances();
    const paid = await Promise.all(senders.flatMap((sender) => [1, 2, 3, 4].map(() => pay(sender.token, 'carla.r', '10'))));
    expect(paid.map((response) => response.status)).toEqual(paid.map(() => 201));
    for (const [index, response] of paid.entries()) expect((await w.finished(senders[Math.floor(index / 4)]!.token, response.body.id)).status).toBe('COMPLETED');
    expect(await balances()).toEqual([before[0]! - 200n, before[1]! + 200n]);
    expect(await count('InstantPaymentSettlementBatchSettled') - batchesBefore).toBeLessThan(20);
    expect((await me(carla.token)).balance).toBe(String(101_050 + 200));
  });

  it('resumes an open batch after a restart: a new process finishes it from the store', async () => {
    const chain = services().chain;
    const before = await balances();
    const spy = jest.spyOn(chain, 'broadcast').mockRejectedValueOnce(new Error('process killed before the broadcast'));
    const paid = await pay(ana.token, 'carla.r', '5');
    await services().settlement.idle();
    spy.mockRestore();
    expect(await balances()).toEqual(before);

    // A second engine on the same store, as after a restart: its ledgers load from the events.
    const { db, eventStore, commands, projections, logger } = services();
    const restarted = createInstantPayments({ config: services().config, db, eventStore, commands, projections, chain, logger, keyEncryptionKey: services().keyEncryptionKey });
    await restarted.settlement.tick();
    expect((await w.finished(ana.token, paid.body.id)).status).toBe('COMPLETED');
    expect(await balances()).toEqual([before[0]! - 5n, before[1]! + 5n]);
    await services().settlement.tick();
    expect(await balances()).toEqual([before[0]! - 5n, before[1]! + 5n]);
    await restarted.signing.close();
  });

  it('logs each batch step with every payment’s id and the correlation id of the request that sent it', async () => {
    const chain = services().chain;
    const spy = jest.spyOn(chain, 'broadcast').mockRejectedValueOnce(new Error('connection refused'));
    const paid = await w.asClient(ana.token).post('/instant-payments/payments', { recipientAlias: 'carla.r', amount: '3' }, { 'X-Correlation-Id': 'wallet-request-77' });
    await services().settlement.idle();
    spy.mockRestore();

    // Another process (as after a restart) resumes the batch: the correlation id comes from the stored events.
    const lines: Array<{ msg: string; payments?: Array<{ paymentId: string; correlationId: string | null }> }> = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
    const { db, eventStore, commands, projections } = services();
    const restarted = createInstantPayments({ config: services().config, db, eventStore, commands, projections, chain, logger, keyEncryptionKey: services().keyEncryptionKey });
    await restarted.settlement.tick();
    expect((await w.finished(ana.token, paid.body.id)).status).toBe('COMPLETED');
    const final = lines.find((line) => line.msg === 'settlement batch final on the chain');
    expect(final?.payments).toEqual([{ paymentId: paid.body.id, correlationId: 'wallet-request-77' }]);
    await restarted.signing.close();
  });

  it('keeps concurrent payments of one client consistent: no overdraft', async () => {
    const spender = await w.demoClient(w.bankA.organizationId, 'Spender', 'spender');
    const spends = await Promise.all([1, 2, 3].map(() => pay(spender.token, 'carla.r', '40000')));
    const outcomes = spends.map((response) => (response.status === 201 ? 'OK' : response.body.code)).sort();
    expect(outcomes).toEqual(['INSUFFICIENT_FUNDS', 'OK', 'OK']);
    expect((await me(spender.token)).balance).toBe('20000');
  });

  describe('a batch to two recipient banks', () => {
    let bankC: InstantPaymentsWorld['bankA'];
    let dora: { id: string; token: string };
    let payer: { id: string; token: string };
    beforeAll(async () => {
      bankC = await w.f.bank('Banco Tres');
      await w.fund(await w.settlementAddress(bankC), '1000000');
      dora = await w.demoClient(bankC.organizationId, 'Dora', 'dora.r');
      payer = await w.demoClient(w.bankA.organizationId, 'Payer', 'payer.r');
    });
    const balanceOf = async (client: { token: string }) => BigInt((await me(client.token)).balance);
    /** Two payments due together (settlement paused), so that they go in one batch, to bank B and bank C. */
    const payBoth = async (toCarlaAmount: string, toDoraAmount: string) => {
      await services().settlement.stop();
      const toCarla = await pay(payer.token, 'carla.r', toCarlaAmount);
      const toDora = await pay(payer.token, 'dora.r', toDoraAmount);
      expect([toCarla.status, toDora.status]).toEqual([201, 201]);
      return { toCarla: toCarla.body.id as string, toDora: toDora.body.id as string };
    };

    it('credits each recipient bank of a batch without waiting for another recipient’s credit', async () => {
      const carlaBefore = await balanceOf(carla);
      const doraBefore = await balanceOf(dora);
      const { toCarla, toDora } = await payBoth('20', '30');

      // The first recipient bank asked to credit the batch takes its time.
      let releaseFirst!: () => void;
      const firstHeld = new Promise<void>((resolve) => (releaseFirst = resolve));
      const asked: string[] = [];
      for (const bank of [w.bankB, bankC]) {
        const ledger = await services().payments.ledgers.ledger(bank.organizationId);
        const submit = ledger.submit.bind(ledger);
        jest.spyOn(ledger, 'submit').mockImplementation(async (request) => {
          // A recipient's ledger is asked by settlement only to credit a batch.
          if (request.context.correlationId.startsWith('settlement-') && asked.push(bank.organizationId) === 1) await firstHeld;
          return submit(request);
        });
      }
      services().settlement.start({ periodic: false });
      const pass = services().settlement.tick();

      const credited = async () => (await balanceOf(dora)) === doraBefore + 30n || (await balanceOf(carla)) === carlaBefore + 20n;
      let creditedWhileHeld = false;
      for (let attempt = 0; attempt < 100 && !creditedWhileHeld; attempt++) {
        creditedWhileHeld = await credited();
        if (!creditedWhileHeld) await new Promise((resolve) => setTimeout(resolve, 50));
      }
      releaseFirst();
      await pass;
      jest.restoreAllMocks();

      expect(asked).toHaveLength(2);
      expect(creditedWhileHeld).toBe(true);
      const [settledToCarla, settledToDora] = [await w.finished(payer.token, toCarla), await w.finished(payer.token, toDora)];
      expect([settledToCarla.status, settledToDora.status]).toEqual(['COMPLETED', 'COMPLETED']);
      expect(settledToDora.txHash).toBe(settledToCarla.txHash);
      expect(await balanceOf(carla)).toBe(carlaBefore + 20n);
      expect(await balanceOf(dora)).toBe(doraBefore + 30n);
    });

    it('leaves the batch open when one recipient’s credit fails, and the next pass credits it without crediting the other twice', async () => {
      const carlaBefore = await balanceOf(carla);
      const doraBefore = await balanceOf(dora);
      const { toCarla, toDora } = await payBoth('7', '9');
      const doraLedger = await services().payments.ledgers.ledger(bankC.organizationId);
      const submit = doraLedger.submit.bind(doraLedger);
      jest.spyOn(doraLedger, 'submit').mockImplementationOnce(async (request) => {
        if (request.context.correlationId.startsWith('settlement-')) throw new Error('store unreachable');
        return submit(request);
      });
      services().settlement.start({ periodic: false });
      await services().settlement.tick();
      jest.restoreAllMocks();
      expect((await w.asClient(payer.token).get(`/instant-payments/payments/${toDora}`)).body.status).toBe('PENDING');
      expect(await balanceOf(dora)).toBe(doraBefore);
      expect(await balanceOf(carla)).toBe(carlaBefore + 7n);

      await services().settlement.tick();
      expect((await w.finished(payer.token, toCarla)).status).toBe('COMPLETED');
      expect((await w.finished(payer.token, toDora)).status).toBe('COMPLETED');
      expect(await balanceOf(carla)).toBe(carlaBefore + 7n);
      expect(await balanceOf(dora)).toBe(doraBefore + 9n);
      expect(await openBatches()).toEqual([]);
    });
  });
});
