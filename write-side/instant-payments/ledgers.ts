import { fold } from '../decider';
import { aliasDecider, type Recipient } from './decide';
import { aliasStream, type AliasEvent } from './events';
import { BankLedger, type LedgerPorts } from './ledger';
import { RoundAppends } from './round-appends';

/**
 * The bank ledgers this process writes, one per bank, loaded on first use. Banks are independent
 * shards: nothing here is shared between them but this directory.
 */
export class BankLedgers {
  private readonly ledgers = new Map<string, Promise<BankLedger>>();
  /** The ledgers already loaded: looked up without waiting on a promise. */
  private readonly ready = new Map<string, BankLedger>();

  private readonly ports: LedgerPorts;

  constructor(ports: LedgerPorts) {
    const { inlineReadModel } = ports;
    // One for all the banks: their rounds go together (group commit across banks).
    this.ports = { ...ports, roundAppends: inlineReadModel ? new RoundAppends({ ...ports, inlineReadModel }) : undefined };
  }

  ledger(organizationId: string): Promise<BankLedger> {
    const ready = this.ready.get(organizationId);
    if (ready) return Promise.resolve(ready);
    let ledger = this.ledgers.get(organizationId);
    if (!ledger) {
      ledger = BankLedger.load(organizationId, this.ports);
      this.ledgers.set(organizationId, ledger);
      ledger.then(
        (loaded) => this.ready.set(organizationId, loaded),
        // A failed load is not cached: the next request tries again.
        () => this.ledgers.delete(organizationId),
      );
    }
    return ledger;
  }

  /** The ledgers loaded so far. */
  loaded(): BankLedger[] {
    return [...this.ready.values()];
  }

  /** Who holds an alias, from its guard stream (the truth across banks and processes). */
  async aliasHolder(alias: string): Promise<{ clientId: string; organizationId: string } | null> {
    const events = (await this.ports.eventStore.readStream(aliasStream(alias))) as unknown as AliasEvent[];
    return fold(aliasDecider, events).holder;
  }

  /**
   * The client paid by an alias: looked up in the loaded ledgers' memory first (the common case costs
   * no I/O), else through the alias's guard stream and its bank's ledger.
   */
  async findRecipient(alias: string): Promise<Recipient | null> {
    for (const ledger of this.ready.values()) {
      const client = ledger.view.clients.holding(alias);
      if (client) return { clientId: client.clientId, organizationId: ledger.organizationId, alias, active: client.active };
    }
    const holder = await this.aliasHolder(alias);
    if (!holder) return null;
    const ledger = await this.ledger(holder.organizationId);
    let client = ledger.view.clients.get(holder.clientId);
    if (!client || client.alias !== alias) {
      // Registered or given the alias through another process since this one loaded the bank's ledger.
      await ledger.refresh();
      client = ledger.view.clients.get(holder.clientId);
    }
    if (!client || client.alias !== alias) return null;
    return { clientId: client.clientId, organizationId: holder.organizationId, alias, active: client.active };
  }
}
