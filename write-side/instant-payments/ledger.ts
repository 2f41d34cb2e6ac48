import { randomUUID } from 'node:crypto';
import type { Logger } from '../logger';
import { eventMetadata, type CommandContext } from '../command-handler';
import {
  ConcurrencyError,
  PreconditionFailed,
  type EventStore,
  type GlobalPosition,
  type InlineReadModel,
  type InlineStatement,
  type NewEvent,
} from '../event-store/event-store';
import type { SnapshotStore } from '../event-store/snapshots';
import { decide, evolve, initialLedger, undoOf, type BankFacts, type BankLedgerCommand, type BankLedgerState } from './decide';
import { bankLedgerStream, type BankLedgerEvent, type PaymentParties } from './events';
import { fromSnapshot, SlicedSnapshot, type LedgerSnapshot } from './ledger-snapshot';
import { RoundAppends } from './round-appends';

/** What a round's commands ask of the read models. */
export interface AskedFacts {
  banks: string[];
  paymentIds: string[];
  movementIds: string[];
}

export interface RecordedFacts {
  banks: Map<string, BankFacts>;
  /** The payments of those ids the read model holds (decided before the ledger's memory). */
  payments: Map<string, PaymentParties>;
  /** The cash movements of those ids the read model holds. */
  movements: Set<string>;
}

/** Facts a round of decisions may need, fetched once per round for all its commands. */
export interface LedgerFacts {
  /** Everything a round asks of the read models, in one query. */
  recorded(asked: AskedFacts): Promise<RecordedFacts>;
  settlementBalance(organizationId: string): Promise<bigint>;
  /**
   * Where the read model is written in the append's transaction: the append's precondition that each of
   * these banks still has the facts given (InlineWrite.precondition). With it, a round of payments on
   * banks the ledger has read before asks nothing before it decides (see BankLedger.assumedFacts).
   */
  banksStill?(banks: ReadonlyMap<string, BankFacts>): InlineStatement;
}

export interface RoundFacts {
  bank(organizationId: string): BankFacts | null;
  settlementBalance: bigint;
  recorded(paymentId: string): PaymentParties | null;
  movementRecorded(movementId: string): boolean;
}

/** A request to the ledger: what facts it needs, and how it becomes a command once they are known. */
export interface LedgerRequest {
  needs?: { banks?: string[]; settlementBalance?: boolean; recordedPaymentId?: string; recordedMovementId?: string };
  command(facts: RoundFacts): BankLedgerCommand;
  context: CommandContext;
}

export interface LedgerDecision {
  events: BankLedgerEvent[];
  /** Position of the round's append; null when the command decided nothing new. */
  position: GlobalPosition | null;
  /** Whether the Instant Payments read model was written in the append's transaction (no wait for it). */
  readModelApplied: boolean;
}

export interface LedgerPorts {
  eventStore: EventStore;
  snapshots: SnapshotStore;
  facts: LedgerFacts;
  /** Whether the Instant Payments read model has applied the log up to a position (waits at most timeoutMs). */
  readModelReached(position: GlobalPosition, timeoutMs: number): Promise<boolean>;
  logger: Logger;
  /** Told after every round that sent cross-bank payments (they are due for settlement). */
  onSettlementWork?(organizationId: string): void;
  /**
   * Told each time a round's append failed (the round is then decided again, up to appendAttempts, or
   * conflictAttempts while it conflicts):
   * a `conflict` with another writer of the bank (a second process serving it), an `assumption` that
   * no longer held (a bank's status, a payment recorded before the ledger's memory), or a `failure` of
   * the store. Operators watch it: conflicts beyond one per settled batch and bank say requests are
   * not routed by bank.
   */
  onRoundRetried?(organizationId: string, reason: RoundRetryReason): void;
  /** The Instant Payments read model, written in the transaction of each round's append where the store can. */
  inlineReadModel?: InlineReadModel;
  /** The rounds' appends, shared by the ledgers of a process (BankLedgers) so that theirs go together; else the ledger's own. */
  roundAppends?: RoundAppends;
}

export type RoundRetryReason = 'conflict' | 'assumption' | 'failure';

const retryReason = (error: unknown): RoundRetryReason =>
  error instanceof ConcurrencyError ? 'conflict' : error instanceof PreconditionFailed ? 'assumption' : 'failure';

export const LEDGER_TUNING = {
  /** Commands decided together and appended in one transaction. */
  maxRound: 500,
  /**
   * Turns of the event loop a round waits for more requests before it closes, while each turn brings
   * some: the requests already received (their sockets read, their callbacks pending) join it instead
   * of waiting a whole round behind it. At low load the first turn brings nothing, and the round closes after it.
   */
  gatherTurns: 4,
  /**
   * And for at most this long (ms) since the round could have closed: a turn that takes in a burst of
   * requests lasts milliseconds, and the requests already queued would wait for up to four of them (in
   * bursts of open arrivals rounds gathered for up to 145 ms, then took that burst into one append).
   */
  gatherMs: 3,
  /** Clients per slice of a snapshot, each saved as a row of its own while the ledger goes on with its rounds (~3 ms to build). */
  snapshotSlice: 5_000,
  /** Events read per page when loading a ledger's tail. */
  tailPage: 10_000,
  /** A snapshot after this many events past the last one, or after as many as the bank has clients (snapshotInterval). */
  snapshotEvery: 5_000,
  /**
   * Decided payments stay in memory this long (and until the read model has them), so that a retry
   * racing its first request is answered without a query; later ones are looked up in the read model.
   * Short: at 1,500 payments/s a minute of them was ~100 MB of heap for the collector to walk.
   */
  rememberMs: 10_000,
  /** Appends of one round tried after an ambiguous failure or a failed assumption. */
  appendAttempts: 3,
  /**
   * Appends of one round tried while another writer of the bank wins each race (a second process:
   * settlement's receipts, or unrouted requests): each lost race is the other's progress, read in one
   * tail read, while a 409 would only have the round's clients send the same requests again.
   */
  conflictAttempts: 8,
  /**
   * After a round's assumed facts failed its append (the round is taken back and decided again), its
   * rounds ask for facts this long: retries of old payments, even a stream of them, cost at most one
   * failed append this often.
   */
  askAfterFailedAssumptionMs: 1_000,
};

const NOTHING_RECORDED: RecordedFacts = { banks: new Map(), payments: new Map(), movements: new Set() };

interface Remembered {
  at: number;
  position: GlobalPosition;
  paymentIds: string[];
  movementIds: string[];
}

interface Queued {
  request: LedgerRequest;
  resolve(decision: LedgerDecision): void;
  reject(error: unknown): void;
}

/**
 * The single writer of one bank's ledger (after LMAX and TigerBeetle): the bank's balances live in
 * memory, loaded once from a snapshot plus the tail of the bank's stream; requests queue up, and each
 * round decides every queued command in memory and appends all their events to the bank's stream in
 * one transaction (group commit). The answers are built from the decisions. A round whose append fails
 * is taken back, the ledger reads what the store holds, and the round is decided again (so a second
 * process writing the same bank costs retries, never correctness: the append's expected version guards it).
 */
export class BankLedger {
  private state: BankLedgerState;
  private version = 0;
  private snapshotVersion = 0;
  private snapshotting = false;
  /** Where the last event the ledger wrote or read landed: what a snapshot at its version waits for the read model to reach. */
  private lastPosition: GlobalPosition | null = null;
  /** The snapshot being written, slice by slice; told of every change meanwhile. */
  private slicing: SlicedSnapshot | null = null;
  private readonly queue: Queued[] = [];
  /** Callers of refresh() waiting for the next tail read. */
  private refreshes: Array<{ resolve(): void; reject(error: unknown): void }> = [];
  private running = false;
  /** Correlation id of the request that sent each cross-bank payment not settled yet (settlement logs it). */
  private readonly correlations = new Map<string, string>();
  /** Rounds whose decided payments are still remembered, oldest first. */
  private readonly remembered: Remembered[] = [];
  /**
   * Rounds the read model holds, to forget when the next round asks for its facts: never between a
   * round's facts and its decisions, where a retry would be found neither in memory nor in the facts.
   */
  private forgettable: Remembered[] = [];
  /** A search for the remembered rounds the read model holds is under way (forget). */
  private forgetting = false;
  /** Each bank's facts as the latest facts read found them: what a round of payments may assume (assumedFacts). */
  private readonly knownBanks = new Map<string, BankFacts>();
  /** Until when rounds ask for facts rather than assume them (askAfterFailedAssumptionMs). */
  private askUntil = 0;
  /** Where the rounds are appended with the read model's rows (inline()). */
  private readonly roundAppends: RoundAppends | null;

  private constructor(
    readonly organizationId: string,
    private readonly ports: LedgerPorts,
  ) {
    this.state = initialLedger(organizationId);
    const { inlineReadModel } = ports;
    this.roundAppends = ports.roundAppends ?? (inlineReadModel ? new RoundAppends({ ...ports, inlineReadModel }) : null);
  }

  static async load(organizationId: string, ports: LedgerPorts): Promise<BankLedger> {
    const ledger = new BankLedger(organizationId, ports);
    await ledger.reload();
    return ledger;
  }

  get streamId(): string {
    return bankLedgerStream(this.organizationId);
  }

  /** Read-only view of the current state (the writer owns it). */
  get view(): Readonly<BankLedgerState> {
    return this.state;
  }

  /** The snapshot plus the tail, page by page: a long history costs one snapshot read. */
  private async reload(): Promise<void> {
    const snapshot = await this.ports.snapshots.load(this.streamId);
    this.slicing?.abandon();
    // The other banks' rounds and the requests go on between the snapshot's slices.
    this.state = snapshot
      ? await fromSnapshot(snapshot.state as LedgerSnapshot, snapshot.slices ?? [], () => new Promise((resolve) => setImmediate(resolve)))
      : initialLedger(this.organizationId);
    this.version = snapshot?.version ?? 0;
    this.snapshotVersion = this.version;
    this.remembered.length = 0;
    this.forgettable = [];
    this.correlations.clear();
    this.lastPosition = null;
    await this.readTail();
    this.snapshotIfDue();
  }

  /** Every change of the ledger's state goes through here: a snapshot being written keeps what the event changes first. */
  private apply(event: BankLedgerEvent): void {
    this.slicing?.beforeChange(this.state, event);
    evolve(this.state, event);
  }

  /** Folds the stream's events after the ledger's version, page by page. */
  private async readTail(): Promise<void> {
    for (;;) {
      const page = await this.ports.eventStore.readStream(this.streamId, { afterVersion: this.version, limit: LEDGER_TUNING.tailPage });
      for (const recorded of page) {
        this.apply(recorded as unknown as BankLedgerEvent);
        this.trackCorrelation(recorded.type, recorded.data, recorded.metadata.correlationId);
      }
      if (page.length > 0) {
        const newest = page[page.length - 1]!;
        this.version = newest.streamVersion;
        this.lastPosition = newest.position;
        this.remember(page, newest.position, Date.parse(newest.metadata.occurredAt));
        await this.forgetReadNow(newest.position);
      }
      if (page.length < LEDGER_TUNING.tailPage) return;
    }
  }

  /**
   * Takes in what other processes appended to the bank's stream since this ledger last wrote or read
   * it (a client registered there, payments due for settlement), between rounds. Their decisions are
   * safe without it (a stale append conflicts, reads the tail and decides again); reads and the settlement
   * leader call it to see them.
   */
  refresh(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.refreshes.push({ resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  submit(request: LedgerRequest): Promise<LedgerDecision> {
    return new Promise((resolve, reject) => {
      this.queue.push({ request, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** The single writer's loop: tail reads asked for, then rounds, until nothing waits. */
  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0 || this.refreshes.length > 0) {
        if (this.refreshes.length > 0) await this.refreshNow(this.refreshes.splice(0));
        if (this.queue.length > 0) {
          await this.gather();
          await this.round(this.queue.splice(0, LEDGER_TUNING.maxRound));
        }
      }
    } finally {
      this.running = false;
    }
    // Nothing in flight: the state is the state at the ledger's version, where a snapshot may begin.
    this.snapshotIfDue();
  }

  /** Lets the event loop take in the requests it has already received before a round closes (gatherTurns, gatherMs). */
  private async gather(): Promise<void> {
    const until = performance.now() + LEDGER_TUNING.gatherMs;
    for (let turn = 0; turn < LEDGER_TUNING.gatherTurns && this.queue.length < LEDGER_TUNING.maxRound; turn++) {
      const queued = this.queue.length;
      await new Promise((resolve) => setImmediate(resolve));
      if (this.queue.length === queued || performance.now() >= until) return;
    }
  }

  private async refreshNow(waiting: Array<{ resolve(): void; reject(error: unknown): void }>): Promise<void> {
    try {
      await this.readTail();
      waiting.forEach((caller) => caller.resolve());
    } catch (error) {
      waiting.forEach((caller) => caller.reject(error));
    }
  }

  /** Forgets what the read model holds and rememberMs has passed for; only when a round starts (see forgettable). */
  private forgetNow(): void {
    for (const forgotten of this.forgettable.splice(0)) this.drop(forgotten);
  }

  private drop(forgotten: Remembered): void {
    for (const id of forgotten.paymentIds) this.state.recentPayments.delete(id);
    for (const id of forgotten.movementIds) this.state.recentMovements.delete(id);
  }

  /**
   * Forgets at once, as a tail is read, the pages of it that rememberMs has passed for (by when they
   * were decided) and that the read model holds: a load reads a tail of up to as many events as the
   * bank has clients, whose payments' records were all kept until rounds after the load forgot them
   * (~330 B each: a replay of 300,000 payments peaked ~100 MiB higher). Never between a round's facts
   * and its decisions: no tail is read there.
   */
  private async forgetReadNow(position: GlobalPosition): Promise<void> {
    const horizon = Date.now() - LEDGER_TUNING.rememberMs;
    const oldest = this.remembered[0];
    if (!oldest || oldest.at > horizon || !(await this.ports.readModelReached(position, 0))) return;
    while (this.remembered[0] && this.remembered[0].at <= horizon) this.drop(this.remembered.shift()!);
  }

  /**
   * A round of payments on banks the ledger has read before decides without asking: on the banks' facts
   * it read last, with no payment found recorded but those in memory. Its append checks both where they
   * live, in its own transaction: a bank whose facts changed fails the precondition (banksStill), and a
   * payment the read model already holds (a retry from before the ledger's memory) fails the insert of
   * its row by its key. Either way nothing is written, and the round is decided again on facts asked.
   * Null where that cannot be checked (no read model in the append's transaction: EventStoreDB) or where
   * the round needs other facts.
   */
  private assumedFacts(round: Queued[]): { facts: RoundFacts; banks: ReadonlyMap<string, BankFacts> } | null {
    if (!this.inline() || !this.ports.facts.banksStill || Date.now() < this.askUntil) return null;
    const banks = new Map<string, BankFacts>();
    for (const { request } of round) {
      const needs = request.needs;
      if (needs?.recordedMovementId !== undefined || needs?.settlementBalance) return null;
      for (const id of needs?.banks ?? []) {
        const known = this.knownBanks.get(id);
        if (!known) return null;
        banks.set(id, known);
      }
    }
    this.forgetNow();
    return {
      facts: { bank: (id) => banks.get(id) ?? null, settlementBalance: 0n, recorded: () => null, movementRecorded: () => false },
      banks,
    };
  }

  private async gatherFacts(round: Queued[]): Promise<RoundFacts> {
    this.forgetNow();
    const banks = new Set<string>();
    const payments: string[] = [];
    const movements: string[] = [];
    let settlementBalance = false;
    for (const { request } of round) {
      request.needs?.banks?.forEach((id) => banks.add(id));
      const paymentId = request.needs?.recordedPaymentId;
      if (paymentId && !this.state.recentPayments.has(paymentId)) payments.push(paymentId);
      const movementId = request.needs?.recordedMovementId;
      if (movementId && !this.state.recentMovements.has(movementId)) movements.push(movementId);
      settlementBalance ||= request.needs?.settlementBalance === true;
    }
    const asked: AskedFacts = { banks: [...banks], paymentIds: payments, movementIds: movements };
    const [recorded, balance] = await Promise.all([
      banks.size + payments.length + movements.length > 0 ? this.ports.facts.recorded(asked) : NOTHING_RECORDED,
      settlementBalance ? this.ports.facts.settlementBalance(this.organizationId) : 0n,
    ]);
    for (const id of asked.banks) {
      const found = recorded.banks.get(id);
      if (found) this.knownBanks.set(id, found);
      else this.knownBanks.delete(id);
    }
    return {
      bank: (id) => recorded.banks.get(id) ?? null,
      settlementBalance: balance,
      recorded: (id) => recorded.payments.get(id) ?? null,
      movementRecorded: (id) => recorded.movements.has(id),
    };
  }

  private async round(round: Queued[], mayAssume = true): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      // Decided again after a failed append, on facts asked: what the first attempt assumed may be what failed it.
      const assumed = attempt === 1 && mayAssume ? this.assumedFacts(round) : null;
      let facts: RoundFacts;
      try {
        facts = assumed ? assumed.facts : await this.gatherFacts(round);
      } catch (error) {
        round.forEach((queued) => queued.reject(error));
        return;
      }
      const outcomes: Array<{ events: BankLedgerEvent[] } | { error: unknown }> = [];
      const newEvents: NewEvent[] = [];
      const undos: Array<() => void> = [];
      const inline = this.inline();
      for (const { request } of round) {
        try {
          const events = decide(request.command(facts), this.state);
          for (const event of events) {
            undos.push(undoOf(this.state, event));
            this.apply(event);
          }
          const metadata = inline ? { ...eventMetadata(request.context), appliedInline: [inline.name] } : eventMetadata(request.context);
          for (const event of events) newEvents.push({ id: randomUUID(), type: event.type, data: event.data, metadata });
          outcomes.push({ events });
        } catch (error) {
          outcomes.push({ error });
        }
      }
      // A refusal is checked by no append (it has no events), so what it was decided on may be stale: a
      // bank active again or a retry of a payment from before the ledger's memory (assumed facts), an
      // alias activated or a balance credited through another process (the ledger's state). Those
      // requests are decided once more, after the others, on the stream's tail and on facts asked (an
      // attempt after a failed append has just read both).
      const recheck = (index: number) => mayAssume && attempt === 1 && 'error' in outcomes[index]!;
      const rechecked = round.filter((_, index) => recheck(index));
      if (newEvents.length === 0) {
        round.forEach((queued, index) => {
          if (!recheck(index)) settle(queued, outcomes[index]!, null, false);
        });
        if (rechecked.length > 0) await this.decideAgain(rechecked);
        return;
      }
      try {
        const appended = await this.appendRound(newEvents, inline, assumed?.banks ?? null);
        this.version = appended.nextExpectedVersion;
        round.forEach((queued, index) => {
          if (!recheck(index)) settle(queued, outcomes[index]!, appended.position, inline !== null);
        });
        this.afterRound(newEvents, appended.position);
        if (rechecked.length > 0) await this.decideAgain(rechecked);
        return;
      } catch (error) {
        this.ports.onRoundRetried?.(this.organizationId, retryReason(error));
        // Not after a conflict: the other writer's events are read below, so nothing the ledger assumes is
        // stale, and asking after each one cost every round of a bank two processes serve a statement more.
        if (assumed && !(error instanceof ConcurrencyError)) this.askUntil = Date.now() + LEDGER_TUNING.askAfterFailedAssumptionMs;
        // The in-memory decisions did not land: back to what the store holds, then decide again.
        try {
          await this.recover(error, undos);
        } catch (recoveryError) {
          this.ports.logger.error({ err: recoveryError, organizationId: this.organizationId }, 'instant payments ledger could not read its stream again');
        }
        if (attempt >= (error instanceof ConcurrencyError ? LEDGER_TUNING.conflictAttempts : LEDGER_TUNING.appendAttempts)) {
          round.forEach((queued) => queued.reject(error));
          return;
        }
      }
    }
  }

  /** The refused requests of a round, decided again once the ledger has read what other writers appended. */
  private async decideAgain(refused: Queued[]): Promise<void> {
    try {
      await this.readTail();
    } catch (error) {
      refused.forEach((queued) => queued.reject(error));
      return;
    }
    await this.round(refused, false);
  }

  /**
   * Back to what the store holds after a round's append failed. When the store refused it (another
   * writer appended first, or the round's assumed facts no longer held) nothing of it was written: its
   * decisions are taken back, newest first, and the events appended since are read, so the next
   * attempt costs the round and the other writer's events, not a reload of the whole bank. After any
   * other failure the ledger reloads from its snapshot: whether the append landed is not known.
   */
  private async recover(error: unknown, undos: ReadonlyArray<() => void>): Promise<void> {
    if (!(error instanceof ConcurrencyError || error instanceof PreconditionFailed)) return this.reload();
    for (let index = undos.length - 1; index >= 0; index--) undos[index]!();
    await this.readTail();
  }

  /** The read model to write with each append, when both it and a store that can are wired. */
  private inline(): InlineReadModel | null {
    return this.ports.inlineReadModel && this.ports.eventStore.appendWith ? this.ports.inlineReadModel : null;
  }

  /**
   * One append for the whole round, with the read model's rows where `inline` (through the process's
   * RoundAppends, with other banks' rounds), checking the banks' facts the round assumed first where it
   * assumed some. An ambiguous failure (the connection dropped at commit) is tried again with the same
   * event ids, which the store turns into the first result if it did land; a conflict or an assumption
   * that no longer holds is not ambiguous.
   */
  private async appendRound(events: NewEvent[], inline: InlineReadModel | null, assumedBanks: ReadonlyMap<string, BankFacts> | null) {
    const append = () =>
      inline
        ? this.roundAppends!.append({ streamId: this.streamId, events, expectedVersion: this.version, assumedBanks })
        : this.ports.eventStore.append(this.streamId, events, this.version);
    try {
      return await append();
    } catch (error) {
      if (error instanceof ConcurrencyError || error instanceof PreconditionFailed) throw error;
      return append();
    }
  }

  /** Keeps the correlation id of each due cross-bank payment until its batch is resolved. */
  private trackCorrelation(type: string, data: unknown, correlationId: string): void {
    if (type === 'InstantPaymentSent') this.correlations.set((data as PaymentParties).paymentId, correlationId);
    else if (type === 'InstantPaymentSettlementBatchSettled' || type === 'InstantPaymentSettlementBatchFailed')
      for (const id of [...this.correlations.keys()]) if (!this.state.due.has(id) && this.state.openBatch === null) this.correlations.delete(id);
  }

  /** The correlation id of the request that sent a cross-bank payment still due or in the open batch. */
  correlationOf(paymentId: string): string | null {
    return this.correlations.get(paymentId) ?? null;
  }

  private afterRound(events: NewEvent[], position: GlobalPosition): void {
    for (const event of events) this.trackCorrelation(event.type, event.data, event.metadata.correlationId);
    this.remember(events, position);
    this.forget();
    if (events.some((event) => event.type === 'InstantPaymentSent')) this.ports.onSettlementWork?.(this.organizationId);
    this.lastPosition = position;
    this.snapshotIfDue();
  }

  /** Notes the payments and cash movements these events decided (`at`), to forget them after rememberMs. */
  private remember(events: Array<Pick<NewEvent, 'type' | 'data'>>, position: GlobalPosition, at = Date.now()): void {
    const paymentIds = events
      .filter((event) => event.type === 'InstantPaymentTransferred' || event.type === 'InstantPaymentSent')
      .map((event) => (event.data as PaymentParties).paymentId);
    const movementIds = events
      .filter((event) => event.type === 'InstantPaymentClientCashedIn' || event.type === 'InstantPaymentClientCashedOut')
      .map((event) => (event.data as { movementId: string }).movementId);
    if (paymentIds.length > 0 || movementIds.length > 0) this.remembered.push({ at, position, paymentIds, movementIds });
  }

  /**
   * Drops decided payments older than rememberMs once the read model holds them (retries then read it
   * there): every such round the read model holds, at once. One a round had kept a backlog left while
   * the read model lagged for as long as the ledger ran, each round adding one and forgetting one.
   * One search at a time; a round that ends meanwhile leaves the next to the round after it.
   */
  private forget(): void {
    if (this.forgetting) return;
    const horizon = Date.now() - LEDGER_TUNING.rememberMs;
    // Rounds are remembered in the order they were decided: the due ones are a prefix, found by halving.
    let due = 0;
    for (let high = this.remembered.length; due < high; ) {
      const middle = (due + high) >> 1;
      if (this.remembered[middle]!.at <= horizon) due = middle + 1;
      else high = middle;
    }
    if (due === 0) return;
    this.forgetting = true;
    void this.forgetHeld(this.remembered.slice(0, due))
      // Nothing is forgotten then; the next round searches again.
      .catch((error) => this.ports.logger.warn({ err: error, organizationId: this.organizationId }, 'instant payments ledger could not tell what the read model holds'))
      .finally(() => (this.forgetting = false));
  }

  /** Moves to forgettable the rounds of `due` (oldest first) that the read model holds. */
  private async forgetHeld(due: ReadonlyArray<Remembered>): Promise<void> {
    // The newest first: the read model that holds it holds every round before it (rounds land in position order).
    let held = (await this.ports.readModelReached(due[due.length - 1]!.position, 0)) ? due.length : 0;
    for (let high = due.length - 1; held < high; ) {
      const middle = (held + high) >> 1;
      if (await this.ports.readModelReached(due[middle]!.position, 0)) held = middle + 1;
      else high = middle;
    }
    // Entries may have gone meanwhile (a tail read forgets too): up to the newest held, wherever it now is.
    const through = held > 0 ? this.remembered.indexOf(due[held - 1]!) : -1;
    for (const remembered of this.remembered.splice(0, through + 1)) this.forgettable.push(remembered);
  }

  /**
   * Events between snapshots. A snapshot holds every client, so at a fixed interval a bank with a
   * million clients would write a million-row snapshot every 5,000 events; waiting for at least as many
   * events as clients keeps a snapshot's cost per event bounded whatever the bank's size, and a load
   * reads a snapshot plus a tail of about the same length.
   */
  private snapshotInterval(): number {
    return Math.max(LEDGER_TUNING.snapshotEvery, this.state.clients.size);
  }

  private snapshotIfDue(): void {
    if (this.lastPosition && this.version - this.snapshotVersion >= this.snapshotInterval()) this.snapshotAfterReadModel(this.lastPosition);
  }

  /**
   * Saves the state once the read model has applied everything it covers (see LedgerSnapshot), its
   * clients a slice at a time as rounds go on. A snapshot given up, or whose save failed, leaves slices
   * that no head names: its own discard, or the next snapshot saved, drops them. Once saved, the next
   * starts if the rounds meanwhile made it due, at once or when the round in flight ends: a burst that
   * ends while a snapshot is written leaves no long tail for the next load to read. After a failure it
   * waits for the next round.
   */
  private snapshotAfterReadModel(position: GlobalPosition): void {
    if (this.snapshotting) return;
    this.snapshotting = true;
    let completed = false;
    const version = this.version;
    const slicing = new SlicedSnapshot(this.state, Date.now());
    this.slicing = slicing;
    const saved = this.ports.snapshots.inSlices(this.streamId, version);
    void slicing
      .write(LEDGER_TUNING.snapshotSlice, (clientsJson) => saved.add(clientsJson))
      .finally(() => {
        if (this.slicing === slicing) this.slicing = null;
      })
      .then(async (stateJson) => {
        if (stateJson === null || !(await this.ports.readModelReached(position, 30_000))) return saved.discard();
        await saved.complete(stateJson);
        this.snapshotVersion = Math.max(this.snapshotVersion, version);
        completed = true;
      })
      .catch((error) => this.ports.logger.warn({ err: error, organizationId: this.organizationId }, 'instant payments snapshot not saved'))
      .finally(() => {
        this.snapshotting = false;
        // Not in the middle of a round, whose decisions are in the state before its append lands: the
        // round's end starts it (afterRound, or drain once nothing waits).
        if (completed && !this.running) this.snapshotIfDue();
      });
  }

  /** Whether a client token may act: the client exists, is active, and the token was not revoked. */
  acceptsToken(clientId: string, tokenId: string): boolean {
    const client = this.state.clients.get(clientId);
    return client !== undefined && client.active && !this.state.revokedTokens.has(tokenId);
  }
}

function settle(queued: Queued, outcome: { events: BankLedgerEvent[] } | { error: unknown }, position: GlobalPosition | null, readModelApplied: boolean): void {
  if ('error' in outcome) queued.reject(outcome.error);
  else queued.resolve({ events: outcome.events, position: outcome.events.length > 0 ? position : null, readModelApplied });
}
