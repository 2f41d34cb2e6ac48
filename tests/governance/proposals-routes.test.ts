import { allProjections } from '../../projections';
import { generateCustodyKey } from '../../write-side/chain/keys';
import { waitUntil } from '../event-store/event-store-contract';
import { gate } from '../support/gate';
import { startGovernance, type GovernanceFixture, type Session } from './fixture';

const address = () => generateCustodyKey('emisor').address;

describe('proposals and votes over HTTP', () => {
  let f: GovernanceFixture;
  let a: Session;
  let b: Session;
  let c: Session;
  let auditor: Session;
  let bank: { organizationId: string; admin: Session };
  let trio: { id: string; address: string };
  let issuance: string;

  async function fund(target: string, amount: string) {
    const minted = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Fund', amount, denom: 'ulps', recipient: target });
    expect(minted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
  }

  beforeAll(async () => {
    f = await startGovernance();
    a = await f.invite(f.admin, 'member', 'Ana');
    b = await f.invite(f.admin, 'member', 'Beto');
    c = await f.invite(f.admin, 'member', 'Cruz');
    auditor = await f.invite(f.admin, 'auditor', 'Aude');
    bank = await f.bank('Banco Tres');
    issuance = f.seed['issuing-core']!.issuanceAccountId;
    const created = await f.as(f.admin).post('/multisigs', {
      label: 'Trio',
      members: [
        { userId: a.id, weight: 1 },
        { userId: b.id, weight: 1 },
        { userId: c.id, weight: 1 },
      ],
      threshold: 2,
    });
    trio = created.body;
    await fund(trio.address, '1000');
  }, 60000);
  afterAll(() => f?.stop());

  const transfer = (session: Session, amount = '10', headers: Record<string, string> = {}) =>
    f.as(session).post(`/multisigs/${trio.id}/proposals/transfer`, { title: 'Pay', amount, denom: 'ulps', recipient: address() }, headers);
  const vote = (session: Session, proposalId: string, option: string, headers: Record<string, string> = {}) =>
    f.as(session).post(`/multisigs/${trio.id}/proposals/${proposalId}/votes`, { option }, headers);

  it('answers the contract’s proposal shape, with the proposer’s YES', async () => {
    const created = await transfer(a);
    expect(created.status).toBe(201);
    expect(Object.keys(created.body)).toEqual(
      expect.arrayContaining(['id', 'multisigId', 'kind', 'status', 'title', 'proposerId', 'messages', 'votes', 'tally', 'threshold', 'executorResult', 'txHash', 'createdAt', 'votingEndsAt']),
    );
    expect(created.body).toMatchObject({
      multisigId: trio.id,
      kind: 'TRANSFER',
      status: 'SUBMITTED',
      title: 'Pay',
      proposerId: a.id,
      votes: [{ userId: a.id, option: 'YES', weight: 1 }],
      tally: { yes: 1, no: 0, abstain: 0, noWithVeto: 0 },
      threshold: 2,
      executorResult: 'NOT_RUN',
      txHash: null,
    });
    expect(created.body.messages[0]).toMatchObject({ '@type': '/cosmos.bank.v1beta1.MsgSend', fromAddress: trio.address });
    expect(Date.parse(created.body.votingEndsAt) - Date.parse(created.body.createdAt)).toBe(72 * 3600 * 1000);
    const detail = await f.as(b).get(`/multisigs/${trio.id}/proposals/${created.body.id}`);
    expect(detail.body).toEqual(created.body);
    const votes = await f.as(auditor).get(`/multisigs/${trio.id}/proposals/${created.body.id}/votes`);
    expect(votes.body.items).toEqual([expect.objectContaining({ userId: a.id, option: 'YES', weight: 1 })]);
  });

  it('casts votes by the x/group rules: final, one per member, members only', async () => {
    const proposal = (await transfer(a)).body;
    const no = await vote(b, proposal.id, 'NO');
    expect(no.status).toBe(201);
    expect(no.body).toMatchObject({ status: 'SUBMITTED', tally: { yes: 1, no: 1 } });
    const twice = await vote(b, proposal.id, 'YES');
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_VOTED']);
    const stranger = await vote(f.admin, proposal.id, 'YES');
    expect([stranger.status, stranger.body.code]).toEqual([403, 'NOT_A_MEMBER']);
    expect((await vote(auditor, proposal.id, 'YES')).status).toBe(403);
    expect((await vote(c, proposal.id, 'MAYBE')).status).toBe(400);
    const veto = await vote(c, proposal.id, 'NO_WITH_VETO');
    expect(veto.body).toMatchObject({ status: 'REJECTED', rejectionReason: 'THRESHOLD_UNREACHABLE', executorResult: 'NOT_RUN' });
    const late = await vote(c, proposal.id, 'YES');
    expect([late.status, late.body.code]).toEqual([409, 'PROPOSAL_NOT_OPEN']);
  });

  it('executes the moment the threshold is met', async () => {
    const before = await f.runtime.services.chain.getBalance(trio.address, 'ulps');
    const proposal = (await transfer(a, '25')).body;
    const yes = await vote(c, proposal.id, 'YES');
    expect(yes.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', tally: { yes: 2 } });
    expect(await f.runtime.services.chain.getBalance(trio.address, 'ulps')).toBe(before - 25n);
    const closed = await vote(b, proposal.id, 'YES');
    expect([closed.status, closed.body.code]).toEqual([409, 'PROPOSAL_NOT_OPEN']);
    const again = await f.as(a).post(`/multisigs/${trio.id}/proposals/${proposal.id}/execute`);
    expect([again.status, again.body.code]).toEqual([409, 'PROPOSAL_NOT_EXECUTABLE']);
  });

  it('withdraws by the proposer only, while SUBMITTED', async () => {
    const proposal = (await transfer(a)).body;
    const other = await f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/withdraw`);
    expect([other.status, other.body.code]).toEqual([403, 'NOT_PROPOSER']);
    const open = await f.as(a).post(`/multisigs/${trio.id}/proposals/${proposal.id}/execute`);
    expect([open.status, open.body.code]).toEqual([409, 'PROPOSAL_NOT_EXECUTABLE']);
    const withdrawn = await f.as(a).post(`/multisigs/${trio.id}/proposals/${proposal.id}/withdraw`);
    expect([withdrawn.status, withdrawn.body.status]).toEqual([200, 'WITHDRAWN']);
    const twice = await f.as(a).post(`/multisigs/${trio.id}/proposals/${proposal.id}/withdraw`);
    expect([twice.status, twice.body.code]).toEqual([409, 'PROPOSAL_NOT_OPEN']);
  });

  it('lists proposals with filters, and the approval queue least time remaining first', async () => {
    const first = (await transfer(a)).body;
    const second = (await transfer(b)).body;
    const submitted = await f.as(c).get(`/multisigs/${trio.id}/proposals?status=SUBMITTED`);
    expect(submitted.body.items.map((item: { id: string }) => item.id).slice(0, 2)).toEqual([second.id, first.id]);
    expect((await f.as(c).get(`/multisigs/${trio.id}/proposals?status=WITHDRAWN`)).body.total).toBe(1);
    const queue = (await f.as(c).get('/approval-queue')).body.items.map((item: { id: string }) => item.id);
    expect(queue.indexOf(first.id)).toBeLessThan(queue.indexOf(second.id));
    expect((await f.as(a).get('/approval-queue')).body.items.map((item: { id: string }) => item.id)).toContain(second.id);
    expect((await f.as(a).get('/approval-queue')).body.items.map((item: { id: string }) => item.id)).not.toContain(first.id);
    expect((await f.as(f.admin).get('/approval-queue')).body.items.every((item: { multisigId: string }) => item.multisigId !== trio.id)).toBe(true);
    expect((await f.as(bank.admin).get(`/multisigs/${trio.id}/proposals`)).status).toBe(404);
  });

  it('aborts open proposals when a group change executes', async () => {
    const open = (await transfer(a)).body;
    const change = await f.as(a).post(`/multisigs/${trio.id}/proposals/group-changes`, { title: 'Lower threshold', threshold: 1 });
    expect(change.body.status).toBe('SUBMITTED');
    const executed = await f.as(b).post(`/multisigs/${trio.id}/proposals/${change.body.id}/votes`, { option: 'YES' });
    expect(executed.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect((await f.as(a).get(`/multisigs/${trio.id}/proposals/${open.id}`)).body.status).toBe('ABORTED');
    const late = await vote(b, open.id, 'YES');
    expect([late.status, late.body.code]).toEqual([409, 'PROPOSAL_NOT_OPEN']);
    expect((await f.as(a).get(`/multisigs/${trio.id}/policy`)).body).toMatchObject({ threshold: 1, groupVersion: 2 });
    expect((await f.runtime.services.chain.getGroupPolicy(trio.address))?.threshold).toBe(1n);
    // Threshold 1 now: a proposer alone executes.
    const alone = await transfer(c, '5');
    expect(alone.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    const noChange = await f.as(a).post(`/multisigs/${trio.id}/proposals/group-changes`, { title: 'Same', threshold: 1 });
    expect([noChange.status, noChange.body.code]).toEqual([422, 'NO_CHANGE']);
    const tooHigh = await f.as(a).post(`/multisigs/${trio.id}/proposals/group-changes`, { title: 'High', threshold: 4 });
    expect([tooHigh.status, tooHigh.body.code]).toEqual([422, 'INVALID_THRESHOLD']);
    const members = await f.as(a).post(`/multisigs/${trio.id}/proposals/group-changes`, {
      title: 'Drop Cruz',
      members: [
        { userId: a.id, weight: 2 },
        { userId: b.id, weight: 1 },
      ],
    });
    expect(members.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    const account = (await f.as(a).get(`/multisigs/${trio.id}`)).body;
    expect(account.policy).toEqual({ threshold: 1, totalWeight: 3 });
    expect((await f.as(c).get(`/multisigs/${trio.id}`)).status).toBe(404);
    const onChain = await f.runtime.services.chain.getGroupPolicy(trio.address);
    expect(onChain?.members.map((member) => member.address).sort()).toEqual(account.members.map((m: { address: string }) => m.address).sort());
  });

  it('retries an ACCEPTED proposal whose execution failed', async () => {
    const duo = (
      await f.as(f.admin).post('/multisigs', { label: 'Duo', members: [{ userId: a.id, weight: 1 }, { userId: b.id, weight: 1 }], threshold: 2 })
    ).body;
    await fund(duo.address, '100');
    const first = (await f.as(a).post(`/multisigs/${duo.id}/proposals/transfer`, { title: 'All', amount: '100', denom: 'ulps', recipient: issuanceAddress() })).body;
    const second = (await f.as(a).post(`/multisigs/${duo.id}/proposals/transfer`, { title: 'All again', amount: '100', denom: 'ulps', recipient: issuanceAddress() })).body;
    expect((await f.as(b).post(`/multisigs/${duo.id}/proposals/${first.id}/votes`, { option: 'YES' })).body.executorResult).toBe('SUCCESS');
    const failed = await f.as(b).post(`/multisigs/${duo.id}/proposals/${second.id}/votes`, { option: 'YES' });
    expect(failed.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'FAILURE', executionAttempts: 1 });
    expect(failed.body.failureReason).toMatch(/insufficient|smaller/i);
    await fund(duo.address, '100');
    const retried = await f.as(a).post(`/multisigs/${duo.id}/proposals/${second.id}/execute`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', executionAttempts: 2 });
    expect(await f.runtime.services.chain.getBalance(duo.address, 'ulps')).toBe(0n);
    expect((await f.as(auditor).post(`/multisigs/${duo.id}/proposals/${second.id}/execute`)).status).toBe(403);
  });

  function issuanceAddress() {
    return f.seed['issuing-core']!.issuanceAddress!;
  }

  it('enforces mint and burn rules', async () => {
    const commercial = await f.as(bank.admin).post('/multisigs', { label: 'Vault', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 });
    const byBank = await f.as(bank.admin).post(`/multisigs/${commercial.body.id}/proposals/mint`, { title: 'Print', amount: '1', denom: 'ulps' });
    expect([byBank.status, byBank.body.code]).toEqual([403, 'CENTRAL_BANK_ONLY']);
    const notIssuance = await f.as(a).post(`/multisigs/${trio.id}/proposals/mint`, { title: 'Print', amount: '1', denom: 'ulps' });
    expect([notIssuance.status, notIssuance.body.code]).toEqual([422, 'ISSUANCE_ACCOUNT_REQUIRED']);
    const unknown = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Print', amount: '1', denom: 'uxyz' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'UNKNOWN_TOKEN']);
    for (const amount of ['0', '-5', '1.5', '01', 5])
      expect((await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Bad', amount, denom: 'ulps' })).status).toBe(400);
    const supply = await f.runtime.services.chain.getSupply('ulps');
    const tooMuch = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/burn`, { title: 'Burn', amount: String(supply + 1n), denom: 'ulps' });
    expect([tooMuch.status, tooMuch.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    await fund(issuanceAddress(), '50');
    const burn = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/burn`, { title: 'Burn', amount: '50', denom: 'ulps' });
    expect(burn.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', kind: 'BURN' });
    expect(await f.runtime.services.chain.getSupply('ulps')).toBe(supply);
  });

  it('enforces transfer rules: a registered token (422 UNKNOWN_TOKEN, not INSUFFICIENT_FUNDS), another account, within the balance', async () => {
    const before = (await f.as(a).get(`/multisigs/${trio.id}/proposals`)).body.total;
    const pay = (body: object) => f.as(a).post(`/multisigs/${trio.id}/proposals/transfer`, { title: 'Pay', amount: '10', denom: 'ulps', recipient: address(), ...body });
    const unknown = await pay({ denom: 'uxyz' });
    expect([unknown.status, unknown.body.code]).toEqual([422, 'UNKNOWN_TOKEN']);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
    const toItself = await pay({ recipient: trio.address });
    expect([toItself.status, toItself.body.code]).toEqual([422, 'SELF_TRANSFER']);
    const balance = await f.runtime.services.chain.getBalance(trio.address, 'ulps');
    const overdrawn = await pay({ amount: String(balance + 1n) });
    expect([overdrawn.status, overdrawn.body.code]).toEqual([422, 'INSUFFICIENT_FUNDS']);
    expect((await f.as(a).get(`/multisigs/${trio.id}/proposals`)).body.total).toBe(before);
  });

  it('applies the Idempotency-Key rule to proposals and votes', async () => {
    const duo = (
      await f.as(f.admin).post('/multisigs', { label: 'Idem', members: [{ userId: a.id, weight: 1 }, { userId: b.id, weight: 1 }], threshold: 2 })
    ).body;
    await fund(duo.address, '100');
    const body = { title: 'Once', amount: '40', denom: 'ulps', recipient: issuanceAddress() };
    const headers = { 'Idempotency-Key': 'pay-once-1' };
    const first = await f.as(a).post(`/multisigs/${duo.id}/proposals/transfer`, body, headers);
    const replay = await f.as(a).post(`/multisigs/${duo.id}/proposals/transfer`, body, headers);
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.body.id).toBe(first.body.id);
    expect((await f.as(a).get(`/multisigs/${duo.id}/proposals`)).body.total).toBe(1);
    const reused = await f.as(a).post(`/multisigs/${duo.id}/proposals/transfer`, { ...body, amount: '41' }, headers);
    expect([reused.status, reused.body.code]).toEqual([409, 'IDEMPOTENCY_KEY_REUSED']);
    const voteHeaders = { 'Idempotency-Key': 'vote-once-1' };
    const voted = await f.as(b).post(`/multisigs/${duo.id}/proposals/${first.body.id}/votes`, { option: 'YES' }, voteHeaders);
    const revoted = await f.as(b).post(`/multisigs/${duo.id}/proposals/${first.body.id}/votes`, { option: 'YES' }, voteHeaders);
    expect(voted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect(revoted.status).toBe(201);
    expect(revoted.body).toEqual(voted.body);
    expect(await f.runtime.services.chain.getBalance(duo.address, 'ulps')).toBe(60n);
  });
});

describe('an executed proposal’s answer and the balances read model (read-your-writes)', () => {
  let f: GovernanceFixture;
  let held: ReturnType<typeof gate> | null = null;

  beforeAll(async () => {
    // The balances projection waits at the gate while a test holds it.
    const projections = allProjections().map((projection) =>
      projection.name === 'balances'
        ? { ...projection, applyBatch: async (...args: Parameters<typeof projection.applyBatch>) => (await held?.passed(), projection.applyBatch(...args)) }
        : projection,
    );
    f = await startGovernance({}, projections);
  }, 60000);
  afterAll(() => f?.stop());

  it('answers once the balances read model holds the block that moved the value, so the next read shows it', async () => {
    const issuance = f.seed['issuing-core']!.issuanceAccountId;
    const recipient = address();
    held = gate();
    let answered = false;
    const minting = f.as(f.admin)
      .post(`/multisigs/${issuance}/proposals/mint`, { title: 'Read your writes', amount: '40', denom: 'ulps', recipient })
      .then((response) => {
        answered = true;
        return response;
      });
    try {
      await waitUntil(async () => Boolean(await f.database.knex('proposals').where({ title: 'Read your writes', executor_result: 'SUCCESS' }).first('id')));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(answered).toBe(false);
    } finally {
      held.open();
      held = null;
    }
    expect((await minting).body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    const metrics = (await f.as(f.admin).get('/dashboard/metrics')).body;
    expect(metrics.tokens).toEqual([expect.objectContaining({ denom: 'ulps', liveSupply: (await f.runtime.services.chain.getSupply('ulps')).toString() })]);
    expect(await f.database.knex('chain_balances').where({ address: recipient, denom: 'ulps' }).first('amount')).toEqual({ amount: '40' });
  });
});
