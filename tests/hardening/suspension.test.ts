import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/**
 * Contract "Organizations and accounts", Suspension: while an organization is SUSPENDED nothing moves
 * value from or to its accounts (422 ORGANIZATION_NOT_ACTIVE); status changes and renames are ADMIN
 * operations ORGANIZATION_STATUS_CHANGED / ORGANIZATION_UPDATED.
 */
describe('A suspended bank moves no wholesale money', () => {
  let f: GovernanceFixture;
  let bank: { organizationId: string; admin: Session };
  let member: Session;
  let treasury: { id: string; address: string };
  let duo: { id: string; address: string };
  let pendingTransfer: string;
  let issuance: string;

  beforeAll(async () => {
    f = await startGovernance();
    bank = await f.bank('Banco Suspendido');
    member = await f.invite(bank.admin, 'member', 'Marta');
    treasury = (await f.as(bank.admin).post('/multisigs', { label: 'Tesorería', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 })).body;
    duo = (
      await f.as(bank.admin).post('/multisigs', {
        label: 'Dúo',
        members: [{ userId: bank.admin.id, weight: 1 }, { userId: member.id, weight: 1 }],
        threshold: 2,
      })
    ).body;
    issuance = f.seed['issuing-core']!.issuanceAccountId!;
    const bridging = (await f.as(f.admin).get(`/multisigs/${f.seed['issuing-core']!.bridgingAccountId!}`)).body.address;
    const steps = [
      await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'Float', amount: '10000', denom: 'ulps', recipient: bridging }),
      await f.as(f.admin).post(`/organizations/${bank.organizationId}/exchange-address`, { address: treasury.address }),
      await f.as(f.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: '1000' }),
      await f.as(bank.admin).post(`/multisigs/${treasury.id}/proposals/transfer`, { title: 'Fondeo', amount: '100', denom: 'ulps', recipient: duo.address }),
    ];
    if (steps.some((step) => step.status >= 300)) throw new Error(`setup failed: ${JSON.stringify(steps.map((step) => step.body))}`);
    const pending = await f.as(bank.admin).post(`/multisigs/${duo.id}/proposals/transfer`, { title: 'Back', amount: '10', denom: 'ulps', recipient: treasury.address });
    pendingTransfer = pending.body.id;
    const suspended = await f.as(f.admin).patch(`/organizations/${bank.organizationId}`, { status: 'SUSPENDED' });
    if (suspended.status !== 200) throw new Error(`suspension failed: ${JSON.stringify(suspended.body)}`);
  }, 90000);
  afterAll(() => f?.stop());

  const refusal = (response: { status: number; body: { code?: string } }) => [response.status, response.body.code];
  const NOT_ACTIVE = [422, 'ORGANIZATION_NOT_ACTIVE'];

  describe('while SUSPENDED', () => {
    it('refuses new value-moving proposals from its accounts, and mints paying into them', async () => {
      expect(refusal(await f.as(bank.admin).post(`/multisigs/${treasury.id}/proposals/transfer`, { title: 'Out', amount: '1', denom: 'ulps', recipient: duo.address }))).toEqual(NOT_ACTIVE);
      expect(refusal(await f.as(f.admin).post(`/multisigs/${issuance}/proposals/mint`, { title: 'In', amount: '1', denom: 'ulps', recipient: treasury.address }))).toEqual(NOT_ACTIVE);
    });

    it('refuses a vote that would execute a transfer, and leaves the proposal open', async () => {
      expect(refusal(await f.as(member).post(`/multisigs/${duo.id}/proposals/${pendingTransfer}/votes`, { option: 'YES' }))).toEqual(NOT_ACTIVE);
      expect((await f.as(member).get(`/multisigs/${duo.id}/proposals/${pendingTransfer}`)).body.status).toBe('SUBMITTED');
    });

    it('refuses disbursement and redemption', async () => {
      expect(refusal(await f.as(f.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: '1' }))).toEqual(NOT_ACTIVE);
      expect(refusal(await f.as(bank.admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '1' }))).toEqual(NOT_ACTIVE);
    });

    it('still takes a group change, which moves no value', async () => {
      const change = await f.as(bank.admin).post(`/multisigs/${treasury.id}/proposals/group-changes`, {
        title: 'Add Marta',
        members: [{ userId: bank.admin.id, weight: 1 }, { userId: member.id, weight: 1 }],
      });
      expect(change.status).toBe(201);
    });

    it('moved nothing', async () => {
      expect(await f.runtime.services.chain.getBalance(treasury.address, 'ulps')).toBe(900n);
      expect(await f.runtime.services.chain.getBalance(duo.address, 'ulps')).toBe(100n);
    });
  });

  describe('ADMIN records of suspensions, reinstatements and renames', () => {
    it('shows ORGANIZATION_STATUS_CHANGED in the bank’s activity log, to its members too, and resolves it as an operation', async () => {
      const log = await f.as(member).get('/activity-log?kind=ADMIN&type=ORGANIZATION_STATUS_CHANGED');
      expect(log.status).toBe(200);
      expect(log.body.items).toEqual([
        expect.objectContaining({ kind: 'ADMIN', type: 'ORGANIZATION_STATUS_CHANGED', summary: { status: 'SUSPENDED', previousStatus: 'ACTIVE' }, actor: expect.objectContaining({ id: f.admin.id }) }),
      ]);
      const detail = await f.as(member).get(`/operations/${log.body.items[0].id}`);
      expect(detail.body).toMatchObject({ kind: 'ADMIN', type: 'ORGANIZATION_STATUS_CHANGED', link: '/control-panel?tab=organization-profile' });
      const central = await f.as(f.admin).get('/activity-log?type=ORGANIZATION_STATUS_CHANGED');
      expect(central.body.items).toEqual([expect.objectContaining({ side: 'COUNTERPARTY', link: expect.any(String) })]);
    });

    it('reinstating (ACTIVE) is recorded, and the held vote then executes', async () => {
      expect((await f.as(f.admin).patch(`/organizations/${bank.organizationId}`, { status: 'ACTIVE' })).status).toBe(200);
      const voted = await f.as(member).post(`/multisigs/${duo.id}/proposals/${pendingTransfer}/votes`, { option: 'YES' });
      expect(voted.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
      const log = await f.as(bank.admin).get('/activity-log?type=ORGANIZATION_STATUS_CHANGED');
      expect(log.body.items.map((item: { summary: unknown }) => item.summary)).toEqual([
        { status: 'ACTIVE', previousStatus: 'SUSPENDED' },
        { status: 'SUSPENDED', previousStatus: 'ACTIVE' },
      ]);
    });

    it('records a rename and a limit change as ORGANIZATION_UPDATED', async () => {
      expect((await f.as(f.admin).patch(`/organizations/${bank.organizationId}`, { name: 'Banco Renombrado', disbursementLimitPerDay: '50' })).status).toBe(200);
      const log = await f.as(bank.admin).get('/activity-log?type=ORGANIZATION_UPDATED');
      expect(log.body.items.map((item: { summary: unknown }) => item.summary)).toEqual(
        expect.arrayContaining([{ name: 'Banco Renombrado' }, { disbursementLimitPerDay: '50', previousLimit: '0' }]),
      );
      expect(log.body.total).toBe(2);
    });
  });
});
