import { evolve, initialLedger, type BankLedgerState } from '../../write-side/instant-payments/decide';
import type { BankLedgerEvent, PaymentParties } from '../../write-side/instant-payments/events';
import { fromSnapshot, SlicedSnapshot, type LedgerSnapshot } from '../../write-side/instant-payments/ledger-snapshot';
import { clientRegistration, paymentParties } from '../support/instant-payments-events';

const BANK = 'bank-a';
const at = '2026-11-30T12:00:00.000Z';

const registered = (clientId: string, startingBalance = '1000'): BankLedgerEvent => ({
  type: 'InstantPaymentClientRegistered',
  data: clientRegistration(BANK, clientId, startingBalance),
});
const payment = (paymentId: string, sender: string, recipient: string, amount: string, recipientBank = BANK): PaymentParties =>
  paymentParties(paymentId, recipientBank === BANK ? 'INTERNAL' : 'CROSS_ORGANIZATION', [BANK, sender, sender], [recipientBank, recipient, recipient], at, amount);

/** A snapshot's head and the clients of its slices, written at once: no slice waits for anything. */
const snapshotOf = async (state: BankLedgerState): Promise<{ head: LedgerSnapshot; slices: string[] }> => {
  const slices: string[] = [];
  const head = await new SlicedSnapshot(state, Date.now()).write(1_000, async (clientsJson) => void slices.push(clientsJson));
  return { head: JSON.parse(head!) as LedgerSnapshot, slices };
};
const loaded = ({ head, slices }: { head: LedgerSnapshot; slices: string[] }) => fromSnapshot(head, slices, async () => undefined);
/** A snapshot saved before its clients were sliced: the head alone. */
const loadedWhole = (head: LedgerSnapshot) => fromSnapshot(head, [], async () => undefined);

/** A bank ledger's snapshot holds what settlement needs of each payment due to another bank. */
describe('a bank ledger snapshot', () => {
  const due = {
    paymentId: 'p-1',
    senderClientId: 'ana',
    recipientOrganizationId: 'bank-b',
    recipientClientId: 'carla',
    amount: 700n,
    createdAt: '2026-11-30T12:00:00.000Z',
  };

  it('keeps each payment due to another bank with when it was made, in the open batch too', async () => {
    const state = initialLedger(BANK);
    state.due.set(due.paymentId, due);
    state.openBatch = { batchNumber: 1, txHash: 'AB', txBytes: 'c2lnbmVk', from: 'emisor1a', transfers: [], payments: [{ ...due, paymentId: 'p-0' }] };
    const fromIt = await loaded(await snapshotOf(state));
    expect(fromIt.due.get('p-1')).toEqual(due);
    expect(fromIt.openBatch?.payments).toEqual([{ ...due, paymentId: 'p-0' }]);
  });

  it('loads a snapshot saved before the time made was kept, that time unknown', async () => {
    const saved = { ...(await snapshotOf(initialLedger(BANK))).head, due: [['p-1', 'ana', 'bank-b', 'carla', '700']] } as LedgerSnapshot;
    expect((await loadedWhole(saved)).due.get('p-1')).toEqual({ ...due, createdAt: null });
  });

  it('loads a snapshot saved before its clients were sliced, the clients in its head', async () => {
    const saved = { ...(await snapshotOf(initialLedger(BANK))).head, clients: [['ana', 'Ana', 'ana.a', '700', true]] } as LedgerSnapshot;
    const fromIt = await loadedWhole(saved);
    expect([...fromIt.clients.values()]).toEqual([{ clientId: 'ana', alias: 'ana.a', balance: 700n, active: true }]);
    expect(fromIt.clients.holding('ana.a')?.clientId).toBe('ana');
  });

  it('lets the event loop turn after every thousand clients it loads, in a slice or in a head that holds them all', async () => {
    const clients = (count: number, from: number) => Array.from({ length: count }, (_, index) => [`c${from + index}`, null, '1', true]);
    const head = (await snapshotOf(initialLedger(BANK))).head;
    let turns = 0;
    const sliced = await fromSnapshot(head, [JSON.stringify(clients(1_500, 0)), JSON.stringify(clients(1_500, 1_500))], async () => void turns++);
    expect([sliced.clients.size, turns]).toEqual([3_000, 4]);
    turns = 0;
    const whole = await fromSnapshot({ ...head, clients: clients(2_500, 0) } as LedgerSnapshot, [], async () => void turns++);
    expect([whole.clients.size, turns]).toEqual([2_500, 3]);
  });

  it("keeps no client's name (the read model has it), and loads a snapshot saved with names", async () => {
    const state = initialLedger(BANK);
    evolve(state, registered('ana', '700'));
    const { head, slices } = await snapshotOf(state);
    expect(slices.map((slice) => JSON.parse(slice) as unknown)).toEqual([[['ana', null, '700', true]]]);
    const withNames = [JSON.stringify([['ana', 'Ana', 'ana.a', '700', true], ['beto', 'Beto', null, '0', false]])];
    const fromIt = await loaded({ head, slices: withNames });
    expect([...fromIt.clients.values()]).toEqual([
      { clientId: 'ana', alias: 'ana.a', balance: 700n, active: true },
      { clientId: 'beto', alias: null, balance: 0n, active: false },
    ]);
    expect([fromIt.clients.holding('ana.a')?.clientId, fromIt.clients.holding('beto')?.clientId]).toEqual(['ana', undefined]);
  });
});

/**
 * A snapshot is written a slice of clients at a time while the ledger goes on with its rounds, and is
 * still the state at the version it began at.
 */
describe('a bank ledger snapshot written in slices', () => {
  const clients = Array.from({ length: 25 }, (_, index) => `c${index}`);
  const bankWithClients = (): BankLedgerState => {
    const state = initialLedger(BANK);
    for (const clientId of clients) evolve(state, registered(clientId));
    evolve(state, { type: 'InstantPaymentAliasActivated', data: { clientId: 'c0', organizationId: BANK, alias: 'first' } });
    return state;
  };

  it('is the state when it began, whatever the rounds between its slices changed', async () => {
    const state = bankWithClients();
    evolve(state, { type: 'InstantPaymentSent', data: payment('due-before', 'c1', 'x1', '10', 'bank-b') });
    const whenBegun = {
      clients: [...state.clients.values()],
      aliasHolders: ['first', 'late'].map((alias) => state.clients.holding(alias)?.clientId),
      clientTotal: state.clientTotal,
      due: new Map(state.due),
      outgoingTotal: state.outgoingTotal,
    };
    const snapshot = new SlicedSnapshot(state, Date.now());
    const apply = (event: BankLedgerEvent) => {
      snapshot.beforeChange(state, event);
      evolve(state, event);
    };
    const slices: string[] = [];
    let slice = 0;
    const head = await snapshot.write(4, async (clientsJson) => {
      slices.push(clientsJson);
      slice++;
      // Clients of slices written and of slices to come, a client registered, one deactivated, an alias,
      // cash in, a cross-bank payment due and a batch that fails (its senders refunded).
      apply({ type: 'InstantPaymentTransferred', data: payment(`t${slice}`, `c${slice}`, `c${24 - slice}`, '7') });
      apply(registered(`new${slice}`, '50'));
      apply({ type: 'InstantPaymentClientCashedIn', data: { movementId: `m${slice}`, clientId: `c${(slice * 7) % 25}`, organizationId: BANK, amount: '3', reference: null } });
      if (slice === 1) apply({ type: 'InstantPaymentClientDeactivated', data: { clientId: 'c20', organizationId: BANK, deactivatedAt: at } });
      if (slice === 2) apply({ type: 'InstantPaymentAliasActivated', data: { clientId: 'c22', organizationId: BANK, alias: 'late' } });
      if (slice === 3) apply({ type: 'InstantPaymentSent', data: payment('due-after', 'c23', 'x2', '11', 'bank-b') });
      if (slice === 4) {
        const payments = [{ paymentId: 'due-before', recipientClientId: 'x1', amount: '10' }, { paymentId: 'due-after', recipientClientId: 'x2', amount: '11' }];
        apply({ type: 'InstantPaymentSettlementBatchStarted', data: { organizationId: BANK, batchNumber: 1, txHash: 'AB', txBytes: 'c2lnbmVk', from: 'emisor1a', transfers: [{ organizationId: 'bank-b', to: 'emisor1b', amount: '21', payments }] } });
        apply({ type: 'InstantPaymentSettlementBatchFailed', data: { organizationId: BANK, batchNumber: 1, txHash: null, failureCode: 'SETTLEMENT_REFUSED', reason: 'refused', failedAt: at } });
      }
    });
    expect(slices.map((clients) => (JSON.parse(clients) as unknown[]).length)).toEqual([4, 4, 4, 4, 4, 4, 1]);
    expect([...state.clients.values()]).not.toEqual(whenBegun.clients);
    const fromIt = await loaded({ head: JSON.parse(head!) as LedgerSnapshot, slices });
    expect([...fromIt.clients.values()]).toEqual(whenBegun.clients);
    expect(['first', 'late'].map((alias) => fromIt.clients.holding(alias)?.clientId)).toEqual(whenBegun.aliasHolders);
    expect(whenBegun.aliasHolders).toEqual(['c0', undefined]);
    expect(fromIt.clientTotal).toBe(whenBegun.clientTotal);
    expect(fromIt.due).toEqual(whenBegun.due);
    expect(fromIt.openBatch).toBeNull();
    expect(fromIt.outgoingTotal).toBe(whenBegun.outgoingTotal);
    expect(fromIt.batchNumber).toBe(0);
  });

  it('is given up once its ledger reloads, since what is left of the state is no longer the one it began at', async () => {
    const snapshot = new SlicedSnapshot(bankWithClients(), Date.now());
    const saved: string[] = [];
    expect(
      await snapshot.write(4, async (clientsJson) => {
        saved.push(clientsJson);
        snapshot.abandon();
      }),
    ).toBeNull();
    expect(saved).toHaveLength(1);
  });
});
