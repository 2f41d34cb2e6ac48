import { businessRule, conflict, notFound, unauthenticated } from '../errors';
import type { AliasEvent, BankLedgerEvent, BatchTransfer, PaymentParties } from './events';
import { LedgerClients } from './ledger-clients';

/**
 * Instant Payments rules, pure: no clock, no ids, no I/O. Facts the rules need (the bank's status,
 * the settlement account's balance, the recipient, a payment already recorded in the read model)
 * arrive inside the commands.
 *
 * The ledger's invariants, checked on every decision (docs/payments.md):
 * - no overdraft: a client's balance never goes below zero;
 * - conservation: a payment moves its amount from one client to another (or, cross-bank, to the
 *   bank's outgoing total until its batch settles); only cash-in, cash-out and demo starting
 *   balances change the bank's total, and only within the backing rule;
 * - backing: clientTotal + outgoingTotal never exceeds the settlement account's balance;
 * - exactly once: a payment id is decided once; a retry gets the first decision.
 */

/** Contract: lower-case, optional leading @, 3 to 30 characters of a-z 0-9 . _, starting with a letter. */
export const ALIAS_PATTERN = /^[a-z][a-z0-9._]{2,29}$/;

/** The stored form of an alias, or null when it is not a valid one. */
export function normalizeAlias(input: string): string | null {
  const alias = input.trim().toLowerCase().replace(/^@/, '');
  return ALIAS_PATTERN.test(alias) ? alias : null;
}

/** A client as its bank's ledger holds it: what the rules need (the name lives in the read model). */
export interface LedgerClient {
  clientId: string;
  alias: string | null;
  balance: bigint;
  active: boolean;
}

/** A cross-bank payment debited from its sender and not settled yet. */
export interface OutgoingPayment {
  paymentId: string;
  senderClientId: string;
  recipientOrganizationId: string;
  recipientClientId: string;
  amount: bigint;
  /** When it was made (settlement's latency is counted from it); null where a snapshot saved before it was kept held the payment. */
  createdAt: string | null;
}

export interface OpenBatch {
  batchNumber: number;
  txHash: string;
  txBytes: string;
  from: string;
  transfers: BatchTransfer[];
  payments: OutgoingPayment[];
}

/**
 * One bank's retail ledger. It is large (every client of the bank), so `evolve` updates it in place
 * instead of copying it; only the ledger's single writer holds it.
 */
export interface BankLedgerState {
  organizationId: string;
  /** Every client of the bank, and who holds each alias. */
  clients: LedgerClients;
  /** Sum of the clients' balances. */
  clientTotal: bigint;
  /** Outgoing cross-bank payments waiting for a batch, in the order they were sent. */
  due: Map<string, OutgoingPayment>;
  /** The batch signed and recorded but not resolved yet (at most one: its key signs in sequence). */
  openBatch: OpenBatch | null;
  /** Amount of the due payments and of the open batch: still owed to other banks. */
  outgoingTotal: bigint;
  /** Number of the last batch started. */
  batchNumber: number;
  /** Per sender bank, the last of its batches credited here (a batch is credited once). */
  creditedBatches: Map<string, number>;
  /** Revoked client tokens → their expiry (epoch ms). */
  revokedTokens: Map<string, number>;
  /** Payments decided here recently, by id (older ones are answered from the read model). */
  recentPayments: Map<string, PaymentParties>;
  /** Cash movements recorded here recently, by id (older ones are answered from the read model). */
  recentMovements: Set<string>;
}

export const initialLedger = (organizationId: string): BankLedgerState => ({
  organizationId,
  clients: new LedgerClients(),
  clientTotal: 0n,
  due: new Map(),
  openBatch: null,
  outgoingTotal: 0n,
  batchNumber: 0,
  creditedBatches: new Map(),
  revokedTokens: new Map(),
  recentPayments: new Map(),
  recentMovements: new Set(),
});

/** The bank as the rules need it: only an ACTIVE commercial bank takes clients and moves retail money. */
export interface BankFacts {
  status: string;
}

export interface Recipient {
  clientId: string;
  organizationId: string;
  alias: string;
  active: boolean;
}

export type BankLedgerCommand =
  | {
      type: 'RegisterClient';
      clientId: string;
      name: string;
      externalRef: string | null;
      demo: boolean;
      startingBalance: bigint;
      bank: BankFacts;
      settlementBalance: bigint;
    }
  | { type: 'ActivateAlias'; clientId: string; alias: string }
  | {
      type: 'CashIn';
      movementId: string;
      clientId: string;
      amount: bigint;
      reference: string | null;
      bank: BankFacts;
      settlementBalance: bigint;
      /** Whether the read model already holds this movement (recorded before the ledger's memory). */
      recorded: boolean;
    }
  | { type: 'CashOut'; movementId: string; clientId: string; amount: bigint; reference: string | null; bank: BankFacts; recorded: boolean }
  | { type: 'DeactivateClient'; clientId: string; now: string }
  | { type: 'RevokeClientToken'; clientId: string; tokenId: string; expiresAt: string }
  | {
      type: 'Pay';
      paymentId: string;
      senderClientId: string;
      /** The client token paying, when a token pays: one revoked since (by any process) pays nothing. */
      tokenId: string | null;
      recipient: Recipient | null;
      amount: bigint;
      reference: string | null;
      requestFingerprint: string | null;
      senderBank: BankFacts;
      recipientBank: BankFacts | null;
      /** The payment as the read model has it, when it was decided before this ledger's memory. */
      recorded: PaymentParties | null;
      now: string;
    }
  | { type: 'StartSettlementBatch'; batchNumber: number; txHash: string; txBytes: string; from: string; transfers: BatchTransfer[] }
  | { type: 'AbandonSettlementBatch'; txHash: string; reason: string }
  | { type: 'SettleBatch'; txHash: string; height: number; settledAt: string }
  | { type: 'FailSettlementBatch'; txHash: string | null; failureCode: string; reason: string; failedAt: string }
  | {
      type: 'ReceivePayments';
      senderOrganizationId: string;
      batchNumber: number;
      txHash: string;
      settledAt: string;
      payments: Array<{ paymentId: string; recipientClientId: string; amount: string }>;
    };

const requireActiveBank = (bank: BankFacts | null) => {
  if (!bank || bank.status !== 'ACTIVE') throw businessRule('ORGANIZATION_NOT_ACTIVE', 'The bank is not active');
};

const requireClient = (state: BankLedgerState, clientId: string): LedgerClient => {
  const client = state.clients.get(clientId);
  if (!client) throw notFound('Client');
  return client;
};

const requireActiveClient = (state: BankLedgerState, clientId: string): LedgerClient => {
  const client = requireClient(state, clientId);
  if (!client.active) throw businessRule('CLIENT_DEACTIVATED', 'The client is deactivated');
  return client;
};

const requirePositive = (amount: bigint) => {
  if (amount <= 0n) throw businessRule('INVALID_AMOUNT', 'The amount must be positive');
};

/** Settlement balance not yet held for clients or owed to other banks. */
export const headroom = (state: BankLedgerState, settlementBalance: bigint): bigint => settlementBalance - state.clientTotal - state.outgoingTotal;

const requireHeadroom = (state: BankLedgerState, settlementBalance: bigint, amount: bigint) => {
  if (amount > headroom(state, settlementBalance))
    throw businessRule('INSUFFICIENT_SETTLEMENT_LIQUIDITY', "The bank's settlement account does not back this amount");
};

/** A payment id decided before: the same request gets the first decision, another one is refused. */
const alreadyDecided = (existing: PaymentParties | null | undefined, fingerprint: string | null): boolean => {
  if (!existing) return false;
  if (fingerprint !== null && existing.requestFingerprint !== null && existing.requestFingerprint !== fingerprint)
    throw conflict('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used with another request');
  return true;
};

export function decide(command: BankLedgerCommand, state: BankLedgerState): BankLedgerEvent[] {
  const organizationId = state.organizationId;
  switch (command.type) {
    case 'RegisterClient': {
      if (state.clients.has(command.clientId)) return [];
      requireActiveBank(command.bank);
      if (command.startingBalance < 0n) throw businessRule('INVALID_AMOUNT', 'A starting balance is never negative');
      if (command.startingBalance > 0n) requireHeadroom(state, command.settlementBalance, command.startingBalance);
      return [
        {
          type: 'InstantPaymentClientRegistered',
          data: {
            clientId: command.clientId,
            organizationId,
            name: command.name,
            externalRef: command.externalRef,
            demo: command.demo,
            startingBalance: command.startingBalance.toString(),
          },
        },
      ];
    }
    case 'ActivateAlias': {
      const client = requireActiveClient(state, command.clientId);
      if (client.alias === command.alias) return [];
      if (client.alias) throw conflict('ALIAS_ALREADY_ACTIVATED', `This client already uses @${client.alias}`);
      if (state.clients.holding(command.alias)) throw conflict('ALIAS_TAKEN', `@${command.alias} is already in use`);
      return [{ type: 'InstantPaymentAliasActivated', data: { clientId: client.clientId, organizationId, alias: command.alias } }];
    }
    case 'CashIn': {
      // Exactly once per movement id: a retry of a recorded cash-in moves nothing again.
      if (command.recorded || state.recentMovements.has(command.movementId)) return [];
      requireActiveBank(command.bank);
      const client = requireActiveClient(state, command.clientId);
      requirePositive(command.amount);
      requireHeadroom(state, command.settlementBalance, command.amount);
      return [
        {
          type: 'InstantPaymentClientCashedIn',
          data: { movementId: command.movementId, clientId: client.clientId, organizationId, amount: command.amount.toString(), reference: command.reference },
        },
      ];
    }
    case 'CashOut': {
      if (command.recorded || state.recentMovements.has(command.movementId)) return [];
      requireActiveBank(command.bank);
      const client = requireActiveClient(state, command.clientId);
      requirePositive(command.amount);
      if (client.balance < command.amount) throw businessRule('INSUFFICIENT_FUNDS', 'The balance does not cover this cash-out');
      return [
        {
          type: 'InstantPaymentClientCashedOut',
          data: { movementId: command.movementId, clientId: client.clientId, organizationId, amount: command.amount.toString(), reference: command.reference },
        },
      ];
    }
    case 'DeactivateClient': {
      const client = requireClient(state, command.clientId);
      if (!client.active) return [];
      return [{ type: 'InstantPaymentClientDeactivated', data: { clientId: client.clientId, organizationId, deactivatedAt: command.now } }];
    }
    case 'RevokeClientToken': {
      const client = requireClient(state, command.clientId);
      if (state.revokedTokens.has(command.tokenId)) return [];
      return [{ type: 'InstantPaymentClientTokenRevoked', data: { clientId: client.clientId, organizationId, tokenId: command.tokenId, expiresAt: command.expiresAt } }];
    }
    case 'Pay':
      return decidePayment(command, state);
    case 'StartSettlementBatch': {
      if (state.openBatch) {
        if (state.openBatch.txHash === command.txHash) return [];
        throw conflict('SETTLEMENT_BATCH_OPEN', `Batch ${state.openBatch.batchNumber} is not resolved yet`);
      }
      if (command.batchNumber !== state.batchNumber + 1) throw conflict('SETTLEMENT_BATCH_OUT_OF_ORDER', `The next batch is ${state.batchNumber + 1}`);
      const covered = command.transfers.flatMap((transfer) => transfer.payments);
      if (covered.length === 0 || covered.some((payment) => !state.due.has(payment.paymentId)))
        throw conflict('SETTLEMENT_BATCH_STALE', 'The batch covers payments that are not due');
      return [
        {
          type: 'InstantPaymentSettlementBatchStarted',
          data: { organizationId, batchNumber: command.batchNumber, txHash: command.txHash, txBytes: command.txBytes, from: command.from, transfers: command.transfers },
        },
      ];
    }
    case 'AbandonSettlementBatch': {
      const batch = state.openBatch;
      if (!batch || batch.txHash !== command.txHash) return [];
      return [{ type: 'InstantPaymentSettlementBatchAbandoned', data: { organizationId, batchNumber: batch.batchNumber, txHash: batch.txHash, reason: command.reason } }];
    }
    case 'SettleBatch': {
      const batch = state.openBatch;
      if (!batch || batch.txHash !== command.txHash) return [];
      return [
        {
          type: 'InstantPaymentSettlementBatchSettled',
          data: { organizationId, batchNumber: batch.batchNumber, txHash: batch.txHash, height: command.height, settledAt: command.settledAt },
        },
      ];
    }
    case 'FailSettlementBatch': {
      const batch = state.openBatch;
      if (!batch || (command.txHash !== null && batch.txHash !== command.txHash)) return [];
      return [
        {
          type: 'InstantPaymentSettlementBatchFailed',
          data: { organizationId, batchNumber: batch.batchNumber, txHash: command.txHash, failureCode: command.failureCode, reason: command.reason, failedAt: command.failedAt },
        },
      ];
    }
    case 'ReceivePayments': {
      if ((state.creditedBatches.get(command.senderOrganizationId) ?? 0) >= command.batchNumber) return [];
      for (const payment of command.payments) requireClient(state, payment.recipientClientId);
      return [
        {
          type: 'InstantPaymentsReceived',
          data: {
            organizationId,
            senderOrganizationId: command.senderOrganizationId,
            batchNumber: command.batchNumber,
            txHash: command.txHash,
            settledAt: command.settledAt,
            payments: command.payments,
          },
        },
      ];
    }
  }
}

function decidePayment(command: Extract<BankLedgerCommand, { type: 'Pay' }>, state: BankLedgerState): BankLedgerEvent[] {
  if (alreadyDecided(state.recentPayments.get(command.paymentId) ?? command.recorded, command.requestFingerprint)) return [];
  const sender = requireActiveClient(state, command.senderClientId);
  if (command.tokenId !== null && state.revokedTokens.has(command.tokenId)) throw unauthenticated('This client token was revoked');
  if (!sender.alias) throw businessRule('ALIAS_NOT_ACTIVATED', 'Register an @alias before sending payments');
  requirePositive(command.amount);
  const recipient = command.recipient;
  if (recipient?.clientId === sender.clientId) throw businessRule('SELF_PAYMENT', 'A client cannot pay itself');
  if (!recipient || !recipient.active) throw businessRule('RECIPIENT_NOT_FOUND', 'No active client uses this alias');
  requireActiveBank(command.senderBank);
  requireActiveBank(command.recipientBank);
  if (sender.balance < command.amount) throw businessRule('INSUFFICIENT_FUNDS', 'The balance does not cover this payment');
  const internal = recipient.organizationId === state.organizationId;
  const payment: PaymentParties = {
    paymentId: command.paymentId,
    kind: internal ? 'INTERNAL' : 'CROSS_ORGANIZATION',
    amount: command.amount.toString(),
    reference: command.reference,
    senderClientId: sender.clientId,
    senderOrganizationId: state.organizationId,
    senderAlias: sender.alias,
    recipientClientId: recipient.clientId,
    recipientOrganizationId: recipient.organizationId,
    recipientAlias: recipient.alias,
    createdAt: command.now,
    requestFingerprint: command.requestFingerprint,
  };
  if (internal) requireActiveClient(state, recipient.clientId);
  return [{ type: internal ? 'InstantPaymentTransferred' : 'InstantPaymentSent', data: payment }];
}

const credit = (state: BankLedgerState, clientId: string, amount: bigint) => {
  state.clients.credit(clientId, amount);
  state.clientTotal += amount;
};

/** Applies one event to the ledger in place and returns it. */
export function evolve(state: BankLedgerState, event: BankLedgerEvent): BankLedgerState {
  switch (event.type) {
    case 'InstantPaymentClientRegistered':
      state.clients.put({ clientId: event.data.clientId, alias: null, balance: 0n, active: true });
      credit(state, event.data.clientId, BigInt(event.data.startingBalance));
      break;
    case 'InstantPaymentAliasActivated':
      state.clients.setAlias(event.data.clientId, event.data.alias);
      break;
    case 'InstantPaymentClientCashedIn':
      credit(state, event.data.clientId, BigInt(event.data.amount));
      state.recentMovements.add(event.data.movementId);
      break;
    case 'InstantPaymentClientCashedOut':
      credit(state, event.data.clientId, -BigInt(event.data.amount));
      state.recentMovements.add(event.data.movementId);
      break;
    case 'InstantPaymentClientDeactivated':
      state.clients.deactivate(event.data.clientId);
      break;
    case 'InstantPaymentClientTokenRevoked':
      state.revokedTokens.set(event.data.tokenId, Date.parse(event.data.expiresAt));
      break;
    case 'InstantPaymentTransferred': {
      const amount = BigInt(event.data.amount);
      credit(state, event.data.senderClientId, -amount);
      credit(state, event.data.recipientClientId, amount);
      state.recentPayments.set(event.data.paymentId, event.data);
      break;
    }
    case 'InstantPaymentSent': {
      const amount = BigInt(event.data.amount);
      credit(state, event.data.senderClientId, -amount);
      state.due.set(event.data.paymentId, {
        paymentId: event.data.paymentId,
        senderClientId: event.data.senderClientId,
        recipientOrganizationId: event.data.recipientOrganizationId,
        recipientClientId: event.data.recipientClientId,
        amount,
        createdAt: event.data.createdAt,
      });
      state.outgoingTotal += amount;
      state.recentPayments.set(event.data.paymentId, event.data);
      break;
    }
    case 'InstantPaymentSettlementBatchStarted': {
      const payments = event.data.transfers.flatMap((transfer) => transfer.payments.map((payment) => state.due.get(payment.paymentId)!));
      for (const payment of payments) state.due.delete(payment.paymentId);
      state.openBatch = { batchNumber: event.data.batchNumber, txHash: event.data.txHash, txBytes: event.data.txBytes, from: event.data.from, transfers: event.data.transfers, payments };
      state.batchNumber = event.data.batchNumber;
      break;
    }
    case 'InstantPaymentSettlementBatchAbandoned': {
      // Back in front of the queue, in their original order.
      const again = new Map(state.openBatch!.payments.map((payment) => [payment.paymentId, payment]));
      for (const [id, payment] of state.due) again.set(id, payment);
      state.due = again;
      state.openBatch = null;
      break;
    }
    case 'InstantPaymentSettlementBatchSettled':
      state.outgoingTotal -= batchTotal(state.openBatch!);
      state.openBatch = null;
      break;
    case 'InstantPaymentSettlementBatchFailed':
      for (const payment of state.openBatch!.payments) credit(state, payment.senderClientId, payment.amount);
      state.outgoingTotal -= batchTotal(state.openBatch!);
      state.openBatch = null;
      break;
    case 'InstantPaymentsReceived':
      for (const payment of event.data.payments) credit(state, payment.recipientClientId, BigInt(payment.amount));
      state.creditedBatches.set(event.data.senderOrganizationId, event.data.batchNumber);
      break;
  }
  return state;
}

const batchTotal = (batch: OpenBatch) => batch.payments.reduce((sum, payment) => sum + payment.amount, 0n);

/** The clients whose entries `evolve` changes for the event. */
export function clientsChangedBy(state: BankLedgerState, event: BankLedgerEvent): string[] {
  switch (event.type) {
    case 'InstantPaymentClientRegistered':
    case 'InstantPaymentAliasActivated':
    case 'InstantPaymentClientCashedIn':
    case 'InstantPaymentClientCashedOut':
    case 'InstantPaymentClientDeactivated':
      return [event.data.clientId];
    case 'InstantPaymentTransferred':
      return [event.data.senderClientId, event.data.recipientClientId];
    case 'InstantPaymentSent':
      return [event.data.senderClientId];
    case 'InstantPaymentSettlementBatchFailed':
      return state.openBatch?.payments.map((payment) => payment.senderClientId) ?? [];
    case 'InstantPaymentsReceived':
      return event.data.payments.map((payment) => payment.recipientClientId);
    default:
      return [];
  }
}

/** Puts a keyed entry back as it was: present with its value, or absent. */
function entryRestorer<K, V>(map: Map<K, V>, key: K): () => void {
  const had = map.has(key);
  const value = map.get(key);
  return () => (had ? map.set(key, value as V) : map.delete(key));
}

/**
 * What `evolve` is about to change with the event, kept so that it can be put back: called just
 * before `evolve(state, event)`, it returns the function that undoes it. A round whose append failed
 * takes its decisions back with these, newest first, and so costs what the round changed, not a
 * reload of every client of the bank from its snapshot. Exact: after the undo the state equals the
 * state before (`backing.property.test.ts`).
 */
export function undoOf(state: BankLedgerState, event: BankLedgerEvent): () => void {
  const { clientTotal, outgoingTotal, batchNumber, openBatch, due } = state;
  const clients = clientsChangedBy(state, event).map((clientId) => ({ clientId, before: state.clients.get(clientId) }));
  const entries: Array<() => void> = [];
  switch (event.type) {
    case 'InstantPaymentClientCashedIn':
    case 'InstantPaymentClientCashedOut': {
      const { movementId } = event.data;
      const had = state.recentMovements.has(movementId);
      entries.push(() => (had ? state.recentMovements.add(movementId) : state.recentMovements.delete(movementId)));
      break;
    }
    case 'InstantPaymentClientTokenRevoked':
      entries.push(entryRestorer(state.revokedTokens, event.data.tokenId));
      break;
    case 'InstantPaymentTransferred':
      entries.push(entryRestorer(state.recentPayments, event.data.paymentId));
      break;
    case 'InstantPaymentSent':
      entries.push(entryRestorer(state.recentPayments, event.data.paymentId), entryRestorer(due, event.data.paymentId));
      break;
    case 'InstantPaymentSettlementBatchStarted': {
      // It takes payments out of the due ones in place; their order is the order they were sent in.
      const dueBefore = [...due];
      entries.push(() => {
        due.clear();
        for (const [paymentId, payment] of dueBefore) due.set(paymentId, payment);
      });
      break;
    }
    case 'InstantPaymentsReceived':
      entries.push(entryRestorer(state.creditedBatches, event.data.senderOrganizationId));
      break;
  }
  return () => {
    for (const { clientId, before } of clients) {
      if (before) state.clients.put(before);
      else state.clients.delete(clientId);
    }
    for (const restore of entries) restore();
    Object.assign(state, { clientTotal, outgoingTotal, batchNumber, openBatch, due });
  };
}

/**
 * The next batch of the due payments: one transfer per recipient bank (one MsgSend each), at most
 * `maxPayments` payments. `settlementAddresses` gives each recipient bank's account; payments to a
 * bank without one stay due.
 */
export function nextBatchTransfers(state: BankLedgerState, settlementAddresses: Map<string, string>, maxPayments: number): BatchTransfer[] {
  const transfers = new Map<string, BatchTransfer>();
  let count = 0;
  for (const payment of state.due.values()) {
    if (count === maxPayments) break;
    const to = settlementAddresses.get(payment.recipientOrganizationId);
    if (!to) continue;
    let transfer = transfers.get(payment.recipientOrganizationId);
    if (!transfer) transfers.set(payment.recipientOrganizationId, (transfer = { organizationId: payment.recipientOrganizationId, to, amount: '0', payments: [] }));
    transfer.amount = (BigInt(transfer.amount) + payment.amount).toString();
    transfer.payments.push({ paymentId: payment.paymentId, recipientClientId: payment.recipientClientId, amount: payment.amount.toString() });
    count++;
  }
  return [...transfers.values()];
}

// ---- alias (global uniqueness guard) ----

export interface AliasState {
  holder: { clientId: string; organizationId: string } | null;
}

export type AliasCommand =
  | { type: 'ClaimAlias'; alias: string; clientId: string; organizationId: string }
  | { type: 'ReleaseAlias'; alias: string; clientId: string };

export const aliasDecider = {
  initialState: (): AliasState => ({ holder: null }),
  evolve: (_state: AliasState, event: AliasEvent): AliasState =>
    event.type === 'InstantPaymentAliasClaimed' ? { holder: { clientId: event.data.clientId, organizationId: event.data.organizationId } } : { holder: null },
  decide(command: AliasCommand, state: AliasState): AliasEvent[] {
    if (command.type === 'ReleaseAlias')
      return state.holder?.clientId === command.clientId ? [{ type: 'InstantPaymentAliasReleased', data: { alias: command.alias, clientId: command.clientId } }] : [];
    if (state.holder?.clientId === command.clientId) return [];
    if (state.holder) throw conflict('ALIAS_TAKEN', `@${command.alias} is already in use`);
    return [{ type: 'InstantPaymentAliasClaimed', data: { alias: command.alias, clientId: command.clientId, organizationId: command.organizationId } }];
  },
};
