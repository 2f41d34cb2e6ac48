import { generateCustodyKey } from '../../write-side/chain/keys';
import type { Session } from '../governance/fixture';
import { startInstantPayments, type InstantPaymentsWorld } from '../instant-payments/world';

/** Issue 10 (c): requests that race each other move value once, whatever order they land in. */
const REPETITIONS = 5;
jest.setTimeout(120_000);

describe('races', () => {
  let w: InstantPaymentsWorld;
  let a: Session;
  let b: Session;
  let c: Session;

  beforeAll(async () => {
    w = await startInstantPayments();
    a = await w.f.invite(w.f.admin, 'member', 'Ana');
    b = await w.f.invite(w.f.admin, 'member', 'Beto');
    c = await w.f.invite(w.f.admin, 'member', 'Cruz');
  }, 90_000);
  afterAll(() => w?.stop());

  const chain = () => w.f.runtime.services.chain;

  async function multisig(label: string, members: Session[], threshold: number, funds: string) {
    const created = await w.f.as(w.f.admin).post('/multisigs', { label, members: members.map((member) => ({ userId: member.id, weight: 1 })), threshold });
    expect(created.status).toBe(201);
    if (funds !== '0') await w.fund(created.body.address, funds);
    return created.body as { id: string; address: string };
  }

  const transfer = (account: { id: string }, amount: string, headers: Record<string, string> = {}, recipient = generateCustodyKey('emisor').address) =>
    w.f.as(a).post(`/multisigs/${account.id}/proposals/transfer`, { title: 'Race', amount, denom: 'ulps', recipient }, headers);

  describe('double vote', () => {
    it('records one vote of a member voting twice at once under different keys; the other answers 409', async () => {
      const trio = await multisig('Double vote', [a, b, c], 3, '1000');
      for (let round = 0; round < REPETITIONS; round++) {
        const proposal = (await transfer(trio, '1')).body;
        const answers = await Promise.all(
          ['YES', 'YES'].map((option, index) =>
            w.f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option }, { 'Idempotency-Key': `double-vote-${round}-${index}` }),
          ),
        );
        expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
        expect(answers.find((answer) => answer.status === 409)!.body.code).toBe('ALREADY_VOTED');
        const votes = (await w.f.as(a).get(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`)).body.items;
        expect(votes.map((vote: { userId: string }) => vote.userId)).toEqual([a.id, b.id]);
      }
    });
  });

  describe('double execute', () => {
    it('moves the funds of a retried execution once when two executes race', async () => {
      for (let round = 0; round < REPETITIONS; round++) {
        const duo = await multisig(`Double execute ${round}`, [a, b], 2, '100');
        const first = (await transfer(duo, '100')).body;
        const second = (await transfer(duo, '100')).body;
        expect((await w.f.as(b).post(`/multisigs/${duo.id}/proposals/${first.id}/votes`, { option: 'YES' })).body.executorResult).toBe('SUCCESS');
        expect((await w.f.as(b).post(`/multisigs/${duo.id}/proposals/${second.id}/votes`, { option: 'YES' })).body.executorResult).toBe('FAILURE');
        await w.fund(duo.address, '100');
        const answers = await Promise.all([a, b].map((member) => w.f.as(member).post(`/multisigs/${duo.id}/proposals/${second.id}/execute`)));
        const outcomes = answers.map((answer) => (answer.status === 200 ? answer.body.executorResult : answer.body.code)).sort();
        expect(outcomes).toEqual(['PROPOSAL_NOT_EXECUTABLE', 'SUCCESS']);
        expect(await chain().getBalance(duo.address, 'ulps')).toBe(0n);
        const detail = (await w.f.as(a).get(`/multisigs/${duo.id}/proposals/${second.id}`)).body;
        expect(detail).toMatchObject({ executorResult: 'SUCCESS', executionAttempts: 2 });
      }
    });
  });

  describe('one Idempotency-Key twice at once', () => {
    it('creates one proposal for the same key and body, answering both with it', async () => {
      const trio = await multisig('Same key', [a, b, c], 3, '1000');
      const recipient = generateCustodyKey('emisor').address;
      for (let round = 0; round < REPETITIONS; round++) {
        const headers = { 'Idempotency-Key': `same-key-${round}` };
        const answers = await Promise.all([1, 2].map(() => transfer(trio, '3', headers, recipient)));
        expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
        expect(answers[1]!.body.id).toBe(answers[0]!.body.id);
      }
      expect((await w.f.as(a).get(`/multisigs/${trio.id}/proposals`)).body.total).toBe(REPETITIONS);
    });

    it('answers the same key with another body 409 IDEMPOTENCY_KEY_REUSED, creating one proposal', async () => {
      const trio = await multisig('Other body', [a, b, c], 3, '1000');
      const recipient = generateCustodyKey('emisor').address;
      for (let round = 0; round < REPETITIONS; round++) {
        const headers = { 'Idempotency-Key': `other-body-${round}` };
        const answers = await Promise.all(['3', '4'].map((amount) => transfer(trio, amount, headers, recipient)));
        expect(answers.map((answer) => (answer.status === 201 ? 201 : answer.body.code)).sort()).toEqual([201, 'IDEMPOTENCY_KEY_REUSED']);
      }
      expect((await w.f.as(a).get(`/multisigs/${trio.id}/proposals`)).body.total).toBe(REPETITIONS);
    });
  });
});
