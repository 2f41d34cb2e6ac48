import { generateCustodyKey } from '../../write-side/chain/keys';
import { txHash } from '../../write-side/chain/transactions';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/**
 * Issue 10.2: an accepted proposal whose execution was interrupted ends SUCCESS, or FAILURE caused
 * by its own messages — never FAILURE for a stale sequence left by the platform's bookkeeping.
 */
describe('proposal execution after an interruption', () => {
  let f: GovernanceFixture;
  let a: Session;
  let b: Session;

  beforeAll(async () => {
    f = await startGovernance();
    a = await f.invite(f.admin, 'member', 'Ana');
    b = await f.invite(f.admin, 'member', 'Beto');
  }, 60000);
  afterAll(() => f?.stop());
  afterEach(() => jest.restoreAllMocks());

  const chain = () => f.runtime.services.chain;
  const execution = () => f.runtime.services.proposalExecution;
  /** A pass of the periodic task, late enough that nothing counts as in flight any more. */
  const tick = () => execution().tick(new Date(Date.now() + 60_000));

  async function duo(label: string) {
    const created = await f.as(f.admin).post('/multisigs', { label, members: [a, b].map((member) => ({ userId: member.id, weight: 1 })), threshold: 2 });
    const issuance = f.seed['issuing-core']!.issuanceAccountId;
    const minted = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Fund', amount: '100', denom: 'ulps', recipient: created.body.address });
    expect(minted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    return created.body as { id: string; address: string };
  }

  const proposeAndAccept = async (account: { id: string }, amount: string) => {
    const proposed = await f.as(a).post(`/multisigs/${account.id}/proposals/transfer`, { title: 'Pay', amount, denom: 'ulps', recipient: generateCustodyKey('emisor').address });
    expect(proposed.status).toBe(201);
    return f.as(b).post(`/multisigs/${account.id}/proposals/${proposed.body.id}/votes`, { option: 'YES' });
  };

  const unreachable = () => Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

  /**
   * An accepted proposal whose signed bytes were recorded but never reached the chain (out of reach
   * for them, also when the next signing sent them again), then made stale by the same signers' next
   * transaction.
   */
  async function staleAttempt(label: string) {
    const account = await duo(label);
    const broadcast = chain().broadcast.bind(chain());
    let lost: string | null = null;
    const spy = jest.spyOn(chain(), 'broadcast').mockImplementation(async (bytes) => {
      lost ??= txHash(bytes);
      if (txHash(bytes) === lost) throw unreachable();
      return broadcast(bytes);
    });
    const interrupted = await proposeAndAccept(account, '30');
    expect(interrupted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'NOT_RUN', executionAttempts: 1 });
    const other = await duo(`${label} too`);
    expect((await proposeAndAccept(other, '5')).body).toMatchObject({ executorResult: 'SUCCESS' });
    spy.mockRestore();
    return { account, proposalId: interrupted.body.id as string };
  }

  const read = async (account: { id: string }, proposalId: string) => (await f.as(a).get(`/multisigs/${account.id}/proposals/${proposalId}`)).body;

  it('sends an attempt left in flight again before its signers sign the next transaction: nothing is abandoned', async () => {
    const account = await duo('In flight');
    jest.spyOn(chain(), 'broadcast').mockRejectedValueOnce(unreachable());
    const interrupted = await proposeAndAccept(account, '30');
    expect(interrupted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'NOT_RUN', executionAttempts: 1 });
    const other = await duo('In flight too');
    expect((await proposeAndAccept(other, '5')).body).toMatchObject({ executorResult: 'SUCCESS' });
    expect(await chain().getBalance(account.address, 'ulps')).toBe(70n);
    await tick();
    expect(await read(account, interrupted.body.id)).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', executionAttempts: 1, failureReason: null });
  });

  it('abandons recorded bytes the chain refuses for a stale sequence, signs again and succeeds', async () => {
    const { account, proposalId } = await staleAttempt('Stale once');
    await tick();
    expect(await read(account, proposalId)).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', executionAttempts: 2, failureReason: null });
    expect(await chain().getBalance(account.address, 'ulps')).toBe(70n);
  });

  it('leaves an abandoned attempt awaiting execution, not FAILURE, and the periodic task executes it', async () => {
    const { account, proposalId } = await staleAttempt('Stale crash');
    // The process dies right after abandoning the stale attempt, before it signs again.
    jest.spyOn(execution() as unknown as { attempt: () => Promise<unknown> }, 'attempt').mockRejectedValueOnce(new Error('process killed'));
    await tick();
    const abandoned = await read(account, proposalId);
    expect(abandoned).toMatchObject({ status: 'ACCEPTED', executorResult: 'NOT_RUN', executionAttempts: 1 });
    expect(abandoned.failureReason).toMatch(/^abandoned, signing again: code 32/);
    expect(await chain().getBalance(account.address, 'ulps')).toBe(100n);
    await tick();
    expect(await read(account, proposalId)).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', executionAttempts: 2 });
    expect(await chain().getBalance(account.address, 'ulps')).toBe(70n);
  });

  it('still ends FAILURE when the proposal’s own messages fail, and the periodic task does not retry it', async () => {
    const account = await duo('Overdrawn');
    const propose = async () =>
      (await f.as(a).post(`/multisigs/${account.id}/proposals/transfer`, { title: 'Most', amount: '80', denom: 'ulps', recipient: generateCustodyKey('emisor').address })).body.id as string;
    const [first, second] = [await propose(), await propose()];
    expect((await f.as(b).post(`/multisigs/${account.id}/proposals/${first}/votes`, { option: 'YES' })).body).toMatchObject({ executorResult: 'SUCCESS' });
    const failed = await f.as(b).post(`/multisigs/${account.id}/proposals/${second}/votes`, { option: 'YES' });
    expect(failed.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'FAILURE', executionAttempts: 1 });
    await tick();
    expect(await read(account, second)).toMatchObject({ executorResult: 'FAILURE', executionAttempts: 1 });
    expect(await chain().getBalance(account.address, 'ulps')).toBe(20n);
  });
});

describe('correlation ids through the proposal-execution process manager', () => {
  let f: GovernanceFixture;

  beforeAll(async () => {
    f = await startGovernance();
  }, 60000);
  afterAll(() => f?.stop());

  it('appends the execution steps under the correlation id of the request that submitted the proposal', async () => {
    const issuance = f.seed['issuing-core']!.issuanceAccountId;
    const minted = await f
      .as(f.admin)
      .post(`/multisigs/${issuance}/proposals/mint`, { title: 'Traced', amount: '5', denom: 'ulps', recipient: generateCustodyKey('emisor').address }, { 'x-correlation-id': 'trace-mint-1' });
    expect(minted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    const recorded = await f.runtime.services.eventStore.readStream(`proposal-${minted.body.id}`);
    expect(recorded.map((event) => [event.type, event.metadata.correlationId])).toEqual([
      ['ProposalSubmitted', 'trace-mint-1'],
      ['VoteCast', 'trace-mint-1'],
      ['ProposalAccepted', 'trace-mint-1'],
      ['ProposalExecutionStarted', 'trace-mint-1'],
      ['ProposalExecuted', 'trace-mint-1'],
    ]);
  });
});
