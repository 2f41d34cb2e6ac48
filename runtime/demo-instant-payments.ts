import { findOrganization } from '../read-side/organizations';
import { requestBridging } from '../write-side/bridging/commands';
import { idempotentId } from '../write-side/idempotency';
import { loadAccount } from '../write-side/proposal/commands';
import { createProposal } from '../write-side/proposal/create';
import { proposalStream } from '../write-side/proposal/events';
import type { SeedStep } from './seed';

/** L 200,000.00 of the demo bank’s disbursed funds in its Instant Payments settlement account: it backs 200 demo wallets of L 1,000.00. */
export const DEMO_SETTLEMENT_LIQUIDITY = 20_000_000n;

/**
 * Demo data of Instant Payments (after the issuing core), through the ordinary flows only: a further
 * disbursement to the demo bank's exchange address (its Treasury), then the bank tops up its settlement
 * account from there through the wholesale Send flow (a TRANSFER proposal its administrator alone
 * approves), so cross-bank demo payments can settle. The Treasury keeps the issuing core's amount.
 * Ids derive from the bank, so a crashed run resumes.
 */
export const demoInstantPaymentsStep: SeedStep = {
  name: 'demo-instant-payments',
  async run(services, context, results) {
    const bank = results['demo-bank']!;
    const treasuryId = results['demo-issuing-core']!.treasuryAccountId!;
    const organization = await findOrganization(services.db, bank.organizationId!);
    if (!organization?.settlementAddress) return {} as Record<string, string>;
    const central = results['central-organization']!;
    const disbursementId = idempotentId('demo-proposal', bank.organizationId!, 'settlement-liquidity-disbursement');
    if ((await services.eventStore.readStream(proposalStream(disbursementId))).length === 0)
      await requestBridging(services, { ...context, actorId: central.administratorId! }, {
        kind: 'DISBURSEMENT',
        requester: { organizationId: central.organizationId!, organizationType: 'CENTRAL' },
        organizationId: bank.organizationId!,
        amount: DEMO_SETTLEMENT_LIQUIDITY,
        denom: services.config.NATIVE_DENOM,
        requestId: idempotentId('demo-request', bank.organizationId!, 'settlement-liquidity-disbursement'),
        proposalId: disbursementId,
        requestedBy: central.administratorId!,
      });
    const proposalId = idempotentId('demo-proposal', bank.organizationId!, 'settlement-liquidity');
    if ((await services.eventStore.readStream(proposalStream(proposalId))).length === 0)
      await createProposal(services, { ...context, actorId: bank.administratorId!, organizationId: bank.organizationId! }, {
        proposalId,
        account: await loadAccount(services, treasuryId),
        proposer: { userId: bank.administratorId!, organizationId: bank.organizationId!, organizationType: 'COMMERCIAL' },
        request: {
          kind: 'TRANSFER',
          title: 'Liquidez de pagos instantáneos',
          amount: DEMO_SETTLEMENT_LIQUIDITY,
          denom: services.config.NATIVE_DENOM,
          recipient: organization.settlementAddress,
        },
      });
    return { settlementLiquidityDisbursementId: disbursementId, settlementLiquidityProposalId: proposalId };
  },
};
