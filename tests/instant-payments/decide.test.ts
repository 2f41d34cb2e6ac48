import { AppError } from '../../write-side/errors';
import {
  aliasDecider,
  decide,
  evolve,
  headroom,
  initialLedger,
  nextBatchTransfers,
  normalizeAlias,
  type BankLedgerCommand,
  type BankLedgerState,
} from '../../write-side/instant-payments/decide';
import type { PaymentParties } from '../../write-side/instant-payments/events';

const BANK = 'bank-a';
const OTHER_BANK = 'bank-b';
const ACTIVE = { status: 'ACTIVE' };
const NOW = '2026-11-23T10:00:00.000Z';

/** Decides and applies, as the ledger does; returns the events. */
function run(state: BankLedgerState, command: BankLedgerCommand) {
  const events = decide(command, state);
  for (const event of events) evolve(state, event);
  return events;
}

const codeOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return 'NO ERROR';
};

const register = (clientId: string, startingBalance: bigint, settlementBalance = 1_000_000n): BankLedgerCommand => ({
  type: 'RegisterClient',
  clientId,
  name: clientId,
  externalRef: null,
  demo: true,
  startingBalance,
  bank: ACTIVE,
  settlementBalance,
});

const payment = (overrides: Partial<Extract<BankLedgerCommand, { type: 'Pay' }>> = {}): BankLedgerCommand => ({
  type: 'Pay',
  paymentId: 'p-1',
  senderClientId: 'ana',
  tokenId: null,
  recipient: { clientId: 'beto', organizationId: BANK, alias: 'beto', active: true },
  amount: 100n,
  reference: null,
  requestFingerprint: 'f-1',
  senderBank: ACTIVE,
  recipientBank: ACTIVE,
  recorded: null,
  now: NOW,
  ...overrides,
});

function bankWithAnaAndBeto(): BankLedgerState {
  const state = initialLedger(BANK);
  run(state, register('ana', 1000n));
  run(state, register('beto', 0n));
  run(state, { type: 'ActivateAlias', clientId: 'ana', alias: 'ana' });
  run(state, { type: 'ActivateAlias', clientId: 'beto', alias: 'beto' });
  return state;
}

describe('aliases', () => {
  it('are lower-case, with an optional @, 3-30 of a-z 0-9 . _ starting with a letter', () => {
    expect(normalizeAlias('@Ana.R_1')).toBe('ana.r_1');
    expect(normalizeAlias('ab')).toBeNull();
    expect(normalizeAlias('1abc')).toBeNull();
    expect(normalizeAlias('a'.repeat(31))).toBeNull();
    expect(normalizeAlias('an a')).toBeNull();
  });

  it('are guarded for their first claimant, and free again once released', () => {
    const claimed = aliasDecider.decide({ type: 'ClaimAlias', alias: 'ana', clientId: 'c1', organizationId: BANK }, aliasDecider.initialState());
    const state = aliasDecider.evolve(aliasDecider.initialState(), claimed[0]!);
    expect(aliasDecider.decide({ type: 'ClaimAlias', alias: 'ana', clientId: 'c1', organizationId: BANK }, state)).toEqual([]);
    expect(codeOf(() => aliasDecider.decide({ type: 'ClaimAlias', alias: 'ana', clientId: 'c2', organizationId: BANK }, state))).toBe('ALIAS_TAKEN');
    const released = aliasDecider.evolve(state, aliasDecider.decide({ type: 'ReleaseAlias', alias: 'ana', clientId: 'c1' }, state)[0]!);
    expect(released.holder).toBeNull();
    expect(aliasDecider.decide({ type: 'ReleaseAlias', alias: 'ana', clientId: 'c2' }, state)).toEqual([]);
  });

  it('are one per client: a second one is ALIAS_ALREADY_ACTIVATED', () => {
    const state = bankWithAnaAndBeto();
    expect(codeOf(() => decide({ type: 'ActivateAlias', clientId: 'ana', alias: 'ana.two' }, state))).toBe('ALIAS_ALREADY_ACTIVATED');
    expect(decide({ type: 'ActivateAlias', clientId: 'ana', alias: 'ana' }, state)).toEqual([]);
  });
});

describe('payments', () => {
  it('moves an INTERNAL payment from sender to recipient in one event, COMPLETED', () => {
    const state = bankWithAnaAndBeto();
    const events = run(state, payment());
    expect(events.map((event) => event.type)).toEqual(['InstantPaymentTransferred']);
    expect([state.clients.get('ana')!.balance, state.clients.get('beto')!.balance, state.clientTotal]).toEqual([900n, 100n, 1000n]);
  });

  it('debits a CROSS_ORGANIZATION payment and owes it to the recipient bank until its batch settles', () => {
    const state = bankWithAnaAndBeto();
    const events = run(state, payment({ recipient: { clientId: 'carla', organizationId: OTHER_BANK, alias: 'carla', active: true } }));
    expect(events.map((event) => event.type)).toEqual(['InstantPaymentSent']);
    expect([state.clients.get('ana')!.balance, state.clientTotal, state.outgoingTotal, state.due.size]).toEqual([900n, 900n, 100n, 1]);
  });

  it('decides a payment id once: a retry is no event, another request under the same key is IDEMPOTENCY_KEY_REUSED', () => {
    const state = bankWithAnaAndBeto();
    run(state, payment());
    expect(decide(payment(), state)).toEqual([]);
    expect(codeOf(() => decide(payment({ amount: 101n, requestFingerprint: 'f-2' }), state))).toBe('IDEMPOTENCY_KEY_REUSED');
    const fresh = bankWithAnaAndBeto();
    // Decided before the ledger's memory: the read model's record answers the retry.
    const recorded = decide(payment(), bankWithAnaAndBeto())[0]!.data as PaymentParties;
    expect(decide(payment({ recorded }), fresh)).toEqual([]);
  });

  it.each([
    ['ALIAS_NOT_ACTIVATED', (state: BankLedgerState) => (state.clients.put({ ...state.clients.get('ana')!, alias: null }), payment())],
    ['SELF_PAYMENT', () => payment({ recipient: { clientId: 'ana', organizationId: BANK, alias: 'ana', active: true } })],
    ['RECIPIENT_NOT_FOUND', () => payment({ recipient: null })],
    ['RECIPIENT_NOT_FOUND', () => payment({ recipient: { clientId: 'beto', organizationId: BANK, alias: 'beto', active: false } })],
    ['ORGANIZATION_NOT_ACTIVE', () => payment({ senderBank: { status: 'SUSPENDED' } })],
    ['ORGANIZATION_NOT_ACTIVE', () => payment({ recipientBank: { status: 'SUSPENDED' } })],
    ['INSUFFICIENT_FUNDS', () => payment({ amount: 1001n })],
    ['INVALID_AMOUNT', () => payment({ amount: 0n })],
    ['NOT_FOUND', () => payment({ senderClientId: 'constructor' })],
  ])('refuses with %s and changes nothing', (code, command) => {
    const state = bankWithAnaAndBeto();
    const pay = command(state);
    const before = [state.clients.get('ana')!.balance, state.clientTotal];
    expect(codeOf(() => decide(pay, state))).toBe(code);
    expect([state.clients.get('ana')!.balance, state.clientTotal]).toEqual(before);
  });

  it('refuses a payment by a client token revoked since (UNAUTHENTICATED), and pays with any other token', () => {
    const state = bankWithAnaAndBeto();
    run(state, { type: 'RevokeClientToken', clientId: 'ana', tokenId: 'revoked', expiresAt: NOW });
    expect(codeOf(() => decide(payment({ tokenId: 'revoked' }), state))).toBe('UNAUTHENTICATED');
    expect(decide(payment({ tokenId: 'current' }), state).map((event) => event.type)).toEqual(['InstantPaymentTransferred']);
  });

  it('refuses a deactivated sender (CLIENT_DEACTIVATED)', () => {
    const state = bankWithAnaAndBeto();
    run(state, { type: 'DeactivateClient', clientId: 'ana', now: NOW });
    expect(codeOf(() => decide(payment(), state))).toBe('CLIENT_DEACTIVATED');
  });
});

describe('backing: client balances plus outgoing payments never exceed the settlement balance', () => {
  it('lets demo balances and cash-ins draw on the headroom only', () => {
    const state = initialLedger(BANK);
    run(state, register('ana', 600n, 1000n));
    expect(codeOf(() => decide(register('beto', 500n, 1000n), state))).toBe('INSUFFICIENT_SETTLEMENT_LIQUIDITY');
    run(state, register('beto', 0n, 0n));
    const cashIn = (amount: bigint): BankLedgerCommand => ({ type: 'CashIn', movementId: `m-${amount}`, clientId: 'beto', amount, reference: null, bank: ACTIVE, settlementBalance: 1000n, recorded: false });
    expect(codeOf(() => decide(cashIn(401n), state))).toBe('INSUFFICIENT_SETTLEMENT_LIQUIDITY');
    run(state, cashIn(400n));
    expect(headroom(state, 1000n)).toBe(0n);
  });

  it('counts an outgoing payment until its batch settles, and refunds it when the batch fails', () => {
    const state = bankWithAnaAndBeto();
    run(state, payment({ recipient: { clientId: 'carla', organizationId: OTHER_BANK, alias: 'carla', active: true } }));
    expect(headroom(state, 1000n)).toBe(0n);
    const transfers = nextBatchTransfers(state, new Map([[OTHER_BANK, 'emisor1carla']]), 100);
    expect(transfers).toEqual([{ organizationId: OTHER_BANK, to: 'emisor1carla', amount: '100', payments: [{ paymentId: 'p-1', recipientClientId: 'carla', amount: '100' }] }]);
    run(state, { type: 'StartSettlementBatch', batchNumber: 1, txHash: 'H1', txBytes: 'B1', from: 'emisor1ana', transfers });
    expect(codeOf(() => decide({ type: 'StartSettlementBatch', batchNumber: 2, txHash: 'H2', txBytes: 'B2', from: 'x', transfers }, state))).toBe('SETTLEMENT_BATCH_OPEN');
    run(state, { type: 'FailSettlementBatch', txHash: 'H1', failureCode: 'SETTLEMENT_REFUSED', reason: 'refused', failedAt: NOW });
    expect([state.clients.get('ana')!.balance, state.outgoingTotal, state.openBatch]).toEqual([1000n, 0n, null]);
  });

  it('puts an abandoned batch’s payments back in front of the queue, and settles them once', () => {
    const state = bankWithAnaAndBeto();
    const toCarla = { clientId: 'carla', organizationId: OTHER_BANK, alias: 'carla', active: true };
    run(state, payment({ recipient: toCarla }));
    const transfers = nextBatchTransfers(state, new Map([[OTHER_BANK, 'emisor1carla']]), 100);
    run(state, { type: 'StartSettlementBatch', batchNumber: 1, txHash: 'H1', txBytes: 'B1', from: 'x', transfers });
    run(state, payment({ paymentId: 'p-2', recipient: toCarla, requestFingerprint: 'f-2' }));
    run(state, { type: 'AbandonSettlementBatch', txHash: 'H1', reason: 'sequence mismatch' });
    expect([...state.due.keys()]).toEqual(['p-1', 'p-2']);
    const again = nextBatchTransfers(state, new Map([[OTHER_BANK, 'emisor1carla']]), 100);
    run(state, { type: 'StartSettlementBatch', batchNumber: 2, txHash: 'H2', txBytes: 'B2', from: 'x', transfers: again });
    run(state, { type: 'SettleBatch', txHash: 'H2', height: 7, settledAt: NOW });
    expect(decide({ type: 'SettleBatch', txHash: 'H2', height: 7, settledAt: NOW }, state)).toEqual([]);
    expect([state.outgoingTotal, state.clientTotal, state.openBatch]).toEqual([0n, 800n, null]);
  });

  it('credits a received batch once per sender bank and batch number', () => {
    const state = bankWithAnaAndBeto();
    const received: BankLedgerCommand = {
      type: 'ReceivePayments',
      senderOrganizationId: OTHER_BANK,
      batchNumber: 3,
      txHash: 'H3',
      settledAt: NOW,
      payments: [{ paymentId: 'x-1', recipientClientId: 'beto', amount: '250' }],
    };
    run(state, received);
    expect(decide(received, state)).toEqual([]);
    expect(state.clients.get('beto')!.balance).toBe(250n);
  });
});

describe('cash-out and client lifecycle', () => {
  it('debits a cash-out never below zero', () => {
    const state = bankWithAnaAndBeto();
    const cashOut = (amount: bigint): BankLedgerCommand => ({ type: 'CashOut', movementId: `m-${amount}`, clientId: 'ana', amount, reference: null, bank: ACTIVE, recorded: false });
    expect(codeOf(() => decide(cashOut(1001n), state))).toBe('INSUFFICIENT_FUNDS');
    run(state, cashOut(1000n));
    expect([state.clients.get('ana')!.balance, state.clientTotal]).toEqual([0n, 0n]);
  });

  it('moves a cash movement once per movement id: a retry, in memory or already in the read model, is no event', () => {
    const state = bankWithAnaAndBeto();
    const cashIn = (recorded: boolean): BankLedgerCommand => ({ type: 'CashIn', movementId: 'retried', clientId: 'beto', amount: 50n, reference: null, bank: ACTIVE, settlementBalance: 10_000n, recorded });
    expect(run(state, cashIn(false))).toHaveLength(1);
    expect(decide(cashIn(false), state)).toEqual([]);
    expect(decide(cashIn(true), bankWithAnaAndBeto())).toEqual([]);
    expect(state.clients.get('beto')!.balance).toBe(50n);
  });

  it('deactivates a client once and revokes a token once', () => {
    const state = bankWithAnaAndBeto();
    expect(run(state, { type: 'DeactivateClient', clientId: 'ana', now: NOW })).toHaveLength(1);
    expect(decide({ type: 'DeactivateClient', clientId: 'ana', now: NOW }, state)).toEqual([]);
    const revoke: BankLedgerCommand = { type: 'RevokeClientToken', clientId: 'beto', tokenId: 't-1', expiresAt: NOW };
    expect(run(state, revoke)).toHaveLength(1);
    expect(decide(revoke, state)).toEqual([]);
    expect(codeOf(() => decide({ type: 'DeactivateClient', clientId: '__proto__', now: NOW }, state))).toBe('NOT_FOUND');
  });
});
