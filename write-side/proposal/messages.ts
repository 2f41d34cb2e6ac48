import {
  msgBurn,
  msgMint,
  msgSend,
  msgUpdateGroupMembers,
  msgUpdateGroupPolicyDecisionPolicy,
  LegacyTypeUrl,
  TypeUrl,
  type ChainMessage,
} from '../chain/messages';
import type { ProposalMessage } from './events';

/** Proposal messages as events keep them (Cosmos JSON) → the protobuf messages the chain executes. */
export function toChainMessage(message: ProposalMessage): ChainMessage {
  switch (message['@type']) {
    case TypeUrl.send: {
      if (message.amount.length !== 1) throw new Error('a proposal send carries exactly one coin');
      const [coin] = message.amount;
      return msgSend(message.fromAddress, message.toAddress, BigInt(coin!.amount), coin!.denom);
    }
    case TypeUrl.mint:
    case LegacyTypeUrl.mint:
      return msgMint(message.sender, BigInt(message.amount.amount), message.amount.denom, message.mintToAddress);
    case TypeUrl.burn:
    case LegacyTypeUrl.burn:
      return msgBurn(message.sender, BigInt(message.amount.amount), message.amount.denom, message.burnFromAddress);
    case TypeUrl.updateGroupMembers:
      return msgUpdateGroupMembers({
        admin: message.admin,
        groupId: BigInt(message.groupId),
        memberUpdates: message.memberUpdates.map((update) => ({ address: update.address, weight: BigInt(update.weight) })),
      });
    case TypeUrl.updateGroupPolicyDecisionPolicy:
      return msgUpdateGroupPolicyDecisionPolicy({
        admin: message.admin,
        policyAddress: message.groupPolicyAddress,
        threshold: BigInt(message.threshold),
      });
  }
}

/** The addresses value moves from or to in these messages (a group change moves none). */
export function valueAddresses(messages: readonly ProposalMessage[]): string[] {
  const keys = ['fromAddress', 'toAddress', 'mintToAddress', 'burnFromAddress'] as const;
  return [
    ...new Set(
      messages.flatMap((message) =>
        keys.map((key) => (message as Record<string, unknown>)[key]).filter((value): value is string => typeof value === 'string'),
      ),
    ),
  ];
}

export const sendMessage = (from: string, to: string, amount: bigint, denom: string): ProposalMessage => ({
  '@type': TypeUrl.send,
  fromAddress: from,
  toAddress: to,
  amount: [{ denom, amount: amount.toString() }],
});

export const mintMessage = (policy: string, amount: bigint, denom: string, recipient: string): ProposalMessage => ({
  '@type': TypeUrl.mint,
  sender: policy,
  amount: { denom, amount: amount.toString() },
  mintToAddress: recipient,
});

export const burnMessage = (policy: string, amount: bigint, denom: string): ProposalMessage => ({
  '@type': TypeUrl.burn,
  sender: policy,
  amount: { denom, amount: amount.toString() },
  burnFromAddress: policy,
});

/** Members whose weight changes (0 removes them), then the threshold: the two x/group messages of a group change. */
export function groupChangeMessages(input: {
  policyAddress: string;
  groupId: string;
  current: Array<{ address: string; weight: number }>;
  next: Array<{ address: string; weight: number }> | null;
  currentThreshold: number;
  nextThreshold: number | null;
}): ProposalMessage[] {
  const messages: ProposalMessage[] = [];
  if (input.next) {
    const updates: Array<{ address: string; weight: string }> = [];
    const before = new Map(input.current.map((member) => [member.address, member.weight]));
    const after = new Map(input.next.map((member) => [member.address, member.weight]));
    for (const [address, weight] of after) if (before.get(address) !== weight) updates.push({ address, weight: String(weight) });
    for (const address of before.keys()) if (!after.has(address)) updates.push({ address, weight: '0' });
    if (updates.length)
      messages.push({ '@type': TypeUrl.updateGroupMembers, admin: input.policyAddress, groupId: input.groupId, memberUpdates: updates });
  }
  if (input.nextThreshold !== null && input.nextThreshold !== input.currentThreshold)
    messages.push({
      '@type': TypeUrl.updateGroupPolicyDecisionPolicy,
      admin: input.policyAddress,
      groupPolicyAddress: input.policyAddress,
      threshold: String(input.nextThreshold),
    });
  return messages;
}
