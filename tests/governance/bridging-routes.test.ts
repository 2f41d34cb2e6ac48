import { generateCustodyKey } from '../../write-side/chain/keys';
import { startGovernance, type GovernanceFixture, type Session } from './fixture';

describe('bridging over HTTP, and the voting period running out', () => {
  let f: GovernanceFixture;
  let bank: { organizationId: string; admin: Session };
  let treasury: { id: string; address: string };
  let bridging: string;
  let bridgingAddress: string;
  let member: Session;

  beforeAll(async () => {
    f = await startGovernance({ PROPOSAL_VOTING_PERIOD: '1500ms' });
    member = await f.invite(f.admin, 'member', 'Mia');
    bank = await f.bank('Banco Cuatro');
    treasury = (await f.as(bank.admin).post('/multisigs', { label: 'Treasury', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 })).body;
    bridging = f.seed['issuing-core']!.bridgingAccountId!;
    bridgingAddress = (await f.as(f.admin).get(`/multisigs/${bridging}`)).body.address;
  }, 60000);
  afterAll(() => f?.stop());

  const disburse = (amount: string, headers: Record<string, string> = {}) =>
    f.as(f.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount }, headers);
  const redeem = (amount: string, headers: Record<string, string> = {}) =>
    f.as(f.admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount }, headers);

  it('refuses while the exchange address is not set, and needs manage · Bridging', async () => {
    const unset = await disburse('10');
    expect([unset.status, unset.body.code]).toEqual([422, 'EXCHANGE_ADDRESS_NOT_SET']);
    expect((await redeem('10')).body.code).toBe('EXCHANGE_ADDRESS_NOT_SET');
    const other = await f.bank('Banco Cinco');
    expect((await f.as(other.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: '10' })).status).toBe(403);
    expect((await f.as(bank.admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '10' })).body.code).toBe('EXCHANGE_ADDRESS_NOT_SET');
    expect((await f.as(member).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '10' })).status).toBe(403);
    expect((await f.as(f.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: 10 })).status).toBe(400);
    expect((await f.as(f.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: '10', memo: 'x' })).status).toBe(400);
  });

  it('disburses from the BRIDGING account at once, capped by its balance, idempotently', async () => {
    expect((await f.as(f.admin).post(`/organizations/${bank.organizationId}/exchange-address`, { address: treasury.address })).status).toBeLessThan(300);
    const empty = await disburse('10');
    expect([empty.status, empty.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    const issuance = f.seed['issuing-core']!.issuanceAccountId!;
    const funded = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Float', amount: '1000', denom: 'ulps', recipient: bridgingAddress });
    expect(funded.body.executorResult).toBe('SUCCESS');
    const headers = { 'Idempotency-Key': 'disburse-1' };
    const done = await disburse('300', headers);
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect(done.body.operationId).toBe(done.body.proposalId);
    const replay = await disburse('300', headers);
    expect(replay.body).toEqual(done.body);
    expect((await disburse('301', headers)).body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await f.runtime.services.chain.getBalance(treasury.address, 'ulps')).toBe(300n);
    const proposal = (await f.as(f.admin).get(`/multisigs/${bridging}/proposals/${done.body.proposalId}`)).body;
    expect(proposal).toMatchObject({ kind: 'DISBURSEMENT', status: 'ACCEPTED', votes: [expect.objectContaining({ weight: 2, option: 'YES' })] });
    const events = (await f.runtime.db('events').where({ type: 'DisbursementRequested' }).count('* as n'))[0] as { n: string };
    expect(Number(events.n)).toBe(1);
    const records = await f.runtime.db('admin_operations').where({ organization_id: bank.organizationId, type: 'DISBURSEMENT_REQUESTED' });
    expect(records).toHaveLength(1);
  });

  it('redeems through the exchange account’s members, capped by the exchange balance', async () => {
    const over = await redeem('301');
    expect([over.status, over.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    const requested = await redeem('100');
    expect(requested.body).toMatchObject({ status: 'SUBMITTED', txHash: null });
    const signed = await f.as(bank.admin).post(`/multisigs/${treasury.id}/proposals/${requested.body.proposalId}/votes`, { option: 'YES' });
    expect(signed.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', kind: 'REDEMPTION' });
    expect(await f.runtime.services.chain.getBalance(treasury.address, 'ulps')).toBe(200n);
    expect(await f.runtime.services.chain.getBalance(bridgingAddress, 'ulps')).toBe(800n);
    // The bank's own administrator, a member of the treasury, redeems at once.
    const own = await f.as(bank.admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '50' });
    expect(own.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect(await f.runtime.services.chain.getBalance(treasury.address, 'ulps')).toBe(150n);
    const records = await f.runtime.db('admin_operations').where({ organization_id: bank.organizationId, type: 'REDEMPTION_REQUESTED' });
    expect(records).toHaveLength(2);
  });

  it('refuses while frozen, and an exchange address that is not one of the organization’s accounts', async () => {
    expect((await f.as(f.admin).post(`/organizations/${bank.organizationId}/freeze`)).status).toBeLessThan(300);
    expect((await disburse('10')).body.code).toBe('EXCHANGE_FROZEN');
    expect((await redeem('10')).body.code).toBe('EXCHANGE_FROZEN');
    expect((await f.as(f.admin).post(`/organizations/${bank.organizationId}/unfreeze`)).status).toBeLessThan(300);
    const external = generateCustodyKey('emisor').address;
    const set = await f.as(f.admin).post(`/organizations/${bank.organizationId}/exchange-address`, { address: external });
    expect([set.status, set.body.code]).toEqual([422, 'EXCHANGE_ADDRESS_NOT_OWNED']);
    expect(await f.runtime.services.chain.getBalance(external, 'ulps')).toBe(0n);
  });

  it('rejects a proposal whose voting period ends with the threshold unmet, with nobody voting', async () => {
    const duo = (
      await f.as(f.admin).post('/multisigs', { label: 'Duo', members: [{ userId: f.admin.id, weight: 1 }, { userId: member.id, weight: 1 }], threshold: 2 })
    ).body;
    const proposal = (await f.as(f.admin).post(`/multisigs/${duo.id}/proposals/group-changes`, { title: 'Solo', threshold: 1 })).body;
    expect(proposal.status).toBe('SUBMITTED');
    await new Promise((resolve) => setTimeout(resolve, 1600));
    // Visible on read at once, recorded by the timer soon after.
    const read = (await f.as(member).get(`/multisigs/${duo.id}/proposals/${proposal.id}`)).body;
    expect(read).toMatchObject({ status: 'REJECTED', rejectionReason: 'VOTING_PERIOD_ENDED' });
    expect((await f.as(member).get('/approval-queue')).body.items).toEqual([]);
    const late = await f.as(member).post(`/multisigs/${duo.id}/proposals/${proposal.id}/votes`, { option: 'YES' });
    expect([late.status, late.body.code]).toEqual([409, 'PROPOSAL_NOT_OPEN']);
    const recorded = await f.runtime.db('events').where({ type: 'ProposalRejected' }).whereRaw("data->>'proposalId' = ?", [proposal.id]).first();
    expect(recorded.data.reason).toBe('VOTING_PERIOD_ENDED');
  });
});
