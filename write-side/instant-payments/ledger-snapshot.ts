import { clientsChangedBy, type BankLedgerState, type LedgerClient, type OpenBatch, type OutgoingPayment } from './decide';
import type { BankLedgerEvent } from './events';
import { LedgerClients } from './ledger-clients';

/** A client: id, alias, balance, active. */
type ClientJson = [string, string | null, string, boolean];
/** A client in a snapshot saved while the ledger held names: id, name, alias, balance, active. */
type ClientJsonWithName = [string, string, string | null, string, boolean];

/**
 * A bank ledger's state as JSON (bigints as decimal strings). Recent payments are left out: a
 * snapshot is only saved once the read model holds every payment it covers, and older retries are
 * answered from there. The clients are saved in slices beside it (SlicedSnapshot); snapshots saved
 * before that hold them here.
 */
export interface LedgerSnapshot {
  organizationId: string;
  clients?: Array<ClientJson | ClientJsonWithName>;
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

const clientToJson = (client: LedgerClient): ClientJson => [client.clientId, client.alias, client.balance.toString(), client.active];

const clientFromJson = (entry: ClientJson | ClientJsonWithName): LedgerClient => {
  const [clientId, alias, balance, active] = entry.length === 5 ? [entry[0], entry[2], entry[3], entry[4]] : entry;
  return { clientId, alias, balance: BigInt(balance), active };
};

/** Everything but the clients: small (the payments due and the open batch), taken at once. */
function snapshotHead(state: BankLedgerState, now: number): LedgerSnapshot {
  return {
    organizationId: state.organizationId,
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

/**
 * A bank ledger's snapshot, its clients saved a slice at a time while the ledger goes on deciding
 * rounds, so that a bank of a million clients neither stops the event loop for the second its whole
 * snapshot takes nor holds it in one string. It is the state as it was when the snapshot began: before
 * an event changes clients (`clientsChangedBy`, the list `undoOf` relies on too), the ledger calls
 * `beforeChange`, which keeps each client as it was then, or that it did not exist yet; the slices read
 * those instead.
 */
export class SlicedSnapshot {
  private readonly head: LedgerSnapshot;
  /** Clients changed since the snapshot began, as they were then (null: registered since). */
  private readonly kept = new Map<string, ClientJson | null>();
  private abandoned = false;

  constructor(
    private readonly state: BankLedgerState,
    now: number,
  ) {
    this.head = snapshotHead(state, now);
  }

  /** Called before `evolve(state, event)` while the snapshot is being written. */
  beforeChange(state: BankLedgerState, event: BankLedgerEvent): void {
    if (state !== this.state) return;
    for (const clientId of clientsChangedBy(state, event)) {
      if (this.kept.has(clientId)) continue;
      const client = state.clients.get(clientId);
      this.kept.set(clientId, client ? clientToJson(client) : null);
    }
  }

  /** The ledger no longer evolves this state (it reloaded): what is left of it would not be the state the snapshot began at. */
  abandon(): void {
    this.abandoned = true;
  }

  /**
   * Hands the clients to `save`, `perSlice` at a time as the JSON text of an array (the ledger's rounds
   * go on while each is saved), then returns the rest of the snapshot as JSON; null once abandoned.
   */
  async write(perSlice: number, save: (clientsJson: string) => Promise<void>): Promise<string | null> {
    let slice: ClientJson[] = [];
    // Clients registered meanwhile come last (they are iterated in the order registered), and only a failed round's
    // registration is ever taken back out: both kept as null, left out.
    for (const client of this.state.clients.values()) {
      const kept = this.kept.get(client.clientId);
      const entry = kept === undefined ? clientToJson(client) : kept;
      if (entry) slice.push(entry);
      if (slice.length < perSlice) continue;
      await save(JSON.stringify(slice));
      slice = [];
      if (this.abandoned) return null;
    }
    if (slice.length > 0) await save(JSON.stringify(slice));
    return this.abandoned ? null : JSON.stringify(this.head);
  }
}

/** Clients added between turns of the event loop while a snapshot loads. */
const CLIENTS_BETWEEN_TURNS = 1_000;

/**
 * The ledger's state from a snapshot's head and the clients of its slices (the JSON text that
 * SlicedSnapshot.write saved), each slice parsed in its turn and its clients added a thousand at a time
 * with `between` awaited after each (a million clients added at once stopped the event loop ~2 s, a
 * slice of 5,000 at a time up to ~0.1 s while the maps grew). A head saved before the clients were
 * sliced holds them itself; a snapshot saved while the ledger held names has each client's name, left
 * out now.
 */
export async function fromSnapshot(snapshot: LedgerSnapshot, slices: readonly string[], between: () => Promise<void>): Promise<BankLedgerState> {
  const state: BankLedgerState = {
    organizationId: snapshot.organizationId,
    clients: new LedgerClients(),
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
  for (const slice of snapshot.clients ? [snapshot.clients] : slices) {
    const entries = (typeof slice === 'string' ? JSON.parse(slice) : slice) as ReadonlyArray<ClientJson | ClientJsonWithName>;
    for (let index = 0; index < entries.length; index++) {
      state.clients.put(clientFromJson(entries[index]!));
      if ((index + 1) % CLIENTS_BETWEEN_TURNS === 0 || index === entries.length - 1) await between();
    }
  }
  return state;
}
