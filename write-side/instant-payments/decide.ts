import { businessRule, conflict, notFound } from '../../runtime/errors';
import type { Decider } from '../decider';
import type { AliasEvent, ClientEvent, PaymentEvent, PaymentParties, PaymentStatus } from './events';

/** Pure Instant Payments rules: no clock, no ids, no I/O (they arrive in the commands). */

/** Contract: lower-case, optional leading @, 3 to 30 characters of a-z 0-9 . _, starting with a letter. */
export const ALIAS_PATTERN = /^[a-z][a-z0-9._]{2,29}$/;

/** The stored form of an alias, or null when it is not a valid one. */
export function normalizeAlias(input: string): string | null {
  const alias = input.trim().toLowerCase().replace(/^@/, '');
  return ALIAS_PATTERN.test(alias) ? alias : null;
}

// ---- client (its sub-ledger balance) ----

export interface ClientState {
  clientId: string | null;
  organizationId: string | null;
  alias: string | null;
  balance: bigint;
  /** Payments already debited, credited or refunded on this client: each moves value once. */
  debited: Set<string>;
  credited: Set<string>;
  refunded: Set<string>;
}

export type ClientCommand =
  | { type: 'RegisterClient'; clientId: string; organizationId: string; name: string; externalRef: string | null; demo: boolean; startingBalance: bigint }
  | { type: 'ActivateAlias'; alias: string }
  | { type: 'DebitClient'; paymentId: string; amount: bigint }
  | { type: 'CreditClient'; paymentId: string; amount: bigint }
  | { type: 'RefundClient'; paymentId: string; amount: bigint };

export const clientDecider: Decider<ClientState, ClientCommand, ClientEvent> = {
  initialState: () => ({ clientId: null, organizationId: null, alias: null, balance: 0n, debited: new Set(), credited: new Set(), refunded: new Set() }),
  evolve(state, event) {
    switch (event.type) {
      case 'InstantPaymentClientRegistered':
        return { ...state, clientId: event.data.clientId, organizationId: event.data.organizationId, balance: BigInt(event.data.startingBalance) };
      case 'InstantPaymentAliasActivated':
        return { ...state, alias: event.data.alias };
      case 'InstantPaymentClientDebited':
        return { ...state, balance: state.balance - BigInt(event.data.amount), debited: new Set(state.debited).add(event.data.paymentId) };
      case 'InstantPaymentClientCredited':
        return { ...state, balance: state.balance + BigInt(event.data.amount), credited: new Set(state.credited).add(event.data.paymentId) };
      case 'InstantPaymentClientRefunded':
        return { ...state, balance: state.balance + BigInt(event.data.amount), refunded: new Set(state.refunded).add(event.data.paymentId) };
    }
  },
  decide(command, state) {
    if (command.type === 'RegisterClient') {
      if (state.clientId) return []; // a retry of the same registration
      if (command.startingBalance < 0n) throw new Error('a starting balance is never negative');
      return [
        {
          type: 'InstantPaymentClientRegistered',
          data: {
            clientId: command.clientId,
            organizationId: command.organizationId,
            name: command.name,
            externalRef: command.externalRef,
            demo: command.demo,
            startingBalance: command.startingBalance.toString(),
          },
        },
      ];
    }
    if (!state.clientId || !state.organizationId) throw notFound('Client');
    const base = { clientId: state.clientId, organizationId: state.organizationId };
    switch (command.type) {
      case 'ActivateAlias':
        if (state.alias === command.alias) return [];
        if (state.alias) throw conflict('ALIAS_ALREADY_ACTIVATED', `This client already uses @${state.alias}`);
        return [{ type: 'InstantPaymentAliasActivated', data: { ...base, alias: command.alias } }];
      case 'DebitClient':
        if (state.debited.has(command.paymentId)) return [];
        if (command.amount <= 0n) throw businessRule('INVALID_AMOUNT', 'The amount must be positive');
        if (state.balance < command.amount) throw businessRule('INSUFFICIENT_FUNDS', 'The balance does not cover this payment');
        return [{ type: 'InstantPaymentClientDebited', data: { ...base, paymentId: command.paymentId, amount: command.amount.toString() } }];
      case 'CreditClient':
        if (state.credited.has(command.paymentId)) return [];
        return [{ type: 'InstantPaymentClientCredited', data: { ...base, paymentId: command.paymentId, amount: command.amount.toString() } }];
      case 'RefundClient':
        if (state.refunded.has(command.paymentId) || !state.debited.has(command.paymentId)) return [];
        return [{ type: 'InstantPaymentClientRefunded', data: { ...base, paymentId: command.paymentId, amount: command.amount.toString() } }];
    }
  },
};

// ---- alias (global uniqueness guard) ----

export interface AliasState {
  clientId: string | null;
}

export const aliasDecider: Decider<AliasState, { type: 'ClaimAlias'; alias: string; clientId: string }, AliasEvent> = {
  initialState: () => ({ clientId: null }),
  evolve: (_state, event) => ({ clientId: event.data.clientId }),
  decide(command, state) {
    if (state.clientId === command.clientId) return [];
    if (state.clientId) throw conflict('ALIAS_TAKEN', `@${command.alias} is already in use`);
    return [{ type: 'InstantPaymentAliasClaimed', data: { alias: command.alias, clientId: command.clientId } }];
  },
};

// ---- payment (its state machine) ----

/** INITIATED → DEBITED → (cross-bank: SETTLING → SETTLED | SETTLEMENT_FAILED) → COMPLETED | FAILED. */
export type PaymentStep = 'NEW' | 'INITIATED' | 'DEBITED' | 'SETTLING' | 'SETTLED' | 'SETTLEMENT_FAILED' | 'COMPLETED' | 'FAILED';

export interface PaymentState {
  step: PaymentStep;
  payment: PaymentParties | null;
  attempts: number;
  pending: { attempt: number; txHash: string; txBytes: string } | null;
  txHash: string | null;
  settledAt: string | null;
  failureCode: string | null;
  failureReason: string | null;
  finishedAt: string | null;
}

export const wireStatus = (step: PaymentStep): PaymentStatus => (step === 'COMPLETED' ? 'COMPLETED' : step === 'FAILED' ? 'FAILED' : 'PENDING');

export type PaymentCommand =
  | { type: 'InitiatePayment'; payment: PaymentParties }
  | { type: 'RecordDebit' }
  | { type: 'StartSettlement'; txHash: string; txBytes: string; from: string; to: string }
  | { type: 'AbandonSettlement'; txHash: string; reason: string }
  | { type: 'RecordSettlement'; txHash: string; height: number; settledAt: string }
  | { type: 'RecordSettlementFailure'; txHash: string | null; failureCode: string; reason: string }
  | { type: 'CompletePayment'; now: string }
  | { type: 'FailPayment'; failureCode: string; reason: string; now: string };

export const paymentDecider: Decider<PaymentState, PaymentCommand, PaymentEvent> = {
  initialState: () => ({
    step: 'NEW',
    payment: null,
    attempts: 0,
    pending: null,
    txHash: null,
    settledAt: null,
    failureCode: null,
    failureReason: null,
    finishedAt: null,
  }),
  evolve(state, event) {
    switch (event.type) {
      case 'InstantPaymentInitiated':
        return { ...state, step: 'INITIATED', payment: event.data };
      case 'InstantPaymentSenderDebited':
        return { ...state, step: 'DEBITED' };
      case 'InstantPaymentSettlementStarted':
        return { ...state, step: 'SETTLING', attempts: event.data.attempt, pending: { attempt: event.data.attempt, txHash: event.data.txHash, txBytes: event.data.txBytes } };
      case 'InstantPaymentSettlementAbandoned':
        return { ...state, step: 'DEBITED', pending: null };
      case 'InstantPaymentSettled':
        return { ...state, step: 'SETTLED', pending: null, txHash: event.data.txHash, settledAt: event.data.settledAt };
      case 'InstantPaymentSettlementFailed':
        return { ...state, step: 'SETTLEMENT_FAILED', pending: null, txHash: event.data.txHash, failureCode: event.data.failureCode, failureReason: event.data.reason };
      case 'InstantPaymentCompleted':
        return { ...state, step: 'COMPLETED', finishedAt: event.data.completedAt, settledAt: state.settledAt ?? event.data.completedAt };
      case 'InstantPaymentFailed':
        return { ...state, step: 'FAILED', failureCode: event.data.failureCode, failureReason: event.data.reason, finishedAt: event.data.failedAt };
    }
  },
  decide(command, state) {
    const paymentId = state.payment?.paymentId ?? '';
    const expect = (...steps: PaymentStep[]) => {
      if (!steps.includes(state.step)) throw conflict('PAYMENT_STATE_CONFLICT', `The payment is ${state.step}`);
    };
    switch (command.type) {
      case 'InitiatePayment':
        if (state.step !== 'NEW') return [];
        if (BigInt(command.payment.amount) <= 0n) throw businessRule('INVALID_AMOUNT', 'The amount must be positive');
        if (command.payment.senderClientId === command.payment.recipientClientId)
          throw businessRule('SELF_PAYMENT', 'A client cannot pay itself');
        return [{ type: 'InstantPaymentInitiated', data: command.payment }];
      case 'RecordDebit':
        if (state.step !== 'INITIATED') return [];
        return [{ type: 'InstantPaymentSenderDebited', data: { paymentId } }];
      case 'StartSettlement':
        expect('DEBITED');
        if (state.payment!.kind !== 'CROSS_ORGANIZATION') throw conflict('PAYMENT_STATE_CONFLICT', 'Only cross-bank payments settle on the chain');
        return [
          {
            type: 'InstantPaymentSettlementStarted',
            data: { paymentId, attempt: state.attempts + 1, txHash: command.txHash, txBytes: command.txBytes, from: command.from, to: command.to },
          },
        ];
      case 'AbandonSettlement':
        if (state.step !== 'SETTLING' || state.pending?.txHash !== command.txHash) return [];
        return [{ type: 'InstantPaymentSettlementAbandoned', data: { paymentId, attempt: state.pending.attempt, txHash: command.txHash, reason: command.reason } }];
      case 'RecordSettlement':
        if (state.step === 'SETTLED' && state.txHash === command.txHash) return [];
        expect('SETTLING');
        return [{ type: 'InstantPaymentSettled', data: { paymentId, txHash: command.txHash, height: command.height, settledAt: command.settledAt } }];
      case 'RecordSettlementFailure':
        if (state.step === 'SETTLEMENT_FAILED') return [];
        expect('DEBITED', 'SETTLING');
        return [{ type: 'InstantPaymentSettlementFailed', data: { paymentId, txHash: command.txHash, failureCode: command.failureCode, reason: command.reason } }];
      case 'CompletePayment':
        if (state.step === 'COMPLETED') return [];
        if (state.payment?.kind === 'INTERNAL') expect('DEBITED');
        else expect('SETTLED');
        return [{ type: 'InstantPaymentCompleted', data: { paymentId, completedAt: command.now } }];
      case 'FailPayment':
        if (state.step === 'FAILED') return [];
        expect('INITIATED', 'SETTLEMENT_FAILED');
        return [{ type: 'InstantPaymentFailed', data: { paymentId, failureCode: command.failureCode, reason: command.reason, failedAt: command.now } }];
    }
  },
};
