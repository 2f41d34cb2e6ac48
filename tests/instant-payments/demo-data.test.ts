import { demoSteps } from '../../runtime/demo-data';
import { DEMO_DISBURSEMENT } from '../../runtime/demo-issuing';
import { DEMO_SETTLEMENT_LIQUIDITY } from '../../runtime/demo-instant-payments';
import { runSeed, seedSteps } from '../../runtime/seed';
import { startGovernance, type GovernanceFixture } from '../governance/fixture';

describe('demo data of Instant Payments', () => {
  let f: GovernanceFixture;
  beforeAll(async () => {
    f = await startGovernance();
  }, 60000);
  afterAll(() => f?.stop());

  it('disburses to the demo bank and tops up its settlement account from its Treasury through a TRANSFER proposal, once', async () => {
    const results = await runSeed(f.runtime.services, [...seedSteps, ...demoSteps]);
    await runSeed(f.runtime.services, [...seedSteps, ...demoSteps]);
    const chain = f.runtime.services.chain;
    const bank = await f.runtime.db('organizations').where({ id: results['demo-bank']!.organizationId }).first();
    expect(await chain.getBalance(bank.settlement_address, 'ulps')).toBe(DEMO_SETTLEMENT_LIQUIDITY);
    expect(await chain.getBalance(bank.exchange_address, 'ulps')).toBe(DEMO_DISBURSEMENT);
    const proposal = await f.runtime.db('proposals').where({ id: results['demo-instant-payments']!.settlementLiquidityProposalId }).first();
    expect(proposal.executor_result).toBe('SUCCESS');
  });
});
