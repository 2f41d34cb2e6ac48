import { ownAddresses } from '../../read-side/accounts';
import { findTokenByDenom } from '../../read-side/tokens';
import type { AccountState } from '../account/decide';
import { resolveMembers } from '../account/commands';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import { isWhitelisted, whitelistDecider } from '../whitelist/decide';
import { whitelistStream } from '../whitelist/events';
import { submitProposal, type GovernanceServices } from './commands';
import type { ProposalState } from './decide';
import { burnMessage, groupChangeMessages, mintMessage, sendMessage } from './messages';

export interface Proposer {
  userId: string;
  organizationId: string;
  organizationType: 'CENTRAL' | 'COMMERCIAL';
}

export type ProposalRequest =
  | { kind: 'MINT'; title: string; amount: bigint; denom: string; recipient?: string }
  | { kind: 'BURN'; title: string; amount: bigint; denom: string }
  | { kind: 'TRANSFER'; title: string; amount: bigint; denom: string; recipient: string }
  | { kind: 'GROUP_CHANGE'; title: string; members?: Array<{ userId: string; weight: number }>; threshold?: number };

/**
 * Creates a proposal of a kind: builds the messages it will execute and looks up what the rules of
 * its kind need (token registry, balance, whitelist, own accounts); the proposal decider judges them.
 * Members of a group change are resolved by the account decider's eligibility rule.
 */
export async function createProposal(
  services: GovernanceServices,
  context: CommandContext,
  input: { proposalId: string; account: AccountState; proposer: Proposer; request: ProposalRequest },
): Promise<ProposalState> {
  const { account, proposer, request } = input;
  const policy = account.address!;
  const base = { proposalId: input.proposalId, account, kind: request.kind, title: request.title, proposerId: proposer.userId };
  switch (request.kind) {
    case 'MINT':
    case 'BURN': {
      const known = { proposerOrganizationType: proposer.organizationType, nativeDenom: services.config.NATIVE_DENOM, tokenRegistered: await isRegistered(services, request.denom) };
      return request.kind === 'MINT'
        ? submitProposal(services, context, {
            ...base,
            messages: [mintMessage(policy, request.amount, request.denom, request.recipient ?? policy)],
            kindFacts: { kind: 'MINT', ...known },
          })
        : submitProposal(services, context, {
            ...base,
            messages: [burnMessage(policy, request.amount, request.denom)],
            kindFacts: { kind: 'BURN', ...known, balance: await services.chain.getBalance(policy, request.denom) },
          });
    }
    case 'TRANSFER': {
      const whitelist = fold(whitelistDecider, (await services.eventStore.readStream(whitelistStream(account.accountId!))) as never);
      const recipientAllowed =
        isWhitelisted(whitelist, request.recipient) || (await ownAddresses(services.db, account.organizationId!)).has(request.recipient);
      return submitProposal(services, context, {
        ...base,
        messages: [sendMessage(policy, request.recipient, request.amount, request.denom)],
        kindFacts: {
          kind: 'TRANSFER',
          tokenRegistered: await isRegistered(services, request.denom),
          balance: await services.chain.getBalance(policy, request.denom),
          recipientAllowed,
        },
      });
    }
    case 'GROUP_CHANGE': {
      const members = request.members
        ? await resolveMembers(services.db, account.organizationId!, request.members, { keep: account.members })
        : null;
      const threshold = request.threshold ?? null;
      const messages = groupChangeMessages({
        policyAddress: policy,
        groupId: account.groupId!,
        current: account.members,
        next: members,
        currentThreshold: account.threshold,
        nextThreshold: threshold,
      });
      return submitProposal(services, context, { ...base, messages, groupChange: { members, threshold } });
    }
  }
}

const isRegistered = async (services: GovernanceServices, denom: string) => (await findTokenByDenom(services.db, denom)) !== null;
