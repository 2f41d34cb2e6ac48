import { ConcurrencyError } from '../../write-side/event-store/event-store';
import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { Snapshot } from '../../write-side/event-store/snapshots';
import type { BankLedgerCommand } from '../../write-side/instant-payments/decide';
import { bankLedgerStream } from '../../write-side/instant-payments/events';
import { BankLedger, LEDGER_TUNING, type LedgerDecision, type LedgerPorts, type RoundFacts } from '../../write-side/instant-payments/ledger';
import { SlicedSnapshot } from '../../write-side/instant-payments/ledger-snapshot';
import { waitUntil } from '../event-store/event-store-contract';
import { gate } from '../support/gate';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { payWithinBank, testLedgerPorts } from './ledger-ports';

/**
 * The bank ledger's single writer on a real PostgreSQL event store: many concurrent requests are
 * decided in memory and appended together; a ledger loads from its snapshot plus the tail; a second
 * writer of the same bank costs retries, never a lost update.
 */
describe('bank ledger (single writer, group commit, snapshots)', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let ports: LedgerPorts;
  const context = { actorId: null, organizationId: 'bank', correlationId: 'test', now: new Date('2026-11-23T10:00:00Z') };
  let bankNumber = 0;

  withEventStoreDatabase(async (fixture) => {
    ({ database, store } = fixture);
    ports = testLedgerPorts(database, store);
  });

  const request = (command: BankLedgerCommand) => ({ command: () => command, context, needs: { banks: ['x'] } });

  /** A bank with `clients` clients of 1,000,000 each, all with aliases. */
  async function bankWithClients(clients: number, ledgerPorts = ports): Promise<{ id: string; ledger: BankLedger }> {
    const id = `bank-${++bankNumber}`;
    const ledger = await BankLedger.load(id, ledgerPorts);
    await Promise.all(
      Array.from({ length: clients }, (_, n) =>
        ledger.submit(request({ type: 'RegisterClient', clientId: `c${n}`, name: `c${n}`, externalRef: null, demo: true, startingBalance: 1_000_000n, bank: { status: 'ACTIVE' }, settlementBalance: 10n ** 12n })),
      ),
    );
    await Promise.all(Array.from({ length: clients }, (_, n) => ledger.submit(request({ type: 'ActivateAlias', clientId: `c${n}`, alias: `c${n}.alias` }))));
    return { id, ledger };
  }

  /** Waits, up to 20 s, for what the ledger does in the background (saving snapshots); past that the assertions judge what is there. */
  const until = (done: () => Promise<boolean> | boolean) => waitUntil(done, 20_000).catch(() => undefined);

  /** The test's ports, but a snapshot waits for the read model until `snapshots` opens. */
  const holdingSnapshots = (snapshots: ReturnType<typeof gate>): LedgerPorts => ({
    ...ports,
    readModelReached: async (position, timeoutMs) => (await snapshots.passed(), ports.readModelReached(position, timeoutMs)),
  });

  type SavedSnapshot = { snapshot: Snapshot | null; slices: Array<{ version: number; items: unknown[] }> };

  /** The bank's saved snapshot and slice rows once one past `version` is saved and no other is being written. */
  async function settledSnapshot(id: string, version: number): Promise<SavedSnapshot> {
    let seen: SavedSnapshot = { snapshot: null, slices: [] };
    await until(async () => {
      const snapshot = await ports.snapshots.load(`ip-bank-${id}`);
      const slices = await database.knex('stream_snapshot_slices').where({ stream_id: `ip-bank-${id}` }).orderBy('slice');
      seen = { snapshot, slices };
      return snapshot !== null && snapshot.version > version && slices.every((row) => row.version === snapshot.version);
    });
    return seen;
  }

  const pay = (id: string, paymentId: string, from: number, to: number, amount: bigint): BankLedgerCommand =>
    payWithinBank(id, paymentId, `c${from}`, { clientId: `c${to}`, alias: `c${to}.alias` }, amount, context);

  describe('group commit', () => {
    it('appends the decisions of many concurrent requests in a few transactions, each decided on the state before it', async () => {
      const { id, ledger } = await bankWithClients(10);
      const append = jest.spyOn(store, 'append');
      const decisions = await Promise.allSettled(Array.from({ length: 300 }, (_, n) => ledger.submit(request(pay(id, `p${n}`, n % 10, (n + 1) % 10, 1000n)))));
      expect(decisions.every((decision) => decision.status === 'fulfilled')).toBe(true);
      expect(append.mock.calls.length).toBeLessThanOrEqual(10);
      append.mockRestore();
      const balances = [...ledger.view.clients.values()].map((client) => client.balance);
      expect(balances.reduce((sum, balance) => sum + balance, 0n)).toBe(10_000_000n);
      expect(balances).toEqual(Array.from({ length: 10 }, () => 1_000_000n));
    });

    it('takes into a round the requests the event loop has already received, rather than leaving them a round behind', async () => {
      const { id, ledger } = await bankWithClients(6);
      const append = jest.spyOn(store, 'append');
      try {
        // Received in the same turn of the event loop as the first (their callbacks run just after it).
        const later = new Promise<unknown>((resolve) =>
          setImmediate(() => resolve(Promise.all([1, 2, 3, 4, 5].map((n) => ledger.submit(request(pay(id, `t${n}`, n, 0, 10n))))))),
        );
        const first = ledger.submit(request(pay(id, 't0', 0, 1, 10n)));
        await Promise.all([first, later]);
        expect(append).toHaveBeenCalledTimes(1);
        expect(append.mock.calls[0]![1].map((event) => (event.data as { paymentId: string }).paymentId)).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
      } finally {
        append.mockRestore();
      }
    });

    it('stops gathering after gatherMs, so the requests already waiting are not held up by a burst the loop takes in', async () => {
      const { id, ledger } = await bankWithClients(6);
      const append = jest.spyOn(store, 'append');
      const busyFor = (ms: number) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      };
      try {
        // Each of the next four turns of the loop brings one more request and lasts 2 ms, as a turn does
        // that takes in many: within gatherMs (3 ms) the round takes in one or two of them, not all four.
        const later: Array<Promise<LedgerDecision>> = [];
        const arriveNextTurn = (n: number) =>
          setImmediate(() => {
            busyFor(2);
            later.push(ledger.submit(request(pay(id, `b${n}`, n, 0, 10n))));
            if (n < 4) arriveNextTurn(n + 1);
          });
        arriveNextTurn(1);
        await ledger.submit(request(pay(id, 'b0', 0, 1, 10n)));
        while (later.length < 4) await new Promise((resolve) => setImmediate(resolve));
        await Promise.all(later);
        const rounds = append.mock.calls.map((call) => call[1].map((event) => (event.data as { paymentId: string }).paymentId));
        expect(rounds.flat()).toEqual(['b0', 'b1', 'b2', 'b3', 'b4']);
        expect(rounds[0]!.slice(0, 2)).toEqual(['b0', 'b1']);
        expect(rounds[0]!.length).toBeLessThan(5);
      } finally {
        append.mockRestore();
      }
    });

    it('answers a refused command with its error and still commits the others of its round', async () => {
      const { id, ledger } = await bankWithClients(2);
      const [ok, refused] = await Promise.allSettled([
        ledger.submit(request(pay(id, 'ok', 0, 1, 1_000_000n))),
        ledger.submit(request(pay(id, 'broke', 0, 1, 1n))),
      ]);
      expect(ok.status).toBe('fulfilled');
      expect(refused.status === 'rejected' && (refused.reason as { code: string }).code).toBe('INSUFFICIENT_FUNDS');
      const reloaded = await BankLedger.load(id, ports);
      expect(reloaded.view.clients.get('c1')!.balance).toBe(2_000_000n);
    });
  });

  describe('another writer of the bank (a second process)', () => {
    it('decides a refusal again on what the other appended: a payment from an alias activated through the other process is paid, not refused', async () => {
      const { id, ledger: elsewhere } = await bankWithClients(2);
      await elsewhere.submit(request({ type: 'RegisterClient', clientId: 'late', name: 'late', externalRef: null, demo: true, startingBalance: 1_000_000n, bank: { status: 'ACTIVE' }, settlementBalance: 10n ** 12n }));
      const here = await BankLedger.load(id, ports);
      // Activated through the other process after this one loaded the bank: this one still sees no alias.
      await elsewhere.submit(request({ type: 'ActivateAlias', clientId: 'late', alias: 'late.alias' }));

      const decision = await here.submit(request(payWithinBank(id, 'from-late', 'late', { clientId: 'c1', alias: 'c1.alias' }, 10n, context)));

      expect(decision.events.map((event) => event.type)).toEqual(['InstantPaymentTransferred']);
      expect(here.view.clients.get('late')).toMatchObject({ alias: 'late.alias', balance: 999_990n });
    });

    it('still refuses what the store confirms: a client with no alias anywhere', async () => {
      const { id, ledger: elsewhere } = await bankWithClients(2);
      await elsewhere.submit(request({ type: 'RegisterClient', clientId: 'no-alias', name: 'no-alias', externalRef: null, demo: true, startingBalance: 1_000_000n, bank: { status: 'ACTIVE' }, settlementBalance: 10n ** 12n }));
      const here = await BankLedger.load(id, ports);

      await expect(here.submit(request(payWithinBank(id, 'from-no-alias', 'no-alias', { clientId: 'c1', alias: 'c1.alias' }, 10n, context)))).rejects.toMatchObject({
        code: 'ALIAS_NOT_ACTIVATED',
      });
    });
  });

  describe('remembering decided payments', () => {
    /** Runs `test` with decided payments remembered no longer than the read model needs (rememberMs 0). */
    async function rememberingNothing(test: () => Promise<void>): Promise<void> {
      const remembered = LEDGER_TUNING.rememberMs;
      LEDGER_TUNING.rememberMs = 0;
      try {
        await test();
      } finally {
        LEDGER_TUNING.rememberMs = remembered;
      }
    }

    it('forgets at once every round its memory has passed that the read model holds: a backlog left while the read model lagged goes with the next round, not one a round', () =>
      rememberingNothing(async () => {
        const { id } = await bankWithClients(2);
        let readModelHolds = false;
        const ledger = await BankLedger.load(id, { ...ports, readModelReached: async (position, timeoutMs) => readModelHolds && ports.readModelReached(position, timeoutMs) });
        for (let n = 0; n < 6; n++) await ledger.submit(request(pay(id, `behind-${n}`, 0, 1, 1n)));
        expect(ledger.view.recentPayments.size).toBe(6);

        readModelHolds = true;
        // The first round after the read model caught up finds all seven rounds held; the next drops them as it starts.
        await ledger.submit(request(pay(id, 'caught-up', 0, 1, 1n)));
        await ledger.submit(request(pay(id, 'after', 0, 1, 1n)));
        expect(ledger.view.recentPayments.size).toBe(1);
      }));

    it('goes on forgetting after the read model could not be asked, and says so', () =>
      rememberingNothing(async () => {
        const { id } = await bankWithClients(2);
        const warned: string[] = [];
        let failNext = false;
        const ledger = await BankLedger.load(id, {
          ...ports,
          logger: { ...ports.logger, warn: (_context: unknown, message: string) => warned.push(message) } as typeof ports.logger,
          readModelReached: async (position, timeoutMs) => {
            if (failNext) {
              failNext = false;
              throw new Error('read model unreachable');
            }
            return ports.readModelReached(position, timeoutMs);
          },
        });
        await ledger.submit(request(pay(id, 'first', 0, 1, 1n)));
        failNext = true;
        await ledger.submit(request(pay(id, 'second', 0, 1, 1n)));
        await new Promise((resolve) => setImmediate(resolve));
        expect(warned).toEqual(['instant payments ledger could not tell what the read model holds']);

        await ledger.submit(request(pay(id, 'third', 0, 1, 1n)));
        await ledger.submit(request(pay(id, 'fourth', 0, 1, 1n)));
        expect(ledger.view.recentPayments.size).toBe(1);
      }));

    it('never forgets a payment between a round\'s facts and its decisions: a retry then is answered, not paid again', () =>
      rememberingNothing(async () => {
        const { id } = await bankWithClients(2);
        let readModelHolds!: () => void;
        const held = new Promise<void>((resolve) => (readModelHolds = resolve));
        let factsArrive!: () => void;
        const facts = new Promise<void>((resolve) => (factsArrive = resolve));
        let holdFacts = false;
        let factsAsked!: () => void;
        const asked = new Promise<void>((resolve) => (factsAsked = resolve));
        const ledger = await BankLedger.load(id, {
          ...ports,
          readModelReached: async () => held.then(() => true),
          facts: {
            ...ports.facts,
            recorded: async (question) => {
              if (!holdFacts) return ports.facts.recorded(question);
              factsAsked();
              return facts.then(() => ports.facts.recorded(question));
            },
          },
        });
        const payOnce = {
          command: (known: RoundFacts): BankLedgerCommand => ({ ...(pay(id, 'once', 0, 1, 10n) as Extract<BankLedgerCommand, { type: 'Pay' }>), recorded: known.recorded('once') }),
          context,
          needs: { banks: ['x'], recordedPaymentId: 'once' },
        };
        expect((await ledger.submit(payOnce)).events).toHaveLength(1);

        // The retry's round does not ask for the payment (it is remembered) and waits for its facts;
        // meanwhile the read model is found to hold the first round, which may now be forgotten.
        holdFacts = true;
        const retry = ledger.submit(payOnce);
        await asked;
        readModelHolds();
        await new Promise((resolve) => setImmediate(resolve));
        factsArrive();

        expect((await retry).events).toEqual([]);
        expect(ledger.view.clients.get('c0')!.balance).toBe(1_000_000n - 10n);
        expect((await store.readStream(bankLedgerStream(id))).filter((event) => event.type === 'InstantPaymentTransferred')).toHaveLength(1);
      }));
  });

  describe('loading', () => {
    it('loads from the snapshot plus the tail after it, to the same state as a full replay', async () => {
      const every = LEDGER_TUNING.snapshotEvery;
      LEDGER_TUNING.snapshotEvery = 100;
      try {
        const { id, ledger } = await bankWithClients(5);
        for (let round = 0; round < 3; round++)
          await Promise.all(Array.from({ length: 50 }, (_, n) => ledger.submit(request(pay(id, `r${round}-${n}`, n % 5, (n + 2) % 5, BigInt(n + 1))))));
        const { snapshot } = await settledSnapshot(id, 99);
        expect(snapshot!.version).toBeGreaterThanOrEqual(100);

        const read = jest.spyOn(store, 'readStream');
        const loaded = await BankLedger.load(id, ports);
        expect(read.mock.calls.map((call) => call[1]?.afterVersion)).toEqual([snapshot!.version]);
        read.mockRestore();
        expect([...loaded.view.clients.values()]).toEqual([...ledger.view.clients.values()]);
        expect(loaded.view.clientTotal).toBe(ledger.view.clientTotal);

        await database.knex('stream_snapshots').where({ stream_id: `ip-bank-${id}` }).delete();
        const replayed = await BankLedger.load(id, ports);
        expect([...replayed.view.clients.values()]).toEqual([...ledger.view.clients.values()]);
      } finally {
        LEDGER_TUNING.snapshotEvery = every;
      }
    });
  });

  describe('the memory of decided payments after a load', () => {
    /** Twenty payments from c0 to c1, decided at `now`. */
    const paidAt = async (ledger: BankLedger, id: string, now: Date) => {
      const at = { ...context, now };
      const payment = (n: number) => payWithinBank(id, `m${n}`, 'c0', { clientId: 'c1', alias: 'c1.alias' }, 1n, at);
      await Promise.all(Array.from({ length: 20 }, (_, n) => ledger.submit({ command: () => payment(n), context: at, needs: { banks: ['x'] } })));
    };

    it('forgets, as it reads the tail, the payments decided longer ago than its memory that the read model holds', async () => {
      const { id, ledger } = await bankWithClients(2);
      await paidAt(ledger, id, new Date(Date.now() - LEDGER_TUNING.rememberMs - 60_000));
      expect(ledger.view.recentPayments.size).toBe(20);
      const loaded = await BankLedger.load(id, ports);
      expect(loaded.view.recentPayments.size).toBe(0);
      expect(loaded.view.clients.get('c1')!.balance).toBe(1_000_020n);
    });

    it('keeps those decided within its memory, so that a retry racing its first request is answered without a query', async () => {
      const { id, ledger } = await bankWithClients(2);
      await paidAt(ledger, id, new Date());
      const loaded = await BankLedger.load(id, ports);
      expect([...loaded.view.recentPayments.keys()].sort()).toEqual(Array.from({ length: 20 }, (_, n) => `m${n}`).sort());
    });

    it('keeps older ones while the read model does not hold them', async () => {
      const { id, ledger } = await bankWithClients(2);
      await paidAt(ledger, id, new Date(Date.now() - LEDGER_TUNING.rememberMs - 60_000));
      const loaded = await BankLedger.load(id, { ...ports, readModelReached: async () => false });
      expect(loaded.view.recentPayments.size).toBe(20);
    });
  });

  describe('a snapshot written in slices', () => {
    it('lets rounds run between its slices, and is the state at its version: loading it and the tail gives the ledger', async () => {
      const [every, slice] = [LEDGER_TUNING.snapshotEvery, LEDGER_TUNING.snapshotSlice];
      Object.assign(LEDGER_TUNING, { snapshotEvery: 20, snapshotSlice: 2 });
      const changedWhileWriting = jest.spyOn(SlicedSnapshot.prototype, 'beforeChange');
      try {
        const { id, ledger } = await bankWithClients(30);
        const payments: Array<Promise<unknown>> = [];
        // Payments keep arriving while snapshots are written (one after every 30 events).
        for (let wave = 0; wave < 40; wave++) {
          payments.push(...Array.from({ length: 5 }, (_, n) => ledger.submit(request(pay(id, `s${wave}-${n}`, (wave + n * 6) % 30, (wave + n * 6 + 1) % 30, 1n)))));
          await new Promise((resolve) => setTimeout(resolve, 1));
        }
        await Promise.all(payments);
        const { snapshot, slices } = await settledSnapshot(id, 60);
        expect(snapshot!.version).toBeGreaterThan(60);
        // Each slice a row of two clients; only the saved snapshot's are left.
        expect(slices.map((row) => [row.version, row.items.length])).toEqual(Array.from({ length: 15 }, () => [snapshot!.version, 2]));
        const loaded = await BankLedger.load(id, ports);
        expect([...loaded.view.clients.values()]).toEqual([...ledger.view.clients.values()]);
        expect(loaded.view.clientTotal).toBe(ledger.view.clientTotal);
        // Rounds did change clients while a snapshot was being written.
        expect(changedWhileWriting).toHaveBeenCalled();
      } finally {
        Object.assign(LEDGER_TUNING, { snapshotEvery: every, snapshotSlice: slice });
        changedWhileWriting.mockRestore();
      }
    });
  });

  describe('a snapshot due while another is written', () => {
    const every = LEDGER_TUNING.snapshotEvery;
    beforeEach(() => (LEDGER_TUNING.snapshotEvery = 10));
    afterEach(() => (LEDGER_TUNING.snapshotEvery = every));

    it('starts once that one is saved, so a burst that ends meanwhile leaves no long tail for the next load', async () => {
      const snapshots = gate();
      try {
        const { id, ledger } = await bankWithClients(4, holdingSnapshots(snapshots)); // eight events
        // One payment a round: the snapshot due at version 10 is held while the rest arrive.
        for (let n = 0; n < 32; n++) await ledger.submit(request(pay(id, `b${n}`, n % 4, (n + 1) % 4, 1n)));
        snapshots.open();
        // No round follows the burst; the next snapshot is the ledger's own doing.
        const { snapshot } = await settledSnapshot(id, 10);
        expect(snapshot!.version).toBe(40);
      } finally {
        snapshots.open();
      }
    });

    it('saved during a round, starts when that round ends, not while its decisions wait for their append: it is the state at its version', async () => {
      const [snapshots, append] = [gate(), gate()];
      let holdAppends = false;
      const appendWith = store.appendWith.bind(store);
      const appends = jest.spyOn(store, 'appendWith').mockImplementation(async (...args) => {
        if (holdAppends) await append.passed();
        return appendWith(...args);
      });
      try {
        const { id, ledger } = await bankWithClients(4, holdingSnapshots(snapshots)); // eight events
        // The snapshot due at version 10 waits for the read model while the rest arrive.
        for (let n = 0; n < 22; n++) await ledger.submit(request(pay(id, `h${n}`, n % 4, (n + 1) % 4, 1n)));
        holdAppends = true;
        const inFlight = ledger.submit(request(pay(id, 'in-flight', 0, 1, 5n)));
        snapshots.open();
        // The snapshot at version 10 is saved while the round's append waits.
        await settledSnapshot(id, 9);
        holdAppends = false;
        append.open();
        await inFlight;
        const { snapshot } = await settledSnapshot(id, 30);
        expect(snapshot!.version).toBe(31);
        const loaded = await BankLedger.load(id, ports);
        expect([...loaded.view.clients.values()]).toEqual([...ledger.view.clients.values()]);
      } finally {
        snapshots.open();
        append.open();
        appends.mockRestore();
      }
    });
  });

  describe('snapshot interval', () => {
    it('waits for at least as many events as the bank has clients, so a snapshot costs each event a bounded share', async () => {
      const every = LEDGER_TUNING.snapshotEvery;
      LEDGER_TUNING.snapshotEvery = 10;
      const saved = jest.spyOn(ports.snapshots, 'inSlices');
      try {
        const { id, ledger } = await bankWithClients(40);
        const afterSetup = (await settledSnapshot(id, 0)).snapshot?.version ?? 0;
        saved.mockClear();
        for (let round = 0; round < 5; round++)
          await Promise.all(Array.from({ length: 30 }, (_, n) => ledger.submit(request(pay(id, `s${round}-${n}`, n % 40, (n + 1) % 40, 1n)))));
        await until(() => saved.mock.calls.length > 0);
        const versions = [afterSetup, ...saved.mock.calls.map(([, version]) => version)];
        expect(versions.length).toBeGreaterThan(1);
        // 150 payments in rounds of 30: a snapshot every 10 events would have come after each round, 30 apart.
        const gaps = versions.slice(1).map((version, index) => version - versions[index]!);
        for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(40);
      } finally {
        saved.mockRestore();
        LEDGER_TUNING.snapshotEvery = every;
      }
    });
  });

  describe('two writers of one bank', () => {
    it('never lose an update: a writer that lost the race takes its round back, reads the other\'s events and decides again', async () => {
      const { id } = await bankWithClients(4);
      const retried: string[] = [];
      const writerPorts: LedgerPorts = { ...ports, onRoundRetried: (bank, reason) => retried.push(`${bank} ${reason}`) };
      const [ledger, second] = await Promise.all([BankLedger.load(id, writerPorts), BankLedger.load(id, writerPorts)]);
      const append = jest.spyOn(store, 'append');
      const snapshotLoads = jest.spyOn(ports.snapshots, 'load');
      let results: PromiseSettledResult<LedgerDecision>[];
      try {
        results = await Promise.allSettled(
          Array.from({ length: 60 }, (_, n) => (n % 2 === 0 ? ledger : second).submit(request(pay(id, `w${n}`, n % 4, (n + 1) % 4, 600_000n)))),
        );
        const appends = await Promise.allSettled(append.mock.results.map((result) => result.value as Promise<unknown>));
        // The race was lost, and the loser did not load the whole bank again from its snapshot.
        expect(appends.some((outcome) => outcome.status === 'rejected' && outcome.reason instanceof ConcurrencyError)).toBe(true);
        expect(snapshotLoads).not.toHaveBeenCalled();
        // Each lost race is reported as a conflict of this bank (the metrics count them for operators).
        const conflicts = appends.filter((outcome) => outcome.status === 'rejected').length;
        expect(retried).toEqual(Array.from({ length: conflicts }, () => `${id} conflict`));
      } finally {
        append.mockRestore();
        snapshotLoads.mockRestore();
      }
      const accepted = results.filter((result) => result.status === 'fulfilled' && result.value.events.length === 1).length;
      const refused = results.filter((result) => result.status === 'rejected' && (result.reason as { code?: string }).code === 'INSUFFICIENT_FUNDS').length;
      const conflicted = results.length - accepted - refused;
      expect(accepted + refused + conflicted).toBe(60);
      const stored = (await store.readStream(`ip-bank-${id}`)).filter((event) => event.type === 'InstantPaymentTransferred');
      expect(stored).toHaveLength(accepted);

      const balancesOf = (writer: BankLedger) => new Map([...writer.view.clients.values()].map((client) => [client.clientId, client.balance]));
      const final = balancesOf(await BankLedger.load(id, ports));
      expect([...final.values()].every((balance) => balance >= 0n)).toBe(true);
      expect([...final.values()].reduce((sum, balance) => sum + balance, 0n)).toBe(4_000_000n);
      // Each writer's memory, brought up to the stream's head, is what a fresh load of the stream finds.
      await Promise.all([ledger.refresh(), second.refresh()]);
      expect(balancesOf(ledger)).toEqual(final);
      expect(balancesOf(second)).toEqual(final);
    });

    it('decides a round again after each race it lost, more often than after a failure: each lost race is the other writer’s progress', async () => {
      const { id, ledger } = await bankWithClients(2);
      const conflicts = LEDGER_TUNING.appendAttempts + 1;
      const append = jest.spyOn(store, 'append');
      for (let lost = 0; lost < conflicts; lost++) append.mockRejectedValueOnce(new ConcurrencyError(`ip-bank-${id}`, 0));
      try {
        expect((await ledger.submit(request(pay(id, 'after-races', 0, 1, 10n)))).events).toHaveLength(1);
        expect(append).toHaveBeenCalledTimes(conflicts + 1);
      } finally {
        append.mockRestore();
      }
      expect((await store.readStream(`ip-bank-${id}`)).filter((event) => event.type === 'InstantPaymentTransferred')).toHaveLength(1);
    });

    it('gives up with the conflict (answered 409 CONCURRENT_MODIFICATION) once it lost the race conflictAttempts times in a row, and appends nothing', async () => {
      const { id, ledger } = await bankWithClients(2);
      const append = jest.spyOn(store, 'append');
      for (let lost = 0; lost < LEDGER_TUNING.conflictAttempts; lost++) append.mockRejectedValueOnce(new ConcurrencyError(`ip-bank-${id}`, 0));
      try {
        await expect(ledger.submit(request(pay(id, 'lost-every-race', 0, 1, 10n)))).rejects.toBeInstanceOf(ConcurrencyError);
        expect(append).toHaveBeenCalledTimes(LEDGER_TUNING.conflictAttempts);
      } finally {
        append.mockRestore();
      }
      expect((await store.readStream(`ip-bank-${id}`)).filter((event) => event.type === 'InstantPaymentTransferred')).toHaveLength(0);
    });
  });
});
