import { accountsNeedingSigner, type Membership } from '../../write-side/user/decide';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

const account = (threshold: number, members: Array<[string, number, boolean]>): Membership => ({
  accountId: `acc-${threshold}-${members.length}`,
  label: 'Ops',
  threshold,
  members: members.map(([userId, weight, canVote]) => ({ userId, weight, canVote })),
});

describe('Signer safety: which accounts need a user’s vote', () => {
  it.each<[string, Membership, boolean]>([
    ['2 of 2: the other member alone cannot reach 2', account(2, [['u', 1, true], ['v', 1, true]]), true],
    ['1 of 2: the other member reaches 1', account(1, [['u', 1, true], ['v', 1, true]]), false],
    ['2 of 3 with the third already unable to vote', account(2, [['u', 1, true], ['v', 1, true], ['w', 1, false]]), true],
    ['a threshold above the total weight counts as the total (x/group)', account(9, [['u', 1, true], ['v', 1, true]]), true],
    ['the heavy member leaving a 3-of-4 where the rest weigh 2', account(3, [['u', 2, true], ['v', 1, true], ['w', 1, true]]), true],
    ['a light member leaving a 2-of-4 where the rest weigh 3', account(2, [['u', 1, true], ['v', 2, true], ['w', 1, true]]), false],
  ])('%s', (_name, membership, needed) => {
    expect(accountsNeedingSigner('u', [membership]).length > 0).toBe(needed);
  });
});

describe('Deactivating or demoting a needed signer is 409 SIGNER_REQUIRED; auditors are never members', () => {
  let f: GovernanceFixture;
  let needed: Session;
  let spare: Session;
  let auditor: Session;
  let pair: { id: string; label: string };

  beforeAll(async () => {
    f = await startGovernance();
    needed = await f.invite(f.admin, 'member', 'Nora');
    spare = await f.invite(f.admin, 'member', 'Saúl');
    auditor = await f.invite(f.admin, 'auditor', 'Aída');
    pair = (await f.as(f.admin).post('/multisigs', { label: 'Pareja', members: [{ userId: f.admin.id, weight: 1 }, { userId: needed.id, weight: 1 }], threshold: 2 })).body;
    await f.as(f.admin).post('/multisigs', { label: 'Holgada', members: [{ userId: f.admin.id, weight: 1 }, { userId: spare.id, weight: 1 }], threshold: 1 });
  }, 60000);
  afterAll(() => f?.stop());

  const lastPosition = async () => Number((await f.runtime.db('events').max('position as p').first())?.p ?? 0);

  it('refuses to deactivate a member without whom an account cannot reach its threshold, naming the account, and writes nothing', async () => {
    const before = await lastPosition();
    const response = await f.as(f.admin).patch(`/users/${needed.id}/deactivate`, {});
    expect([response.status, response.body.code]).toEqual([409, 'SIGNER_REQUIRED']);
    expect(response.body.detail).toContain(`Pareja (${pair.id})`);
    expect(await lastPosition()).toBe(before);
    expect((await f.as(f.admin).get(`/users/${needed.id}`)).body.status).toBe('ACTIVE');
  });

  it('refuses to make that member an auditor (a role that cannot vote), and still lets them be an administrator', async () => {
    const demoted = await f.as(f.admin).patch(`/users/${needed.id}/roles`, { role: 'auditor' });
    expect([demoted.status, demoted.body.code]).toEqual([409, 'SIGNER_REQUIRED']);
    expect((await f.as(f.admin).patch(`/users/${needed.id}/roles`, { role: 'administrator' })).status).toBe(200);
  });

  it('deactivates a member the account can do without', async () => {
    expect((await f.as(f.admin).patch(`/users/${spare.id}/deactivate`, {})).status).toBe(200);
  });

  it('refuses to make any account member an auditor (422 AUDITOR_CANNOT_BE_MEMBER)', async () => {
    const other = await f.invite(f.admin, 'member', 'Olga');
    await f.as(f.admin).post('/multisigs', { label: 'Trío', members: [{ userId: f.admin.id, weight: 1 }, { userId: other.id, weight: 1 }], threshold: 1 });
    const demoted = await f.as(f.admin).patch(`/users/${other.id}/roles`, { role: 'auditor' });
    expect([demoted.status, demoted.body.code]).toEqual([422, 'AUDITOR_CANNOT_BE_MEMBER']);
  });

  it('refuses an auditor as a member of a new account and in a group change (422 AUDITOR_CANNOT_BE_MEMBER)', async () => {
    const created = await f.as(f.admin).post('/multisigs', { label: 'Con auditora', members: [{ userId: auditor.id, weight: 1 }], threshold: 1 });
    expect([created.status, created.body.code]).toEqual([422, 'AUDITOR_CANNOT_BE_MEMBER']);
    const change = await f.as(f.admin).post(`/multisigs/${pair.id}/proposals/group-changes`, {
      title: 'Sumar auditora',
      members: [{ userId: f.admin.id, weight: 1 }, { userId: needed.id, weight: 1 }, { userId: auditor.id, weight: 1 }],
    });
    expect([change.status, change.body.code]).toEqual([422, 'AUDITOR_CANNOT_BE_MEMBER']);
  });
});
