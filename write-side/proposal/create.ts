import { AppError, forbidden } from '../../runtime/errors';
import { ownAddresses } from '../../read-side/accounts';
import { findTokenByDenom } from '../../read-side/tokens';
import { validateGroup, type AccountState } from '../account/decide';
import { resolveMembers } from '../account/commands';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import { isWhitelisted, whitelistDecider } from '../whitelist/decide';
import { whitelistStream } from '../whitelist/events';
import { submitProposal, type GovernanceServices } from './commands';
import type { ProposalState } from './decide';
import { burnMessage, groupChangeMessages, mintMessage, sendMessage } from './messages';

const rule = (code: string, detail: string) => new AppError(422, code, 'Business rule violated', detail);

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

async function requireFunds(services: GovernanceServices, account: AccountState, amount: bigint, denom: string): Promise<void> {
  const balance = await services.chain.getBalance(account.address!, denom);
  if (balance < amount) throw rule('INSUFFICIENT_FUNDS', `The account holds ${balance} ${denom}, less than ${amount}`);
}

/**
 * The rules of each proposal kind, checked before anything is signed: mint and burn are the central
 * bank's (the native token only from its ISSUANCE account); a transfer respects the account's
 * whitelist; a group change names active users of the organization and a reachable threshold.
 */
export async function createProposal(
  services: GovernanceServices,
  context: CommandContext,
  input: { proposalId: string; account: AccountState; proposer: Proposer; request: ProposalRequest },
): Promise<ProposalState> {
  const { account, proposer, request } = input;
  const policy = account.address!;
  const native = services.config.NATIVE_DENOM;
  const base = { proposalId: input.proposalId, account, kind: request.kind, title: request.title, proposerId: proposer.userId };
  if (account.archived) throw new AppError(409, 'ACCOUNT_ARCHIVED', 'Conflict', 'The account is archived and takes no new proposals');
  switch (request.kind) {
    case 'MINT':
    case 'BURN': {
      if (proposer.organizationType !== 'CENTRAL') throw forbidden('Only the central bank mints and burns', 'CENTRAL_BANK_ONLY');
      if (request.denom === native && account.type !== 'ISSUANCE')
        throw rule('ISSUANCE_ACCOUNT_REQUIRED', 'Only the ISSUANCE account mints and burns the native token');
      if (!(await findTokenByDenom(services.db, request.denom))) throw rule('UNKNOWN_TOKEN', `The token ${request.denom} is not registered`);
      if (request.kind === 'BURN') await requireFunds(services, account, request.amount, request.denom);
      const messages =
        request.kind === 'MINT'
          ? [mintMessage(policy, request.amount, request.denom, request.recipient ?? policy)]
          : [burnMessage(policy, request.amount, request.denom)];
      return submitProposal(services, context, { ...base, messages });
    }
    case 'TRANSFER': {
      if (request.recipient === policy) throw rule('SELF_TRANSFER', 'An account cannot transfer to itself');
      const whitelist = fold(whitelistDecider, (await services.eventStore.readStream(whitelistStream(account.accountId!))) as never);
      if (!isWhitelisted(whitelist, request.recipient) && !(await ownAddresses(services.db, account.organizationId!)).has(request.recipient))
        throw rule('WHITELIST_VIOLATION', "The recipient is not on this account's whitelist");
      await requireFunds(services, account, request.amount, request.denom);
      return submitProposal(services, context, { ...base, messages: [sendMessage(policy, request.recipient, request.amount, request.denom)] });
    }
    case 'GROUP_CHANGE': {
      if (request.members === undefined && request.threshold === undefined)
        throw rule('NO_CHANGE', 'A group change sets members, a threshold, or both');
      const members = request.members
        ? await resolveMembers(services.db, account.organizationId!, request.members, { keep: account.members })
        : null;
      const threshold = request.threshold ?? null;
      validateGroup(members ?? account.members, threshold ?? account.threshold);
      const messages = groupChangeMessages({
        policyAddress: policy,
        groupId: account.groupId!,
        current: account.members,
        next: members,
        currentThreshold: account.threshold,
        nextThreshold: threshold,
      });
      if (messages.length === 0) throw rule('NO_CHANGE', 'The group already has these members and this threshold');
      return submitProposal(services, context, { ...base, messages, groupChange: { members, threshold } });
    }
  }
}
