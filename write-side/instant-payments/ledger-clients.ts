import type { LedgerClient } from './decide';
import { ShardedMap } from './sharded-map';

const INITIAL_CAPACITY = 64;
const INT64_MAX = 2n ** 63n - 1n;
/** Marks a balance held in `beyondInt64`. Balances are never negative (no overdraft), so no balance is this. */
const BEYOND_INT64 = -(2n ** 63n);

/**
 * A bank ledger's clients, by id. A bank may have millions: as one object per client (its fields, its
 * name, its bigint balance) a million held 231 MiB after a full collection, and a full collection of a
 * process with two such ledgers took 0.7 s (`bench:payments:history`). So each field is a column (the
 * balances in a BigInt64Array, the active flag in bytes, the aliases in an array), each id maps to its
 * row through a ShardedMap, and names are left to the read model, since no rule needs one: 136–166 MiB
 * and 0.2–0.5 s. `get` hands out a copy of the row; changes go through the methods, which `evolve` and
 * its undo use.
 */
export class LedgerClients {
  private readonly rows = new ShardedMap<number>();
  /** Row → client id, in the order registered; null where a registration was taken back before later ones. */
  private readonly ids: Array<string | null> = [];
  private readonly aliases: Array<string | null> = [];
  private balances = new BigInt64Array(INITIAL_CAPACITY);
  private active = new Uint8Array(INITIAL_CAPACITY);
  /** Balances over 2^63 − 1 ulps, by row: rare enough to keep apart, never to wrap around. */
  private readonly beyondInt64 = new Map<number, bigint>();

  static of(clients: Iterable<LedgerClient>): LedgerClients {
    const book = new LedgerClients();
    for (const client of clients) book.put(client);
    return book;
  }

  get size(): number {
    return this.rows.size;
  }

  has(clientId: string): boolean {
    return this.rows.has(clientId);
  }

  get(clientId: string): LedgerClient | undefined {
    const row = this.rows.get(clientId);
    return row === undefined ? undefined : this.clientAt(row, clientId);
  }

  /** The clients in the order they were registered. */
  *values(): IterableIterator<LedgerClient> {
    for (let row = 0; row < this.ids.length; row++) {
      const clientId = this.ids[row];
      if (clientId !== null) yield this.clientAt(row, clientId);
    }
  }

  /** Adds the client, or sets every field of the one with its id. */
  put(client: LedgerClient): void {
    let row = this.rows.get(client.clientId);
    if (row === undefined) {
      row = this.ids.length;
      if (row === this.balances.length) this.grow();
      this.rows.set(client.clientId, row);
      this.ids.push(client.clientId);
    }
    this.aliases[row] = client.alias;
    this.setBalance(row, client.balance);
    this.active[row] = client.active ? 1 : 0;
  }

  delete(clientId: string): void {
    const row = this.rows.get(clientId);
    if (row === undefined) return;
    this.rows.delete(clientId);
    this.beyondInt64.delete(row);
    this.aliases[row] = null;
    if (row === this.ids.length - 1) this.ids.pop();
    else this.ids[row] = null;
  }

  /** Adds `amount` (negative: takes it) to the client's balance. */
  credit(clientId: string, amount: bigint): void {
    const row = this.requireRow(clientId);
    this.setBalance(row, this.balanceAt(row) + amount);
  }

  setAlias(clientId: string, alias: string): void {
    this.aliases[this.requireRow(clientId)] = alias;
  }

  deactivate(clientId: string): void {
    this.active[this.requireRow(clientId)] = 0;
  }

  private clientAt(row: number, clientId: string): LedgerClient {
    return { clientId, alias: this.aliases[row], balance: this.balanceAt(row), active: this.active[row] === 1 };
  }

  private requireRow(clientId: string): number {
    const row = this.rows.get(clientId);
    if (row === undefined) throw new Error(`the ledger has no client ${clientId}`);
    return row;
  }

  private balanceAt(row: number): bigint {
    const balance = this.balances[row];
    return balance === BEYOND_INT64 ? this.beyondInt64.get(row)! : balance;
  }

  private setBalance(row: number, balance: bigint): void {
    if (balance > INT64_MAX || balance <= BEYOND_INT64) {
      this.beyondInt64.set(row, balance);
      this.balances[row] = BEYOND_INT64;
      return;
    }
    if (this.beyondInt64.size > 0) this.beyondInt64.delete(row);
    this.balances[row] = balance;
  }

  private grow(): void {
    const balances = new BigInt64Array(this.balances.length * 2);
    balances.set(this.balances);
    this.balances = balances;
    const active = new Uint8Array(this.active.length * 2);
    active.set(this.active);
    this.active = active;
  }
}
