import { fold } from '../../write-side/decider';
import { aliasDecider, clientDecider, normalizeAlias, paymentDecider, wireStatus } from '../../write-side/instant-payments/decide';
import type { ClientEvent, PaymentEvent, PaymentParties } from '../../write-side/instant-payments/events';

const registered: ClientEvent = {
  type: 'InstantPaymentClientRegistered',
  data: { clientId: 'c1', organizationId: 'o1', name: 'Ana', externalRef: null, demo: true, startingBalance: '100' },
};

const parties = (kind: PaymentParties['kind']): PaymentParties => ({
  paymentId: 'p1',
  kind,
  amount: '40',
  reference: null,
  senderClientId: 'c1',
  senderOrganizationId: 'o1',
  senderAlias: 'ana',
  recipientClientId: 'c2',
  recipientOrganizationId: kind === 'INTERNAL' ? 'o1' : 'o2',
  recipientAlias: 'beto',
  createdAt: '2026-01-01T00:00:00.000Z',
});

const run = <E extends { type: string }>(decider: { decide: (c: never, s: never) => E[]; evolve: (s: never, e: E) => unknown; initialState: () => unknown }, events: E[], command: unknown) =>
  decider.decide(command as never, fold(decider as never, events as never) as never);

describe('Instant Payments rules (pure)', () => {
  it('normalises aliases: lower-case, optional @, 3-30 of a-z 0-9 . _ starting with a letter', () => {
    expect(normalizeAlias('@Maria.Lopez_1')).toBe('maria.lopez_1');
    for (const bad of ['ab', '1abc', '_abc', 'a'.repeat(31), 'with space', 'dash-ed', '@@abc', 'ñandu']) expect(normalizeAlias(bad)).toBeNull();
    expect(normalizeAlias('a'.repeat(30))).toBe('a'.repeat(30));
  });

  it('debits a client once per payment and never below zero', () => {
    const debit = { type: 'DebitClient', paymentId: 'p1', amount: 60n };
    const [debited] = run(clientDecider, [registered], debit);
    expect(debited).toMatchObject({ type: 'InstantPaymentClientDebited', data: { amount: '60' } });
    expect(run(clientDecider, [registered, debited!], debit)).toEqual([]);
    expect(() => run(clientDecider, [registered, debited!], { ...debit, paymentId: 'p2' })).toThrow(expect.objectContaining({ code: 'INSUFFICIENT_FUNDS' }));
    // A refund needs the debit first, and happens once.
    expect(run(clientDecider, [registered], { type: 'RefundClient', paymentId: 'p1', amount: 60n })).toEqual([]);
    const [refund] = run(clientDecider, [registered, debited!], { type: 'RefundClient', paymentId: 'p1', amount: 60n });
    expect(fold(clientDecider, [registered, debited!, refund!] as ClientEvent[]).balance).toBe(100n);
    expect(run(clientDecider, [registered, debited!, refund!], { type: 'RefundClient', paymentId: 'p1', amount: 60n })).toEqual([]);
  });

  it('guards an alias for its first claimant', () => {
    const [claimed] = run(aliasDecider, [], { type: 'ClaimAlias', alias: 'ana', clientId: 'c1' });
    expect(run(aliasDecider, [claimed!], { type: 'ClaimAlias', alias: 'ana', clientId: 'c1' })).toEqual([]);
    expect(() => run(aliasDecider, [claimed!], { type: 'ClaimAlias', alias: 'ana', clientId: 'c2' })).toThrow(expect.objectContaining({ code: 'ALIAS_TAKEN', status: 409 }));
  });

  it('walks a cross-bank payment through settlement, and refuses steps out of order', () => {
    const events: PaymentEvent[] = [];
    const step = (command: unknown) => {
      const produced = run(paymentDecider, events, command);
      events.push(...produced);
      return fold(paymentDecider, events);
    };
    expect(step({ type: 'InitiatePayment', payment: parties('CROSS_ORGANIZATION') }).step).toBe('INITIATED');
    expect(() => step({ type: 'CompletePayment', now: 'x' })).toThrow(expect.objectContaining({ code: 'PAYMENT_STATE_CONFLICT' }));
    expect(step({ type: 'RecordDebit' }).step).toBe('DEBITED');
    expect(step({ type: 'StartSettlement', txHash: 'H1', txBytes: 'AA', from: 'a', to: 'b' }).pending).toMatchObject({ attempt: 1, txHash: 'H1' });
    expect(step({ type: 'AbandonSettlement', txHash: 'H1', reason: 'sequence' }).step).toBe('DEBITED');
    expect(step({ type: 'StartSettlement', txHash: 'H2', txBytes: 'BB', from: 'a', to: 'b' }).attempts).toBe(2);
    const settled = step({ type: 'RecordSettlement', txHash: 'H2', height: 7, settledAt: '2026-01-01T00:00:01.000Z' });
    expect([settled.step, wireStatus(settled.step)]).toEqual(['SETTLED', 'PENDING']);
    const done = step({ type: 'CompletePayment', now: '2026-01-01T00:00:02.000Z' });
    expect([wireStatus(done.step), done.txHash, done.settledAt]).toEqual(['COMPLETED', 'H2', '2026-01-01T00:00:01.000Z']);
    expect(run(paymentDecider, events, { type: 'CompletePayment', now: 'y' })).toEqual([]);
  });

  it('fails a payment whose settlement failed', () => {
    const events: PaymentEvent[] = [];
    for (const command of [
      { type: 'InitiatePayment', payment: parties('CROSS_ORGANIZATION') },
      { type: 'RecordDebit' },
      { type: 'RecordSettlementFailure', txHash: null, failureCode: 'INSUFFICIENT_SETTLEMENT_LIQUIDITY', reason: 'empty' },
      { type: 'FailPayment', failureCode: 'INSUFFICIENT_SETTLEMENT_LIQUIDITY', reason: 'empty', now: 'z' },
    ])
      events.push(...run(paymentDecider, events, command));
    const state = fold(paymentDecider, events);
    expect([wireStatus(state.step), state.failureCode]).toEqual(['FAILED', 'INSUFFICIENT_SETTLEMENT_LIQUIDITY']);
    expect(() => run(paymentDecider, [], { type: 'InitiatePayment', payment: { ...parties('INTERNAL'), recipientClientId: 'c1' } })).toThrow(
      expect.objectContaining({ code: 'SELF_PAYMENT' }),
    );
  });
});
