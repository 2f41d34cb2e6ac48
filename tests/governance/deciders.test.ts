import { AppError } from '../../write-side/errors';
import { accountDecider, type AccountCommand } from '../../write-side/account/decide';
import type { AccountCreationRequested } from '../../write-side/account/events';
import { addressBookDecider, type AddressBookCommand } from '../../write-side/address-book/decide';
import { bridgingDecider, type BridgingCommand } from '../../write-side/bridging/decide';
import type { Decider, DomainEvent } from '../../write-side/decider';
import { tokenDecider, type TokenCommand } from '../../write-side/token/decide';
import { isWhitelisted, whitelistDecider, type WhitelistCommand } from '../../write-side/whitelist/decide';

function run<S, C, E extends DomainEvent>(decider: Decider<S, C, E>, commands: C[]) {
  let state = decider.initialState();
  const events: E[] = [];
  for (const command of commands) {
    const produced = decider.decide(command, state);
    events.push(...produced);
    state = produced.reduce(decider.evolve, state);
  }
  return { state, events };
}

function codeOf(work: () => unknown): string {
  try {
    work();
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
  return 'ok';
}

const NOW = '2026-01-01T00:00:00.000Z';
const member = (n: number, weight = 1) => ({ userId: `u${n}`, address: `a${n}`, weight });
const requestCreation = (overrides: Partial<AccountCreationRequested['data']> = {}): AccountCommand => ({
  type: 'RequestCreation',
  request: {
    accountId: 'acc',
    organizationId: 'org',
    label: 'Ops',
    type: 'CUSTOM',
    members: [member(1), member(2)],
    threshold: 2,
    createdBy: 'u1',
    requestedAt: NOW,
    ...overrides,
  },
});
const sign = (txHash = 'H'): AccountCommand => ({ type: 'SignCreation', txHash, txBytes: `bytes of ${txHash}`, now: NOW });
const recordCreated = (attempt = 1): AccountCommand => ({
  type: 'RecordCreation',
  attempt,
  outcome: { created: true, address: 'policy', groupId: '1' },
  now: NOW,
});
/** The steps of a creation that went through at the first attempt. */
const account = (overrides: Partial<AccountCreationRequested['data']> = {}): AccountCommand[] => [requestCreation(overrides), sign(), recordCreated()];

describe('account decider', () => {
  it.each<[string, Partial<AccountCreationRequested['data']>, string]>([
    ['a valid 2-of-2', {}, 'ok'],
    ['no members', { members: [] }, '422 INVALID_GROUP'],
    ['a duplicate member', { members: [member(1), member(1)] }, '422 INVALID_GROUP'],
    ['a zero weight', { members: [member(1, 0)] , threshold: 1 }, '422 INVALID_GROUP'],
    ['a fractional weight', { members: [member(1, 1.5)], threshold: 1 }, '422 INVALID_GROUP'],
    ['threshold 0', { threshold: 0 }, '422 INVALID_THRESHOLD'],
    ['threshold above the total weight', { threshold: 3 }, '422 INVALID_THRESHOLD'],
    ['an empty label', { label: '  ' }, '422 INVALID_LABEL'],
  ])('creation with %s', (_name, overrides, expected) => {
    expect(codeOf(() => run(accountDecider, account(overrides)))).toBe(expected);
  });

  it('archives idempotently, never a system account, and bumps the group version once per executed change', () => {
    const { state } = run(accountDecider, [
      ...account(),
      { type: 'Archive', now: NOW },
      { type: 'Archive', now: NOW },
      { type: 'Unarchive', now: NOW },
      { type: 'ChangeGroup', members: null, threshold: 1, proposalId: 'p1', txHash: 'T', now: NOW },
      { type: 'ChangeGroup', members: null, threshold: 1, proposalId: 'p1', txHash: 'T', now: NOW },
    ]);
    expect(state).toMatchObject({ archived: false, threshold: 1, groupVersion: 2, members: [member(1), member(2)] });
    expect(codeOf(() => run(accountDecider, [...account({ type: 'ISSUANCE' }), { type: 'Archive', now: NOW }]))).toBe('422 SYSTEM_ACCOUNT');
    expect(codeOf(() => run(accountDecider, [...account(), ...account()]))).toBe('409 ACCOUNT_EXISTS');
    expect(codeOf(() => run(accountDecider, [{ type: 'Archive', now: NOW }]))).toBe('404 NOT_FOUND');
  });

  describe('creation in steps (request, signed attempt, outcome)', () => {
    it('records the request before any attempt, and the account exists only once the chain created its group', () => {
      const requested = run(accountDecider, [requestCreation({ label: '  Ops  ' }), sign()]);
      expect(requested.events.map((event) => event.type)).toEqual(['AccountCreationRequested', 'AccountCreationSigned']);
      expect(requested.state).toMatchObject({ exists: false, creation: { pending: { attempt: 1, txHash: 'H' } } });
      expect(codeOf(() => run(accountDecider, [requestCreation(), { type: 'ChangeLabel', label: 'X', now: NOW }]))).toBe('404 NOT_FOUND');

      const { state, events } = run(accountDecider, account({ label: '  Ops  ' }));
      expect(events.at(-1)).toEqual({
        type: 'AccountCreated',
        data: {
          accountId: 'acc',
          organizationId: 'org',
          label: 'Ops',
          type: 'CUSTOM',
          address: 'policy',
          groupId: '1',
          members: [member(1), member(2)],
          threshold: 2,
          createdBy: 'u1',
          createdAt: NOW,
          txHash: 'H',
        },
      });
      expect(state).toMatchObject({ exists: true, address: 'policy', groupVersion: 1, creation: { pending: null } });
    });

    it('resumes a request made again with the same inputs (whenever asked), and refuses other inputs under the same id (409 ACCOUNT_EXISTS)', () => {
      const again = run(accountDecider, [requestCreation(), sign(), requestCreation({ requestedAt: '2026-01-02T00:00:00.000Z' })]);
      expect(again.events.map((event) => event.type)).toEqual(['AccountCreationRequested', 'AccountCreationSigned']);
      expect(again.state.creation.pending).toMatchObject({ attempt: 1, txHash: 'H' });
      expect(codeOf(() => run(accountDecider, [requestCreation(), requestCreation({ threshold: 1 })]))).toBe('409 ACCOUNT_EXISTS');
      expect(codeOf(() => run(accountDecider, [...account(), requestCreation({ label: 'Other' })]))).toBe('409 ACCOUNT_EXISTS');
    });

    it('never signs a second attempt while one may be on its way; one that created nothing lets the next be signed', () => {
      expect(codeOf(() => run(accountDecider, [requestCreation(), sign('H1'), sign('H2')]))).toBe('409 ACCOUNT_CREATION_IN_PROGRESS');
      expect(codeOf(() => run(accountDecider, [sign()]))).toBe('404 NOT_FOUND');
      const { state, events } = run(accountDecider, [
        requestCreation(),
        sign('H1'),
        { type: 'RecordCreation', attempt: 1, outcome: { created: false, reason: 'stale sequence', abandoned: true }, now: NOW },
        sign('H2'),
        recordCreated(2),
      ]);
      expect(events.map((event) => event.type)).toEqual([
        'AccountCreationRequested',
        'AccountCreationSigned',
        'AccountCreationFailed',
        'AccountCreationSigned',
        'AccountCreated',
      ]);
      expect(events.at(-1)!.data).toMatchObject({ txHash: 'H2', address: 'policy' });
      expect(state).toMatchObject({ exists: true, creation: { attempts: 2, pending: null, lastFailure: 'stale sequence' } });
    });

    it('records an outcome once: the same attempt again, or an older one, records nothing', () => {
      const { events } = run(accountDecider, [...account(), recordCreated(1), recordCreated(0)]);
      expect(events.filter((event) => event.type === 'AccountCreated')).toHaveLength(1);
    });
  });
});

describe('bridging decider', () => {
  const request = (overrides: Partial<BridgingCommand> = {}): BridgingCommand => ({
    type: 'RequestRedemption',
    exchange: { organizationType: 'COMMERCIAL', organizationStatus: 'ACTIVE', address: 'ex', frozen: false, holderAccountId: 'treasury' },
    requester: { organizationId: 'central', organizationType: 'CENTRAL' },
    tokenRegistered: true,
    available: 100n,
    disbursementLimit: { perDay: 0n, timeZone: 'America/Tegucigalpa' },
    bridgingAccount: { identityPresent: true },
    request: {
      requestId: 'r1',
      organizationId: 'bank',
      proposalId: 'p1',
      accountId: 'treasury',
      amount: '100',
      denom: 'ulps',
      exchangeAddress: 'ex',
      recipient: 'bridging',
      requestedBy: 'u1',
      requestedAt: NOW,
    },
    ...overrides,
  });
  const exchange = request().exchange;

  it.each<[string, Partial<BridgingCommand>, string]>([
    ['within the balance', {}, 'ok'],
    ['above the balance', { available: 99n }, '422 INSUFFICIENT_FUNDS'],
    ['with no exchange address', { exchange: { ...exchange, address: null } }, '422 EXCHANGE_ADDRESS_NOT_SET'],
    ['while frozen', { exchange: { ...exchange, frozen: true } }, '422 EXCHANGE_FROZEN'],
    ['frozen and over the balance: frozen first', { exchange: { ...exchange, frozen: true }, available: 0n }, '422 EXCHANGE_FROZEN'],
    ['for a suspended organization', { exchange: { ...exchange, organizationStatus: 'SUSPENDED' } }, '422 ORGANIZATION_NOT_ACTIVE'],
    ['for the central bank', { exchange: { ...exchange, organizationType: 'CENTRAL' } }, '422 NOT_A_COMMERCIAL_ORGANIZATION'],
    ['from an address that is not one of its accounts', { exchange: { ...exchange, holderAccountId: null } }, '422 EXCHANGE_ADDRESS_NOT_OWNED'],
    ['of a token not in the registry', { tokenRegistered: false }, '422 UNKNOWN_TOKEN'],
    ['when the central bank has no BRIDGING account', { bridgingAccount: null }, '422 BRIDGING_ACCOUNT_MISSING'],
    ['when the BRIDGING account has no bridging identity (only disbursements need it)', { bridgingAccount: { identityPresent: false } }, 'ok'],
  ])('a redemption %s', (_name, overrides, expected) => {
    expect(codeOf(() => run(bridgingDecider, [request(overrides)]))).toBe(expected);
  });

  it('refuses a disbursement whose BRIDGING account has no bridging identity to propose it, recording nothing', () => {
    const disbursement = request({ type: 'RequestDisbursement', bridgingAccount: { identityPresent: false } });
    expect(codeOf(() => run(bridgingDecider, [disbursement]))).toBe('422 BRIDGING_IDENTITY_MISSING');
    expect(codeOf(() => run(bridgingDecider, [request({ type: 'RequestDisbursement', bridgingAccount: null })]))).toBe('422 BRIDGING_ACCOUNT_MISSING');
  });

  it('emits the spec’s events, once per request id', () => {
    const { events } = run(bridgingDecider, [request(), request(), request({ type: 'RequestDisbursement', request: { ...request().request, requestId: 'r2' } })]);
    expect(events.map((event) => event.type)).toEqual(['RedemptionRequested', 'DisbursementRequested']);
  });
});

describe('token, whitelist and address-book deciders', () => {
  const token = (tokenId: string, denom: string, native = false): TokenCommand => ({
    type: 'RegisterToken',
    token: { tokenId, denom, symbol: 'S', name: 'N', exponent: 2, native },
    registeredBy: null,
    now: NOW,
  });

  it('keeps denoms unique, one native token, and the native token undeletable', () => {
    expect(codeOf(() => run(tokenDecider, [token('a', 'ulps', true), token('b', 'ulps')]))).toBe('409 TOKEN_DENOM_TAKEN');
    expect(codeOf(() => run(tokenDecider, [token('a', 'ulps', true), token('b', 'uusd', true)]))).toBe('409 NATIVE_TOKEN_EXISTS');
    expect(run(tokenDecider, [token('a', 'ulps', true), token('a', 'ulps', true)]).events).toHaveLength(1);
    expect(codeOf(() => run(tokenDecider, [token('a', 'ulps', true), { type: 'RemoveToken', tokenId: 'a', now: NOW }]))).toBe('422 NATIVE_TOKEN_PROTECTED');
    const { state } = run(tokenDecider, [token('b', 'uusd'), { type: 'UpdateToken', tokenId: 'b', exponent: 6, now: NOW }, { type: 'RemoveToken', tokenId: 'b', now: NOW }]);
    expect([...state.tokens.keys()]).toEqual([]);
  });

  it('whitelists: an empty list allows all, a non-empty one only its addresses', () => {
    const add = (entryId: string, address: string): WhitelistCommand => ({
      type: 'AddAddress',
      accountId: 'acc',
      organizationId: 'org',
      accountAddress: 'self',
      entryId,
      address,
      label: 'L',
      actorId: 'u1',
      now: NOW,
    });
    expect(isWhitelisted(whitelistDecider.initialState(), 'x')).toBe(true);
    const { state } = run(whitelistDecider, [add('e1', 'x')]);
    expect([isWhitelisted(state, 'x'), isWhitelisted(state, 'y')]).toEqual([true, false]);
    expect(codeOf(() => run(whitelistDecider, [add('e1', 'x'), add('e2', 'x')]))).toBe('409 WHITELIST_ADDRESS_EXISTS');
    const removed = run(whitelistDecider, [add('e1', 'x'), { type: 'RemoveAddress', accountId: 'acc', organizationId: 'org', entryId: 'e1', actorId: 'u1', now: NOW }]);
    expect(isWhitelisted(removed.state, 'y')).toBe(true);
  });

  it('never lists the account’s own address, neither added nor edited to it (422 WHITELIST_SELF)', () => {
    const add = (address: string): WhitelistCommand => ({
      type: 'AddAddress',
      accountId: 'acc',
      organizationId: 'org',
      accountAddress: 'self',
      entryId: 'e1',
      address,
      label: 'L',
      actorId: 'u1',
      now: NOW,
    });
    const edit: WhitelistCommand = { type: 'UpdateAddress', accountId: 'acc', organizationId: 'org', accountAddress: 'self', entryId: 'e1', address: 'self', now: NOW };
    expect([codeOf(() => run(whitelistDecider, [add('self')])), codeOf(() => run(whitelistDecider, [add('x'), edit]))]).toEqual([
      '422 WHITELIST_SELF',
      '422 WHITELIST_SELF',
    ]);
  });

  it('address books refuse a duplicate address and unknown entries', () => {
    const add = (entryId: string, address: string): AddressBookCommand => ({
      type: 'AddEntry',
      entry: { userId: 'u1', entryId, name: 'N', address, note: null },
      now: NOW,
    });
    expect(codeOf(() => run(addressBookDecider, [add('e1', 'x'), add('e2', 'x')]))).toBe('409 ADDRESS_BOOK_ENTRY_EXISTS');
    expect(codeOf(() => run(addressBookDecider, [{ type: 'RemoveEntry', userId: 'u1', entryId: 'nope', now: NOW }]))).toBe('404 NOT_FOUND');
  });
});
