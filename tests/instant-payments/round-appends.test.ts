import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
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
  /** An append to this stream waits until `until` settles: the one statement on the wire stays there meanwhile. */
  let held: { streamId: string; until: Promise<void> } | null = null;

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    recordingStore = Object.assign(Object.create(store) as PostgresEventStore, {
      appendAllWith: (appends: StreamAppend[], inline: Parameters<PostgresEventStore['appendAllWith']>[1]) => {
        calls.push({ together: true, streams: appends.map((append) => append.streamId) });
        return store.appendAllWith(appends, inline);
      },
      appendWith: async (...args: Parameters<PostgresEventStore['appendWith']>) => {
        calls.push({ together: false, streams: [args[0]] });
        if (args[0] === held?.streamId) await held.until;
        return store.appendWith(...args);
      },
    });
  });
  const statementsOnTheWire = ROUND_APPENDS_TUNING.statements;
  beforeEach(() => {
    calls.length = 0;
    held = null;
    // One statement on the wire at a time unless a test says otherwise: a round goes alone while it is
    // free, the rounds closed meanwhile go together next.
    ROUND_APPENDS_TUNING.statements = 1;
  });
  afterEach(() => {
    ROUND_APPENDS_TUNING.statements = statementsOnTheWire;
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
    /** A round of a new bank, appended first to take the one statement on the wire: the rounds appended next queue up behind it. */
    const filler = async () => round(await bankRow());

    it('gives each round a statement of its own while the statements on the wire leave room', async () => {
      ROUND_APPENDS_TUNING.statements = 4;
      const rounds = [round(await bankRow()), round(await bankRow()), round(await bankRow())];
      const committer = appends();

      await Promise.all(rounds.map((r) => committer.append(r)));

      expect(calls).toEqual(rounds.map((r) => ({ together: false, streams: [r.streamId] })));
    });

    it('appends the rounds closed while every statement is under way together in the next, in one transaction, with their read model rows, each at its version', async () => {
      const [first, ...later] = [round(await bankRow()), round(await bankRow()), round(await bankRow()), round(await bankRow())];
      const committer = appends();

      const firstAppended = committer.append(first);
      const results = await Promise.all([firstAppended, ...later.map((r) => committer.append(r))]);

      expect(calls).toEqual([
        { together: false, streams: [first.streamId] },
        { together: true, streams: later.map((r) => r.streamId) },
      ]);
      expect(results.map((result) => result.nextExpectedVersion)).toEqual([1, 1, 1, 1]);
      expect(await transactionOf(later.map((r) => r.events[0]!.id))).toHaveLength(1);
      expect(await clientRows(later)).toHaveLength(3);
    });

    it('fails only the round whose stream moved on: the others land, each alone after the statement of all failed', async () => {
      const staleBank = await bankRow();
      const stale = round(staleBank, 0);
      await store.append(stale.streamId, [registration(staleBank)], 0);
      const others = [round(await bankRow()), round(await bankRow())];
      const committer = appends();
      const occupying = await filler();

      const first = committer.append(occupying);
      const outcomes = await Promise.allSettled([first, committer.append(stale), ...others.map((r) => committer.append(r))]);

      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: expect.any(ConcurrencyError) });
      expect(outcomes.slice(2).map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(calls[1]).toEqual({ together: true, streams: [stale.streamId, ...others.map((r) => r.streamId)] });
      expect(calls.slice(2)).toEqual([stale, ...others].map((r) => ({ together: false, streams: [r.streamId] })));
      expect(await clientRows([stale])).toHaveLength(0);
      expect(await clientRows(others)).toHaveLength(2);
      expect(await database.knex('events').where({ stream_id: stale.streamId })).toHaveLength(1);
    });

    it('fails only the round whose assumed facts no longer hold, writing nothing of it', async () => {
      const suspended = await bankRow('SUSPENDED');
      const assumedActive = round(suspended, 0, new Map([[suspended, { status: 'ACTIVE' }]]));
      const holding = round(await bankRow());
      const committer = appends();
      const occupying = await filler();

      const first = committer.append(occupying);
      const outcomes = await Promise.allSettled([first, committer.append(assumedActive), committer.append(holding)]);

      expect(calls[1]).toEqual({ together: true, streams: [assumedActive.streamId, holding.streamId] });
      expect(outcomes[1]).toMatchObject({ status: 'rejected', reason: expect.any(PreconditionFailed) });
      expect(outcomes[2]).toMatchObject({ status: 'fulfilled', value: { nextExpectedVersion: 1 } });
      expect(await clientRows([assumedActive])).toHaveLength(0);
      expect(await database.knex('events').where({ stream_id: assumedActive.streamId })).toHaveLength(0);
    });

    it('puts rounds that assumed different facts of one bank in different statements', async () => {
      const bank = await bankRow();
      const asActive = round(await bankRow(), 0, new Map([[bank, { status: 'ACTIVE' }]]));
      const asSuspended = round(await bankRow(), 0, new Map([[bank, { status: 'SUSPENDED' }]]));
      const alsoActive = round(await bankRow(), 0, new Map([[bank, { status: 'ACTIVE' }]]));
      const committer = appends();
      const occupying = await filler();

      const first = committer.append(occupying);
      const outcomes = await Promise.allSettled([first, ...[asActive, asSuspended, alsoActive].map((r) => committer.append(r))]);

      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
      expect(calls.slice(1)).toEqual([
        { together: true, streams: [asActive.streamId, alsoActive.streamId] },
        { together: false, streams: [asSuspended.streamId] },
      ]);
    });

    it('answers a retry of rounds that landed with their first results, writing nothing again', async () => {
      const rounds = [round(await bankRow()), round(await bankRow())];
      const firstResults = await Promise.all(rounds.map((r) => appends().append(r)));
      const committer = appends();
      const occupying = await filler();
      calls.length = 0;

      const first = committer.append(occupying);
      const again = await Promise.all(rounds.map((r) => committer.append(r)));
      await first;

      expect(calls[1]).toEqual({ together: true, streams: rounds.map((r) => r.streamId) });
      expect(again).toEqual(firstResults);
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
      // A round of a third bank on the wire until both banks' rounds have closed behind it.
      let release = () => {};
      const filler = round(await bankRow());
      held = { streamId: filler.streamId, until: new Promise((resolve) => (release = resolve)) };
      const onTheWire = shared.append(filler);

      const paid = Promise.all([contended.submit(payment(contended.organizationId, 'p')), other.submit(payment(other.organizationId, 'p'))]);
      await sleep(100);
      release();
      await Promise.all([onTheWire, paid]);

      expect(calls[1]).toEqual({ together: true, streams: [contended.streamId, other.streamId] });
      expect(retried).toEqual(['conflict']);
      const rows = await database.knex('ip_payments').whereIn('id', [`${contended.organizationId}:p`, `${other.organizationId}:p`]).select('id', 'status');
      expect(rows).toHaveLength(2);
      expect(contended.view.clients.get(`${contended.organizationId}-c0`)!.balance).toBe(1_000n - 30n);
      expect(other.view.clients.get(`${other.organizationId}-c0`)!.balance).toBe(1_000n - 20n);
    });
  });
});
