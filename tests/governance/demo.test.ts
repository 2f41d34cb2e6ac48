import { demoSteps } from '../../runtime/demo-data';
import { DEMO_DISBURSEMENT, DEMO_ISSUANCE } from '../../runtime/demo-issuing';
import { runSeed, seedSteps } from '../../runtime/seed';
import { startGovernance, type GovernanceFixture } from './fixture';

describe('demo data of the issuing core', () => {
  let f: GovernanceFixture;
  beforeAll(async () => {
    f = await startGovernance();
  }, 60000);
  afterAll(() => f?.stop());

  it('issues into the bridging float and disburses to the demo bank, once', async () => {
    const results = await runSeed(f.runtime.services, [...seedSteps, ...demoSteps]);
    await runSeed(f.runtime.services, [...seedSteps, ...demoSteps]);
    const chain = f.runtime.services.chain;
    const demo = results['demo-issuing-core']!;
    const treasury = await f.runtime.db('accounts').where({ id: demo.treasuryAccountId }).first();
    expect(await chain.getSupply('ulps')).toBe(DEMO_ISSUANCE);
    expect(await chain.getBalance(treasury.address, 'ulps')).toBe(DEMO_DISBURSEMENT);
    const bank = await f.runtime.db('organizations').where({ id: results['demo-bank']!.organizationId }).first();
    expect(bank.exchange_address).toBe(treasury.address);
    const statuses = await f.runtime.db('proposals').whereIn('id', [demo.mintProposalId, demo.disbursementProposalId]).pluck('executor_result');
    expect(statuses).toEqual(['SUCCESS', 'SUCCESS']);
  });
});
