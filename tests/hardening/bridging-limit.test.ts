import { AppError } from '../../write-side/errors';
import { bridgingDecider, type BridgingCommand } from '../../write-side/bridging/decide';
import type { BridgingEvent } from '../../write-side/bridging/events';
import { generateCustodyKey } from '../../write-side/chain/keys';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

const ZONE = 'America/Tegucigalpa'; // UTC-6, no daylight saving

function disbursement(amount: string, requestedAt: string, requestId = requestedAt): BridgingCommand {
  return {
    type: 'RequestDisbursement',
    exchange: { organizationType: 'COMMERCIAL', organizationStatus: 'ACTIVE', address: 'ex', frozen: false, holderAccountId: 'treasury' },
    requester: { organizationId: 'bank', organizationType: 'COMMERCIAL' },
    tokenRegistered: true,
    available: 1_000_000n,
    disbursementLimit: { perDay: 500n, timeZone: ZONE },
    bridgingAccount: { identityPresent: true },
    request: {
      requestId,
      organizationId: 'bank',
      proposalId: `p-${requestId}`,
      accountId: 'bridging',
      amount,
      denom: 'ulps',
      exchangeAddress: 'ex',
      recipient: 'ex',
      requestedBy: 'u1',
      requestedAt,
    },
  };
}

/** Decides each command on the state the earlier ones left: the answers in order. */
function answers(commands: BridgingCommand[]): string[] {
  let state = bridgingDecider.initialState();
  return commands.map((command) => {
    try {
      const events: BridgingEvent[] = bridgingDecider.decide(command, state);
      state = events.reduce(bridgingDecider.evolve, state);
      return events.map((event) => event.type).join(',');
    } catch (error) {
      if (error instanceof AppError) return `${error.status} ${error.code}`;
      throw error;
    }
  });
}

describe('Bridging limit: the sum of a day’s disbursements an organization asks for itself', () => {
  it('counts the days of TIME_ZONE, not of UTC', () => {
    expect(
      answers([
        disbursement('400', '2026-01-02T05:30:00.000Z'), // 1 January, 23:30 in Tegucigalpa
        disbursement('200', '2026-01-02T05:59:59.000Z'), // still 1 January: 600 > 500
        disbursement('500', '2026-01-02T06:00:00.000Z'), // 2 January, 00:00: a new day
        disbursement('1', '2026-01-02T23:00:00.000Z'), // 2 January, 17:00: 501 > 500
      ]),
    ).toEqual(['DisbursementRequested', '422 BRIDGING_LIMIT_EXCEEDED', 'DisbursementRequested', '422 BRIDGING_LIMIT_EXCEEDED']);
  });

  it('refuses anything with the default limit of 0, and never limits the central bank', () => {
    const none = { ...disbursement('1', '2026-01-02T12:00:00.000Z'), disbursementLimit: { perDay: 0n, timeZone: ZONE } };
    const central = { ...none, request: { ...none.request, requestId: 'c' }, requester: { organizationId: 'central', organizationType: 'CENTRAL' as const } };
    expect(answers([none, central])).toEqual(['422 BRIDGING_LIMIT_EXCEEDED', 'DisbursementRequested']);
  });

  it('refuses another organization’s administrators (403) and a token outside the registry (422 UNKNOWN_TOKEN)', () => {
    const command = disbursement('1', '2026-01-02T12:00:00.000Z');
    expect(
      answers([
        { ...command, requester: { organizationId: 'other-bank', organizationType: 'COMMERCIAL' } },
        { ...command, tokenRegistered: false },
      ]),
    ).toEqual(['403 FORBIDDEN', '422 UNKNOWN_TOKEN']);
  });
});

describe('Bridging over HTTP: limit, exchange address ownership, unknown token', () => {
  let f: GovernanceFixture;
  let bank: { organizationId: string; admin: Session };
  let other: { organizationId: string; admin: Session };
  let treasury: { id: string; address: string };
  let otherTreasury: { id: string; address: string };
  let bridgingAddress: string;

  beforeAll(async () => {
    f = await startGovernance();
    bank = await f.bank('Banco Límite');
    other = await f.bank('Banco Vecino');
    const account = (session: Session, label: string) =>
      f.as(session).post('/multisigs', { label, members: [{ userId: session.id, weight: 1 }], threshold: 1 }).then((response) => response.body);
    treasury = await account(bank.admin, 'Tesorería');
    otherTreasury = await account(other.admin, 'Tesorería vecina');
    const bridging = f.seed['issuing-core']!.bridgingAccountId!;
    bridgingAddress = (await f.as(f.admin).get(`/multisigs/${bridging}`)).body.address;
    const issuance = f.seed['issuing-core']!.issuanceAccountId!;
    const minted = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Float', amount: '100000', denom: 'ulps', recipient: bridgingAddress });
    if (minted.body.executorResult !== 'SUCCESS') throw new Error(`mint failed: ${JSON.stringify(minted.body)}`);
  }, 90000);
  afterAll(() => f?.stop());

  const lastPosition = async () => Number((await f.runtime.db('events').max('position as p').first())?.p ?? 0);
  const setExchange = (address: string) => f.as(f.admin).post(`/organizations/${bank.organizationId}/exchange-address`, { address });
  const disburse = (by: Session, amount: string, organizationId = bank.organizationId, denom?: string) =>
    f.as(by).post(`/organizations/${organizationId}/disbursement-request`, denom ? { amount, denom } : { amount });

  describe('the exchange address is one of the organization’s own accounts (422 EXCHANGE_ADDRESS_NOT_OWNED)', () => {
    it('refuses an outside wallet, another bank’s account, the BRIDGING account and the settlement account, writing nothing', async () => {
      const settlement = (await f.as(f.admin).get(`/organizations/${bank.organizationId}`)).body.settlementAccount.address as string;
      const before = await lastPosition();
      const refused = [];
      for (const address of [generateCustodyKey('emisor').address, otherTreasury.address, bridgingAddress, settlement]) {
        const response = await setExchange(address);
        refused.push([response.status, response.body.code]);
      }
      expect(refused).toEqual(Array(4).fill([422, 'EXCHANGE_ADDRESS_NOT_OWNED']));
      expect(await lastPosition()).toBe(before);
    });

    it('refuses an archived account of its own and accepts an active one', async () => {
      const spare = (await f.as(bank.admin).post('/multisigs', { label: 'Spare', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 })).body;
      expect((await f.as(bank.admin).post(`/multisigs/${spare.id}/archive`)).status).toBe(200);
      expect((await setExchange(spare.address)).body.code).toBe('EXCHANGE_ADDRESS_NOT_OWNED');
      const set = await setExchange(treasury.address);
      expect([set.status, set.body.exchange]).toEqual([200, { address: treasury.address, linked: true, frozen: false }]);
    });
  });

  describe('PATCH /organizations/<id> { disbursementLimitPerDay }', () => {
    it('is "0" by default, set by the central bank only, and never for the central bank itself', async () => {
      expect((await f.as(bank.admin).get(`/organizations/${bank.organizationId}`)).body.disbursementLimitPerDay).toBe('0');
      const own = await f.as(bank.admin).patch(`/organizations/${bank.organizationId}`, { disbursementLimitPerDay: '1000' });
      expect([own.status, own.body.code]).toEqual([403, 'RESTRICTED_TO_CENTRAL_BANK']);
      const central = await f.as(f.admin).patch(`/organizations/${f.admin.organizationId}`, { disbursementLimitPerDay: '1000' });
      expect([central.status, central.body.code]).toEqual([422, 'NOT_A_COMMERCIAL_ORGANIZATION']);
      expect((await f.as(f.admin).patch(`/organizations/${bank.organizationId}`, { disbursementLimitPerDay: 1000 })).status).toBe(400);
      expect((await f.as(f.admin).patch(`/organizations/${bank.organizationId}`, { disbursementLimitPerDay: '-1' })).status).toBe(400);
    });

    it('caps what the organization’s own administrators disburse per day (422 BRIDGING_LIMIT_EXCEEDED); the central bank is not capped', async () => {
      const refused = await disburse(bank.admin, '1');
      expect([refused.status, refused.body.code]).toEqual([422, 'BRIDGING_LIMIT_EXCEEDED']);
      const set = await f.as(f.admin).patch(`/organizations/${bank.organizationId}`, { disbursementLimitPerDay: '500' });
      expect([set.status, set.body.disbursementLimitPerDay]).toEqual([200, '500']);
      expect((await disburse(bank.admin, '300')).status).toBe(201);
      const over = await disburse(bank.admin, '201');
      expect([over.status, over.body.code]).toEqual([422, 'BRIDGING_LIMIT_EXCEEDED']);
      expect((await disburse(bank.admin, '200')).status).toBe(201);
      expect((await disburse(f.admin, '1000')).status).toBe(201);
      expect(await f.runtime.services.chain.getBalance(treasury.address, 'ulps')).toBe(1500n);
    });

    it('leaves another organization’s administrators out (403) and a denom outside the registry is 422 UNKNOWN_TOKEN', async () => {
      const foreign = await disburse(other.admin, '1');
      expect([foreign.status, foreign.body.code]).toEqual([403, 'FORBIDDEN']);
      const nobody = await disburse(f.admin, '1', 'constructor');
      expect([nobody.status, nobody.body.code]).toEqual([404, 'NOT_FOUND']);
      const unknown = await disburse(f.admin, '1', bank.organizationId, 'unotregistered');
      expect([unknown.status, unknown.body.code]).toEqual([422, 'UNKNOWN_TOKEN']);
    });
  });
});
