import { fold } from '../decider';
import { aliasDecider, type LedgerClient, type Recipient } from './decide';
import { aliasStream, type AliasEvent } from './events';
import { BankLedger, type LedgerPorts } from './ledger';
import { RoundAppends } from './round-appends';

/** Slots of the recipients' hints (a power of two): 512 KiB of references, whatever the number of aliases. */
const RECIPIENT_HINTS = 1 << 16;

/** An alias's slot among the recipients' hints (FNV-1a over its UTF-16 code units). */
export function recipientHintSlot(alias: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < alias.length; index++) hash = Math.imul(hash ^ alias.charCodeAt(index), 0x01000193);
  return hash & (RECIPIENT_HINTS - 1);
}

/**
 * The bank ledgers this process writes, one per bank, loaded on first use. Banks are independent
 * shards: nothing here is shared between them but this directory and the statements their rounds are
 * appended in (RoundAppends), each to the bank's own stream.
 */
export class BankLedgers {
  private readonly ledgers = new Map<string, Promise<BankLedger>>();
  /** The ledgers already loaded: looked up without waiting on a promise. */
  private readonly ready = new Map<string, BankLedger>();
  /**
   * By a hash of an alias, the ledger that held the last alias found with that hash: a recipient is
   * looked for there first, then in every loaded ledger. Looked for in each in turn, a payment's
   * recipient cost a lookup per bank (3.5–4.6 % of the service's CPU at 30 banks). A hint is only
   * where to look: a ledger that does not hold the alias (it moved, or another alias has the slot) costs
   * the search of the others.
   */
  private readonly recipientHints = new Array<BankLedger | undefined>(RECIPIENT_HINTS);

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
    const slot = recipientHintSlot(alias);
    const hinted = this.recipientHints[slot];
    const held = hinted?.view.clients.holding(alias);
    if (held) return recipient(hinted!, held, alias);
    for (const ledger of this.ready.values()) {
      if (ledger === hinted) continue;
      const client = ledger.view.clients.holding(alias);
      if (!client) continue;
      this.recipientHints[slot] = ledger;
      return recipient(ledger, client, alias);
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
    this.recipientHints[slot] = ledger;
    return recipient(ledger, client, alias);
  }
}

const recipient = (ledger: BankLedger, client: LedgerClient, alias: string): Recipient => ({
  clientId: client.clientId,
  organizationId: ledger.organizationId,
  alias,
  active: client.active,
});
