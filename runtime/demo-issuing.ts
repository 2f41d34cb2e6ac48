import { findAccountByType } from '../read-side/accounts';
import { createAccount, resolveMembers } from '../write-side/account/commands';
import { accountDecider } from '../write-side/account/decide';
import { accountStream } from '../write-side/account/events';
import { fold } from '../write-side/decider';
import { requestBridging } from '../write-side/bridging/commands';
import { idempotentId } from '../write-side/idempotency';
import { setExchangeAddress } from '../write-side/organization/commands';
import { loadAccount } from '../write-side/proposal/commands';
import { createProposal } from '../write-side/proposal/create';
import type { SeedStep } from './seed';

/** L 1,000,000.00 issued into the BRIDGING float, L 250,000.00 of it disbursed to the demo bank. */
export const DEMO_ISSUANCE = 100_000_000n;
export const DEMO_DISBURSEMENT = 25_000_000n;

/**
 * Demo data of the issuing core (after the demo bank): the bank's Treasury account (its administrator,
 * threshold 1) linked as its exchange address, an initial issuance into the BRIDGING float, and a
 * disbursement to the bank. Ids derive from the organizations, so a crashed run resumes.
 */
export const demoIssuingStep: SeedStep = {
  name: 'demo-issuing-core',
  async run(services, context, results) {
    const central = results['central-organization']!;
    const core = results['issuing-core']!;
    const bank = results['demo-bank']!;
    const denom = services.config.NATIVE_DENOM;

    const treasuryId = idempotentId('demo-account', bank.organizationId!, 'Treasury');
    // Also finishes a creation a crashed run left half-way.
    if (!fold(accountDecider, (await services.eventStore.readStream(accountStream(treasuryId))) as never).exists) {
      const members = await resolveMembers(services.db, bank.organizationId!, [{ userId: bank.administratorId!, weight: 1 }]);
      await createAccount(services, context, {
        accountId: treasuryId,
        organizationId: bank.organizationId!,
        label: 'Tesorería',
        type: 'CUSTOM',
        members,
        threshold: 1,
        createdBy: bank.administratorId!,
      });
    }
    const treasury = await loadAccount(services, treasuryId);
    await setExchangeAddress(services, { ...context, actorId: central.administratorId! }, bank.organizationId!, treasury.address!);

    const bridging = await findAccountByType(services.db, central.organizationId!, 'BRIDGING');
    const issuance = await loadAccount(services, core.issuanceAccountId!);
    const mintId = idempotentId('demo-proposal', central.organizationId!, 'initial-issuance');
    await createProposal(services, { ...context, actorId: central.administratorId! }, {
      proposalId: mintId,
      account: issuance,
      proposer: { userId: central.administratorId!, organizationId: central.organizationId!, organizationType: 'CENTRAL' },
      request: { kind: 'MINT', title: 'Emisión inicial', amount: DEMO_ISSUANCE, denom, recipient: bridging!.address },
    });

    const disbursementId = idempotentId('demo-proposal', bank.organizationId!, 'first-disbursement');
    await requestBridging(services, { ...context, actorId: central.administratorId! }, {
      kind: 'DISBURSEMENT',
      requester: { organizationId: central.organizationId!, organizationType: 'CENTRAL' },
      organizationId: bank.organizationId!,
      amount: DEMO_DISBURSEMENT,
      denom,
      requestId: idempotentId('demo-request', bank.organizationId!, 'first-disbursement'),
      proposalId: disbursementId,
      requestedBy: central.administratorId!,
    });
    return { treasuryAccountId: treasuryId, mintProposalId: mintId, disbursementProposalId: disbursementId };
  },
};
