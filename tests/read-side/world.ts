import { startGovernance, type GovernanceFixture, type Session } from '../governance/fixture';

export interface Account {
  id: string;
  address: string;
  label: string;
}

/**
 * A small economy, built through the HTTP API: the central bank (administrator, member Mia, auditor
 * Ana), its ISSUANCE and BRIDGING accounts and a 2-of-2 "Reserve" account (administrator and Mia);
 * Banco Uno with its administrator and a Treasury account linked as its exchange address. Issuance
 * mints to BRIDGING and to Reserve, BRIDGING disburses to Banco Uno, Reserve has a whitelist entry
 * and an open transfer awaiting Mia's vote.
 */
export interface World {
  f: GovernanceFixture;
  admin: Session;
  mia: Session;
  ana: Session;
  bank: { organizationId: string; admin: Session };
  issuance: Account;
  bridging: Account;
  reserve: Account;
  treasury: Account;
  operations: { mintToBridging: string; mintToReserve: string; disbursement: string; openTransfer: string };
}

export async function buildWorld(env: Record<string, string> = {}): Promise<World> {
  const f = await startGovernance(env);
  const admin = f.admin;
  const as = f.as;
  const mia = await f.invite(admin, 'member', 'Mia');
  const ana = await f.invite(admin, 'auditor', 'Ana');
  const bank = await f.bank('Banco Uno');
  const accounts = (await as(admin).get('/multisigs')).body.items as Account[];
  const issuance = accounts.find((account) => (account as Account & { type: string }).type === 'ISSUANCE')!;
  const bridging = accounts.find((account) => (account as Account & { type: string }).type === 'BRIDGING')!;
  const created = async (session: Session, body: object): Promise<Account> => {
    const response = await as(session).post('/multisigs', body);
    if (response.status !== 201) throw new Error(`account: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body;
  };
  const reserve = await created(admin, { label: 'Reserve', members: [{ userId: admin.id, weight: 1 }, { userId: mia.id, weight: 1 }], threshold: 2 });
  const treasury = await created(bank.admin, { label: 'Treasury', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 });
  await expectOk(as(admin).post(`/organizations/${bank.organizationId}/exchange-address`, { address: treasury.address }));

  const mint = async (title: string, amount: string, recipient: string) =>
    (await expectOk(as(admin).post(`/multisigs/${issuance.id}/proposals/mint`, { title, amount, denom: 'ulps', recipient }))).id as string;
  const mintToBridging = await mint('Float for conversions', '100000', bridging.address);
  const mintToReserve = await mint('Reserve funding', '50000', reserve.address);
  const disbursement = (await expectOk(as(admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: '30000' }))).operationId as string;
  await expectOk(as(admin).post(`/multisigs/${reserve.id}/whitelist`, { address: issuance.address, label: 'Issuance' }));
  const openTransfer = (
    await expectOk(as(admin).post(`/multisigs/${reserve.id}/proposals/transfer`, { title: 'Back to issuance', amount: '1250', denom: 'ulps', recipient: issuance.address }))
  ).id as string;
  return { f, admin, mia, ana, bank, issuance, bridging, reserve, treasury, operations: { mintToBridging, mintToReserve, disbursement, openTransfer } };
}

export async function expectOk(request: PromiseLike<{ status: number; body: any }>): Promise<any> {
  const response = await request;
  if (response.status >= 300) throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}
