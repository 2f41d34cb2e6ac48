import { notFound } from '../errors';
import { findAccountByAddress, findAccountByType } from '../../read-side/accounts';
import { findCentralOrganization } from '../../read-side/organizations';
import { findTokenByDenom } from '../../read-side/tokens';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import { organizationDecider } from '../organization/decide';
import { organizationStream } from '../organization/events';
import { loadAccount, submitProposal, type GovernanceServices } from '../proposal/commands';
import type { ProposalState } from '../proposal/decide';
import { sendMessage } from '../proposal/messages';
import { bridgingDecider, type Requester } from './decide';
import { bridgingStream } from './events';

export interface BridgingInput {
  kind: 'DISBURSEMENT' | 'REDEMPTION';
  organizationId: string;
  amount: bigint;
  denom: string;
  requestId: string;
  proposalId: string;
  /** The caller (manage · Bridging on the organization): a central-bank or the organization's own administrator. */
  requestedBy: string;
  requester: Requester;
}

export interface BridgingOutcome {
  requestId: string;
  proposal: ProposalState;
}

/**
 * Disbursement (fiat → CBDC): the BRIDGING account sends to the organization's exchange address. The
 * system BRIDGING identity proposes it; its weight meets the bridging policy alone, so it executes at
 * once. Redemption (CBDC → fiat): the account that holds the exchange address sends back to the
 * BRIDGING account, capped by the exchange balance; the caller proposes it, and that account's
 * members decide (at once when the caller's own weight meets its threshold).
 */
export async function requestBridging(services: GovernanceServices, context: CommandContext, input: BridgingInput): Promise<BridgingOutcome> {
  const organization = fold(organizationDecider, (await services.eventStore.readStream(organizationStream(input.organizationId))) as never);
  if (!organization.exists) throw notFound('Organization');
  const central = await findCentralOrganization(services.db);
  const bridgingRow = central ? await findAccountByType(services.db, central.id, 'BRIDGING') : null;
  const bridging = bridgingRow ? await loadAccount(services, bridgingRow.id) : null;
  // The system identity that proposes disbursements (its weight meets the bridging policy alone).
  const identity: { id: string } | undefined = bridging
    ? await services.db('users').whereIn('id', bridging.members.map((member) => member.userId)).where({ kind: 'BRIDGING' }).first('id')
    : undefined;
  const exchangeAddress = organization.exchangeAddress;
  const holder = exchangeAddress ? await findAccountByAddress(services.db, exchangeAddress) : null;
  const holderAccountId =
    holder && holder.organization_id === input.organizationId && holder.type !== 'SETTLEMENT' && !holder.archived ? holder.id : null;
  const sourceAccountId = input.kind === 'DISBURSEMENT' ? (bridging?.accountId ?? null) : holderAccountId;

  let available = 0n;
  if (bridging && exchangeAddress && !organization.exchangeFrozen)
    available = await services.chain.getBalance(input.kind === 'DISBURSEMENT' ? bridging.address! : exchangeAddress, input.denom);
  await services.commands.handle(
    bridgingDecider,
    bridgingStream(input.organizationId),
    {
      type: input.kind === 'DISBURSEMENT' ? 'RequestDisbursement' : 'RequestRedemption',
      exchange: {
        organizationType: organization.type,
        organizationStatus: organization.status,
        address: exchangeAddress,
        frozen: organization.exchangeFrozen,
        holderAccountId,
      },
      requester: input.requester,
      tokenRegistered: (await findTokenByDenom(services.db, input.denom)) !== null,
      available,
      disbursementLimit: { perDay: organization.disbursementLimitPerDay, timeZone: services.config.TIME_ZONE },
      bridgingAccount: bridging ? { identityPresent: identity !== undefined } : null,
      request: {
        requestId: input.requestId,
        organizationId: input.organizationId,
        proposalId: input.proposalId,
        accountId: sourceAccountId ?? '',
        amount: input.amount.toString(),
        denom: input.denom,
        exchangeAddress: exchangeAddress ?? '',
        recipient: input.kind === 'DISBURSEMENT' ? (exchangeAddress ?? '') : (bridging?.address ?? ''),
        requestedBy: input.requestedBy,
        requestedAt: context.now.toISOString(),
      },
    },
    context,
  );

  // The decider refused a request without the BRIDGING account, or a disbursement without its identity.
  if (input.kind === 'DISBURSEMENT') {
    const proposal = await submitProposal(services, context, {
      proposalId: input.proposalId,
      account: bridging!,
      kind: 'DISBURSEMENT',
      title: `Disbursement to ${organization.name}`,
      proposerId: identity!.id,
      messages: [sendMessage(bridging!.address!, exchangeAddress!, input.amount, input.denom)],
      bridgingRequestId: input.requestId,
    });
    return { requestId: input.requestId, proposal };
  }
  const source = await loadAccount(services, sourceAccountId!);
  const proposal = await submitProposal(services, context, {
    proposalId: input.proposalId,
    account: source,
    kind: 'REDEMPTION',
    title: `Redemption from ${organization.name}`,
    proposerId: input.requestedBy,
    messages: [sendMessage(exchangeAddress!, bridging!.address!, input.amount, input.denom)],
    bridgingRequestId: input.requestId,
  });
  return { requestId: input.requestId, proposal };
}

