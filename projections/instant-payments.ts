import type { Knex } from 'knex';
import { positional, type InlineStatement, type InlineWrite, type NewEvent, type RecordedEvent } from '../write-side/event-store/event-store';
import { INSTANT_PAYMENT_EVENT_TYPES, type InstantPaymentEvent, type PaymentParties } from '../write-side/instant-payments/events';
import { insertRows, unnested, type Columns } from './column-arrays';
import type { Projection } from './projection';

interface ClientRow {
  id: string;
  organization_id: string;
  name: string;
  alias: string | null;
  external_ref: string | null;
  demo: boolean;
  active: boolean;
  balance: string;
  /** The payments its movements list shows: those it sent, and those it received once COMPLETED. */
  movements: number;
  created_at: string;
  updated_at: string;
}

interface ClientChange {
  id: string;
  delta: bigint;
  movements: number;
  alias: string | null;
  active: boolean | null;
  at: string;
}

interface PaymentRow {
  id: string;
  kind: string;
  status: string;
  amount: string;
  reference: string | null;
  sender_client_id: string;
  sender_organization_id: string;
  sender_alias: string;
  recipient_client_id: string;
  recipient_organization_id: string;
  recipient_alias: string;
  request_fingerprint: string | null;
  failure_code: string | null;
  tx_hash: string | null;
  created_at: string;
  settled_at: string | null;
  updated_at: string;
}

type PaymentChange = Partial<Pick<PaymentRow, 'status' | 'failure_code' | 'tx_hash' | 'settled_at'>> & { id: string; updated_at: string };

/** A settlement batch that has started and is not yet settled, abandoned or failed, with its payments. */
interface OpenBatchRow {
  organization_id: string;
  batch_number: number;
  payment_ids: string[];
}

interface CashMovementRow {
  id: string;
  kind: string;
  client_id: string;
  organization_id: string;
  amount: string;
  reference: string | null;
  created_at: string;
}

interface TotalChange {
  organization_id: string;
  kind: string;
  status: string;
  count: number;
}

/** Payments on either side of a bank (its Transactions tab) by kind and status, counted by the bank ledger that recorded the change. */
interface BankPaymentsChange {
  organization_id: string;
  counted_by: string;
  kind: string;
  status: string;
  payments: number;
}

/** Settled payments of a bank (either side) in one UTC hour of one kind, counted by the bank ledger that recorded their settlement. */
interface SettledHourChange {
  organization_id: string;
  counted_by: string;
  hour: string;
  kind: string;
  volume: bigint;
  payments: number;
}

/** The length of the settled hours' buckets (`ip_settled_payment_hours`), which the read side sums. */
export const HOUR_MS = 3_600_000;
/** The UTC hour a time falls in, as ISO 8601. */
const hourOf = (time: string) => new Date(Math.floor(Date.parse(time) / HOUR_MS) * HOUR_MS).toISOString();

const batchKey = (organizationId: string, batchNumber: number) => `${organizationId} ${batchNumber}`;

/** A statement of the projection; an update names how many rows it changes, and what it means when it finds fewer. */
type CheckedStatement = InlineStatement & { rows?: number; diverged?: string };

/**
 * The log holds a change to a client or a payment before the event that creates its row: a balance
 * change (or a payment's completion) would be lost without a trace, or applied in one batch and lost
 * in another, and the balances no longer add up to what was funded. Raised in the runner's batches
 * (an update that finds fewer rows than it changes) and by the fold (a change before the row's
 * creation in one batch), so that the projection stops at that event and the failure is recorded
 * (health check, alerts) rather than the model drifting from the log. A bank ledger's stream
 * registers a client before any of its payments, so the ledger never writes such a log; a store
 * filled some other way can (bench:read's generator once did).
 */
export class ReadModelDiverged extends Error {
  constructor(message: string) {
    super(`the Instant Payments read model diverged from the log: ${message}`);
    this.name = 'ReadModelDiverged';
  }
}

const CLIENT_COLUMNS: Columns<ClientRow> = [
  ['id', 'text'],
  ['organization_id', 'text'],
  ['name', 'text'],
  ['alias', 'text'],
  ['external_ref', 'text'],
  ['demo', 'boolean'],
  ['active', 'boolean'],
  ['balance', 'numeric'],
  ['movements', 'bigint'],
  ['created_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const PAYMENT_COLUMNS: Columns<PaymentRow> = [
  ['id', 'text'],
  ['kind', 'text'],
  ['status', 'text'],
  ['amount', 'numeric'],
  ['reference', 'text'],
  ['sender_client_id', 'text'],
  ['sender_organization_id', 'text'],
  ['sender_alias', 'text'],
  ['recipient_client_id', 'text'],
  ['recipient_organization_id', 'text'],
  ['recipient_alias', 'text'],
  ['request_fingerprint', 'text'],
  ['failure_code', 'text'],
  ['tx_hash', 'text'],
  ['created_at', 'timestamptz'],
  ['settled_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const CASH_MOVEMENT_COLUMNS: Columns<CashMovementRow> = [
  ['id', 'text'],
  ['kind', 'text'],
  ['client_id', 'text'],
  ['organization_id', 'text'],
  ['amount', 'numeric'],
  ['reference', 'text'],
  ['created_at', 'timestamptz'],
];

/** What a bank's search of its clients reads (`ip_client_search`): written when a name or alias is, never by a payment. */
type ClientSearchRow = Pick<ClientRow, 'id' | 'organization_id' | 'name' | 'alias'>;

const CLIENT_SEARCH_COLUMNS: Columns<ClientSearchRow> = [
  ['id', 'text'],
  ['organization_id', 'text'],
  ['name', 'text'],
  ['alias', 'text'],
];

const ALIAS_COLUMNS: Columns<Pick<ClientChange, 'id' | 'alias'>> = [
  ['id', 'text'],
  ['alias', 'text'],
];

const CLIENT_CHANGE_COLUMNS: Columns<ClientChange> = [
  ['id', 'text'],
  ['delta', 'numeric'],
  ['movements', 'bigint'],
  ['alias', 'text'],
  ['active', 'boolean'],
  ['at', 'timestamptz'],
];

const PAYMENT_CHANGE_COLUMNS: Columns<PaymentChange> = [
  ['id', 'text'],
  ['status', 'text'],
  ['tx_hash', 'text'],
  ['settled_at', 'timestamptz'],
  ['updated_at', 'timestamptz'],
];

const BANK_CLIENTS_COLUMNS: Columns<{ organization_id: string; clients: number }> = [
  ['organization_id', 'text'],
  ['clients', 'bigint'],
];

const TOTAL_COLUMNS: Columns<TotalChange> = [
  ['organization_id', 'text'],
  ['kind', 'text'],
  ['status', 'text'],
  ['count', 'bigint'],
];

const BANK_PAYMENTS_COLUMNS: Columns<BankPaymentsChange> = [
  ['organization_id', 'text'],
  ['counted_by', 'text'],
  ['kind', 'text'],
  ['status', 'text'],
  ['payments', 'bigint'],
];

const SETTLED_HOUR_COLUMNS: Columns<SettledHourChange> = [
  ['organization_id', 'text'],
  ['counted_by', 'text'],
  ['hour', 'timestamptz'],
  ['kind', 'text'],
  ['volume', 'numeric'],
  ['payments', 'bigint'],
];

const SETTLED_CROSS_COLUMNS: Columns<{ id: string; counted_by: string }> = [
  ['id', 'text'],
  ['counted_by', 'text'],
];

const CLOSED_BATCH_COLUMNS: Columns<Pick<OpenBatchRow, 'organization_id' | 'batch_number'>> = [
  ['organization_id', 'text'],
  ['batch_number', 'integer'],
];

/**
 * Folds a batch of events into row changes in memory, then writes them with one statement per table
 * and kind of change (inserts, updates) for the whole batch: the projection's cost per event is a
 * few map operations, not a round trip.
 */
class Changes {
  readonly newClients = new Map<string, ClientRow>();
  readonly clients = new Map<string, ClientChange>();
  readonly newPayments = new Map<string, PaymentRow>();
  readonly payments = new Map<string, PaymentChange>();
  /** Batches started: one row each, which a failure refunds by (rather than a batch number on each payment's row). */
  readonly startedBatches = new Map<string, OpenBatchRow>();
  /** Batches settled or abandoned whose row an earlier batch of events wrote: deleted. */
  readonly closedBatches = new Map<string, Pick<OpenBatchRow, 'organization_id' | 'batch_number'>>();
  /** Failed settlement batches: their payments FAILED and their senders refunded, found by their batch's row. */
  readonly failedBatches: Array<{ organizationId: string; batchNumber: number; failureCode: string; txHash: string | null; at: string }> = [];
  readonly cashMovements: CashMovementRow[] = [];
  /**
   * Changes to the payment counts, by the ledger that recorded them (its bank), kind and status. A key
   * is kept even when its changes cancel out, so that the rows a rebuild writes are those the live
   * rounds wrote, however the events were batched.
   */
  readonly totals = new Map<string, TotalChange>();

  /**
   * Payments listed on either side of each bank, by kind and status: a payment counts for its sender's
   * bank and for its recipient's when that is another, each change counted by the ledger that recorded
   * it (the sender's its payments and their failure, the recipient's their completion) in a row per
   * (bank, counting ledger, kind, status), so that each row has a single writer as the totals above have.
   */
  readonly bankPayments = new Map<string, BankPaymentsChange>();

  /**
   * Settled payments by bank, UTC hour of their making and kind (the dashboards' sums), counted by the
   * ledger that recorded the settlement, as the counts above.
   */
  readonly settledHours = new Map<string, SettledHourChange>();
  /**
   * Cross-bank payments completed, with the recipient's ledger that counts them: their hour, amount and
   * banks are read from their rows (a receipt names a payment, not when it was made).
   */
  readonly settledCross: Array<{ id: string; counted_by: string }> = [];

  /** An internal payment, settled when made: counted in its hour by its bank's ledger, for that bank. */
  settledWhenMade(payment: PaymentParties): void {
    const hour = hourOf(payment.createdAt);
    const key = `${payment.senderOrganizationId} ${hour} ${payment.kind}`;
    const current = this.settledHours.get(key);
    if (current) {
      current.volume += BigInt(payment.amount);
      current.payments += 1;
    } else
      this.settledHours.set(key, {
        organization_id: payment.senderOrganizationId,
        counted_by: payment.senderOrganizationId,
        hour,
        kind: payment.kind,
        volume: BigInt(payment.amount),
        payments: 1,
      });
  }

  bankPayment(organizationId: string, countedBy: string, kind: string, status: string, change: number): void {
    const key = `${organizationId} ${countedBy} ${kind} ${status}`;
    const current = this.bankPayments.get(key);
    if (current) current.payments += change;
    else this.bankPayments.set(key, { organization_id: organizationId, counted_by: countedBy, kind, status, payments: change });
  }

  /** A payment's change of status, on the lists of both its banks, as the recording ledger counts it. */
  bankPaymentStatus(parties: { sender: string; recipient: string }, countedBy: string, kind: string, from: string, to: string): void {
    for (const bank of new Set([parties.sender, parties.recipient])) {
      this.bankPayment(bank, countedBy, kind, from, -1);
      this.bankPayment(bank, countedBy, kind, to, 1);
    }
  }

  total(organizationId: string, kind: string, status: string, change: number): void {
    const key = `${organizationId} ${kind} ${status}`;
    const current = this.totals.get(key);
    if (current) current.count += change;
    else this.totals.set(key, { organization_id: organizationId, kind, status, count: change });
  }

  client(id: string, at: string, change: { delta?: bigint; movements?: number; alias?: string; active?: boolean }): void {
    const inserted = this.newClients.get(id);
    if (inserted) {
      inserted.balance = (BigInt(inserted.balance) + (change.delta ?? 0n)).toString();
      inserted.movements += change.movements ?? 0;
      if (change.alias !== undefined) inserted.alias = change.alias;
      if (change.active !== undefined) inserted.active = change.active;
      inserted.updated_at = at;
      return;
    }
    const current = this.clients.get(id) ?? { id, delta: 0n, movements: 0, alias: null, active: null, at };
    current.delta += change.delta ?? 0n;
    current.movements += change.movements ?? 0;
    if (change.alias !== undefined) current.alias = change.alias;
    if (change.active !== undefined) current.active = change.active;
    current.at = at;
    this.clients.set(id, current);
  }

  payment(id: string, change: Omit<PaymentChange, 'id'>): void {
    const inserted = this.newPayments.get(id);
    if (inserted) {
      Object.assign(inserted, change);
      return;
    }
    this.payments.set(id, { ...this.payments.get(id), ...change, id });
  }

  /** A batch settled or abandoned: its row goes, or is never written when it started in these same events. */
  closeBatch(organizationId: string, batchNumber: number): void {
    const key = batchKey(organizationId, batchNumber);
    if (!this.startedBatches.delete(key)) this.closedBatches.set(key, { organization_id: organizationId, batch_number: batchNumber });
  }

  insertPayment(payment: PaymentParties, status: string, at: string): void {
    // Its completion folded before it: the update would find the row inserted here, hiding the order.
    if (this.payments.has(payment.paymentId)) throw new ReadModelDiverged(`payment ${payment.paymentId} changed before it was recorded`);
    this.total(payment.senderOrganizationId, payment.kind, status, 1);
    for (const bank of new Set([payment.senderOrganizationId, payment.recipientOrganizationId])) this.bankPayment(bank, payment.senderOrganizationId, payment.kind, status, 1);
    this.newPayments.set(payment.paymentId, {
      id: payment.paymentId,
      kind: payment.kind,
      status,
      amount: payment.amount,
      reference: payment.reference,
      sender_client_id: payment.senderClientId,
      sender_organization_id: payment.senderOrganizationId,
      sender_alias: payment.senderAlias,
      recipient_client_id: payment.recipientClientId,
      recipient_organization_id: payment.recipientOrganizationId,
      recipient_alias: payment.recipientAlias,
      request_fingerprint: payment.requestFingerprint,
      failure_code: null,
      tx_hash: null,
      created_at: payment.createdAt,
      settled_at: status === 'COMPLETED' ? payment.createdAt : null,
      updated_at: at,
    });
  }

  fold(recorded: NewEvent): void {
    const event = recorded as unknown as InstantPaymentEvent;
    const at = recorded.metadata.occurredAt;
    switch (event.type) {
      case 'InstantPaymentClientRegistered':
        if (this.clients.has(event.data.clientId)) throw new ReadModelDiverged(`client ${event.data.clientId} changed before it was registered`);
        this.newClients.set(event.data.clientId, {
          id: event.data.clientId,
          organization_id: event.data.organizationId,
          name: event.data.name,
          alias: null,
          external_ref: event.data.externalRef,
          demo: event.data.demo,
          active: true,
          balance: event.data.startingBalance,
          movements: 0,
          created_at: at,
          updated_at: at,
        });
        return;
      case 'InstantPaymentAliasActivated':
        return this.client(event.data.clientId, at, { alias: event.data.alias });
      case 'InstantPaymentClientCashedIn':
      case 'InstantPaymentClientCashedOut': {
        const cashIn = event.type === 'InstantPaymentClientCashedIn';
        this.cashMovements.push({
          id: event.data.movementId,
          kind: cashIn ? 'CASH_IN' : 'CASH_OUT',
          client_id: event.data.clientId,
          organization_id: event.data.organizationId,
          amount: event.data.amount,
          reference: event.data.reference,
          created_at: at,
        });
        return this.client(event.data.clientId, at, { delta: cashIn ? BigInt(event.data.amount) : -BigInt(event.data.amount) });
      }
      case 'InstantPaymentClientDeactivated':
        return this.client(event.data.clientId, at, { active: false });
      case 'InstantPaymentClientTokenRevoked':
      case 'InstantPaymentAliasClaimed':
      case 'InstantPaymentAliasReleased':
        return; // the ledger's and the guard's own bookkeeping
      case 'InstantPaymentSettlementBatchSettled':
      case 'InstantPaymentSettlementBatchAbandoned':
        // Received completed a settled batch's payments; an abandoned one's are due again, in a later batch.
        return this.closeBatch(event.data.organizationId, event.data.batchNumber);
      case 'InstantPaymentTransferred': {
        // Listed once for a client that pays itself.
        const toItself = event.data.recipientClientId === event.data.senderClientId;
        this.client(event.data.senderClientId, at, { delta: -BigInt(event.data.amount), movements: 1 });
        this.client(event.data.recipientClientId, at, { delta: BigInt(event.data.amount), movements: toItself ? 0 : 1 });
        this.settledWhenMade(event.data);
        return this.insertPayment(event.data, 'COMPLETED', at);
      }
      case 'InstantPaymentSent':
        this.client(event.data.senderClientId, at, { delta: -BigInt(event.data.amount), movements: 1 });
        return this.insertPayment(event.data, 'PENDING', at);
      case 'InstantPaymentSettlementBatchStarted':
        this.startedBatches.set(batchKey(event.data.organizationId, event.data.batchNumber), {
          organization_id: event.data.organizationId,
          batch_number: event.data.batchNumber,
          payment_ids: event.data.transfers.flatMap((transfer) => transfer.payments.map((payment) => payment.paymentId)),
        });
        return;
      case 'InstantPaymentSettlementBatchFailed':
        this.failedBatches.push({ organizationId: event.data.organizationId, batchNumber: event.data.batchNumber, failureCode: event.data.failureCode, txHash: event.data.txHash, at });
        return;
      case 'InstantPaymentsReceived':
        for (const payment of event.data.payments) {
          this.total(event.data.organizationId, 'CROSS_ORGANIZATION', 'PENDING', -1);
          this.total(event.data.organizationId, 'CROSS_ORGANIZATION', 'COMPLETED', 1);
          this.bankPaymentStatus({ sender: event.data.senderOrganizationId, recipient: event.data.organizationId }, event.data.organizationId, 'CROSS_ORGANIZATION', 'PENDING', 'COMPLETED');
          this.client(payment.recipientClientId, at, { delta: BigInt(payment.amount), movements: 1 });
          this.payment(payment.paymentId, { status: 'COMPLETED', tx_hash: event.data.txHash, settled_at: event.data.settledAt, updated_at: at });
          this.settledCross.push({ id: payment.paymentId, counted_by: event.data.organizationId });
        }
        return;
    }
  }

  /** The clients registered, counted per bank (the rows of `ip_bank_clients` they add to). */
  private registeredByBank(): Array<{ organization_id: string; clients: number }> {
    const byBank = new Map<string, number>();
    for (const client of this.newClients.values()) byBank.set(client.organization_id, (byBank.get(client.organization_id) ?? 0) + 1);
    return [...byBank].map(([organization_id, clients]) => ({ organization_id, clients }));
  }

  /**
   * One statement per table and kind of change, `from` put before each one's source of rows (the
   * inline form joins `landed`); `?` placeholders. A failed batch's refund is not among them. An
   * update's source is an unnested array, whose rows the planner estimates even in a generic plan, so it
   * finds each row by its primary key (a jsonb document had needed its ids again as a list, or the
   * whole table was scanned).
   */
  private statements(from: string): CheckedStatement[] {
    const statements: CheckedStatement[] = [];
    if (this.newClients.size > 0) {
      const clients = [...this.newClients.values()];
      statements.push(insertRows('ip_clients', CLIENT_COLUMNS, clients, from), insertRows('ip_client_search', CLIENT_SEARCH_COLUMNS, clients, from));
      const registered = unnested(BANK_CLIENTS_COLUMNS, this.registeredByBank());
      statements.push({
        // In key order, as the totals below.
        sql: `insert into ip_bank_clients (organization_id, clients)
              select v.organization_id, v.clients from ${from}${registered.source}
               order by v.organization_id
              on conflict (organization_id) do update set clients = ip_bank_clients.clients + excluded.clients`,
        values: registered.values,
      });
    }
    if (this.clients.size > 0) {
      const changes = unnested(CLIENT_CHANGE_COLUMNS, [...this.clients.values()]);
      statements.push({
        sql: `update ip_clients c set balance = c.balance + v.delta, movements = c.movements + v.movements, alias = coalesce(v.alias, c.alias), active = coalesce(v.active, c.active), updated_at = v.at
                from ${from}${changes.source}
               where c.id = v.id`,
        values: changes.values,
        rows: this.clients.size,
        diverged: 'a client change found no client row',
      });
      const aliased = [...this.clients.values()].filter((change) => change.alias !== null);
      if (aliased.length > 0) {
        const aliases = unnested(ALIAS_COLUMNS, aliased);
        statements.push({
          sql: `update ip_client_search s set alias = v.alias from ${from}${aliases.source} where s.id = v.id`,
          values: aliases.values,
          rows: aliased.length,
          diverged: 'an alias found no client to search by',
        });
      }
    }
    if (this.newPayments.size > 0) statements.push(insertRows('ip_payments', PAYMENT_COLUMNS, [...this.newPayments.values()], from));
    if (this.payments.size > 0) {
      const changes = unnested(PAYMENT_CHANGE_COLUMNS, [...this.payments.values()]);
      statements.push({
        sql: `update ip_payments p set status = coalesce(v.status, p.status),
                     tx_hash = coalesce(v.tx_hash, p.tx_hash), settled_at = coalesce(v.settled_at, p.settled_at), updated_at = v.updated_at
                from ${from}${changes.source}
               where p.id = v.id`,
        values: changes.values,
        rows: this.payments.size,
        diverged: 'a payment change found no payment row',
      });
    }
    if (this.totals.size > 0) {
      const changes = unnested(TOTAL_COLUMNS, [...this.totals.values()]);
      statements.push({
        // In key order, so that any two writers of the same rows lock them in the same order.
        sql: `insert into ip_payment_totals (organization_id, kind, status, count)
              select v.organization_id, v.kind, v.status, v.count
                from ${from}${changes.source}
               order by v.organization_id, v.kind, v.status
              on conflict (organization_id, kind, status) do update set count = ip_payment_totals.count + excluded.count`,
        values: changes.values,
      });
    }
    if (this.bankPayments.size > 0) {
      const changes = unnested(BANK_PAYMENTS_COLUMNS, [...this.bankPayments.values()]);
      statements.push({
        // In key order, as the totals.
        sql: `insert into ip_bank_payment_counts (organization_id, counted_by, kind, status, payments)
              select v.organization_id, v.counted_by, v.kind, v.status, v.payments
                from ${from}${changes.source}
               order by v.organization_id, v.counted_by, v.kind, v.status
              on conflict (organization_id, counted_by, kind, status) do update set payments = ip_bank_payment_counts.payments + excluded.payments`,
        values: changes.values,
      });
    }
    if (this.settledHours.size > 0) {
      const changes = unnested(SETTLED_HOUR_COLUMNS, [...this.settledHours.values()]);
      statements.push({
        // In key order, as the totals.
        sql: `insert into ip_settled_payment_hours (organization_id, counted_by, hour, kind, volume, payments)
              select v.organization_id, v.counted_by, v.hour, v.kind, v.volume, v.payments
                from ${from}${changes.source}
               order by 1, 2, 3, 4
              on conflict (organization_id, counted_by, hour, kind) do update
                 set volume = ip_settled_payment_hours.volume + excluded.volume, payments = ip_settled_payment_hours.payments + excluded.payments`,
        values: changes.values,
      });
    }
    if (this.settledCross.length > 0) {
      // Rows of kind CROSS_ORGANIZATION only, never those above: one statement never changes a row twice.
      const completed = unnested(SETTLED_CROSS_COLUMNS, this.settledCross);
      statements.push({
        sql: `insert into ip_settled_payment_hours (organization_id, counted_by, hour, kind, volume, payments)
              select shown.organization_id, v.counted_by, date_trunc('hour', p.created_at, 'UTC'), p.kind, sum(p.amount), count(*)
                from ${from}${completed.source}
                join ip_payments p on p.id = v.id
               cross join lateral (select p.sender_organization_id union select p.recipient_organization_id) as shown(organization_id)
               group by 1, 2, 3, 4
               order by 1, 2, 3, 4
              on conflict (organization_id, counted_by, hour, kind) do update
                 set volume = ip_settled_payment_hours.volume + excluded.volume, payments = ip_settled_payment_hours.payments + excluded.payments`,
        values: completed.values,
      });
    }
    if (this.startedBatches.size > 0)
      // Each row holds an array of payment ids, which column arrays cannot carry (unnest flattens them): a JSON document.
      statements.push({
        sql: `insert into ip_open_settlement_batches select r.* from ${from}jsonb_populate_recordset(null::ip_open_settlement_batches, ?::jsonb) r`,
        values: [JSON.stringify([...this.startedBatches.values()])],
      });
    if (this.closedBatches.size > 0) {
      const closed = unnested(CLOSED_BATCH_COLUMNS, [...this.closedBatches.values()]);
      statements.push({
        sql: `delete from ip_open_settlement_batches b using ${from}${closed.source}
               where b.organization_id = v.organization_id and b.batch_number = v.batch_number`,
        values: closed.values,
      });
    }
    if (this.cashMovements.length > 0) statements.push(insertRows('ip_cash_movements', CASH_MOVEMENT_COLUMNS, this.cashMovements, from));
    return statements;
  }

  /** The statements joined to an append; null when a failed batch needs statements of its own. */
  joinedStatements(): InlineStatement[] | null {
    return this.failedBatches.length > 0 ? null : this.statements('landed, ');
  }

  /**
   * Runs every change, one statement after the other; `run` takes `?` placeholders. `checked`: an
   * update that finds fewer rows than it changes fails the batch (see ReadModelDiverged).
   */
  async write(run: (sql: string, bindings: unknown[]) => Promise<unknown>, checked = false): Promise<void> {
    for (const statement of this.statements('')) {
      const result = (await run(statement.sql, statement.values)) as { rowCount?: number | null };
      if (checked && statement.rows !== undefined && result.rowCount !== statement.rows)
        throw new ReadModelDiverged(`${statement.diverged}: ${statement.rows - (result.rowCount ?? 0)} of ${statement.rows}`);
    }
    for (const batch of this.failedBatches) {
      // A failed batch refunds its senders: the payments of that batch, PENDING until now; its row goes.
      // The counts move by the payments found: -n PENDING, +n FAILED, both rows touched even when n is 0;
      // on the lists of the sender's bank and of each recipient's, counted by the sender's ledger.
      await run(
        `with batch as (
           delete from ip_open_settlement_batches where organization_id = ? and batch_number = ?
           returning payment_ids),
         failed as (
           update ip_payments set status = 'FAILED', failure_code = ?, tx_hash = ?, updated_at = ?
            where id = any((select payment_ids from batch)::text[]) and status = 'PENDING'
           returning sender_client_id, recipient_organization_id, amount),
         changes as (select t.status, t.sign from (values ('FAILED', 1), ('PENDING', -1)) as t(status, sign)),
         counted as (
           insert into ip_payment_totals (organization_id, kind, status, count)
           select ?, 'CROSS_ORGANIZATION', c.status, c.sign * (select count(*) from failed) from changes c
           on conflict (organization_id, kind, status) do update set count = ip_payment_totals.count + excluded.count),
         listed as (
           insert into ip_bank_payment_counts (organization_id, counted_by, kind, status, payments)
           select l.organization_id, ?, 'CROSS_ORGANIZATION', c.status, c.sign * l.payments
             from (select ?::text as organization_id, count(*) as payments from failed
                   union all
                   select recipient_organization_id, count(*) from failed group by recipient_organization_id) l
             cross join changes c
            order by 1, 4
           on conflict (organization_id, counted_by, kind, status) do update set payments = ip_bank_payment_counts.payments + excluded.payments)
         update ip_clients c set balance = c.balance + r.refund, updated_at = ?
           from (select sender_client_id, sum(amount) as refund from failed group by sender_client_id) r
          where c.id = r.sender_client_id`,
        [batch.organizationId, batch.batchNumber, batch.failureCode, batch.txHash, batch.at, batch.organizationId, batch.organizationId, batch.organizationId, batch.at],
      );
    }
  }
}

/** Instant Payments clients (balance, alias, active), payments (status, settlement) and cash movements; KPIs are queried over them. */
export const instantPaymentsProjection: Projection = {
  name: 'instant-payments',
  tables: ['ip_clients', 'ip_client_search', 'ip_bank_clients', 'ip_payments', 'ip_cash_movements', 'ip_payment_totals', 'ip_bank_payment_counts', 'ip_settled_payment_hours', 'ip_open_settlement_batches'],
  handles: INSTANT_PAYMENT_EVENT_TYPES,
  applyBatch: (trx, events) => applyInstantPayments(trx, events),
};

async function applyInstantPayments(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
  const changes = new Changes();
  for (const event of events) changes.fold(event);
  await changes.write((sql, bindings) => trx.raw(sql, bindings as Knex.RawBinding[]), true);
}

/**
 * The same fold, for a bank ledger to write inside the transaction that appends its events
 * (EventStore.appendWith): the read model holds a payment when its POST is answered, with no wait for
 * the projection runner, which skips the events so marked.
 */
export function instantPaymentsInlineWrite(events: NewEvent[], lock: InlineWrite['lock']): InlineWrite {
  const changes = new Changes();
  for (const event of events) changes.fold(event);
  return { lock, statements: changes.joinedStatements(), write: (query) => changes.write((sql, bindings) => query(positional(sql), bindings)) };
}
