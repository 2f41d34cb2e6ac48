import type { Knex } from 'knex';
import { AppError } from '../../runtime/errors';
import type { Logger } from '../../runtime/logger';
import { findOrganization } from '../../read-side/organizations';
import { SEQUENCE_MISMATCH_CODE, type TxResult } from '../chain/chain';
import { openCustodyKey, type CustodyKey } from '../chain/keys';
import { msgSend } from '../chain/messages';
import { signTransaction, txHash } from '../chain/transactions';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import { clientDecider, paymentDecider, type PaymentState } from '../instant-payments/decide';
import { clientStream, paymentStream, type PaymentEvent } from '../instant-payments/events';
import { organizationStream, type OrganizationEvent } from '../organization/events';
import { PeriodicTask } from './periodic-task';
import type { ProcessServices } from './process-services';


/** Chain refusals that mean the sender bank's settlement account cannot cover the payment. */
const INSUFFICIENT_FUNDS_CODE = 5;

/**
 * The Instant Payments settlement process manager. A payment's steps are events on its own stream,
 * and every step is idempotent, so running `advance` again — inline in the request, or from the
 * timer after a crash — resumes where the last run stopped and moves nothing twice:
 *
 *   INITIATED ─debit sender─▶ DEBITED ─INTERNAL: credit recipient─▶ COMPLETED
 *                                     └CROSS_ORGANIZATION: sign MsgSend settlement→settlement,
 *                                      record hash+bytes (SETTLING), broadcast ─▶ SETTLED ─credit─▶ COMPLETED
 *                                                                             └▶ SETTLEMENT_FAILED ─refund─▶ FAILED
 *
 * Client debits, credits and refunds are keyed by the payment id on the client's stream (a second
 * one is a no-op). A SETTLING payment is only resolved by looking its hash up on the chain or by
 * re-sending the same recorded bytes (their sequence lets the chain take them at most once); bytes
 * refused for a stale sequence are abandoned and signed again.
 */
export class Settlement {
  private readonly locks = new Map<string, Promise<unknown>>();
  /** Settlement keys sign with sequences: one transaction at a time per key in this process. */
  private readonly keyQueues = new Map<string, Promise<unknown>>();
  private readonly periodic: PeriodicTask;

  constructor(
    private readonly services: ProcessServices,
    private readonly options: { intervalMs?: number; staleMs?: number } = {},
  ) {
    this.periodic = new PeriodicTask('settlement', () => this.tick(), services.logger, options.intervalMs ?? 1000);
  }

  private get logger(): Logger {
    return this.services.logger;
  }

  start(): void {
    this.periodic.start();
  }

  async stop(): Promise<void> {
    await this.periodic.stop();
    await Promise.allSettled([...this.locks.values()]);
    await Promise.allSettled([...this.keyQueues.values()]);
  }

  async load(paymentId: string): Promise<PaymentState> {
    return fold(paymentDecider, (await this.services.eventStore.readStream(paymentStream(paymentId))) as unknown as PaymentEvent[]);
  }

  private exclusive<T>(id: string, work: () => Promise<T>): Promise<T> {
    const next = (this.locks.get(id) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.locks.set(id, next);
    next
      .finally(() => {
        if (this.locks.get(id) === next) this.locks.delete(id);
      })
      .catch(() => undefined);
    return next;
  }

  private onKey<T>(address: string, work: () => Promise<T>): Promise<T> {
    const next = (this.keyQueues.get(address) ?? Promise.resolve()).catch(() => undefined).then(work);
    this.keyQueues.set(address, next);
    next
      .finally(() => {
        if (this.keyQueues.get(address) === next) this.keyQueues.delete(address);
      })
      .catch(() => undefined);
    return next;
  }

  private context(state: PaymentState): CommandContext {
    return {
      actorId: null,
      organizationId: state.payment?.senderOrganizationId ?? null,
      correlationId: `instant-payment-${state.payment?.paymentId ?? 'unknown'}`,
      causationId: null,
      now: new Date(),
    };
  }

  private step(state: PaymentState, command: Parameters<typeof paymentDecider.decide>[0], wait = false) {
    return this.services.commands.handle(paymentDecider, paymentStream(state.payment!.paymentId), command, this.context(state), { waitForProjections: wait });
  }

  private client(state: PaymentState, clientId: string, command: Parameters<typeof clientDecider.decide>[0], wait = false) {
    return this.services.commands.handle(clientDecider, clientStream(clientId), command, this.context(state), { waitForProjections: wait });
  }

  /** Drives the payment as far as it goes now; the read models have caught up when it returns. */
  async advance(paymentId: string): Promise<PaymentState> {
    return this.exclusive(paymentId, async () => {
      let state = await this.load(paymentId);
      for (let guard = 0; guard < 10; guard++) {
        const next = await this.once(state);
        if (next === state) break;
        state = next;
      }
      // Read-your-writes for the caller: every step appended without waiting; wait once for the last one.
      const position = (await this.services.eventStore.readStream(paymentStream(paymentId))).at(-1);
      if (position) await this.services.commands.awaitProjections(position.position);
      return state;
    });
  }

  /** One step; returns the same object when nothing more can happen now. */
  private async once(state: PaymentState): Promise<PaymentState> {
    const payment = state.payment;
    if (!payment) return state;
    const amount = BigInt(payment.amount);
    switch (state.step) {
      case 'INITIATED':
        try {
          await this.client(state, payment.senderClientId, { type: 'DebitClient', paymentId: payment.paymentId, amount });
        } catch (error) {
          if (error instanceof AppError && error.code === 'INSUFFICIENT_FUNDS')
            return (await this.step(state, { type: 'FailPayment', failureCode: 'INSUFFICIENT_FUNDS', reason: error.message, now: new Date().toISOString() })).state;
          throw error;
        }
        return (await this.step(state, { type: 'RecordDebit' })).state;
      case 'DEBITED':
        if (payment.kind === 'INTERNAL') {
          await this.client(state, payment.recipientClientId, { type: 'CreditClient', paymentId: payment.paymentId, amount });
          return (await this.step(state, { type: 'CompletePayment', now: new Date().toISOString() })).state;
        }
        return this.settle(state);
      case 'SETTLING':
        return this.resolvePending(state);
      case 'SETTLED':
        await this.client(state, payment.recipientClientId, { type: 'CreditClient', paymentId: payment.paymentId, amount });
        return (await this.step(state, { type: 'CompletePayment', now: new Date().toISOString() })).state;
      case 'SETTLEMENT_FAILED':
        await this.client(state, payment.senderClientId, { type: 'RefundClient', paymentId: payment.paymentId, amount });
        return (
          await this.step(state, {
            type: 'FailPayment',
            failureCode: state.failureCode ?? 'SETTLEMENT_FAILED',
            reason: state.failureReason ?? 'settlement failed',
            now: new Date().toISOString(),
          })
        ).state;
      default:
        return state;
    }
  }

  /** The settlement custody key of a bank, from its SettlementAccountProvisioned event. */
  async settlementKey(organizationId: string): Promise<CustodyKey | null> {
    const events = (await this.services.eventStore.readStream(organizationStream(organizationId))) as unknown as OrganizationEvent[];
    const provisioned = events.find((event) => event.type === 'SettlementAccountProvisioned');
    if (!provisioned || provisioned.type !== 'SettlementAccountProvisioned') return null;
    return openCustodyKey(provisioned.data.encryptedPrivateKey, this.services.keyEncryptionKey, this.services.config.CHAIN_PREFIX);
  }

  private async settle(state: PaymentState): Promise<PaymentState> {
    const payment = state.payment!;
    const amount = BigInt(payment.amount);
    const denom = this.services.config.NATIVE_DENOM;
    const chain = this.services.chain;
    const key = await this.settlementKey(payment.senderOrganizationId);
    const recipientBank = await findOrganization(this.services.db, payment.recipientOrganizationId);
    if (!key || !recipientBank?.settlementAddress)
      return (await this.step(state, { type: 'RecordSettlementFailure', txHash: null, failureCode: 'SETTLEMENT_ACCOUNT_MISSING', reason: 'a bank has no settlement account' })).state;
    const to = recipientBank.settlementAddress;
    return this.onKey(key.address, async () => {
      if ((await chain.getBalance(key.address, denom)) < amount)
        return (
          await this.step(state, {
            type: 'RecordSettlementFailure',
            txHash: null,
            failureCode: 'INSUFFICIENT_SETTLEMENT_LIQUIDITY',
            reason: "the sender bank's settlement account does not cover the payment",
          })
        ).state;
      const account = await chain.getAccount(key.address);
      const bytes = signTransaction({
        chainId: chain.chainId,
        signers: [{ key, accountNumber: account?.accountNumber ?? 0, sequence: account?.sequence ?? 0 }],
        messages: [msgSend(key.address, to, amount, denom)],
        memo: `emisor instant payment ${payment.paymentId}`,
      });
      const hash = txHash(bytes);
      const started = await this.step(state, { type: 'StartSettlement', txHash: hash, txBytes: Buffer.from(bytes).toString('base64'), from: key.address, to });
      let result: TxResult;
      try {
        result = await chain.broadcast(bytes);
      } catch (error) {
        // Unreachable: the attempt stays SETTLING (the same object tells advance to stop); the timer resolves it by hash or re-sends these bytes.
        this.logger.warn({ err: error, paymentId: payment.paymentId }, 'settlement broadcast failed; left pending');
        return state;
      }
      return this.record(started.state, result);
    });
  }

  private async resolvePending(state: PaymentState): Promise<PaymentState> {
    const pending = state.pending!;
    const key = await this.settlementKey(state.payment!.senderOrganizationId);
    return this.onKey(key?.address ?? 'unknown', async () => {
      const found = await this.services.chain.getTx(pending.txHash);
      if (found) return this.record(state, found);
      let result: TxResult;
      try {
        result = await this.services.chain.broadcast(Buffer.from(pending.txBytes, 'base64'));
      } catch (error) {
        this.logger.warn({ err: error, paymentId: state.payment!.paymentId }, 'settlement re-broadcast failed; still pending');
        return state;
      }
      return this.record(state, result);
    });
  }

  private async record(state: PaymentState, result: TxResult): Promise<PaymentState> {
    const hash = state.pending!.txHash;
    if (result.code === 0) return (await this.step(state, { type: 'RecordSettlement', txHash: hash, height: result.height, settledAt: new Date().toISOString() })).state;
    if (result.code === SEQUENCE_MISMATCH_CODE && result.height === 0)
      return (await this.step(state, { type: 'AbandonSettlement', txHash: hash, reason: result.rawLog })).state;
    const failureCode = result.code === INSUFFICIENT_FUNDS_CODE ? 'INSUFFICIENT_SETTLEMENT_LIQUIDITY' : 'SETTLEMENT_REFUSED';
    return (await this.step(state, { type: 'RecordSettlementFailure', txHash: result.height > 0 ? hash : null, failureCode, reason: `code ${result.code}: ${result.rawLog}` })).state;
  }

  /** Payments left PENDING (a crash, an unreachable chain) are pushed on. */
  async tick(now = new Date()): Promise<void> {
    const db: Knex = this.services.db;
    const staleBefore = new Date(now.getTime() - (this.options.staleMs ?? 3000));
    const open: string[] = await db('ip_payments').where({ status: 'PENDING' }).where('updated_at', '<', staleBefore).orderBy('created_at').limit(100).pluck('id');
    for (const id of open) {
      if (this.locks.has(id)) continue;
      await this.advance(id).catch((error) => this.logger.warn({ err: error, paymentId: id }, 'settlement retry failed'));
    }
  }
}
