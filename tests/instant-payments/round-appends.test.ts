import { randomUUID } from 'node:crypto';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { instantPaymentsInlineWrite, instantPaymentsProjection } from '../../projections/instant-payments';
import { inlineWritersLock } from '../../projections/runner';
import { ledgerFacts } from '../../runtime/instant-payments';
import type { Chain } from '../../write-side/chain/chain';
import { ConcurrencyError, PreconditionFailed, type EventStore, type NewEvent, type StreamAppend } from '../../write-side/event-store/event-store';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { BankFacts } from '../../write-side/instant-payments/decide';
import { bankLedgerStream } from '../../write-side/instant-payments/events';
import { BankLedger, type LedgerPorts, type LedgerRequest, type RoundFacts } from '../../write-side/instant-payments/ledger';
import { ROUND_APPENDS_TUNING, RoundAppends, type RoundAppend } from '../../write-side/instant-payments/round-appends';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { payC0ToC1, registerTwoClients, testLedgerPorts } from './ledger-ports';

/** The chain is not asked for these facts (only for a settlement balance). */
const NO_CHAIN = {} as Chain;

/**
 * Group commit across banks: the rounds a process's bank ledgers close together are appended in one
 * statement with their read model's rows (EventStore.appendAllWith), all of them or none; a round that
 * does not hold there is appended alone, so that one bank's failure is never another's.
 */
describe('Rounds of several banks appended together', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  /** The streams of each appendAllWith and appendWith call, in order. */
  const calls: Array<{ together: boolean; streams: string[] }> = [];
  let recordingStore: EventStore;
  const context = { actorId: null, organizationId: 'bank', correlationId: 'test', now: new Date('2026-11-30T10:00:00Z') };
  const inlineReadModel = {
    name: instantPaymentsProjection.name,
    writeFor: (events: NewEvent[]) => instantPaymentsInlineWrite(events, inlineWritersLock(instantPaymentsProjection.name)),
  };
  let bankNumber = 0;

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    recordingStore = Object.assign(Object.create(store) as PostgresEventStore, {
      appendAllWith: (appends: StreamAppend[], inline: Parameters<PostgresEventStore['appendAllWith']>[1]) => {
        calls.push({ together: true, streams: appends.map((append) => append.streamId) });
        return store.appendAllWith(appends, inline);
      },
      appendWith: (...args: Parameters<PostgresEventStore['appendWith']>) => {
        calls.push({ together: false, streams: [args[0]] });
        return store.appendWith(...args);
      },
    });
  });
  beforeEach(() => {
    calls.length = 0;
  });

  const facts = () => ledgerFacts(database.knex, NO_CHAIN, 'ulps');

  /** An ACTIVE commercial bank in the read model. */
  async function bankRow(status = 'ACTIVE'): Promise<string> {
    const id = `round-appends-bank-${++bankNumber}`;
    const at = context.now.toISOString();
    await database.knex('organizations').insert({ id, name: id, type: 'COMMERCIAL', status, created_at: at, updated_at: at });
    return id;
  }

  const registration = (organizationId: string, clientId = `${organizationId}-${randomUUID()}`): NewEvent => ({
    id: randomUUID(),
    type: 'InstantPaymentClientRegistered',
    data: { clientId, organizationId, name: 'Client', externalRef: null, demo: true, startingBalance: '0' },
    metadata: { actorId: null, organizationId, correlationId: 'test', causationId: null, occurredAt: context.now.toISOString(), schemaVersion: 1 },
  });

  const round = (organizationId: string, expectedVersion = 0, assumedBanks: Map<string, BankFacts> | null = null): RoundAppend => ({
    streamId: bankLedgerStream(organizationId),
    events: [registration(organizationId)],
    expectedVersion,
    assumedBanks,
  });

  const appends = () => new RoundAppends({ eventStore: recordingStore, facts: facts(), inlineReadModel });

  const transactionOf = async (eventIds: string[]) =>
    (await database.knex('events').whereIn('event_id', eventIds).distinct<Array<{ transaction_id: string }>>('transaction_id')).map((row) => row.transaction_id);
  const clientRows = (rounds: RoundAppend[]) =>
    database.knex('ip_clients').whereIn(
      'id',
      rounds.map((r) => (r.events[0]!.data as { clientId: string }).clientId),
    );

  describe('RoundAppends', () => {
    it('appends the rounds given in one turn in one statement and one transaction, with their read model rows, each at its version', async () => {
      const rounds = [round(await bankRow()), round(await bankRow()), round(await bankRow())];
      const committer = appends();

      const results = await Promise.all(rounds.map((r) => committer.append(r)));

      expect(calls).toEqual([{ together: true, streams: rounds.map((r) => r.streamId) }]);
      expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 1, 1]);
      expect(await transactionOf(rounds.map((r) => r.events[0]!.id))).toHaveLength(1);
      expect(await clientRows(rounds)).toHaveLength(3);
    });

    it('sends the rounds closed while a statement is under way together in the next one', async () => {
      const [first, second, third] = [round(await bankRow()), round(await bankRow()), round(await bankRow())];
      const committer = appends();
      const statements = ROUND_APPENDS_TUNING.statements;
      ROUND_APPENDS_TUNING.statements = 1;
      try {
        const firstAppended = committer.append(first);
        await nextTurn();
        await nextTurn();
        await Promise.all([firstAppended, committer.append(second), committer.append(third)]);
      } finally {
        ROUND_APPENDS_TUNING.statements = statements;
      }

      expect(calls).toEqual([
        { together: false, streams: [first.streamId] },
        { together: true, streams: [second.streamId, third.streamId] },
      ]);
    });

    it('fails only the round whose stream moved on: the others land, each alone after the statement of all failed', async () => {
      const staleBank = await bankRow();
      const stale = round(staleBank, 0);
      await store.append(stale.streamId, [registration(staleBank)], 0);
      const others = [round(await bankRow()), round(await bankRow())];
      const committer = appends();

      const outcomes = await Promise.allSettled([committer.append(stale), ...others.map((r) => committer.append(r))]);

      expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(ConcurrencyError) });
      expect(outcomes.slice(1).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(calls[0]).toEqual({ together: true, streams: [stale.streamId, ...others.map((r) => r.streamId)] });
      expect(calls.slice(1).filter((call) => !call.together)).toHaveLength(3);
      expect(await clientRows([stale])).toHaveLength(0);
      expect(await clientRows(others)).toHaveLength(2);
      expect(await database.knex('events').where({ stream_id: stale.streamId })).toHaveLength(1);
    });

    it('fails only the round whose assumed facts no longer hold, writing nothing of it', async () => {
      const suspended = await bankRow('SUSPENDED');
      const assumedActive = round(suspended, 0, new Map([[suspended, { status: 'ACTIVE' }]]));
      const holding = round(await bankRow());
      const committer = appends();

      const outcomes = await Promise.allSettled([committer.append(assumedActive), committer.append(holding)]);

      expect(outcomes[0]).toMatchObject({ status: 'rejected', reason: expect.any(PreconditionFailed) });
      expect(outcomes[1]).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
      expect(await clientRows([assumedActive])).toHaveLength(0);
      expect(await database.knex('events').where({ stream_id: assumedActive.streamId })).toHaveLength(0);
    });

    it('puts rounds that assumed different facts of one bank in different statements', async () => {
      const bank = await bankRow();
      const asActive = round(await bankRow(), 0, new Map([[bank, { status: 'ACTIVE' }]]));
      const asSuspended = round(await bankRow(), 0, new Map([[bank, { status: 'SUSPENDED' }]]));
      const alsoActive = round(await bankRow(), 0, new Map([[bank, { status: 'ACTIVE' }]]));
      const committer = appends();
      const statements = ROUND_APPENDS_TUNING.statements;
      ROUND_APPENDS_TUNING.statements = 1;
      try {
        const outcomes = await Promise.allSettled([asActive, asSuspended, alsoActive].map((r) => committer.append(r)));
        expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
      } finally {
        ROUND_APPENDS_TUNING.statements = statements;
      }

      expect(calls).toEqual([
        { together: true, streams: [asActive.streamId, alsoActive.streamId] },
        { together: false, streams: [asSuspended.streamId] },
      ]);
    });

    it('answers a retry of rounds that landed with their first results, writing nothing again', async () => {
      const rounds = [round(await bankRow()), round(await bankRow())];
      const first = await Promise.all(rounds.map((r) => appends().append(r)));
      const committer = appends();

      const again = await Promise.all(rounds.map((r) => committer.append(r)));

      expect(again).toEqual(first);
      expect(await database.knex('events').whereIn('stream_id', rounds.map((r) => r.streamId))).toHaveLength(2);
    });
  });

  describe('PostgresEventStore.appendAllWith', () => {
    it('writes nothing of any stream when one of its appends does not land', async () => {
      const rounds = [round(await bankRow(), 0), round(await bankRow(), 5)];

      await expect(store.appendAllWith(rounds, inlineReadModel.writeFor(rounds.flatMap((r) => r.events)))).rejects.toThrow(/every append/);

      expect(await database.knex('events').whereIn('stream_id', rounds.map((r) => r.streamId))).toHaveLength(0);
      expect(await clientRows(rounds)).toHaveLength(0);
    });

    it('refuses two appends to one stream', async () => {
      const id = await bankRow();
      const rounds = [round(id), round(id)];

      await expect(store.appendAllWith(rounds, inlineReadModel.writeFor(rounds.flatMap((r) => r.events)))).rejects.toThrow(/at most once/);
    });
  });

  describe('bank ledgers sharing one RoundAppends', () => {
    /** A ledger of an ACTIVE bank with two clients of 1,000, on ports that decide on assumed facts. */
    async function ledgerOf(shared: RoundAppends, ports: LedgerPorts): Promise<BankLedger> {
      const id = await bankRow();
      const ledger = await BankLedger.load(id, { ...ports, roundAppends: shared });
      await registerTwoClients(ledger, context);
      return ledger;
    }

    const payment = (id: string, name: string): LedgerRequest => ({
      needs: { banks: [id] },
      command: (facts: RoundFacts) => payC0ToC1(id, `${id}:${name}`, 10n, context, { senderBank: facts.bank(id)!, recipientBank: facts.bank(id) }),
      context,
    });

    it('land every bank’s payments when one bank’s round conflicts with another writer of its stream, which is decided again', async () => {
      const retried: string[] = [];
      const ports = testLedgerPorts(database, recordingStore as PostgresEventStore, {
        facts: facts(),
        inlineReadModel,
        onRoundRetried: (_bank, reason) => retried.push(reason),
      });
      const shared = new RoundAppends({ eventStore: recordingStore, facts: ports.facts, inlineReadModel });
      const [contended, other] = [await ledgerOf(shared, ports), await ledgerOf(shared, ports)];
      // Facts asked once: the next rounds assume them, and close in the same turn.
      await Promise.all([contended.submit(payment(contended.organizationId, 'warm')), other.submit(payment(other.organizationId, 'warm'))]);
      // A second process's ledger of the same bank appends first.
      const secondWriter = await BankLedger.load(contended.organizationId, ports);
      await secondWriter.submit(payment(contended.organizationId, 'elsewhere'));
      calls.length = 0;

      await Promise.all([contended.submit(payment(contended.organizationId, 'p')), other.submit(payment(other.organizationId, 'p'))]);

      expect(calls[0]).toEqual({ together: true, streams: [contended.streamId, other.streamId] });
      expect(retried).toEqual(['conflict']);
      const rows = await database.knex('ip_payments').whereIn('id', [`${contended.organizationId}:p`, `${other.organizationId}:p`]).select('id', 'status');
      expect(rows).toHaveLength(2);
      expect(contended.view.clients.get(`${contended.organizationId}-c0`)!.balance).toBe(1_000n - 30n);
      expect(other.view.clients.get(`${other.organizationId}-c0`)!.balance).toBe(1_000n - 20n);
    });
  });
});
