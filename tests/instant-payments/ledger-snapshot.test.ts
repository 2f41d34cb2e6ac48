import { initialLedger } from '../../write-side/instant-payments/decide';
import { fromSnapshot, toSnapshot, type LedgerSnapshot } from '../../write-side/instant-payments/ledger-snapshot';

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

  it('keeps each payment due to another bank with when it was made, in the open batch too', () => {
    const state = initialLedger('bank-a');
    state.due.set(due.paymentId, due);
    state.openBatch = { batchNumber: 1, txHash: 'AB', txBytes: 'c2lnbmVk', from: 'emisor1a', transfers: [], payments: [{ ...due, paymentId: 'p-0' }] };
    const loaded = fromSnapshot(JSON.parse(JSON.stringify(toSnapshot(state, Date.now()))) as LedgerSnapshot);
    expect(loaded.due.get('p-1')).toEqual(due);
    expect(loaded.openBatch?.payments).toEqual([{ ...due, paymentId: 'p-0' }]);
  });

  it('loads a snapshot saved before the time made was kept, that time unknown', () => {
    const state = initialLedger('bank-a');
    const saved = { ...toSnapshot(state, Date.now()), due: [['p-1', 'ana', 'bank-b', 'carla', '700']] } as LedgerSnapshot;
    expect(fromSnapshot(saved).due.get('p-1')).toEqual({ ...due, createdAt: null });
  });
});
