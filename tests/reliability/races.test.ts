import { randomBytes } from 'node:crypto';
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
    // Behind a declared proxy each racing caller names its own address, so the demo routes'
    // per-address throttles see many callers (as they would in production), not one test.
    // Funds back a thousand demo wallets per bank (the backing rule), more than the races open.
    w = await startInstantPayments({ env: { TRUST_PROXY: 'true' }, settlementFunding: '100000000' });
    a = await w.f.invite(w.f.admin, 'member', 'Ana');
    b = await w.f.invite(w.f.admin, 'member', 'Beto');
    c = await w.f.invite(w.f.admin, 'member', 'Cruz');
  }, 90_000);
  afterAll(() => w?.stop());

  const chain = () => w.f.runtime.services.chain;
  let callers = 0;
  /** A caller address of its own (X-Forwarded-For, trusted here), for the per-address demo throttles. */
  const caller = () => ({ 'X-Forwarded-For': `10.9.${Math.floor(++callers / 250)}.${callers % 250}` });

  async function demoClient(organizationId: string, name: string) {
    const created = await w.f.request.post('/api/instant-payments/demo/clients').set(caller()).send({ organizationId, name });
    expect(created.status).toBe(201);
    return { id: created.body.client.id as string, token: created.body.clientToken as string };
  }

  const claimAlias = (client: { id: string; token: string }, alias: string) =>
    w.asClient(client.token).post(`/instant-payments/demo/clients/${client.id}/alias`, { alias }, caller());

  const available = async (alias: string) => {
    const answer = await w.f.request.get(`/api/instant-payments/aliases/${alias}/availability`).set(caller());
    expect(answer.status).toBe(200);
    return answer.body.available as boolean;
  };

  const uniqueAlias = (stem: string) => `${stem}.${randomBytes(3).toString('hex')}`;

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

  describe('double spend', () => {
    it('lets one of several payments each spending most of the balance through, at once, under different keys', async () => {
      for (let round = 0; round < REPETITIONS; round++) {
        const payer = await demoClient(w.bankA.organizationId, 'Spender');
        expect((await claimAlias(payer, uniqueAlias('spender'))).status).toBe(200);
        const start = BigInt((await w.asClient(payer.token).get('/instant-payments/me')).body.balance);
        const spend = ((start * 3n) / 5n).toString();
        const internal = uniqueAlias('near');
        const foreign = uniqueAlias('far');
        expect((await claimAlias(await demoClient(w.bankA.organizationId, 'Near payee'), internal)).status).toBe(200);
        expect((await claimAlias(await demoClient(w.bankB.organizationId, 'Far payee'), foreign)).status).toBe(200);
        const answers = await Promise.all(
          [internal, foreign, internal, foreign].map((recipientAlias, index) =>
            w.asClient(payer.token).post('/instant-payments/payments', { recipientAlias, amount: spend }, { 'Idempotency-Key': `double-spend-${round}-${index}` }),
          ),
        );
        expect(answers.map((answer) => (answer.status === 201 ? 201 : answer.body.code)).sort()).toEqual([201, 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS', 'INSUFFICIENT_FUNDS']);
        expect((await w.asClient(payer.token).get('/instant-payments/me')).body.balance).toBe((start - BigInt(spend)).toString());
        const history = (await w.asClient(payer.token).get('/instant-payments/me/movements')).body.items;
        expect(history).toHaveLength(1);
      }
    });
  });

  describe('one alias, many clients', () => {
    it('gives the alias to exactly one of four clients of two banks racing for it; the others get 409 ALIAS_TAKEN', async () => {
      for (let round = 0; round < REPETITIONS; round++) {
        const clients = await Promise.all(
          [w.bankA, w.bankB, w.bankA, w.bankB].map((bank, index) => demoClient(bank.organizationId, `Racer ${index}`)),
        );
        const alias = uniqueAlias('wanted');
        const answers = await Promise.all(clients.map((client) => claimAlias(client, alias)));
        expect(answers.map((answer) => (answer.status === 200 ? 200 : answer.body.code)).sort()).toEqual([200, 'ALIAS_TAKEN', 'ALIAS_TAKEN', 'ALIAS_TAKEN']);
        const winner = clients[answers.findIndex((answer) => answer.status === 200)]!;
        const held = await Promise.all(clients.map(async (client) => (await w.asClient(client.token).get('/instant-payments/me')).body.alias));
        expect(held.filter((value) => value !== null)).toEqual([alias]);
        expect(held[clients.indexOf(winner)]).toBe(alias);
        expect(await available(alias)).toBe(false);
      }
    });
  });

  describe('one client, many aliases', () => {
    it('activates exactly one of three aliases a client races for, and the lost ones are available again', async () => {
      for (let round = 0; round < REPETITIONS; round++) {
        const client = await demoClient(w.bankA.organizationId, 'Greedy');
        const aliases = [uniqueAlias('first'), uniqueAlias('second'), uniqueAlias('third')];
        const answers = await Promise.all(aliases.map((alias) => claimAlias(client, alias)));
        expect(answers.map((answer) => (answer.status === 200 ? 200 : answer.body.code)).sort()).toEqual([200, 'ALIAS_ALREADY_ACTIVATED', 'ALIAS_ALREADY_ACTIVATED']);
        const won = aliases[answers.findIndex((answer) => answer.status === 200)]!;
        expect((await w.asClient(client.token).get('/instant-payments/me')).body.alias).toBe(won);
        for (const alias of aliases) expect(await available(alias)).toBe(alias === won ? false : true);
        // Not merely reported free: another client can take a lost alias.
        const lost = aliases.find((alias) => alias !== won)!;
        expect((await claimAlias(await demoClient(w.bankB.organizationId, 'Late'), lost)).status).toBe(200);
      }
    });
  });

  describe('parallel refresh-token rotation', () => {
    const refreshCookie = (answer: { headers: Record<string, unknown> }) =>
      ((answer.headers['set-cookie'] as string[] | undefined) ?? []).map((cookie) => /^refresh_token=([^;]*)/.exec(cookie)?.[1]).find(Boolean) ?? null;

    it('rotates a refresh token once when four tabs refresh with it at once; every tab gets an access token and the session lives on', async () => {
      for (let round = 0; round < REPETITIONS; round++) {
        const login = await w.f.request.post('/api/auth/login').send({ email: a.email, password: 'a-good-long-password-2026' });
        expect(login.status).toBe(200);
        const cookie = refreshCookie(login)!;
        const answers = await Promise.all([1, 2, 3, 4].map(() => w.f.request.post('/api/auth/refresh').set('Cookie', `refresh_token=${cookie}`)));
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
        for (const answer of answers) expect((await w.f.request.get('/api/users/me').set('Authorization', `Bearer ${answer.body.accessToken}`)).status).toBe(200);
        const rotated = answers.map(refreshCookie).filter((value): value is string => value !== null);
        expect(rotated).toHaveLength(1);
        expect(rotated[0]).not.toBe(cookie);
        const next = await w.f.request.post('/api/auth/refresh').set('Cookie', `refresh_token=${rotated[0]}`);
        expect(next.status).toBe(200);
      }
    });
  });

  describe('one Idempotency-Key twice at once on a vote', () => {
    it('records one vote and answers both requests with it', async () => {
      const trio = await multisig('Same vote key', [a, b, c], 3, '1000');
      for (let round = 0; round < REPETITIONS; round++) {
        const proposal = (await transfer(trio, '1')).body;
        const headers = { 'Idempotency-Key': `same-vote-key-${round}` };
        const answers = await Promise.all([1, 2].map(() => w.f.as(b).post(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`, { option: 'YES' }, headers)));
        expect(answers.map((answer) => answer.status)).toEqual([201, 201]);
        expect(answers[1]!.body).toEqual(answers[0]!.body);
        const votes = (await w.f.as(a).get(`/multisigs/${trio.id}/proposals/${proposal.id}/votes`)).body.items;
        expect(votes.map((vote: { userId: string }) => vote.userId)).toEqual([a.id, b.id]);
      }
    });
  });
});
