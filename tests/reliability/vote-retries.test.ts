import { generateCustodyKey } from '../../write-side/chain/keys';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/**
 * Issue 10.3: a retried vote with the same Idempotency-Key returns the first result, also when the
 * first attempt recorded the vote but crashed before it recorded its response.
 */
describe('POST /multisigs/:id/proposals/:proposalId/votes retried with its Idempotency-Key', () => {
  let f: GovernanceFixture;
  let a: Session;
  let b: Session;
  let c: Session;

  beforeAll(async () => {
    f = await startGovernance();
    a = await f.invite(f.admin, 'member', 'Ana');
    b = await f.invite(f.admin, 'member', 'Beto');
    c = await f.invite(f.admin, 'member', 'Cruz');
  }, 60000);
  afterAll(() => f?.stop());

  async function multisig(label: string, members: Session[], threshold: number, funds: string) {
    const created = await f.as(f.admin).post('/multisigs', { label, members: members.map((member) => ({ userId: member.id, weight: 1 })), threshold });
    expect(created.status).toBe(201);
    const issuance = f.seed['issuing-core']!.issuanceAccountId;
    const minted = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Fund', amount: funds, denom: 'ulps', recipient: created.body.address });
    expect(minted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    return created.body as { id: string; address: string };
  }

  const propose = async (by: Session, account: { id: string }, amount: string) => {
    const proposed = await f.as(by).post(`/multisigs/${account.id}/proposals/transfer`, { title: 'Pay', amount, denom: 'ulps', recipient: generateCustodyKey('emisor').address });
    expect(proposed.status).toBe(201);
    return proposed.body as { id: string };
  };

  /** The state a crash leaves after the vote was appended and before its response was recorded, once the claim's lease ran out. */
  const crashBeforeResponseRecorded = async (user: Session, key: string) => {
    const reset = await f.database
      .knex('idempotency_keys')
      .where({ scope: user.id, key })
      .update({ status: 'PENDING', response_status: null, response_body: null, lease_until: f.database.knex.raw("now() - interval '1 second'") });
    expect(reset).toBe(1);
  };

  it('returns 201 with the proposal when the first attempt recorded a vote that left it open', async () => {
    const trio = await multisig('Trio retry', [a, b, c], 3, '100');
    const proposal = await propose(a, trio, '10');
    const headers = { 'Idempotency-Key': 'vote-open-1' };
    const first = await f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, headers);
    expect(first.status).toBe(201);
    await crashBeforeResponseRecorded(b, 'vote-open-1');
    const retry = await f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ status: 'SUBMITTED', tally: { yes: 2, no: 0 } });
    expect(retry.body.votes.map((vote: { userId: string }) => vote.userId)).toEqual([a.id, b.id]);
  });

  it('returns 201 with the executed proposal when the first attempt’s vote accepted it, moving the funds once', async () => {
    const duo = await multisig('Duo retry', [a, b], 2, '100');
    const proposal = await propose(a, duo, '30');
    const headers = { 'Idempotency-Key': 'vote-accepts-1' };
    const first = await f.as(b).post(`/multisigs/${duo.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, headers);
    expect(first.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    await crashBeforeResponseRecorded(b, 'vote-accepts-1');
    const retry = await f.as(b).post(`/multisigs/${duo.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, headers);
    expect(retry.status).toBe(201);
    expect(retry.body).toMatchObject({ id: proposal.id, status: 'ACCEPTED', executorResult: 'SUCCESS', executionAttempts: 1, tally: { yes: 2 } });
    expect(await f.runtime.services.chain.getBalance(duo.address, 'ulps')).toBe(70n);
  });

  it('still answers 409 ALREADY_VOTED to the same member voting again under another key', async () => {
    const trio = await multisig('Trio twice', [a, b, c], 3, '100');
    const proposal = await propose(a, trio, '10');
    expect((await f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, { 'Idempotency-Key': 'vote-k1' })).status).toBe(201);
    const again = await f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, { 'Idempotency-Key': 'vote-k2' });
    expect([again.status, again.body.code]).toEqual([409, 'ALREADY_VOTED']);
  });

  it('answers 409 IDEMPOTENCY_KEY_REUSED when the key comes back with another option', async () => {
    const trio = await multisig('Trio reuse', [a, b, c], 3, '100');
    const proposal = await propose(a, trio, '10');
    const headers = { 'Idempotency-Key': 'vote-reuse-1' };
    expect((await f.as(c).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, headers)).status).toBe(201);
    const other = await f.as(c).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'NO' }, headers);
    expect([other.status, other.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
  });
});
