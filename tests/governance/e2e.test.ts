import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startGovernance, type GovernanceFixture, type Session } from './fixture';

const run = promisify(execFile);
const TSX = join(__dirname, '../../node_modules/.bin/tsx');
const AUDIT = join(__dirname, '../../scripts/audit-verify.ts');

async function auditVerify(databaseUrl: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(TSX, [AUDIT], { env: { ...process.env, DATABASE_URL: databaseUrl }, timeout: 60000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : -1, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

describe('end to end: a 2-of-3 issuance account mints, pays a bank, the bank redeems part', () => {
  let f: GovernanceFixture;
  let m1: Session;
  let m2: Session;
  let issuance: { id: string; address: string };
  let bridging: { id: string; address: string };
  const denom = 'ulps';

  beforeAll(async () => {
    f = await startGovernance();
    m1 = await f.invite(f.admin, 'member', 'Member One');
    m2 = await f.invite(f.admin, 'member', 'Member Two');
    const accounts = (await f.as(f.admin).get('/multisigs')).body.items as Array<{ id: string; type: string; address: string }>;
    issuance = accounts.find((account) => account.type === 'ISSUANCE')!;
    bridging = accounts.find((account) => account.type === 'BRIDGING')!;
  }, 60000);
  afterAll(() => f?.stop());

  /** The API's balance of an account equals the chain's, denom by denom. */
  async function balanceOf(session: Session, accountId: string): Promise<bigint> {
    const body = (await f.as(session).get(`/multisigs/${accountId}/balance`)).body as { address: string; balances: Array<{ denom: string; amount: string }> };
    const api = BigInt(body.balances.find((balance) => balance.denom === denom)?.amount ?? '0');
    expect(api).toBe(await f.runtime.services.chain.getBalance(body.address, denom));
    return api;
  }

  it('runs the whole flow, with balances and supply agreeing with the chain at every step, and the audit verifying it', async () => {
    const chain = f.runtime.services.chain;
    // The ISSUANCE account becomes 2-of-3: its sole member's weight meets threshold 1, so it executes at once.
    const change = await f.as(f.admin).post(`/multisigs/${issuance.id}/proposals/group-changes`, {
      title: 'Three keys, two to sign',
      members: [
        { userId: f.admin.id, weight: 1 },
        { userId: m1.id, weight: 1 },
        { userId: m2.id, weight: 1 },
      ],
      threshold: 2,
    });
    expect(change.status).toBe(201);
    expect(change.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', kind: 'GROUP_CHANGE' });
    const policy = await chain.getGroupPolicy(issuance.address);
    expect(policy).toMatchObject({ threshold: 2n, totalWeight: 3n });
    expect((await f.as(f.admin).get(`/multisigs/${issuance.id}`)).body.policy).toEqual({ threshold: 2, totalWeight: 3 });

    // Mint: m1 proposes (SUBMITTED, nothing moves), m2 finds it in the approval queue and signs.
    const mint = await f.as(m1).post(`/multisigs/${issuance.id}/proposals/mint`, { title: 'Issue L 10,000', amount: '1000000', denom });
    expect(mint.status).toBe(201);
    expect(mint.body).toMatchObject({ status: 'SUBMITTED', executorResult: 'NOT_RUN', txHash: null, tally: { yes: 1, no: 0, abstain: 0, noWithVeto: 0 } });
    expect(await chain.getSupply(denom)).toBe(0n);
    const queue = (await f.as(m2).get('/approval-queue')).body;
    expect(queue.items.map((item: { id: string }) => item.id)).toEqual([mint.body.id]);
    const signed = await f.as(m2).post(`/multisigs/${issuance.id}/proposals/${mint.body.id}/votes`, { option: 'YES' });
    expect(signed.status).toBe(201);
    expect(signed.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect(signed.body.txHash).toMatch(/^[0-9A-F]{64}$/);
    const tx = await chain.getTx(signed.body.txHash);
    expect(tx?.code).toBe(0);
    expect(await chain.getSupply(denom)).toBe(1_000_000n);
    expect(await balanceOf(f.admin, issuance.id)).toBe(1_000_000n);

    // A bank with a treasury account whose address is its exchange address.
    const bank = await f.bank('Banco Uno');
    const treasury = await f.as(bank.admin).post('/multisigs', { label: 'Treasury', members: [{ userId: bank.admin.id, weight: 1 }], threshold: 1 });
    expect(treasury.status).toBe(201);
    expect(treasury.body).toMatchObject({ type: 'CUSTOM', archived: false, policy: { threshold: 1, totalWeight: 1 } });
    const linked = await f.as(f.admin).post(`/organizations/${bank.organizationId}/exchange-address`, { address: treasury.body.address });
    expect(linked.status).toBeLessThan(300);

    // Transfer to the bank's exchange address: 2 of 3 sign.
    const transfer = await f.as(m1).post(`/multisigs/${issuance.id}/proposals/transfer`, {
      title: 'Fund Banco Uno',
      amount: '300000',
      denom,
      recipient: treasury.body.address,
    });
    expect(transfer.body.status).toBe('SUBMITTED');
    const paid = await f.as(f.admin).post(`/multisigs/${issuance.id}/proposals/${transfer.body.id}/votes`, { option: 'YES' });
    expect(paid.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect(await balanceOf(f.admin, issuance.id)).toBe(700_000n);
    expect(await balanceOf(bank.admin, treasury.body.id)).toBe(300_000n);
    expect(await chain.getSupply(denom)).toBe(1_000_000n);

    // The bank redeems part: the central bank requests it, the bank's treasury signs it back to BRIDGING.
    const redemption = await f.as(f.admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '100000' });
    expect(redemption.status).toBe(201);
    expect(redemption.body).toMatchObject({ status: 'SUBMITTED', txHash: null });
    expect(redemption.body.operationId).toBe(redemption.body.proposalId);
    const redeemed = await f.as(bank.admin).post(`/multisigs/${treasury.body.id}/proposals/${redemption.body.proposalId}/votes`, { option: 'YES' });
    expect(redeemed.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS', kind: 'REDEMPTION' });
    expect(await balanceOf(bank.admin, treasury.body.id)).toBe(200_000n);
    expect(await balanceOf(f.admin, bridging.id)).toBe(100_000n);
    expect(await chain.getSupply(denom)).toBe(1_000_000n);

    // Capped by the exchange balance.
    const tooMuch = await f.as(f.admin).post(`/organizations/${bank.organizationId}/redemption-request`, { amount: '200001' });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe('INSUFFICIENT_FUNDS');

    // Disbursement: signed by the bridging identity alone, executes at once.
    const disbursement = await f.as(f.admin).post(`/organizations/${bank.organizationId}/disbursement-request`, { amount: '40000', denom });
    expect(disbursement.status).toBe(201);
    expect(disbursement.body).toMatchObject({ status: 'ACCEPTED', executorResult: 'SUCCESS' });
    expect(disbursement.body.txHash).toMatch(/^[0-9A-F]{64}$/);
    expect(await balanceOf(f.admin, bridging.id)).toBe(60_000n);
    expect(await balanceOf(bank.admin, treasury.body.id)).toBe(240_000n);
    expect(await balanceOf(f.admin, issuance.id)).toBe(700_000n);
    expect(await chain.getSupply(denom)).toBe(1_000_000n);

    // ADMIN records of the bridging requests and the accounts.
    const operations: Array<{ type: string; organization_id: string }> = await f.runtime.db('admin_operations').select('type', 'organization_id');
    const ofBank = operations.filter((operation) => operation.organization_id === bank.organizationId).map((operation) => operation.type);
    expect(ofBank).toEqual(expect.arrayContaining(['DISBURSEMENT_REQUESTED', 'REDEMPTION_REQUESTED', 'ACCOUNT_CREATED', 'EXCHANGE_ADDRESS_SET']));

    // The auditor's offline check passes on the event store ...
    const clean = await auditVerify(f.database.url);
    expect(clean.output).toMatch(/^OK: 5 proposals, 7 votes, 12 signatures checked/m);
    expect(clean.code).toBe(0);

    // ... and fails once one stored signature is tampered with.
    const victim = await f.runtime.db('events').where({ type: 'VoteCast' }).orderBy('position', 'desc').first('position', 'data');
    const signature = Buffer.from(victim.data.signature.signature, 'base64');
    signature[10] ^= 0xff;
    await f.runtime.db('events')
      .where({ position: victim.position })
      .update({ data: f.runtime.db.raw(`jsonb_set(data, '{signature,signature}', to_jsonb(?::text))`, [signature.toString('base64')]) });
    const tampered = await auditVerify(f.database.url);
    expect(tampered.code).toBe(1);
    expect(tampered.output).toMatch(/vote signature of .*: signature does not verify/);
  }, 90000);
});
