import { signable } from '../../read-side/operations';
import { buildWorld, expectOk, type World } from './world';

let w: World;
beforeAll(async () => {
  w = await buildWorld();
}, 60000);
afterAll(() => w?.f.stop());

const operation = (session: World['admin'], id: string) => w.f.as(session).get(`/operations/${id}`);

describe('the Operation detail rule for Sign and Reject', () => {
  const live = { status: 'SUBMITTED', kind: 'TRANSFER', member: true, myVote: null };
  it('offers them while the proposal is SUBMITTED, to a member, when not proposer-restricted', () => {
    expect(signable(live)).toBe(true);
  });
  it.each([
    ['the proposal is no longer live', { ...live, status: 'ACCEPTED' }],
    ['the viewer is not a member', { ...live, member: false }],
    ['the viewer already has a vote recorded (the proposer’s YES is cast at creation)', { ...live, myVote: 'YES' }],
    ['it is a disbursement, signed by the bridging identity alone', { ...live, kind: 'DISBURSEMENT' }],
  ])('withholds them when %s', (_, input) => {
    expect(signable(input)).toBe(false);
  });
});

describe('GET /operations/<operation_id>', () => {
  it('answers the CHAIN template: transaction, vote breakdown with weights, lifecycle, receipts', async () => {
    const body = await expectOk(operation(w.admin, w.operations.mintToReserve));
    expect(body).toMatchObject({
      kind: 'CHAIN',
      id: w.operations.mintToReserve,
      type: 'MINT',
      side: 'ORIGIN',
      status: 'ACCEPTED',
      title: 'Reserve funding',
      account: { id: w.issuance.id, label: 'Issuance' },
      proposer: { id: w.admin.id },
      transaction: { amount: '50000', denom: 'ulps', symbol: 'L', exponent: 2, to: w.reserve.address },
      votes: { threshold: 1, totalWeight: 1, tally: { yes: 1, no: 0 }, breakdown: [{ userId: w.admin.id, weight: 1, option: 'YES' }] },
      receipts: { executorResult: 'SUCCESS', txHash: expect.stringMatching(/^[0-9A-F]{64}$/), height: expect.any(Number) },
      canSign: false,
      canReject: false,
    });
    expect(body.lifecycle.createdAt <= body.lifecycle.decidedAt && body.lifecycle.decidedAt <= body.lifecycle.executedAt).toBe(true);
    const tx = await w.f.runtime.services.chain.getTx(body.receipts.txHash);
    expect(tx).toMatchObject({ height: body.receipts.height, code: 0 });
  });

  it('computes canSign and canReject for the caller', async () => {
    const open = await expectOk(operation(w.mia, w.operations.openTransfer));
    expect(open).toMatchObject({ status: 'SUBMITTED', myVote: null, canSign: true, canReject: true });
    expect(open.votes.breakdown).toEqual([
      expect.objectContaining({ userId: w.admin.id, weight: 1, option: 'YES' }),
      expect.objectContaining({ userId: w.mia.id, name: 'Mia', weight: 1, option: null, castAt: null }),
    ]);
    expect(await expectOk(operation(w.admin, w.operations.openTransfer))).toMatchObject({ myVote: 'YES', canSign: false, canReject: false });
    expect(await expectOk(operation(w.ana, w.operations.openTransfer))).toMatchObject({ canSign: false, canReject: false });
  });

  it('shows a counterparty its side: the transfer and its receipt, not the sender’s governance', async () => {
    const body = await expectOk(operation(w.bank.admin, w.operations.disbursement));
    expect(body).toMatchObject({
      kind: 'CHAIN',
      type: 'DISBURSEMENT',
      side: 'COUNTERPARTY',
      title: null,
      proposer: null,
      votes: null,
      account: { id: w.treasury.id },
      transaction: { amount: '30000', to: w.treasury.address, messages: null },
      receipts: { executorResult: 'SUCCESS' },
      canSign: false,
    });
  });

  it('answers the ADMIN template with a link to the originating surface', async () => {
    const log = (await expectOk(w.f.as(w.admin).get('/activity-log?kind=ADMIN&pageSize=500'))).items as Array<{ id: string; type: string; side: string; multisigId: string }>;
    const whitelist = log.find((entry) => entry.type === 'WHITELIST_ADD')!;
    expect(await expectOk(operation(w.admin, whitelist.id))).toMatchObject({
      kind: 'ADMIN',
      type: 'WHITELIST_ADD',
      actor: { id: w.admin.id, name: expect.any(String) },
      subject: { type: 'Multisig', id: w.reserve.id },
      summary: { address: w.issuance.address, label: 'Issuance' },
      link: `/multisigs/${w.reserve.id}/whitelist`,
    });
    const invited = log.find((entry) => entry.type === 'USER_INVITED' && entry.side === 'ORIGIN')!;
    expect((await expectOk(operation(w.admin, invited.id))).link).toBe('/control-panel?tab=internal-users');
    const exchange = log.find((entry) => entry.type === 'EXCHANGE_ADDRESS_SET')!;
    expect((await expectOk(operation(w.admin, exchange.id))).link).toBe(`/control-panel/organizations/${w.bank.organizationId}`);
    expect((await expectOk(operation(w.bank.admin, exchange.id))).link).toBe('/control-panel?tab=organization-profile');
    const requested = log.find((entry) => entry.type === 'DISBURSEMENT_REQUESTED')!;
    expect((await expectOk(operation(w.admin, requested.id))).link).toBe(`/operations/${w.operations.disbursement}`);
  });

  it('does not exist for other organizations, nor for an unknown id', async () => {
    expect((await operation(w.bank.admin, w.operations.mintToReserve)).status).toBe(404);
    const missing = await operation(w.admin, 'no-such-operation');
    expect([missing.status, missing.body.code, missing.headers['content-type']]).toEqual([404, 'NOT_FOUND', expect.stringContaining('application/problem+json')]);
  });

  it('becomes decided for everyone once the last vote executes it', async () => {
    await expectOk(w.f.as(w.mia).post(`/multisigs/${w.reserve.id}/proposals/${w.operations.openTransfer}/votes`, { option: 'YES' }));
    const body = await expectOk(operation(w.mia, w.operations.openTransfer));
    expect(body).toMatchObject({ status: 'ACCEPTED', myVote: 'YES', canSign: false, canReject: false, receipts: { executorResult: 'SUCCESS' } });
    expect(body.votes.tally.yes).toBe(2);
  });
});

describe('GET /operations/lookup', () => {
  const lookup = (query: string, session = w.admin) => w.f.as(session).get(`/operations/lookup${query}`);

  it('resolves a proposal id with the account of a legacy ?multisigId= link', async () => {
    expect(await expectOk(lookup(`?multisigId=${w.issuance.id}&proposalId=${w.operations.mintToReserve}`))).toEqual({
      operationId: w.operations.mintToReserve,
      kind: 'CHAIN',
      link: `/operations/${w.operations.mintToReserve}`,
    });
    // The receiving account's link resolves too.
    expect((await expectOk(lookup(`?multisigId=${w.reserve.id}&proposalId=${w.operations.mintToReserve}`))).operationId).toBe(w.operations.mintToReserve);
    expect((await lookup(`?multisigId=${w.treasury.id}&proposalId=${w.operations.mintToReserve}`)).status).toBe(404);
  });

  it('resolves a transaction hash, in either case, for each party', async () => {
    const { receipts } = await expectOk(w.f.as(w.admin).get(`/operations/${w.operations.disbursement}`));
    expect((await expectOk(lookup(`?txHash=${receipts.txHash.toLowerCase()}`))).operationId).toBe(w.operations.disbursement);
    expect((await expectOk(lookup(`?txHash=${receipts.txHash}`, w.bank.admin))).operationId).toBe(w.operations.disbursement);
  });

  it('needs a proposal id or a transaction hash', async () => {
    expect((await lookup(`?multisigId=${w.reserve.id}`)).status).toBe(400);
    expect((await lookup('?txHash=xyz')).status).toBe(400);
    expect((await lookup(`?proposalId=${w.operations.mintToReserve}`, w.bank.admin)).status).toBe(404);
  });
});

describe('My Tasks: GET /approval-queue', () => {
  it('lists what awaits the caller’s vote with the time remaining, least first', async () => {
    const first = await expectOk(w.f.as(w.admin).post(`/multisigs/${w.reserve.id}/proposals/transfer`, { title: 'One', amount: '1', denom: 'ulps', recipient: w.issuance.address }));
    const second = await expectOk(w.f.as(w.admin).post(`/multisigs/${w.reserve.id}/proposals/transfer`, { title: 'Two', amount: '2', denom: 'ulps', recipient: w.issuance.address }));
    const queue = await expectOk(w.f.as(w.mia).get('/approval-queue'));
    expect(queue.items.map((item: { id: string }) => item.id)).toEqual([first.id, second.id]);
    const [a, b] = queue.items as Array<{ timeRemainingSeconds: number; votingEndsAt: string }>;
    expect(a!.timeRemainingSeconds).toBeGreaterThan(71 * 3600);
    expect(a!.timeRemainingSeconds).toBeLessThanOrEqual(b!.timeRemainingSeconds);
    expect(Math.abs(Date.parse(a!.votingEndsAt) - Date.now() - a!.timeRemainingSeconds * 1000)).toBeLessThan(5000);
  });

  it('answers an empty list when all caught up', async () => {
    expect(await expectOk(w.f.as(w.admin).get('/approval-queue'))).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
  });
});
