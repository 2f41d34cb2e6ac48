import { isDeepStrictEqual } from 'node:util';
import type { AppendResult, EventStore, InlineReadModel, InlineWrite, NewEvent } from '../event-store/event-store';
import type { BankFacts } from './decide';
import type { LedgerFacts } from './ledger';

/** A bank ledger's round as it is appended: its events, the version its stream must be at, and the banks' facts its decisions assumed. */
export interface RoundAppend {
  streamId: string;
  events: NewEvent[];
  expectedVersion: number;
  /** Checked by the append's precondition (LedgerFacts.banksStill); null when the round asked for its facts. */
  assumedBanks: ReadonlyMap<string, BankFacts> | null;
}

export const ROUND_APPENDS_TUNING = {
  /**
   * Statements of rounds on the wire at once; the rounds closed while all are busy wait and go together
   * in the next free one. A scheme of up to four banks keeps a statement per bank's round, which
   * PostgreSQL runs side by side on its cores (with one at a time, every round grouped, the 2-core
   * machine stood idle 29 % of a 20 s run at 3 banks: 2,488 payments/s, against 2,784 with two).
   */
  statements: 4,
  /** Events of one statement at most (a round of more goes alone). */
  maxStatementEvents: 4_000,
};

interface Pending {
  round: RoundAppend;
  resolve(result: AppendResult): void;
  reject(error: unknown): void;
}

/** The rounds of one statement, and the union of the banks' facts they assumed (which agree). */
interface Statement {
  rounds: Pending[];
  assumedBanks: ReadonlyMap<string, BankFacts>;
}

export interface RoundAppendPorts {
  eventStore: EventStore;
  facts: LedgerFacts;
  inlineReadModel: InlineReadModel;
}

/**
 * Group commit across banks: while the statements on the wire leave room, each bank's round is appended
 * in a statement of its own; the rounds the process's bank ledgers close while none is free wait and
 * are appended together, with their read model's rows, in the next (EventStore.appendAllWith). A
 * round's statement cost PostgreSQL ~0.8 ms of CPU whatever its size besides ~0.15 ms per payment, and
 * each bank has one round in flight at a time: with a statement per bank's round, `bench:payments` at 64
 * connections over 30 banks made rounds of two payments, and PostgreSQL's CPU per payment was 2.6–3.4
 * times that of 3 banks.
 *
 * All of a statement's appends land or none does. When one does not hold (its stream moved on, a fact
 * its round assumed changed, a payment's row already there) or the statement fails otherwise, each of
 * its rounds is appended alone, which tells its ledger what failed it, or gives a round that had landed
 * its first result. Rounds whose assumed facts disagree (a ledger that read a bank's status since
 * another did) go in different statements. No stream or lock is shared by the banks: a statement
 * appends to each bank's own stream.
 */
export class RoundAppends {
  private readonly queue: Pending[] = [];
  private statements = 0;

  constructor(private readonly ports: RoundAppendPorts) {}

  append(round: RoundAppend): Promise<AppendResult> {
    return new Promise((resolve, reject) => {
      this.queue.push({ round, resolve, reject });
      this.send();
    });
  }

  /**
   * Sends what is queued while fewer than `statements` are on the wire: a round closed while one is free
   * goes at once, alone, and PostgreSQL runs the banks' rounds side by side while the process decides
   * the next ones (sent a turn of the event loop later, to wait for others, a round waited behind that
   * turn's requests: 2–17 % fewer payments/s at 3 banks in alternating runs). The rounds closed while
   * none is free go together when one is.
   */
  private send(): void {
    while (this.statements < ROUND_APPENDS_TUNING.statements && this.queue.length > 0) {
      this.statements++;
      void this.appendTogether(this.nextStatement()).finally(() => {
        this.statements--;
        this.send();
      });
    }
  }

  /**
   * The rounds of the next statement, in the order they came: from the head of the queue, each that
   * agrees with those taken on every bank's facts, while their events fit maxStatementEvents (the first
   * goes whatever its size). The others wait for the next statement.
   */
  private nextStatement(): Statement {
    const taken: Pending[] = [];
    const waiting: Pending[] = [];
    const streams = new Set<string>();
    const banks = new Map<string, BankFacts>();
    let events = 0;
    for (const pending of this.queue) {
      const { streamId, assumedBanks } = pending.round;
      const fits =
        taken.length === 0 ||
        (events + pending.round.events.length <= ROUND_APPENDS_TUNING.maxStatementEvents && !streams.has(streamId) && agrees(banks, assumedBanks));
      if (!fits) {
        waiting.push(pending);
        continue;
      }
      taken.push(pending);
      streams.add(streamId);
      events += pending.round.events.length;
      for (const [id, facts] of assumedBanks ?? []) banks.set(id, facts);
    }
    this.queue.splice(0, this.queue.length, ...waiting);
    return { rounds: taken, assumedBanks: banks };
  }

  private async appendTogether({ rounds, assumedBanks }: Statement): Promise<void> {
    const { eventStore } = this.ports;
    if (rounds.length > 1 && eventStore.appendAllWith) {
      try {
        const results = await eventStore.appendAllWith(
          rounds.map(({ round }) => ({ streamId: round.streamId, events: round.events, expectedVersion: round.expectedVersion })),
          this.inlineWrite(rounds.flatMap(({ round }) => round.events), assumedBanks),
        );
        rounds.forEach((pending, index) => pending.resolve(results[index]!));
        return;
      } catch {
        // Each round alone, below, meets what failed the statement, or its first result if it had landed.
      }
    }
    await Promise.all(
      rounds.map(async ({ round, resolve, reject }) => {
        try {
          resolve(await eventStore.appendWith!(round.streamId, round.events, round.expectedVersion, this.inlineWrite(round.events, round.assumedBanks)));
        } catch (error) {
          reject(error);
        }
      }),
    );
  }

  /** The read model's rows of the rounds' events, after checking what their decisions assumed of the banks. */
  private inlineWrite(events: NewEvent[], assumedBanks: ReadonlyMap<string, BankFacts> | null): InlineWrite {
    const write = this.ports.inlineReadModel.writeFor(events);
    return assumedBanks && assumedBanks.size > 0 && this.ports.facts.banksStill
      ? { ...write, precondition: this.ports.facts.banksStill(assumedBanks) }
      : write;
  }
}

/** Whether the facts a round assumed agree with those of the rounds taken so far. */
function agrees(taken: ReadonlyMap<string, BankFacts>, assumed: ReadonlyMap<string, BankFacts> | null): boolean {
  for (const [id, facts] of assumed ?? []) {
    const known = taken.get(id);
    if (known && !isDeepStrictEqual(known, facts)) return false;
  }
  return true;
}
