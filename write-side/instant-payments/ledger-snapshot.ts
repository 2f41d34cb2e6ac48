import type { BankLedgerState, LedgerClient, OpenBatch, OutgoingPayment } from './decide';

/**
 * A bank ledger's state as JSON (bigints as decimal strings). Recent payments are left out: a
 * snapshot is only saved once the read model holds every payment it covers, and older retries are
 * answered from there.
 */
export interface LedgerSnapshot {
  organizationId: string;
  clients: Array<[string, string, string | null, string, boolean]>;
  clientTotal: string;
  due: OutgoingJson[];
  openBatch: (Omit<OpenBatch, 'payments'> & { payments: OutgoingJson[] }) | null;
  outgoingTotal: string;
  batchNumber: number;
  creditedBatches: Array<[string, number]>;
  revokedTokens: Array<[string, number]>;
}

/** A payment due to another bank; its time made is absent from snapshots saved before it was kept. */
type OutgoingJson = [string, string, string, string, string, (string | null)?];

const outgoingToJson = (payment: OutgoingPayment): OutgoingJson => [
  payment.paymentId,
  payment.senderClientId,
  payment.recipientOrganizationId,
  payment.recipientClientId,
  payment.amount.toString(),
  payment.createdAt,
];

const outgoingFromJson = ([paymentId, senderClientId, recipientOrganizationId, recipientClientId, amount, createdAt]: OutgoingJson): OutgoingPayment => ({
  paymentId,
  senderClientId,
  recipientOrganizationId,
  recipientClientId,
  amount: BigInt(amount),
  createdAt: createdAt ?? null,
});

export function toSnapshot(state: BankLedgerState, now: number): LedgerSnapshot {
  return {
    organizationId: state.organizationId,
    clients: [...state.clients.values()].map((client) => [client.clientId, client.name, client.alias, client.balance.toString(), client.active]),
    clientTotal: state.clientTotal.toString(),
    due: [...state.due.values()].map(outgoingToJson),
    openBatch: state.openBatch && { ...state.openBatch, payments: state.openBatch.payments.map(outgoingToJson) },
    outgoingTotal: state.outgoingTotal.toString(),
    batchNumber: state.batchNumber,
    creditedBatches: [...state.creditedBatches],
    // An expired token fails on its own expiry: no need to remember its revocation.
    revokedTokens: [...state.revokedTokens].filter(([, expiresAt]) => expiresAt > now),
  };
}

export function fromSnapshot(snapshot: LedgerSnapshot): BankLedgerState {
  const clients = new Map<string, LedgerClient>();
  const aliases = new Map<string, string>();
  for (const [clientId, name, alias, balance, active] of snapshot.clients) {
    clients.set(clientId, { clientId, name, alias, balance: BigInt(balance), active });
    if (alias) aliases.set(alias, clientId);
  }
  return {
    organizationId: snapshot.organizationId,
    clients,
    aliases,
    clientTotal: BigInt(snapshot.clientTotal),
    due: new Map(snapshot.due.map((entry) => [entry[0], outgoingFromJson(entry)])),
    openBatch: snapshot.openBatch && { ...snapshot.openBatch, payments: snapshot.openBatch.payments.map(outgoingFromJson) },
    outgoingTotal: BigInt(snapshot.outgoingTotal),
    batchNumber: snapshot.batchNumber,
    creditedBatches: new Map(snapshot.creditedBatches),
    revokedTokens: new Map(snapshot.revokedTokens),
    recentPayments: new Map(),
    recentMovements: new Set(),
  };
}
