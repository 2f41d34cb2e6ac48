import { instantPaymentsInlineWrite, instantPaymentsProjection } from '../../projections/instant-payments';
import { inlineWritersLock } from '../../projections/runner';
import { ledgerFacts } from '../../runtime/instant-payments';
import type { Chain } from '../../write-side/chain/chain';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { BankLedgerCommand } from '../../write-side/instant-payments/decide';
import { bankLedgerStream } from '../../write-side/instant-payments/events';
import { BankLedger, LEDGER_TUNING, type AskedFacts, type LedgerPorts, type LedgerRequest, type RoundFacts } from '../../write-side/instant-payments/ledger';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { payC0ToC1, registerTwoClients, testLedgerPorts } from './ledger-ports';

/** The chain is not asked for these facts (only for a settlement balance). */
const NO_CHAIN = {} as Chain;

/**
 * On PostgreSQL a round of payments on banks its ledger has read before decides without asking the read
 * models first: on the banks' status it read last, and with no payment recorded but those it remembers.
 * Its append checks both in its own transaction (the banks' status by a precondition, a payment already
 * recorded by the key of its row); a refusal, which appends nothing, is decided again on facts asked.
 * Here with the real facts port, the real read model written inline and a real PostgreSQL.
 */
describe('A round of payments decides on the facts its ledger read before, checked where they live', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ports: LedgerPorts;
  const asked: AskedFacts[] = [];
  /** Why rounds were decided again (LedgerPorts.onRoundRetried). */
  const retried: string[] = [];
  const context = { actorId: null, organizationId: 'bank', correlationId: 'test', now: new Date('2026-11-28T10:00:00Z') };
  let bankNumber = 0;

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    const facts = ledgerFacts(database.knex, NO_CHAIN, 'ulps');
    ports = testLedgerPorts(database, store, {
      facts: {
        ...facts,
        recorded: (question) => {
          asked.push(question);
          return facts.recorded(question);
        },
      },
      readModelReached: async () => true,
      onRoundRetried: (_bank, reason) => retried.push(reason),
      inlineReadModel: {
        name: instantPaymentsProjection.name,
        writeFor: (events) => instantPaymentsInlineWrite(events, inlineWritersLock(instantPaymentsProjection.name)),
      },
    });
  });
  beforeEach(() => {
    asked.length = 0;
    retried.length = 0;
  });

  const setStatus = (id: string, status: string) => database.knex('organizations').where({ id }).update({ status });

  /** An ACTIVE commercial bank with two clients of 1,000 each. */
  async function bank(): Promise<{ id: string; ledger: BankLedger }> {
    const id = `assumed-bank-${++bankNumber}`;
    const at = context.now.toISOString();
    await database.knex('organizations').insert({ id, name: id, type: 'COMMERCIAL', status: 'ACTIVE', created_at: at, updated_at: at });
    const ledger = await BankLedger.load(id, ports);
    await registerTwoClients(ledger, context);
    return { id, ledger };
  }

  /**
   * A payment from c0 to c1 as the payments route asks for it: the banks' status and the id's record from
   * the round's facts. Payment ids are unique in the read model, so each bank's are its own (`<bank>:<name>`).
   */
  const payment = (id: string, name: string, amount: bigint): LedgerRequest => {
    const paymentId = `${id}:${name}`;
    return {
      needs: { banks: [id], recordedPaymentId: paymentId },
      command: (facts: RoundFacts): BankLedgerCommand =>
        payC0ToC1(id, paymentId, amount, context, {
          requestFingerprint: `${paymentId}-${amount}`,
          senderBank: facts.bank(id) ?? { status: 'UNKNOWN' },
          recipientBank: facts.bank(id),
          recorded: facts.recorded(paymentId),
        }),
      context,
    };
  };

  const nameOf = (id: string, paymentId: string) => paymentId.slice(id.length + 1);
  const transfers = async (id: string) =>
    (await store.readStream(bankLedgerStream(id)))
      .filter((event) => event.type === 'InstantPaymentTransferred')
      .map((event) => nameOf(id, (event.data as { paymentId: string }).paymentId));
  const recordedPayments = async (id: string) =>
    (await database.knex('ip_payments').where({ sender_organization_id: id }).orderBy('id').select('id')).map((row: { id: string }) => nameOf(id, row.id));

  it('asks the read models once for a bank it has not read, then decides its payments without asking', async () => {
    const { id, ledger } = await bank();
    await ledger.submit(payment(id, 'first', 10n));
    expect(asked).toHaveLength(1);
    for (const n of [1, 2, 3]) expect((await ledger.submit(payment(id, `next-${n}`, 10n))).events).toHaveLength(1);
    await Promise.all([4, 5, 6].map((n) => ledger.submit(payment(id, `next-${n}`, 10n))));

    expect(asked).toHaveLength(1);
    expect(await recordedPayments(id)).toEqual(['first', 'next-1', 'next-2', 'next-3', 'next-4', 'next-5', 'next-6']);
    expect(ledger.view.clients.get(`${id}-c1`)!.balance).toBe(1_070n);
  });

  it('refuses a payment of a bank suspended since it was read: its append fails the precondition and writes nothing', async () => {
    const { id, ledger } = await bank();
    await ledger.submit(payment(id, 'before', 10n));
    await setStatus(id, 'SUSPENDED');

    await expect(ledger.submit(payment(id, 'while-suspended', 10n))).rejects.toMatchObject({ code: 'ORGANIZATION_NOT_ACTIVE' });
    expect(asked.filter((question) => question.banks.includes(id))).toHaveLength(2);
    expect(retried).toEqual(['assumption']);
    expect(await transfers(id)).toEqual(['before']);
    expect(await recordedPayments(id)).toEqual(['before']);
    expect(ledger.view.clients.get(`${id}-c0`)!.balance).toBe(990n);
  });

  it('pays again for a bank active again after a refusal on its suspended status: a refusal on assumed facts is decided again on facts asked', async () => {
    const { id, ledger } = await bank();
    await setStatus(id, 'SUSPENDED');
    await expect(ledger.submit(payment(id, 'refused', 10n))).rejects.toMatchObject({ code: 'ORGANIZATION_NOT_ACTIVE' });
    await setStatus(id, 'ACTIVE');

    expect((await ledger.submit(payment(id, 'active-again', 10n))).events).toHaveLength(1);
    expect(await transfers(id)).toEqual(['active-again']);
  });

  describe('a retry of a payment from before the ledger’s memory', () => {
    /** A bank whose ledger has forgotten the payment 'old' of `amount` (its sender had 1,000). */
    async function forgotten(amount: bigint): Promise<{ id: string; ledger: BankLedger }> {
      const { id, ledger } = await bank();
      expect((await ledger.submit(payment(id, 'old', amount))).events).toHaveLength(1);
      // Each round forgets the rounds older than rememberMs that the read model holds (here at once).
      for (let n = 0; ledger.view.recentPayments.has(`${id}:old`); n++) await ledger.submit(payment(id, `later-${n}`, 1n));
      return { id, ledger };
    }

    const remembered = LEDGER_TUNING.rememberMs;
    beforeAll(() => (LEDGER_TUNING.rememberMs = 0));
    afterAll(() => (LEDGER_TUNING.rememberMs = remembered));

    it('is answered with the first payment, paid once: the key of its row fails the append, and the round is decided again on the store', async () => {
      const { id, ledger } = await forgotten(100n);
      const before = ledger.view.clients.get(`${id}-c0`)!.balance;
      expect(before).toBeGreaterThan(100n);

      expect((await ledger.submit(payment(id, 'old', 100n))).events).toEqual([]);
      expect((await transfers(id)).filter((paymentId) => paymentId === 'old')).toHaveLength(1);
      expect(ledger.view.clients.get(`${id}-c0`)!.balance).toBe(before);
    });

    it('costs its bank the round taken back, not a reload of every client from the snapshot', async () => {
      const { id, ledger } = await forgotten(100n);
      const snapshotLoads = jest.spyOn(ports.snapshots, 'load');
      try {
        retried.length = 0;
        expect((await ledger.submit(payment(id, 'old', 100n))).events).toEqual([]);
        expect(snapshotLoads).not.toHaveBeenCalled();
        expect(retried).toEqual(['assumption']);
      } finally {
        snapshotLoads.mockRestore();
      }
    });

    it('has the ledger ask for facts for a while after (a stream of such retries costs a failed append at most that often)', async () => {
      const { id, ledger } = await forgotten(100n);
      await ledger.submit(payment(id, 'old', 100n));
      asked.length = 0;
      await ledger.submit(payment(id, 'just-after', 1n));
      expect(asked.map((question) => question.paymentIds)).toEqual([[`${id}:just-after`]]);
    });

    it('is answered with the first payment, not refused, when the sender could not pay it again', async () => {
      const { id, ledger } = await forgotten(600n);
      expect(ledger.view.clients.get(`${id}-c0`)!.balance).toBeLessThan(600n);

      expect((await ledger.submit(payment(id, 'old', 600n))).events).toEqual([]);
      expect((await transfers(id)).filter((paymentId) => paymentId === 'old')).toHaveLength(1);
    });

    it('with another amount under the same key is refused as a reused key', async () => {
      const { id, ledger } = await forgotten(100n);
      await expect(ledger.submit(payment(id, 'old', 7n))).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect((await transfers(id)).filter((paymentId) => paymentId === 'old')).toHaveLength(1);
    });
  });

  describe('a conflict with another writer of the bank (a second process serving it)', () => {
    it('has the conflicting round decided again on facts asked, and the rounds after it assume theirs again', async () => {
      const { id, ledger: first } = await bank();
      // Each ledger has read the bank once: its next rounds assume the facts.
      expect((await first.submit(payment(id, 'first-before', 1n))).events).toHaveLength(1);
      const second = await BankLedger.load(id, ports);
      expect((await second.submit(payment(id, 'second-before', 1n))).events).toHaveLength(1);
      expect((await first.submit(payment(id, 'first-conflicting', 1n))).events).toHaveLength(1);
      expect(retried).toEqual(['conflict']);
      asked.length = 0;
      expect((await first.submit(payment(id, 'first-after', 1n))).events).toHaveLength(1);
      // The other writer's events are read with the conflict: nothing is stale in what the ledger assumes,
      // and the append checks it as ever. Only an assumption that failed makes the next rounds ask.
      expect(asked).toEqual([]);
      expect(await transfers(id)).toEqual(['first-before', 'second-before', 'first-conflicting', 'first-after']);
      expect(await recordedPayments(id)).toEqual(['first-after', 'first-before', 'first-conflicting', 'second-before']);
    });
  });
});
