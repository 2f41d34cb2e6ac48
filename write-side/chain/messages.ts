import { Registry, type GeneratedType } from '@cosmjs/proto-signing';
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';
import {
  Exec,
  MsgCreateGroupWithPolicy,
  MsgSubmitProposal,
  MsgUpdateGroupMembers,
  MsgUpdateGroupPolicyDecisionPolicy,
} from 'cosmjs-types/cosmos/group/v1/tx';
import { ThresholdDecisionPolicy } from 'cosmjs-types/cosmos/group/v1/types';
import { Any } from 'cosmjs-types/google/protobuf/any';

export const TypeUrl = {
  send: '/cosmos.bank.v1beta1.MsgSend',
  createGroupWithPolicy: '/cosmos.group.v1.MsgCreateGroupWithPolicy',
  updateGroupMembers: '/cosmos.group.v1.MsgUpdateGroupMembers',
  updateGroupPolicyDecisionPolicy: '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicy',
  submitProposal: '/cosmos.group.v1.MsgSubmitProposal',
  createDenom: '/osmosis.tokenfactory.v1beta1.MsgCreateDenom',
  mint: '/osmosis.tokenfactory.v1beta1.MsgMint',
  burn: '/osmosis.tokenfactory.v1beta1.MsgBurn',
  changeAdmin: '/osmosis.tokenfactory.v1beta1.MsgChangeAdmin',
} as const;

/**
 * The token-factory type URLs of the first embedded chains, before the platform adopted Osmosis'
 * module name: blocks recorded with them must still replay, so they decode as the Osmosis messages.
 */
export const LegacyTypeUrl = {
  createDenom: '/emisor.tokenfactory.v1.MsgCreateDenom',
  mint: '/emisor.tokenfactory.v1.MsgMint',
  burn: '/emisor.tokenfactory.v1.MsgBurn',
  changeAdmin: '/emisor.tokenfactory.v1.MsgChangeAdmin',
} as const;

export const ResponseTypeUrl = {
  send: '/cosmos.bank.v1beta1.MsgSendResponse',
  createGroupWithPolicy: '/cosmos.group.v1.MsgCreateGroupWithPolicyResponse',
  updateGroupMembers: '/cosmos.group.v1.MsgUpdateGroupMembersResponse',
  updateGroupPolicyDecisionPolicy: '/cosmos.group.v1.MsgUpdateGroupPolicyDecisionPolicyResponse',
  submitProposal: '/cosmos.group.v1.MsgSubmitProposalResponse',
  createDenom: '/osmosis.tokenfactory.v1beta1.MsgCreateDenomResponse',
  mint: '/osmosis.tokenfactory.v1beta1.MsgMintResponse',
  burn: '/osmosis.tokenfactory.v1beta1.MsgBurnResponse',
  changeAdmin: '/osmosis.tokenfactory.v1beta1.MsgChangeAdminResponse',
} as const;

export const THRESHOLD_POLICY_TYPE_URL = '/cosmos.group.v1.ThresholdDecisionPolicy';

// Token factory (osmosis.tokenfactory.v1beta1, as Osmosis, Neutron and other chains deploy it): cosmjs-types
// has no such module, so the four messages and the one response that carries data are encoded here by
// hand, field numbers as in osmosis/tokenfactory/v1beta1/tx.proto.
export interface MsgCreateDenom {
  sender: string;
  subdenom: string;
}
export interface MsgCreateDenomResponse {
  newTokenDenom: string;
}
export interface MsgMint {
  sender: string;
  amount?: Coin;
  mintToAddress: string;
}
export interface MsgBurn {
  sender: string;
  amount?: Coin;
  burnFromAddress: string;
}
export interface MsgChangeAdmin {
  sender: string;
  denom: string;
  newAdmin: string;
}

type FieldKind = 'string' | 'coin';

/** A protobuf message of string and Coin fields, in the shape CosmJS' Registry expects (Telescope style). */
function handWrittenType<T extends object>(typeUrl: string, fields: Array<[number, keyof T & string, FieldKind]>) {
  const base = (): T =>
    Object.fromEntries(fields.filter(([, , kind]) => kind === 'string').map(([, name]) => [name, ''])) as T;
  return {
    typeUrl,
    encode(message: T, writer: BinaryWriter = BinaryWriter.create()): BinaryWriter {
      for (const [number, name, kind] of fields) {
        const value = (message as Record<string, unknown>)[name];
        if (kind === 'string' && typeof value === 'string' && value !== '') writer.uint32((number << 3) | 2).string(value);
        if (kind === 'coin' && value !== undefined) Coin.encode(value as Coin, writer.uint32((number << 3) | 2).fork()).ldelim();
      }
      return writer;
    },
    decode(input: BinaryReader | Uint8Array, length?: number): T {
      const reader = input instanceof BinaryReader ? input : new BinaryReader(input);
      const end = length === undefined ? reader.len : reader.pos + length;
      const message = base() as Record<string, unknown>;
      while (reader.pos < end) {
        const tag = reader.uint32();
        const field = fields.find(([number]) => number === tag >>> 3);
        if (!field || (tag & 7) !== 2) reader.skipType(tag & 7);
        else if (field[2] === 'string') message[field[1]] = reader.string();
        else message[field[1]] = Coin.decode(reader, reader.uint32());
      }
      return message as T;
    },
    fromPartial(object: Partial<T>): T {
      const message = base() as Record<string, unknown>;
      for (const [, name, kind] of fields) {
        const value = (object as Record<string, unknown>)[name];
        if (value !== undefined) message[name] = kind === 'coin' ? Coin.fromPartial(value as Coin) : value;
      }
      return message as T;
    },
  };
}

export const MsgCreateDenom = handWrittenType<MsgCreateDenom>(TypeUrl.createDenom, [
  [1, 'sender', 'string'],
  [2, 'subdenom', 'string'],
]);
export const MsgCreateDenomResponse = handWrittenType<MsgCreateDenomResponse>(ResponseTypeUrl.createDenom, [
  [1, 'newTokenDenom', 'string'],
]);
export const MsgMint = handWrittenType<MsgMint>(TypeUrl.mint, [
  [1, 'sender', 'string'],
  [2, 'amount', 'coin'],
  [3, 'mintToAddress', 'string'],
]);
export const MsgBurn = handWrittenType<MsgBurn>(TypeUrl.burn, [
  [1, 'sender', 'string'],
  [2, 'amount', 'coin'],
  [3, 'burnFromAddress', 'string'],
]);
export const MsgChangeAdmin = handWrittenType<MsgChangeAdmin>(TypeUrl.changeAdmin, [
  [1, 'sender', 'string'],
  [2, 'denom', 'string'],
  [3, 'newAdmin', 'string'],
]);

/** The messages the platform sends, typed by their type URL. */
export type ChainMessage =
  | { typeUrl: typeof TypeUrl.send; value: MsgSend }
  | { typeUrl: typeof TypeUrl.createGroupWithPolicy; value: MsgCreateGroupWithPolicy }
  | { typeUrl: typeof TypeUrl.updateGroupMembers; value: MsgUpdateGroupMembers }
  | { typeUrl: typeof TypeUrl.updateGroupPolicyDecisionPolicy; value: MsgUpdateGroupPolicyDecisionPolicy }
  | { typeUrl: typeof TypeUrl.submitProposal; value: MsgSubmitProposal }
  | { typeUrl: typeof TypeUrl.createDenom; value: MsgCreateDenom }
  | { typeUrl: typeof TypeUrl.mint; value: MsgMint }
  | { typeUrl: typeof TypeUrl.burn; value: MsgBurn }
  | { typeUrl: typeof TypeUrl.changeAdmin; value: MsgChangeAdmin };

const messageTypes: Array<[ChainMessage['typeUrl'], GeneratedType]> = [
  [TypeUrl.send, MsgSend],
  [TypeUrl.createGroupWithPolicy, MsgCreateGroupWithPolicy],
  [TypeUrl.updateGroupMembers, MsgUpdateGroupMembers],
  [TypeUrl.updateGroupPolicyDecisionPolicy, MsgUpdateGroupPolicyDecisionPolicy],
  [TypeUrl.submitProposal, MsgSubmitProposal],
  [TypeUrl.createDenom, MsgCreateDenom],
  [TypeUrl.mint, MsgMint],
  [TypeUrl.burn, MsgBurn],
  [TypeUrl.changeAdmin, MsgChangeAdmin],
];

/** Every message the platform signs; the same registry encodes for either chain adapter. */
export function createRegistry(): Registry {
  return new Registry(messageTypes);
}

/** Shared by the builders below, which need it to pack nested proposal messages as Any. */
export const registry = createRegistry();

function isChainMessageType(typeUrl: string): typeUrl is ChainMessage['typeUrl'] {
  return messageTypes.some(([known]) => known === typeUrl);
}

const legacyTypeUrls = new Map<string, ChainMessage['typeUrl']>(
  (Object.keys(LegacyTypeUrl) as Array<keyof typeof LegacyTypeUrl>).map((name) => [LegacyTypeUrl[name], TypeUrl[name]]),
);

/** Decodes a packed message (a legacy token-factory type URL as its Osmosis message); throws on a type the platform does not know. */
export function decodeMessage(message: Any): ChainMessage {
  const typeUrl = legacyTypeUrls.get(message.typeUrl) ?? message.typeUrl;
  if (!isChainMessageType(typeUrl)) throw new Error(`unable to resolve type URL ${message.typeUrl}`);
  return { typeUrl, value: registry.decode({ typeUrl, value: message.value }) } as ChainMessage;
}

/** Who must sign a message (Cosmos GetSigners): its sender, admin or proposers. */
export function messageSigners(message: ChainMessage): string[] {
  switch (message.typeUrl) {
    case TypeUrl.send:
      return [message.value.fromAddress];
    case TypeUrl.createGroupWithPolicy:
    case TypeUrl.updateGroupMembers:
    case TypeUrl.updateGroupPolicyDecisionPolicy:
      return [message.value.admin];
    case TypeUrl.submitProposal:
      return message.value.proposers;
    case TypeUrl.createDenom:
    case TypeUrl.mint:
    case TypeUrl.burn:
    case TypeUrl.changeAdmin:
      return [message.value.sender];
  }
}

export const coin = (amount: bigint, denom: string): Coin => ({ denom, amount: amount.toString() });

/** Amounts, weights and thresholds are non-negative integers written in decimal; null when not one. */
export function parseInteger(text: string): bigint | null {
  return /^\d{1,78}$/.test(text) ? BigInt(text) : null;
}

export function msgSend(fromAddress: string, toAddress: string, amount: bigint, denom: string): ChainMessage {
  return { typeUrl: TypeUrl.send, value: MsgSend.fromPartial({ fromAddress, toAddress, amount: [coin(amount, denom)] }) };
}

export interface WeightedMember {
  address: string;
  weight: bigint;
}

const memberRequests = (members: WeightedMember[]) =>
  members.map((member) => ({ address: member.address, weight: member.weight.toString(), metadata: '' }));

/** Voting window of a policy: x/group requires one, though the platform's proposals execute on submission. */
const VOTING_PERIOD_SECONDS = 72n * 3600n;

export function thresholdPolicy(threshold: bigint): Any {
  return Any.fromPartial({
    typeUrl: THRESHOLD_POLICY_TYPE_URL,
    value: ThresholdDecisionPolicy.encode(
      ThresholdDecisionPolicy.fromPartial({
        threshold: threshold.toString(),
        windows: { votingPeriod: { seconds: VOTING_PERIOD_SECONDS, nanos: 0 }, minExecutionPeriod: { seconds: 0n, nanos: 0 } },
      }),
    ).finish(),
  });
}

/** The integer threshold of a packed ThresholdDecisionPolicy; null for any other or a malformed policy. */
export function readThreshold(policy: Any | undefined): bigint | null {
  if (!policy || policy.typeUrl !== THRESHOLD_POLICY_TYPE_URL) return null;
  try {
    return parseInteger(ThresholdDecisionPolicy.decode(policy.value).threshold);
  } catch {
    return null;
  }
}

/**
 * A group whose policy account is its own admin (groupPolicyAsAdmin): later member and threshold
 * changes can only come from an executed proposal of that policy.
 */
export function msgCreateGroupWithPolicy(input: {
  admin: string;
  members: WeightedMember[];
  threshold: bigint;
  groupMetadata?: string;
  policyMetadata?: string;
  policyAsAdmin?: boolean;
}): ChainMessage {
  return {
    typeUrl: TypeUrl.createGroupWithPolicy,
    value: MsgCreateGroupWithPolicy.fromPartial({
      admin: input.admin,
      members: memberRequests(input.members),
      groupMetadata: input.groupMetadata ?? '',
      groupPolicyMetadata: input.policyMetadata ?? '',
      groupPolicyAsAdmin: input.policyAsAdmin ?? true,
      decisionPolicy: thresholdPolicy(input.threshold),
    }),
  };
}

/** A weight of 0 removes the member (x/group semantics). */
export function msgUpdateGroupMembers(input: { admin: string; groupId: bigint; memberUpdates: WeightedMember[] }): ChainMessage {
  return {
    typeUrl: TypeUrl.updateGroupMembers,
    value: MsgUpdateGroupMembers.fromPartial({
      admin: input.admin,
      groupId: input.groupId,
      memberUpdates: memberRequests(input.memberUpdates),
    }),
  };
}

export function msgUpdateGroupPolicyDecisionPolicy(input: { admin: string; policyAddress: string; threshold: bigint }): ChainMessage {
  return {
    typeUrl: TypeUrl.updateGroupPolicyDecisionPolicy,
    value: MsgUpdateGroupPolicyDecisionPolicy.fromPartial({
      admin: input.admin,
      groupPolicyAddress: input.policyAddress,
      decisionPolicy: thresholdPolicy(input.threshold),
    }),
  };
}

/** What the platform writes into a proposal's metadata field, so the chain record names its origin. */
export interface ProposalMetadata {
  proposalId: string;
  title: string;
  creatorId: string;
}

export function parseProposalMetadata(metadata: string): ProposalMetadata | null {
  try {
    const parsed = JSON.parse(metadata) as Partial<ProposalMetadata>;
    return typeof parsed.proposalId === 'string' && typeof parsed.title === 'string' && typeof parsed.creatorId === 'string'
      ? { proposalId: parsed.proposalId, title: parsed.title, creatorId: parsed.creatorId }
      : null;
  } catch {
    return null;
  }
}

/**
 * A proposal that every proposer votes YES on and that executes in the same transaction (EXEC_TRY);
 * all proposers sign the transaction. Nested messages must have the policy address as their signer.
 */
export function msgSubmitProposal(input: {
  policyAddress: string;
  proposers: string[];
  messages: ChainMessage[];
  metadata: ProposalMetadata;
  summary?: string;
}): ChainMessage {
  return {
    typeUrl: TypeUrl.submitProposal,
    value: MsgSubmitProposal.fromPartial({
      groupPolicyAddress: input.policyAddress,
      proposers: input.proposers,
      metadata: JSON.stringify(input.metadata),
      messages: input.messages.map((message) => registry.encodeAsAny(message)),
      exec: Exec.EXEC_TRY,
      title: input.metadata.title,
      summary: input.summary ?? '',
    }),
  };
}

/** A denom `factory/<sender>/<subdenom>` administered by its creator. */
export function msgCreateDenom(sender: string, subdenom: string): ChainMessage {
  return { typeUrl: TypeUrl.createDenom, value: MsgCreateDenom.fromPartial({ sender, subdenom }) };
}

export function msgMint(sender: string, amount: bigint, denom: string, mintToAddress: string): ChainMessage {
  return { typeUrl: TypeUrl.mint, value: MsgMint.fromPartial({ sender, amount: coin(amount, denom), mintToAddress }) };
}

export function msgBurn(sender: string, amount: bigint, denom: string, burnFromAddress: string): ChainMessage {
  return { typeUrl: TypeUrl.burn, value: MsgBurn.fromPartial({ sender, amount: coin(amount, denom), burnFromAddress }) };
}

export function msgChangeAdmin(sender: string, denom: string, newAdmin: string): ChainMessage {
  return { typeUrl: TypeUrl.changeAdmin, value: MsgChangeAdmin.fromPartial({ sender, denom, newAdmin }) };
}
