import { BaseAccount } from 'cosmjs-types/cosmos/auth/v1beta1/auth';
import { QueryAccountRequest, QueryAccountResponse } from 'cosmjs-types/cosmos/auth/v1beta1/query';
import {
  QueryAllBalancesRequest,
  QueryAllBalancesResponse,
  QueryBalanceRequest,
  QueryBalanceResponse,
  QuerySupplyOfRequest,
  QuerySupplyOfResponse,
  QueryTotalSupplyRequest,
  QueryTotalSupplyResponse,
} from 'cosmjs-types/cosmos/bank/v1beta1/query';
import type { PageRequest, PageResponse } from 'cosmjs-types/cosmos/base/query/v1beta1/pagination';
import {
  QueryGroupInfoRequest,
  QueryGroupInfoResponse,
  QueryGroupMembersRequest,
  QueryGroupMembersResponse,
  QueryGroupPoliciesByGroupRequest,
  QueryGroupPoliciesByGroupResponse,
  QueryGroupPolicyInfoRequest,
  QueryGroupPolicyInfoResponse,
} from 'cosmjs-types/cosmos/group/v1/query';
import type { GroupInfo, GroupPolicyInfo } from 'cosmjs-types/cosmos/group/v1/types';
import { BinaryReader, BinaryWriter } from 'cosmjs-types/binary';
import type { Balance } from '../write-side/chain/chain';
import type { LedgerState, PolicyRecord } from '../write-side/chain/ledger-state';
import { thresholdPolicy } from '../write-side/chain/messages';

/**
 * The gRPC queries a Cosmos SDK node answers through ABCI `abci_query` (path = the gRPC method), with
 * protobuf requests and responses, over the embedded ledger's committed state.
 */

/** An ABCI query answer: a value, or a gRPC error the way baseapp turns it into an SDK error. */
export type QueryAnswer = { value: Uint8Array } | { code: number; codespace: string; log: string };

/** baseapp maps gRPC NotFound to sdk ErrKeyNotFound (22) and InvalidArgument to ErrInvalidRequest (18). */
const notFound = (what: string): QueryAnswer => ({
  code: 22,
  codespace: 'sdk',
  log: `rpc error: code = NotFound desc = ${what} not found: key not found`,
});
const invalidArgument = (reason: string): QueryAnswer => ({
  code: 18,
  codespace: 'sdk',
  log: `rpc error: code = InvalidArgument desc = ${reason}: invalid request`,
});

const DEFAULT_PAGE = 100;

/** x/query's offset/limit pagination (a next key is the offset, written in 8 bytes). */
function paginate<T>(items: T[], page: PageRequest | undefined): { items: T[]; pagination: PageResponse } {
  const fromKey = page?.key?.length ? Number(new DataView(page.key.buffer, page.key.byteOffset, page.key.byteLength).getBigUint64(0)) : undefined;
  const offset = fromKey ?? Number(page?.offset ?? 0n);
  const limit = Number(page?.limit || BigInt(DEFAULT_PAGE));
  const slice = items.slice(offset, offset + limit);
  const next = offset + limit < items.length ? offset + limit : null;
  let nextKey = new Uint8Array();
  if (next !== null) {
    nextKey = new Uint8Array(8);
    new DataView(nextKey.buffer).setBigUint64(0, BigInt(next));
  }
  return { items: slice, pagination: { nextKey, total: page?.countTotal ? BigInt(items.length) : 0n } };
}

const coins = (balances: Balance[]) => balances.map(({ denom, amount }) => ({ denom, amount: amount.toString() }));

function groupInfo(ledger: LedgerState, groupId: bigint): GroupInfo | null {
  const group = ledger.group(groupId);
  if (!group) return null;
  return {
    id: group.id,
    admin: group.admin,
    metadata: group.metadata,
    version: BigInt(group.version),
    totalWeight: group.totalWeight.toString(),
    createdAt: { seconds: 0n, nanos: 0 },
  };
}

function policyInfo(policy: PolicyRecord): GroupPolicyInfo {
  return {
    address: policy.address,
    groupId: policy.groupId,
    admin: policy.admin,
    metadata: policy.metadata,
    version: BigInt(policy.version),
    decisionPolicy: thresholdPolicy(policy.threshold),
    createdAt: { seconds: 0n, nanos: 0 },
  };
}

/** A protobuf message of one string field 1 (the token factory's requests, and DenomAuthorityMetadata). */
const encodeString = (value: string, writer = BinaryWriter.create()) => (value === '' ? writer : writer.uint32(10).string(value));
function decodeString(bytes: Uint8Array): string {
  const reader = new BinaryReader(bytes);
  let value = '';
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === 10) value = reader.string();
    else reader.skipType(tag & 7);
  }
  return value;
}

type Handler = (ledger: LedgerState, data: Uint8Array) => QueryAnswer;

const handlers = new Map<string, Handler>([
  [
    '/cosmos.auth.v1beta1.Query/Account',
    (ledger, data) => {
      const { address } = QueryAccountRequest.decode(data);
      const account = ledger.account(address);
      if (!account) return notFound(`account ${address}`);
      const base = BaseAccount.fromPartial({ address, accountNumber: BigInt(account.accountNumber), sequence: BigInt(account.sequence) });
      return {
        value: QueryAccountResponse.encode({
          account: { typeUrl: '/cosmos.auth.v1beta1.BaseAccount', value: BaseAccount.encode(base).finish() },
        }).finish(),
      };
    },
  ],
  [
    '/cosmos.bank.v1beta1.Query/Balance',
    (ledger, data) => {
      const { address, denom } = QueryBalanceRequest.decode(data);
      if (!denom) return invalidArgument('invalid denom');
      return { value: QueryBalanceResponse.encode({ balance: { denom, amount: ledger.balance(address, denom).toString() } }).finish() };
    },
  ],
  [
    '/cosmos.bank.v1beta1.Query/AllBalances',
    (ledger, data) => {
      const request = QueryAllBalancesRequest.decode(data);
      const { items, pagination } = paginate(ledger.balancesOf(request.address), request.pagination);
      return { value: QueryAllBalancesResponse.encode({ balances: coins(items), pagination }).finish() };
    },
  ],
  [
    '/cosmos.bank.v1beta1.Query/SupplyOf',
    (ledger, data) => {
      const { denom } = QuerySupplyOfRequest.decode(data);
      return { value: QuerySupplyOfResponse.encode({ amount: { denom, amount: ledger.supply(denom).toString() } }).finish() };
    },
  ],
  [
    '/cosmos.bank.v1beta1.Query/TotalSupply',
    (ledger, data) => {
      const request = QueryTotalSupplyRequest.decode(data);
      const { items, pagination } = paginate(ledger.supplies(), request.pagination);
      return { value: QueryTotalSupplyResponse.encode({ supply: coins(items), pagination }).finish() };
    },
  ],
  [
    '/cosmos.group.v1.Query/GroupInfo',
    (ledger, data) => {
      const { groupId } = QueryGroupInfoRequest.decode(data);
      const info = groupInfo(ledger, groupId);
      return info ? { value: QueryGroupInfoResponse.encode({ info }).finish() } : notFound(`group ${groupId}`);
    },
  ],
  [
    '/cosmos.group.v1.Query/GroupPolicyInfo',
    (ledger, data) => {
      const { address } = QueryGroupPolicyInfoRequest.decode(data);
      const policy = ledger.policy(address);
      return policy ? { value: QueryGroupPolicyInfoResponse.encode({ info: policyInfo(policy) }).finish() } : notFound(`group policy ${address}`);
    },
  ],
  [
    '/cosmos.group.v1.Query/GroupMembers',
    (ledger, data) => {
      const request = QueryGroupMembersRequest.decode(data);
      const group = ledger.group(request.groupId);
      if (!group) return notFound(`group ${request.groupId}`);
      const members = [...group.members]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([address, weight]) => ({
          groupId: group.id,
          member: { address, weight: weight.toString(), metadata: '', addedAt: { seconds: 0n, nanos: 0 } },
        }));
      const { items, pagination } = paginate(members, request.pagination);
      return { value: QueryGroupMembersResponse.encode({ members: items, pagination }).finish() };
    },
  ],
  [
    '/cosmos.group.v1.Query/GroupPoliciesByGroup',
    (ledger, data) => {
      const request = QueryGroupPoliciesByGroupRequest.decode(data);
      const { items, pagination } = paginate(ledger.policiesOf(request.groupId).map(policyInfo), request.pagination);
      return { value: QueryGroupPoliciesByGroupResponse.encode({ groupPolicies: items, pagination }).finish() };
    },
  ],
  [
    // QueryDenomAuthorityMetadataResponse { authority_metadata: DenomAuthorityMetadata { admin } }
    '/osmosis.tokenfactory.v1beta1.Query/DenomAuthorityMetadata',
    (ledger, data) => {
      const denom = decodeString(data);
      const record = ledger.denom(denom);
      if (!record) return notFound(`denom ${denom}`);
      const writer = BinaryWriter.create();
      encodeString(record.admin, writer.uint32(10).fork()).ldelim();
      return { value: writer.finish() };
    },
  ],
  [
    // QueryDenomsFromCreatorResponse { repeated string denoms = 1 }
    '/osmosis.tokenfactory.v1beta1.Query/DenomsFromCreator',
    (ledger, data) => {
      const prefix = `factory/${decodeString(data)}/`;
      const writer = BinaryWriter.create();
      for (const [denom] of ledger.denoms()) if (denom.startsWith(prefix)) writer.uint32(10).string(denom);
      return { value: writer.finish() };
    },
  ],
  [
    // Params { denom_creation_fee = 1, denom_creation_gas_consume = 2 }: no fee, no extra gas.
    '/osmosis.tokenfactory.v1beta1.Query/Params',
    () => ({ value: BinaryWriter.create().uint32(10).bytes(new Uint8Array()).finish() }),
  ],
]);

/** The gRPC method paths this node answers. */
export const QUERY_PATHS = [...handlers.keys()];

export function answerQuery(ledger: LedgerState, path: string, data: Uint8Array): QueryAnswer {
  const handler = handlers.get(path);
  if (!handler) return { code: 6, codespace: 'sdk', log: `no route for query path ${JSON.stringify(path)}: unknown request` };
  try {
    return handler(ledger, data);
  } catch (error) {
    return { code: 2, codespace: 'sdk', log: `cannot decode the request of ${path}: ${(error as Error).message}: tx parse error` };
  }
}
