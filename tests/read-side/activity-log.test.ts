import { ADMIN_OPERATION_TYPES } from '../../projections/admin-operations';
import { buildWorld, expectOk, type World } from './world';

interface Entry {
  id: string;
  kind: 'CHAIN' | 'ADMIN';
  type: string;
  side: 'ORIGIN' | 'COUNTERPARTY';
  organizationId: string;
  multisigId: string | null;
  actor: { id: string; name: string | null } | null;
  title: string | null;
  status: string | null;
  amount: string | null;
  occurredAt: string;
}

let w: World;
beforeAll(async () => {
  // The chain-RPC change below points at a local node: allowed explicitly, as internal hosts are refused.
  w = await buildWorld({ CHAIN_RPC_ALLOWED_HOSTS: '127.0.0.1' });
}, 60000);
afterAll(() => w?.f.stop());

const feed = async (session: World['admin'], query = ''): Promise<{ items: Entry[]; total: number; page: number; pageSize: number }> =>
  expectOk(w.f.as(session).get(`/activity-log${query}`));

describe('GET /activity-log: one organization-scoped feed of CHAIN and ADMIN entries', () => {
  it('lists proposals and administrative actions together, newest first, in the list shape', async () => {
    const log = await feed(w.admin);
    expect(log).toMatchObject({ page: 1, pageSize: 50, total: log.items.length });
    const times = log.items.map((entry) => entry.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(log.items[0]).toMatchObject({ id: w.operations.openTransfer, kind: 'CHAIN', type: 'TRANSFER', status: 'SUBMITTED', amount: '1250', title: 'Back to issuance' });
    expect(log.items.map((entry) => entry.type)).toEqual(expect.arrayContaining(['MINT', 'DISBURSEMENT', 'WHITELIST_ADD', 'ACCOUNT_CREATED', 'USER_INVITED']));
  });

  it('pages with page and pageSize, keeping the total', async () => {
    const all = await feed(w.admin);
    const second = await feed(w.admin, '?page=2&pageSize=3');
    expect(second).toMatchObject({ page: 2, pageSize: 3, total: all.total });
    expect(second.items.map((entry) => entry.id)).toEqual(all.items.slice(3, 6).map((entry) => entry.id));
  });

  it('never shows another organization’s entries, except each side of a transfer between them', async () => {
    const central = await feed(w.admin);
    const bank = await feed(w.bank.admin);
    expect(central.items.every((entry) => entry.organizationId === w.admin.organizationId)).toBe(true);
    expect(bank.items.every((entry) => entry.organizationId === w.bank.organizationId)).toBe(true);
    // The bank's own account creation is not the central bank's business.
    expect(central.items.find((entry) => entry.type === 'ACCOUNT_CREATED' && entry.multisigId === w.treasury.id)).toBeUndefined();
    // The disbursement: the central bank's proposal; the bank sees its side, the value received on its Treasury.
    const sent = central.items.find((entry) => entry.id === w.operations.disbursement)!;
    const received = bank.items.find((entry) => entry.id === w.operations.disbursement)!;
    expect(sent).toMatchObject({ side: 'ORIGIN', multisigId: w.bridging.id, title: 'Disbursement to Banco Uno' });
    expect(received).toMatchObject({ side: 'COUNTERPARTY', kind: 'CHAIN', type: 'DISBURSEMENT', multisigId: w.treasury.id, amount: '30000', title: null, actor: null });
    expect(bank.items.find((entry) => entry.id === w.operations.mintToReserve)).toBeUndefined();
  });

  it('filters by account: its own operations and the value it received from the organization’s other accounts', async () => {
    const reserve = await feed(w.admin, `?multisigId=${w.reserve.id}`);
    const ids = reserve.items.map((entry) => entry.id);
    expect(ids).toContain(w.operations.openTransfer);
    expect(ids).toContain(w.operations.mintToReserve);
    expect(ids).not.toContain(w.operations.mintToBridging);
    expect(reserve.items.map((entry) => entry.type)).toEqual(expect.arrayContaining(['ACCOUNT_CREATED', 'WHITELIST_ADD']));
    expect(reserve.total).toBe(reserve.items.length);
    const paged = await feed(w.admin, `?multisigId=${w.reserve.id}&page=2&pageSize=2`);
    expect(paged.items.map((entry) => entry.id)).toEqual(ids.slice(2, 4));
    expect(paged.total).toBe(reserve.total);
  });

  it('filters by kind, type, actor and date range', async () => {
    const all = await feed(w.admin);
    const admin = await feed(w.admin, '?kind=ADMIN');
    expect(admin.items.every((entry) => entry.kind === 'ADMIN')).toBe(true);
    expect(admin.total).toBe(all.items.filter((entry) => entry.kind === 'ADMIN').length);
    const mints = await feed(w.admin, '?type=MINT');
    expect(mints.items.map((entry) => entry.id).sort()).toEqual([w.operations.mintToBridging, w.operations.mintToReserve].sort());
    const byBridgingIdentity = await feed(w.admin, `?actorId=${all.items.find((entry) => entry.type === 'DISBURSEMENT')!.actor!.id}`);
    expect(byBridgingIdentity.items.map((entry) => entry.id)).toEqual([w.operations.disbursement]);
    const mint = all.items.find((entry) => entry.id === w.operations.mintToReserve)!;
    const exact = await feed(w.admin, `?from=${mint.occurredAt}&to=${mint.occurredAt}`);
    expect(exact.items.map((entry) => entry.id)).toEqual([mint.id]);
    const day = mint.occurredAt.slice(0, 10);
    expect((await feed(w.admin, `?from=${day}&to=${day}`)).total).toBe(all.total);
    expect((await feed(w.admin, '?to=2000-01-01')).items).toEqual([]);
  });

  it('records every AdminOperationType of the spec', async () => {
    const { f, admin, bank, reserve } = w;
    const entry = (await expectOk(f.as(admin).get(`/multisigs/${reserve.id}/whitelist`))).items[0];
    await expectOk(f.as(admin).delete(`/multisigs/${reserve.id}/whitelist/${entry.id}`));
    await expectOk(f.as(admin).post(`/organizations/${bank.organizationId}/freeze`));
    await expectOk(f.as(admin).post(`/organizations/${bank.organizationId}/unfreeze`));
    const temp = await f.invite(admin, 'member', 'Temp');
    await expectOk(f.as(admin).patch(`/users/${temp.id}/roles`, { role: 'auditor' }));
    await expectOk(f.as(admin).patch(`/users/${temp.id}/deactivate`, {}));
    const pending = await expectOk(f.as(admin).post('/invitations', { email: `pending-${Date.now()}@emisor.test`, role: 'member' }));
    await expectOk(f.as(admin).post(`/invitations/${pending.id}/resend`));
    await expectOk(f.as(admin).post(`/invitations/${pending.id}/revoke`));
    await expectOk(f.as(admin).patch(`/organizations/${admin.organizationId}/chain-rpc`, { url: 'http://127.0.0.1:26657' }));
    await expectOk(f.as(admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '100' }));
    await expectOk(f.as(admin).patch(`/organizations/${bank.organizationId}`, { status: 'SUSPENDED' }));
    await expectOk(f.as(admin).patch(`/organizations/${bank.organizationId}`, { status: 'ACTIVE' }));
    await expectOk(f.as(admin).patch(`/organizations/${bank.organizationId}`, { disbursementLimitPerDay: '1' }));

    const central = await feed(admin, '?kind=ADMIN&pageSize=500');
    const bankFeed = await feed(bank.admin, '?kind=ADMIN&pageSize=500');
    expect(new Set([...central.items, ...bankFeed.items].map((item) => item.type))).toEqual(new Set(ADMIN_OPERATION_TYPES));
    // An action the central bank took on a participant shows in both feeds.
    const frozen = bankFeed.items.find((item) => item.type === 'EXCHANGE_FROZEN')!;
    expect(frozen).toMatchObject({ side: 'ORIGIN', actor: { id: admin.id } });
    expect(central.items.find((item) => item.id === frozen.id)).toMatchObject({ side: 'COUNTERPARTY' });
  });

  it('validates its query and answers every role holding read · Operation', async () => {
    expect((await w.f.as(w.admin).get('/activity-log?type=NOPE')).status).toBe(400);
    expect((await w.f.as(w.admin).get('/activity-log?pageSize=501')).status).toBe(400);
    expect((await w.f.as(w.admin).get('/activity-log?from=yesterday')).status).toBe(400);
    expect((await w.f.request.get('/api/activity-log')).status).toBe(401);
    for (const session of [w.mia, w.ana]) expect((await w.f.as(session).get('/activity-log')).status).toBe(200);
  });
});
