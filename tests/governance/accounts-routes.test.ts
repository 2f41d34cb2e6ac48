import { generateCustodyKey } from '../../write-side/chain/keys';
import { startGovernance, type GovernanceFixture, type Session } from './fixture';

const address = () => generateCustodyKey('emisor').address;

describe('accounts, whitelist, tokens and address book over HTTP', () => {
  let f: GovernanceFixture;
  let member: Session;
  let outsider: Session;
  let auditor: Session;
  let bank: { organizationId: string; admin: Session };
  let custom: { id: string; address: string };

  beforeAll(async () => {
    f = await startGovernance();
    [member, outsider, auditor] = [
      await f.invite(f.admin, 'member', 'Mara'),
      await f.invite(f.admin, 'member', 'Otto'),
      await f.invite(f.admin, 'auditor', 'Aude'),
    ];
    bank = await f.bank('Banco Dos');
  }, 60000);
  afterAll(() => f?.stop());

  describe('accounts', () => {
    it('creates a custom account with its group policy on the chain', async () => {
      const created = await f.as(f.admin).post('/multisigs', {
        label: 'Operations',
        members: [
          { userId: f.admin.id, weight: 2 },
          { userId: member.id, weight: 1 },
        ],
        threshold: 2,
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        label: 'Operations',
        type: 'CUSTOM',
        archived: false,
        policy: { threshold: 2, totalWeight: 3 },
        members: expect.arrayContaining([expect.objectContaining({ userId: member.id, weight: 1 })]),
      });
      expect(created.body.address).toMatch(/^emisor1/);
      custom = created.body;
      const onChain = await f.runtime.services.chain.getGroupPolicy(custom.address);
      expect(onChain).toMatchObject({ threshold: 2n, totalWeight: 3n, admin: custom.address });
    });

    it.each([
      ['an unknown key', { label: 'X', members: [{ userId: 'u', weight: 1 }], threshold: 1, extra: true }, 400, 'VALIDATION_FAILED'],
      ['a zero weight', { label: 'X', members: [{ userId: 'u', weight: 0 }], threshold: 1 }, 400, 'VALIDATION_FAILED'],
      ['no members', { label: 'X', members: [], threshold: 1 }, 400, 'VALIDATION_FAILED'],
      ['an unknown user', { label: 'X', members: [{ userId: 'nobody', weight: 1 }], threshold: 1 }, 422, 'INVALID_MEMBER'],
    ])('refuses %s', async (_name, body, status, code) => {
      const response = await f.as(f.admin).post('/multisigs', body);
      expect([response.status, response.body.code]).toEqual([status, code]);
    });

    it('refuses a threshold above the total weight, a duplicate member, and another organization’s user', async () => {
      const over = await f.as(f.admin).post('/multisigs', { label: 'X', members: [{ userId: member.id, weight: 1 }], threshold: 2 });
      expect([over.status, over.body.code]).toEqual([422, 'INVALID_THRESHOLD']);
      const twice = await f.as(f.admin).post('/multisigs', {
        label: 'X',
        members: [
          { userId: member.id, weight: 1 },
          { userId: member.id, weight: 1 },
        ],
        threshold: 1,
      });
      expect([twice.status, twice.body.code]).toEqual([422, 'INVALID_GROUP']);
      const foreign = await f.as(f.admin).post('/multisigs', { label: 'X', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 });
      expect([foreign.status, foreign.body.code]).toEqual([422, 'INVALID_MEMBER']);
    });

    it('requires create · Multisig and a token', async () => {
      const body = { label: 'Mine', members: [{ userId: member.id, weight: 1 }], threshold: 1 };
      expect((await f.as(member).post('/multisigs', body)).status).toBe(403);
      expect((await f.as(auditor).post('/multisigs', body)).status).toBe(403);
      expect((await f.request.post('/api/multisigs').send(body)).status).toBe(401);
      expect((await f.request.get('/api/multisigs')).status).toBe(401);
    });

    it('shows members only their accounts, administrators and auditors all, other organizations none', async () => {
      const ids = async (session: Session) => ((await f.as(session).get('/multisigs')).body.items as Array<{ id: string }>).map((a) => a.id);
      expect(await ids(member)).toEqual([custom.id]);
      expect(await ids(outsider)).toEqual([]);
      expect((await ids(f.admin)).length).toBe(3);
      expect((await ids(auditor)).length).toBe(3);
      const bankIds = await ids(bank.admin);
      expect(bankIds).not.toContain(custom.id);
      expect((await f.as(bank.admin).get(`/multisigs/${custom.id}`)).status).toBe(404);
      expect((await f.as(outsider).get(`/multisigs/${custom.id}`)).status).toBe(404);
      expect((await f.as(member).get(`/multisigs/${custom.id}`)).status).toBe(200);
      const types = ((await f.as(f.admin).get('/multisigs?type=ISSUANCE')).body.items as Array<{ type: string }>).map((a) => a.type);
      expect(types).toEqual(['ISSUANCE']);
    });

    it('answers members, policy, balance and health', async () => {
      const members = await f.as(member).get(`/multisigs/${custom.id}/members`);
      expect(members.status).toBe(200);
      expect(members.body.items).toHaveLength(2);
      const policy = await f.as(member).get(`/multisigs/${custom.id}/policy`);
      expect(policy.body).toMatchObject({ type: 'THRESHOLD', threshold: 2, totalWeight: 3, votingPeriodSeconds: 72 * 3600 });
      const balance = await f.as(member).get(`/multisigs/${custom.id}/balance`);
      expect(balance.body).toEqual({ address: custom.address, balances: [] });
      const health = await f.as(member).get(`/multisigs/${custom.id}/health`);
      expect(health.body).toMatchObject({ status: 'up', reachable: true, chainId: f.config.CHAIN_ID, policyOnChain: true });
      expect(health.body.height).toBeGreaterThan(0);
    });

    it('edits the label, archives and unarchives (manage · Multisig); system accounts stay', async () => {
      const renamed = await f.as(f.admin).patch(`/multisigs/${custom.id}`, { label: 'Ops' });
      expect([renamed.status, renamed.body.label]).toEqual([200, 'Ops']);
      expect((await f.as(member).patch(`/multisigs/${custom.id}`, { label: 'Mine' })).status).toBe(403);
      const archived = await f.as(f.admin).post(`/multisigs/${custom.id}/archive`);
      expect([archived.status, archived.body.archived]).toEqual([200, true]);
      const refused = await f.as(f.admin).post(`/multisigs/${custom.id}/proposals/group-changes`, { title: 'T', threshold: 1 });
      expect([refused.status, refused.body.code]).toEqual([409, 'ACCOUNT_ARCHIVED']);
      const unarchived = await f.as(f.admin).post(`/multisigs/${custom.id}/unarchive`);
      expect([unarchived.status, unarchived.body.archived]).toEqual([200, false]);
      const issuance = f.seed['issuing-core']!.issuanceAccountId;
      const system = await f.as(f.admin).post(`/multisigs/${issuance}/archive`);
      expect([system.status, system.body.code]).toEqual([422, 'SYSTEM_ACCOUNT']);
      const operations = await f.runtime.db('admin_operations').where({ type: 'ACCOUNT_CREATED', subject_id: custom.id });
      expect(operations).toHaveLength(1);
    });
  });

  describe('whitelist', () => {
    let entryId: string;
    const listed = address();

    it('adds, lists, edits and removes entries, recorded as ADMIN operations', async () => {
      const added = await f.as(f.admin).post(`/multisigs/${custom.id}/whitelist`, { address: listed, label: 'Supplier' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ address: listed, label: 'Supplier', multisigId: custom.id });
      entryId = added.body.id;
      const again = await f.as(f.admin).post(`/multisigs/${custom.id}/whitelist`, { address: listed, label: 'Twice' });
      expect([again.status, again.body.code]).toEqual([409, 'WHITELIST_ADDRESS_EXISTS']);
      const invalid = await f.as(f.admin).post(`/multisigs/${custom.id}/whitelist`, { address: 'cosmos1xyz', label: 'Bad' });
      expect([invalid.status, invalid.body.code]).toEqual([400, 'VALIDATION_FAILED']);
      expect((await f.as(member).post(`/multisigs/${custom.id}/whitelist`, { address: address(), label: 'No' })).status).toBe(403);
      const list = await f.as(member).get(`/multisigs/${custom.id}/whitelist`);
      expect(list.body.items.map((item: { id: string }) => item.id)).toEqual([entryId]);
      const edited = await f.as(f.admin).patch(`/multisigs/${custom.id}/whitelist/${entryId}`, { label: 'Main supplier' });
      expect([edited.status, edited.body.label]).toEqual([200, 'Main supplier']);
      // The account's own address: refused alike when added and when an entry is edited to it.
      const self = await f.as(f.admin).post(`/multisigs/${custom.id}/whitelist`, { address: custom.address, label: 'Self' });
      expect([self.status, self.body.code]).toEqual([422, 'WHITELIST_SELF']);
      const editedToSelf = await f.as(f.admin).patch(`/multisigs/${custom.id}/whitelist/${entryId}`, { address: custom.address });
      expect([editedToSelf.status, editedToSelf.body.code]).toEqual([422, 'WHITELIST_SELF']);
      expect((await f.as(bank.admin).get(`/multisigs/${custom.id}/whitelist`)).status).toBe(404);
      const extra = await f.as(f.admin).post(`/multisigs/${custom.id}/whitelist`, { address: address(), label: 'Temp' });
      expect((await f.as(f.admin).delete(`/multisigs/${custom.id}/whitelist/${extra.body.id}`)).status).toBe(204);
      expect((await f.as(f.admin).delete(`/multisigs/${custom.id}/whitelist/${extra.body.id}`)).status).toBe(404);
      const types = (await f.runtime.db('admin_operations').where({ subject_id: custom.id }).pluck('type')) as string[];
      expect(types.filter((type) => type === 'WHITELIST_ADD')).toHaveLength(2);
      expect(types.filter((type) => type === 'WHITELIST_REMOVE')).toHaveLength(1);
    });

    it('refuses a transfer to an address off a non-empty whitelist (but not to the organization’s own accounts)', async () => {
      const issuance = f.seed['issuing-core']!.issuanceAccountId;
      const mint = await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Fund ops', amount: '5000', denom: 'ulps', recipient: custom.address });
      expect(mint.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
      const off = await f.as(member).post(`/multisigs/${custom.id}/proposals/transfer`, { title: 'Pay', amount: '10', denom: 'ulps', recipient: address() });
      expect([off.status, off.body.code]).toEqual([422, 'WHITELIST_VIOLATION']);
      const on = await f.as(member).post(`/multisigs/${custom.id}/proposals/transfer`, { title: 'Pay', amount: '10', denom: 'ulps', recipient: listed });
      expect([on.status, on.body.status]).toEqual([201, 'SUBMITTED']);
      const issuanceAddress = f.seed['issuing-core']!.issuanceAddress;
      const own = await f.as(member).post(`/multisigs/${custom.id}/proposals/transfer`, { title: 'Back', amount: '10', denom: 'ulps', recipient: issuanceAddress });
      expect(own.status).toBe(201);
    });
  });

  describe('tokens', () => {
    it('lists the native token as Native, first', async () => {
      const list = await f.as(member).get('/tokens');
      expect(list.body.items[0]).toMatchObject({ id: 'token_ulps', denom: 'ulps', symbol: 'L', name: 'Lempira', exponent: 2, native: true, status: 'Native' });
      const config = await f.request.get('/api/config');
      expect(config.body.nativeTokenId).toBe(list.body.items[0].id);
    });

    it('registers, updates and removes tokens (manage · Token); the native one is protected', async () => {
      const created = await f.as(f.admin).post('/tokens', { denom: 'uusd', symbol: 'USD', name: 'Dollar', exponent: 6 });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ denom: 'uusd', native: false, status: 'Active', exponent: 6 });
      const duplicate = await f.as(f.admin).post('/tokens', { denom: 'uusd', symbol: 'USD2', exponent: 6 });
      expect([duplicate.status, duplicate.body.code]).toEqual([409, 'TOKEN_DENOM_TAKEN']);
      expect((await f.as(bank.admin).post('/tokens', { denom: 'ueur', symbol: 'EUR', exponent: 6 })).status).toBe(403);
      expect((await f.as(f.admin).post('/tokens', { denom: 'ueur', symbol: 'EUR', exponent: 19 })).status).toBe(400);
      const updated = await f.as(f.admin).patch(`/tokens/${created.body.id}`, { symbol: 'USDC' });
      expect([updated.status, updated.body.symbol]).toEqual([200, 'USDC']);
      expect((await f.as(member).get(`/tokens/${created.body.id}`)).body.symbol).toBe('USDC');
      expect((await f.as(f.admin).delete(`/tokens/${created.body.id}`)).status).toBe(204);
      expect((await f.as(member).get(`/tokens/${created.body.id}`)).status).toBe(404);
      const native = await f.as(f.admin).delete('/tokens/token_ulps');
      expect([native.status, native.body.code]).toEqual([422, 'NATIVE_TOKEN_PROTECTED']);
    });

    it('autodetects a denom and its supply from the chain', async () => {
      const detected = await f.as(f.admin).get('/tokens/autodetect?denom=ulps');
      expect(detected.status).toBe(200);
      expect(detected.body).toMatchObject({ denom: 'ulps', exists: true, registered: true, tokenId: 'token_ulps' });
      expect(BigInt(detected.body.supply)).toBe(await f.runtime.services.chain.getSupply('ulps'));
      const unknown = await f.as(f.admin).get('/tokens/autodetect?denom=uzzz');
      expect(unknown.body).toMatchObject({ exists: false, supply: '0', registered: false, tokenId: null });
      expect((await f.as(member).get('/tokens/autodetect?denom=ulps')).status).toBe(403);
    });
  });

  describe('address book', () => {
    it('keeps one address book per user', async () => {
      const target = address();
      const added = await f.as(member).post('/address-book', { name: 'Alice', address: target, note: 'supplier' });
      expect(added.status).toBe(201);
      expect(added.body).toMatchObject({ name: 'Alice', address: target, note: 'supplier' });
      const duplicate = await f.as(member).post('/address-book', { name: 'Alice 2', address: target });
      expect([duplicate.status, duplicate.body.code]).toEqual([409, 'ADDRESS_BOOK_ENTRY_EXISTS']);
      expect((await f.as(member).post('/address-book', { name: 'Bad', address: 'nope' })).status).toBe(400);
      expect((await f.as(member).post('/address-book', { name: 'X', address: target, extra: 1 })).status).toBe(400);
      expect((await f.as(auditor).post('/address-book', { name: 'Aud', address: address() })).status).toBe(403);
      expect((await f.as(auditor).get('/address-book')).status).toBe(200);
      expect((await f.as(outsider).get('/address-book')).body.items).toEqual([]);
      expect((await f.as(outsider).patch(`/address-book/${added.body.id}`, { name: 'Mine' })).status).toBe(404);
      const edited = await f.as(member).patch(`/address-book/${added.body.id}`, { name: 'Alice Corp', note: null });
      expect(edited.body).toMatchObject({ name: 'Alice Corp', note: null });
      expect((await f.as(member).get('/address-book?q=corp')).body.total).toBe(1);
      expect((await f.as(member).delete(`/address-book/${added.body.id}`)).status).toBe(204);
      expect((await f.as(member).get('/address-book')).body.total).toBe(0);
    });
  });
});
