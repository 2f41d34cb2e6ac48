import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import type { BankLedger } from '../../write-side/instant-payments/ledger';
import { BankLedgers, recipientHintSlot } from '../../write-side/instant-payments/ledgers';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { registerTwoClients, testLedgerPorts } from './ledger-ports';

/**
 * The process's directory of bank ledgers finds a payment's recipient by alias in the ledgers it has
 * loaded, without I/O; a scheme has hundreds of banks, and a recipient found before is looked for in the
 * ledger that held it, not in each.
 */
describe('BankLedgers.findRecipient', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const context = { actorId: null, organizationId: 'bank', correlationId: 'test', now: new Date('2026-11-30T10:00:00Z') };
  let directoryNumber = 0;

  withEventStoreDatabase((fixture) => {
    ({ database, store } = fixture);
  });

  /** A directory with `banks` ledgers loaded, each with two clients (registerTwoClients: aliases `<bank>.c0`, `<bank>.c1`). */
  async function directory(banks: number): Promise<{ ledgers: BankLedgers; loaded: BankLedger[] }> {
    const ledgers = new BankLedgers(testLedgerPorts(database, store));
    const prefix = `directory-${++directoryNumber}`;
    const loaded: BankLedger[] = [];
    for (let bank = 0; bank < banks; bank++) {
      const ledger = await ledgers.ledger(`${prefix}-bank-${bank}`);
      await registerTwoClients(ledger, context);
      loaded.push(ledger);
    }
    return { ledgers, loaded };
  }

  /** Registers a client of the bank holding the alias. */
  async function holding(ledger: BankLedger, alias: string): Promise<void> {
    const clientId = `${ledger.organizationId}-${alias}`;
    await ledger.submit({
      command: () => ({ type: 'RegisterClient', clientId, name: alias, externalRef: null, demo: true, startingBalance: 0n, bank: { status: 'ACTIVE' }, settlementBalance: 10n ** 12n }),
      context,
    });
    await ledger.submit({ command: () => ({ type: 'ActivateAlias', clientId, alias }), context });
  }

  const aliasOf = (ledger: BankLedger, n: number) => `${ledger.organizationId.replace(/-/g, '.')}.c${n}`;

  /** Counts each ledger's lookups of an alias from now on. */
  const lookupsOf = (loaded: BankLedger[]) => loaded.map((ledger) => jest.spyOn(ledger.view.clients, 'holding'));

  afterEach(() => jest.restoreAllMocks());

  it('finds the client holding an alias in whichever loaded bank holds it', async () => {
    const { ledgers, loaded } = await directory(5);

    expect(await ledgers.findRecipient(aliasOf(loaded[3]!, 1))).toEqual({
      clientId: `${loaded[3]!.organizationId}-c1`,
      organizationId: loaded[3]!.organizationId,
      alias: aliasOf(loaded[3]!, 1),
      active: true,
    });
    expect(await ledgers.findRecipient(aliasOf(loaded[0]!, 0))).toMatchObject({ clientId: `${loaded[0]!.organizationId}-c0` });
  });

  it('looks for an alias found before in the ledger that held it, and in no other', async () => {
    const { ledgers, loaded } = await directory(12);
    const alias = aliasOf(loaded[9]!, 1);
    await ledgers.findRecipient(alias);
    const lookups = lookupsOf(loaded);

    expect(await ledgers.findRecipient(alias)).toMatchObject({ organizationId: loaded[9]!.organizationId });

    expect(lookups.map((lookup) => lookup.mock.calls.length)).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0]);
  });

  it('finds an alias whose hint another bank’s alias took since, and its hint back', async () => {
    const { ledgers, loaded } = await directory(4);
    // Two aliases of one slot of the hints, found by trying names.
    const bySlot = new Map<number, string>();
    let pair: [string, string] | undefined;
    for (let n = 0; !pair; n++) {
      const alias = `slot.${directoryNumber}.${n}`;
      const taken = bySlot.get(recipientHintSlot(alias));
      if (taken) pair = [taken, alias];
      else bySlot.set(recipientHintSlot(alias), alias);
    }
    const [first, second] = [loaded[1]!, loaded[2]!];
    await holding(first, pair[0]);
    await holding(second, pair[1]);

    expect(await ledgers.findRecipient(pair[0])).toMatchObject({ organizationId: first.organizationId, alias: pair[0] });
    expect(await ledgers.findRecipient(pair[1])).toMatchObject({ organizationId: second.organizationId, alias: pair[1] });
    expect(await ledgers.findRecipient(pair[0])).toMatchObject({ organizationId: first.organizationId, alias: pair[0] });
    const lookups = lookupsOf(loaded);
    await ledgers.findRecipient(pair[0]);
    expect(lookups.map((lookup) => lookup.mock.calls.length)).toEqual([0, 1, 0, 0]);
  });

  it('finds no one for an alias no bank holds', async () => {
    const { ledgers } = await directory(3);

    expect(await ledgers.findRecipient('nobody.here')).toBeNull();
  });
});
