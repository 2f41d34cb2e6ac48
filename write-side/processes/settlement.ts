import type { Knex } from 'knex';
import type { Logger } from '../logger';
import { SEQUENCE_MISMATCH_CODE, type Chain, type TxResult } from '../chain/chain';
import { openCustodyKey, signBytes, type CustodyKey } from '../chain/keys';
import { msgSend } from '../chain/messages';
import { signTransactionWith, txHash, type SignBytes } from '../chain/transactions';
import type { CommandContext } from '../command-handler';
import type { EventStore } from '../event-store/event-store';
import { nextBatchTransfers, type BankLedgerCommand, type OpenBatch, type OutgoingPayment } from '../instant-payments/decide';
import type { BankLedger } from '../instant-payments/ledger';
import type { BankLedgers } from '../instant-payments/ledgers';
import { organizationStream, type OrganizationEvent } from '../organization/events';
import { PeriodicTask } from './periodic-task';

/** Payments one settlement transaction carries at most (one MsgSend per recipient bank, whatever the count). */
export const MAX_BATCH_PAYMENTS = 5_000;

/**
 * Which process settles a bank, among the processes on one store: at most one at a time holds a bank's
 * claim, so one signer tracks the sequence of its settlement account (runtime/settlement-claims.ts).
 */
export interface SettlementClaims {
  /** Whether this process holds the bank's claim, taking it when no other process does. */
  claim(organizationId: string): Promise<boolean>;
  /** Lets it go: another process may take it. */
  release(organizationId: string): Promise<void>;
}

/** One process alone on its store: it may settle every bank. */
const SOLE_PROCESS: SettlementClaims = { claim: async () => true, release: async () => undefined };

export interface SettlementPorts {
  ledgers: BankLedgers;
  chain: Chain;
  eventStore: EventStore;
  db: Knex;
  logger: Logger;
  keyEncryptionKey: Buffer;
  config: { NATIVE_DENOM: string; CHAIN_PREFIX: string };
  /** Signs the batches (on a thread of its own where the runtime gives one); by default on this one. */
  sign?: SignBytes;
  /** Which banks this process settles; by default every one (a process alone on its store). */
  claims?: SettlementClaims;
  /** Told when a batch is settled (final on the chain, its payments COMPLETED), with its payments: operators watch the latency. */
  onBatchSettled?(payments: readonly OutgoingPayment[], settledAt: Date): void;
}

/** A claim no payment of its bank came through for this long is let go, for the process serving the bank now to take. */
const CLAIM_IDLE_MS = 30_000;

const signHere: SignBytes = async (privateKey, bytes) => signBytes(privateKey, bytes);

/** A bank's settlement key, decrypted once, with its account sequence tracked here. */
interface SettlementSigner {
  key: CustodyKey;
  accountNumber: number;
  /** Null until read from the chain (again after a refusal that may have left it stale). */
  nextSequence: number | null;
}

/**
 * Batched settlement of cross-bank payments. Per sender bank, every payment due goes into one chain
 * transaction — one MsgSend per recipient bank, the payments it covers recorded in the batch event —
 * signed with a locally tracked sequence, one transaction per block:
 *
 *   due ─sign, record bytes (BatchStarted)─▶ broadcast ─▶ in a block: each recipient bank credits its
 *   clients (PaymentsReceived), then BatchSettled (payments COMPLETED)
 *                                                   └─▶ stale sequence: BatchAbandoned (due again, signed anew)
 *                                                   └─▶ refused: BatchFailed (payments FAILED, senders refunded)
 *
 * Crash-safe: the signed bytes are recorded before the broadcast, so a restart resolves the open
 * batch by looking its hash up on the chain or re-sending the same bytes (their sequence lets the
 * chain take them at most once); a recipient credits a batch once (by its number). With the backing
 * rule, a batch never fails for liquidity.
 *
 * Among several processes, a bank is settled by the process that holds its claim (SettlementClaims):
 * the one that took its cross-bank payments, which is also the one appending the bank's rounds when
 * requests are routed by bank, so its batches never race those rounds. The leader's pass settles the
 * banks nobody holds (their process stopped), and a claim whose bank has had no work for a while is
 * let go, for the process that serves the bank now.
 */
export class Settlement {
  private readonly running = new Map<string, Promise<void>>();
  private readonly again = new Set<string>();
  private readonly signers = new Map<string, SettlementSigner>();
  private readonly addresses = new Map<string, string>();
  private readonly periodic: PeriodicTask;
  private readonly claims: SettlementClaims;
  /** The banks whose claim this process holds, with when one of their payments last came through it. */
  private readonly held = new Map<string, number>();
  /** Claims asked for by work that arrived, not yet answered (idle() waits for them too). */
  private readonly claiming = new Set<Promise<void>>();
  /** Banks the leader's pass claimed for itself alone, let go when it ends. */
  private readonly passOnly = new Set<string>();
  private banksLoaded = false;
  private active = false;
  /** A process alone on its store (no claims given) settles every bank; among several, the leader's pass does. */
  private leading: boolean;

  constructor(
    private readonly ports: SettlementPorts,
    options: { intervalMs?: number } = {},
  ) {
    this.claims = ports.claims ?? SOLE_PROCESS;
    this.leading = ports.claims === undefined;
    this.periodic = new PeriodicTask('settlement', () => this.tick(), ports.logger, options.intervalMs ?? 1000);
  }

  private get logger(): Logger {
    return this.ports.logger;
  }

  /**
   * This process settles the banks whose cross-bank payments it takes, once it holds their claim.
   * Without the periodic pass (`periodic: false`) tick() is left to the caller.
   */
  start(options: { periodic?: boolean } = {}): void {
    this.active = true;
    if (options.periodic !== false) this.periodic.start();
  }

  /** While this process leads (runtime/leader.ts), its pass also settles the banks no process holds. */
  lead(leading: boolean): void {
    this.leading = leading;
  }

  async stop(): Promise<void> {
    this.active = false;
    await this.periodic.stop();
    await this.idle();
    for (const organizationId of [...this.held.keys()]) await this.letGo(organizationId);
  }

  /** Work arrived for a bank (its ledger sent cross-bank payments): settled at once where this process holds the bank. */
  workArrived(organizationId: string): void {
    if (!this.active) return;
    if (this.held.has(organizationId)) {
      this.held.set(organizationId, Date.now());
      this.passOnly.delete(organizationId);
      return this.schedule(organizationId);
    }
    const claiming: Promise<void> = this.claimed(organizationId).then(
      (claimed) => {
        if (!claimed || !this.active) return;
        this.passOnly.delete(organizationId);
        this.schedule(organizationId);
      },
      (error) => this.logger.warn({ err: error, organizationId }, 'settlement claim failed; the periodic pass retries'),
    );
    this.claiming.add(claiming);
    void claiming.finally(() => this.claiming.delete(claiming));
  }

  /** Settles the bank now, or right after the batch under way. */
  schedule(organizationId: string): void {
    if (this.running.has(organizationId)) {
      this.again.add(organizationId);
      return;
    }
    const run = this.settleBank(organizationId)
      .catch((error) => this.logger.warn({ err: error, organizationId }, 'settlement run failed; the timer retries'))
      .finally(() => {
        this.running.delete(organizationId);
        if (this.again.delete(organizationId)) this.schedule(organizationId);
      });
    this.running.set(organizationId, run);
  }

  /** Resolves when no run is under way for the bank (tests and shutdown). */
  async idle(organizationId?: string): Promise<void> {
    for (;;) {
      await Promise.all([...this.claiming]);
      const runs = organizationId ? [this.running.get(organizationId)].filter((run) => run !== undefined) : [...this.running.values()];
      if (runs.length === 0) return;
      await Promise.allSettled(runs);
    }
  }

  /**
   * Every bank this process holds with settlement work is pushed on (after a crash, an unreachable
   * chain, a lost race), and, while it leads, every bank no process holds, claimed for the pass alone.
   * Claims no payment of their bank came through for CLAIM_IDLE_MS are let go.
   */
  async tick(): Promise<void> {
    if (!this.banksLoaded) {
      const banks: string[] = await this.ports.db('organizations').where({ type: 'COMMERCIAL' }).pluck('id');
      await Promise.all(banks.map((id) => this.ports.ledgers.ledger(id)));
      this.banksLoaded = true;
    }
    // Payments other processes took are in the store, not in this process's ledgers yet.
    await Promise.all(this.ports.ledgers.loaded().map((ledger) => ledger.refresh()));
    for (const ledger of this.ports.ledgers.loaded()) {
      const id = ledger.organizationId;
      const work = ledger.view.openBatch !== null || ledger.view.due.size > 0;
      if (this.held.has(id)) {
        // No payment of the bank came through this process for a while: whichever serves it now takes it.
        if (Date.now() - this.held.get(id)! > CLAIM_IDLE_MS && !this.running.has(id)) await this.letGo(id);
        else if (work) this.schedule(id);
      } else if (work && this.leading && (await this.claimed(id))) {
        this.passOnly.add(id);
        this.schedule(id);
      }
    }
    await this.idle();
    // Those a payment of came through this process meanwhile left passOnly: it serves them now.
    for (const id of [...this.passOnly]) {
      this.passOnly.delete(id);
      await this.letGo(id);
    }
  }

  /**
   * Whether this process holds the bank's claim, taking it if no process does. A claim taken anew
   * forgets the account's sequence: another process may have signed with it since.
   */
  private async claimed(organizationId: string): Promise<boolean> {
    if (!this.held.has(organizationId)) {
      if (!(await this.claims.claim(organizationId))) return false;
      const signer = this.signers.get(organizationId);
      if (signer) signer.nextSequence = null;
    }
    this.held.set(organizationId, Date.now());
    return true;
  }

  private async letGo(organizationId: string): Promise<void> {
    this.held.delete(organizationId);
    await this.claims.release(organizationId).catch((error) => this.logger.warn({ err: error, organizationId }, 'settlement claim not released; it goes with the session'));
  }

  /** The claims connection failed: the server let go of every claim of this process. */
  claimsLost(): void {
    this.held.clear();
  }

  private context(organizationId: string, batchNumber: number): CommandContext {
    return { actorId: null, organizationId, correlationId: `settlement-${organizationId}-${batchNumber}`, causationId: null, now: new Date() };
  }

  private submit(ledger: BankLedger, batchNumber: number, command: BankLedgerCommand) {
    return ledger.submit({ command: () => command, context: this.context(ledger.organizationId, batchNumber) });
  }

  /** Batches until nothing is due, one transaction at a time (each waits for its block). */
  private async settleBank(organizationId: string): Promise<void> {
    const ledger = await this.ports.ledgers.ledger(organizationId);
    for (let guard = 0; guard < 1000; guard++) {
      const open = ledger.view.openBatch;
      if (open) {
        if (!(await this.resolve(ledger, open))) return;
        continue;
      }
      if (ledger.view.due.size === 0) return;
      if (!(await this.startBatch(ledger))) return;
    }
  }

  private async startBatch(ledger: BankLedger): Promise<boolean> {
    const signer = await this.signer(ledger.organizationId);
    if (!signer) {
      this.logger.warn({ organizationId: ledger.organizationId }, 'bank has no settlement account; its payments wait');
      return false;
    }
    const transfers = nextBatchTransfers(ledger.view, await this.settlementAddresses(ledger), MAX_BATCH_PAYMENTS);
    if (transfers.length === 0) return false;
    if (signer.nextSequence === null) await this.refreshSequence(signer);
    const batchNumber = ledger.view.batchNumber + 1;
    const denom = this.ports.config.NATIVE_DENOM;
    const bytes = await signTransactionWith(this.ports.sign ?? signHere, {
      chainId: this.ports.chain.chainId,
      signers: [{ key: signer.key, accountNumber: signer.accountNumber, sequence: signer.nextSequence! }],
      messages: transfers.map((transfer) => msgSend(signer.key.address, transfer.to, BigInt(transfer.amount), denom)),
      memo: `emisor settlement ${ledger.organizationId} batch ${batchNumber}`,
    });
    const hash = txHash(bytes);
    await this.submit(ledger, batchNumber, {
      type: 'StartSettlementBatch',
      batchNumber,
      txHash: hash,
      txBytes: Buffer.from(bytes).toString('base64'),
      from: signer.key.address,
      transfers,
    });
    const batch = ledger.view.openBatch!;
    this.logger.info(this.batchFields(ledger, batch), 'settlement batch signed and recorded');
    return this.broadcast(ledger, batch, bytes);
  }

  /** What every log line of a batch says: its payments with the correlation ids of the requests that sent them. */
  private batchFields(ledger: BankLedger, batch: OpenBatch) {
    return {
      organizationId: ledger.organizationId,
      batchNumber: batch.batchNumber,
      txHash: batch.txHash,
      payments: batch.payments.map((payment) => ({ paymentId: payment.paymentId, correlationId: ledger.correlationOf(payment.paymentId) })),
    };
  }

  /** An open batch: found on the chain by its hash, or its recorded bytes sent (again). */
  private async resolve(ledger: BankLedger, batch: OpenBatch): Promise<boolean> {
    const found = await this.ports.chain.getTx(batch.txHash).catch(() => null);
    if (found) return this.record(ledger, batch, found);
    return this.broadcast(ledger, batch, Buffer.from(batch.txBytes, 'base64'));
  }

  private async broadcast(ledger: BankLedger, batch: OpenBatch, bytes: Uint8Array): Promise<boolean> {
    let result: TxResult;
    try {
      result = await this.ports.chain.broadcast(bytes);
    } catch (error) {
      // Unreachable: the batch stays open; the timer resolves it by hash or re-sends these bytes.
      this.logger.warn({ err: error, ...this.batchFields(ledger, batch) }, 'settlement broadcast failed; batch left open');
      return false;
    }
    return this.record(ledger, batch, result);
  }

  private async record(ledger: BankLedger, batch: OpenBatch, result: TxResult): Promise<boolean> {
    const signer = await this.signer(ledger.organizationId);
    if (result.code === 0) {
      if (signer && signer.nextSequence !== null) signer.nextSequence += 1;
      this.logger.info({ ...this.batchFields(ledger, batch), height: result.height }, 'settlement batch final on the chain');
      const settled = new Date();
      const settledAt = settled.toISOString();
      // Each recipient bank credits its own clients, in its own ledger's next round: side by side, not
      // one bank's round after another's. Every credit has ended, landed or failed, before the batch is
      // settled or the run gives up, so a later run credits a failed one again while no other credit of
      // the batch is still under way (a recipient credits a batch once, by its number).
      const credits = await Promise.allSettled(
        batch.transfers.map(async (transfer) =>
          this.submit(await this.ports.ledgers.ledger(transfer.organizationId), batch.batchNumber, {
            type: 'ReceivePayments',
            senderOrganizationId: ledger.organizationId,
            batchNumber: batch.batchNumber,
            txHash: batch.txHash,
            settledAt,
            payments: transfer.payments,
          }),
        ),
      );
      const failed = credits.find((credit): credit is PromiseRejectedResult => credit.status === 'rejected');
      if (failed) throw failed.reason;
      await this.submit(ledger, batch.batchNumber, { type: 'SettleBatch', txHash: batch.txHash, height: result.height, settledAt });
      this.ports.onBatchSettled?.(batch.payments, settled);
      return true;
    }
    if (signer) signer.nextSequence = null;
    if (result.code === SEQUENCE_MISMATCH_CODE && result.height === 0) {
      await this.submit(ledger, batch.batchNumber, { type: 'AbandonSettlementBatch', txHash: batch.txHash, reason: result.rawLog });
      return true;
    }
    this.logger.error({ ...this.batchFields(ledger, batch), code: result.code, rawLog: result.rawLog }, 'settlement batch refused');
    await this.submit(ledger, batch.batchNumber, {
      type: 'FailSettlementBatch',
      txHash: result.height > 0 ? batch.txHash : null,
      failureCode: 'SETTLEMENT_REFUSED',
      reason: `code ${result.code}: ${result.rawLog}`,
      failedAt: new Date().toISOString(),
    });
    return true;
  }

  private async refreshSequence(signer: SettlementSigner): Promise<void> {
    const account = await this.ports.chain.getAccount(signer.key.address);
    signer.accountNumber = account?.accountNumber ?? 0;
    signer.nextSequence = account?.sequence ?? 0;
  }

  /** The bank's settlement custody key, from its SettlementAccountProvisioned event, decrypted once. */
  private async signer(organizationId: string): Promise<SettlementSigner | null> {
    const known = this.signers.get(organizationId);
    if (known) return known;
    const events = (await this.ports.eventStore.readStream(organizationStream(organizationId))) as unknown as OrganizationEvent[];
    const provisioned = events.find((event) => event.type === 'SettlementAccountProvisioned');
    if (!provisioned || provisioned.type !== 'SettlementAccountProvisioned') return null;
    const key = openCustodyKey(provisioned.data.encryptedPrivateKey, this.ports.keyEncryptionKey, this.ports.config.CHAIN_PREFIX);
    const signer: SettlementSigner = { key, accountNumber: 0, nextSequence: null };
    this.signers.set(organizationId, signer);
    return signer;
  }

  /** Settlement addresses of the banks the due payments go to (read once per bank). */
  private async settlementAddresses(ledger: BankLedger): Promise<Map<string, string>> {
    const missing = [...new Set([...ledger.view.due.values()].map((payment) => payment.recipientOrganizationId))].filter((id) => !this.addresses.has(id));
    if (missing.length > 0) {
      const rows: Array<{ id: string; settlement_address: string | null }> = await this.ports.db('organizations').whereIn('id', missing).select('id', 'settlement_address');
      for (const row of rows) if (row.settlement_address) this.addresses.set(row.id, row.settlement_address);
    }
    return this.addresses;
  }
}

