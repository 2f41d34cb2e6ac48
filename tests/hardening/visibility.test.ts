import { generateCustodyKey } from '../../write-side/chain/keys';
import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

/**
 * Contract "Organizations and accounts", Visibility: administrators and auditors see everything of
 * their organization; members only the accounts they belong to — in the activity log, operation detail
 * and lookup, and exports alike (404 for the rest); ADMIN entries tied to no account are visible to all.
 */
describe('One visibility rule for every read', () => {
  let f: GovernanceFixture;
  let member: Session;
  let auditor: Session;
  let spare: Session;
  const entries: Record<string, string> = {};

  beforeAll(async () => {
    f = await startGovernance();
    member = await f.invite(f.admin, 'member', 'Mateo');
    auditor = await f.invite(f.admin, 'auditor', 'Ana');
    spare = await f.invite(f.admin, 'member', 'Sara');
    const mine = (await f.as(f.admin).post('/multisigs', { label: 'Compartida', members: [{ userId: f.admin.id, weight: 1 }, { userId: member.id, weight: 1 }], threshold: 1 })).body;
    const hidden = (await f.as(f.admin).post('/multisigs', { label: 'Reservada', members: [{ userId: f.admin.id, weight: 1 }, { userId: spare.id, weight: 1 }], threshold: 1 })).body;
    await f.as(f.admin).post(`/multisigs/${hidden.id}/whitelist`, { address: generateCustodyKey('emisor').address, label: 'Proveedor' });
    const change = await f.as(f.admin).post(`/multisigs/${hidden.id}/proposals/group-changes`, { title: 'Dos firmas', threshold: 2 });
    if (change.status !== 201) throw new Error(`group change failed: ${JSON.stringify(change.body)}`);
    await f.as(f.admin).post('/invitations', { email: 'nuevo@emisor.test', role: 'member' });
    const all = (await f.as(f.admin).get('/activity-log?pageSize=500')).body.items as Array<{ id: string; type: string; multisigId: string | null }>;
    const find = (type: string, multisigId: string | null) => all.find((entry) => entry.type === type && entry.multisigId === multisigId)!.id;
    entries['ACCOUNT_CREATED of an account of the member'] = find('ACCOUNT_CREATED', mine.id);
    entries['ACCOUNT_CREATED of another account'] = find('ACCOUNT_CREATED', hidden.id);
    entries['WHITELIST_ADD of another account'] = find('WHITELIST_ADD', hidden.id);
    entries['GROUP_CHANGE proposal of another account'] = change.body.id;
    entries['USER_INVITED (tied to no account)'] = all.find((entry) => entry.type === 'USER_INVITED' && (entry as unknown as { summary: { email: string } }).summary.email === 'nuevo@emisor.test')!.id;
  }, 90000);
  afterAll(() => f?.stop());

  /** [entry, member sees it, administrator sees it, auditor sees it] — written out, not computed. */
  const TABLE: Array<[string, boolean, boolean, boolean]> = [
    ['ACCOUNT_CREATED of an account of the member', true, true, true],
    ['ACCOUNT_CREATED of another account', false, true, true],
    ['WHITELIST_ADD of another account', false, true, true],
    ['GROUP_CHANGE proposal of another account', false, true, true],
    ['USER_INVITED (tied to no account)', true, true, true],
  ];
  const viewers = () => [member, f.admin, auditor];

  it.each(TABLE)('activity log: %s — member %s, administrator %s, auditor %s', async (entry, ...expected) => {
    const seen = await Promise.all(
      viewers().map(async (viewer) => {
        const log = await f.as(viewer).get('/activity-log?pageSize=500');
        return (log.body.items as Array<{ id: string }>).some((item) => item.id === entries[entry]);
      }),
    );
    expect(seen).toEqual(expected);
  });

  it.each(TABLE)('operation detail: %s — member %s, administrator %s, auditor %s', async (entry, ...expected) => {
    const statuses = await Promise.all(viewers().map(async (viewer) => (await f.as(viewer).get(`/operations/${entries[entry]}`)).status));
    expect(statuses).toEqual(expected.map((sees) => (sees ? 200 : 404)));
  });

  it('operation lookup: the member cannot resolve a proposal of another account (404)', async () => {
    const id = entries['GROUP_CHANGE proposal of another account'];
    expect((await f.as(member).get(`/operations/lookup?proposalId=${id}`)).status).toBe(404);
    expect((await f.as(auditor).get(`/operations/lookup?proposalId=${id}`)).status).toBe(200);
  });

  it('the member’s activity-log total counts only what it sees', async () => {
    const log = await f.as(member).get('/activity-log?pageSize=500');
    expect(log.body.total).toBe(log.body.items.length);
    expect(log.body.total).toBeLessThan((await f.as(auditor).get('/activity-log?pageSize=500')).body.total);
  });

  it.each(TABLE)('governance export: %s — member %s, administrator %s, auditor %s', async (entry, ...expected) => {
    const seen = await Promise.all(
      viewers().map(async (viewer) => {
        const exported = await f.as(viewer).get('/export/governance?format=json');
        return (JSON.parse(exported.text) as Array<{ operationId: string }>).some((row) => row.operationId === entries[entry]);
      }),
    );
    expect(seen).toEqual(expected);
  });
});
