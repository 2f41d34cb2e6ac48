import { toAscii, toBech32 } from '@cosmjs/encoding';
import { makeSignBytes, makeSignDoc } from '@cosmjs/proto-signing';
import { PubKey } from 'cosmjs-types/cosmos/crypto/secp256k1/keys';
import type { Coin } from 'cosmjs-types/cosmos/base/v1beta1/coin';
import {
  Exec,
  MsgCreateGroupWithPolicyResponse,
  MsgSubmitProposalResponse,
  type MsgCreateGroupWithPolicy,
  type MsgSubmitProposal,
  type MsgUpdateGroupMembers,
  type MsgUpdateGroupPolicyDecisionPolicy,
} from 'cosmjs-types/cosmos/group/v1/tx';
import type { MsgSend } from 'cosmjs-types/cosmos/bank/v1beta1/tx';
import { SignMode } from 'cosmjs-types/cosmos/tx/signing/v1beta1/signing';
import { AuthInfo, TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import type { Any } from 'cosmjs-types/google/protobuf/any';
import { SEQUENCE_MISMATCH_CODE, type Balance, type ChainEvent } from './chain';
import { sha256 } from './hashes';
import { addressFromPublicKey, isValidAddress, verifySignature } from './keys';
import {
  decodeMessage,
  messageSigners,
  MsgCreateDenomResponse,
  parseInteger,
  readThreshold,
  ResponseTypeUrl,
  TypeUrl,
  type ChainMessage,
  type MsgBurn,
  type MsgChangeAdmin,
  type MsgCreateDenom,
  type MsgMint,
} from './messages';
import { SECP256K1_PUBKEY_TYPE_URL } from './transactions';

/**
 * The embedded ledger chain's state machine: deterministic, no clock, no randomness, no I/O. Live block
 * production and the replay at start run every transaction through `executeTx`, so both reach the
 * same state from the same blocks.
 */

export interface Genesis {
  chainId: string;
  prefix: string;
  /** Exists from genesis (account number 0) and administers the native denom. */
  operatorAddress: string;
  nativeDenom: string;
}

export interface AccountRecord {
  accountNumber: number;
  sequence: number;
}

export interface GroupRecord {
  id: bigint;
  admin: string;
  metadata: string;
  members: ReadonlyMap<string, bigint>;
  totalWeight: bigint;
  version: number;
}

export interface PolicyRecord {
  address: string;
  groupId: bigint;
  admin: string;
  metadata: string;
  threshold: bigint;
  version: number;
}

export interface DenomRecord {
  admin: string;
}

interface Counters {
  nextAccountNumber: number;
  nextGroupId: bigint;
  /** x/group's group policy sequence: the derivation key of the next policy address. */
  groupPolicySequence: bigint;
  nextProposalId: bigint;
}

/** Reads and writes of the ledger; a draft layers uncommitted writes over another store. */
export interface LedgerStore {
  readonly genesis: Genesis;
  account(address: string): AccountRecord | undefined;
  balance(address: string, denom: string): bigint;
  supply(denom: string): bigint;
  denom(denom: string): DenomRecord | undefined;
  group(id: bigint): GroupRecord | undefined;
  policy(address: string): PolicyRecord | undefined;
  counters(): Counters;
  setAccount(address: string, account: AccountRecord): void;
  setBalance(address: string, denom: string, amount: bigint): void;
  setSupply(denom: string, amount: bigint): void;
  setDenom(denom: string, record: DenomRecord): void;
  setGroup(group: GroupRecord): void;
  setPolicy(policy: PolicyRecord): void;
  setCounters(counters: Counters): void;
}

/** The committed state of the chain: what queries answer. */
export class LedgerState implements LedgerStore {
  private readonly accounts = new Map<string, AccountRecord>();
  private readonly balances = new Map<string, Map<string, bigint>>();
  private readonly supplyAmounts = new Map<string, bigint>();
  private readonly denomRecords = new Map<string, DenomRecord>();
  private readonly groups = new Map<bigint, GroupRecord>();
  private readonly policies = new Map<string, PolicyRecord>();
  private counterValues: Counters = { nextAccountNumber: 1, nextGroupId: 1n, groupPolicySequence: 0n, nextProposalId: 1n };

  constructor(readonly genesis: Genesis) {
    this.accounts.set(genesis.operatorAddress, { accountNumber: 0, sequence: 0 });
    this.denomRecords.set(genesis.nativeDenom, { admin: genesis.operatorAddress });
  }

  account(address: string) {
    return this.accounts.get(address);
  }
  balance(address: string, denom: string) {
    return this.balances.get(address)?.get(denom) ?? 0n;
  }
  balancesOf(address: string): Balance[] {
    return [...(this.balances.get(address) ?? new Map<string, bigint>())]
      .map(([denom, amount]) => ({ denom, amount }))
      .sort((a, b) => (a.denom < b.denom ? -1 : 1));
  }
  supply(denom: string) {
    return this.supplyAmounts.get(denom) ?? 0n;
  }
  denom(denom: string) {
    return this.denomRecords.get(denom);
  }
  group(id: bigint) {
    return this.groups.get(id);
  }
  policy(address: string) {
    return this.policies.get(address);
  }
  counters() {
    return this.counterValues;
  }
  /** Every denom with its admin, in denom order (the token factory's queries list them). */
  denoms(): Array<[string, DenomRecord]> {
    return [...this.denomRecords].sort(([a], [b]) => (a < b ? -1 : 1));
  }
  /** Every denom's supply, in denom order, without zero supplies (x/bank's TotalSupply). */
  supplies(): Balance[] {
    return [...this.supplyAmounts]
      .filter(([, amount]) => amount > 0n)
      .map(([denom, amount]) => ({ denom, amount }))
      .sort((a, b) => (a.denom < b.denom ? -1 : 1));
  }
  /** The policies of one group, in address order. */
  policiesOf(groupId: bigint): PolicyRecord[] {
    return [...this.policies.values()].filter((policy) => policy.groupId === groupId).sort((a, b) => (a.address < b.address ? -1 : 1));
  }
  toSnapshot(): LedgerSnapshot {
    const counters = this.counterValues;
    return {
      accounts: [...this.accounts].map(([address, account]) => [address, account.accountNumber, account.sequence]),
      balances: [...this.balances].flatMap(([address, held]) => [...held].map(([denom, amount]): [string, string, string] => [address, denom, amount.toString()])),
      supplies: [...this.supplyAmounts].map(([denom, amount]) => [denom, amount.toString()]),
      denoms: [...this.denomRecords].map(([denom, record]) => [denom, record.admin]),
      groups: [...this.groups.values()].map((group) => ({
        id: group.id.toString(),
        admin: group.admin,
        metadata: group.metadata,
        members: [...group.members].map(([address, weight]): [string, string] => [address, weight.toString()]),
        version: group.version,
      })),
      policies: [...this.policies.values()].map((policy) => ({ ...policy, groupId: policy.groupId.toString(), threshold: policy.threshold.toString() })),
      counters: {
        nextAccountNumber: counters.nextAccountNumber,
        nextGroupId: counters.nextGroupId.toString(),
        groupPolicySequence: counters.groupPolicySequence.toString(),
        nextProposalId: counters.nextProposalId.toString(),
      },
    };
  }

  static fromSnapshot(genesis: Genesis, snapshot: LedgerSnapshot): LedgerState {
    const state = new LedgerState(genesis);
    for (const [address, accountNumber, sequence] of snapshot.accounts) state.setAccount(address, { accountNumber, sequence });
    for (const [address, denom, amount] of snapshot.balances) state.setBalance(address, denom, BigInt(amount));
    for (const [denom, amount] of snapshot.supplies) state.setSupply(denom, BigInt(amount));
    for (const [denom, admin] of snapshot.denoms) state.setDenom(denom, { admin });
    for (const group of snapshot.groups) {
      const members = new Map(group.members.map(([address, weight]): [string, bigint] => [address, BigInt(weight)]));
      state.setGroup({ id: BigInt(group.id), admin: group.admin, metadata: group.metadata, members, totalWeight: totalWeight(members), version: group.version });
    }
    for (const policy of snapshot.policies)
      state.setPolicy({ ...policy, groupId: BigInt(policy.groupId), threshold: BigInt(policy.threshold) });
    state.setCounters({
      nextAccountNumber: snapshot.counters.nextAccountNumber,
      nextGroupId: BigInt(snapshot.counters.nextGroupId),
      groupPolicySequence: BigInt(snapshot.counters.groupPolicySequence),
      nextProposalId: BigInt(snapshot.counters.nextProposalId),
    });
    return state;
  }

  setAccount(address: string, account: AccountRecord) {
    this.accounts.set(address, account);
  }
  setBalance(address: string, denom: string, amount: bigint) {
    let held = this.balances.get(address);
    if (!held) this.balances.set(address, (held = new Map()));
    // Like x/bank, an account holds no zero balances: they would clutter its balance list.
    if (amount === 0n) held.delete(denom);
    else held.set(denom, amount);
  }
  setSupply(denom: string, amount: bigint) {
    this.supplyAmounts.set(denom, amount);
  }
  setDenom(denom: string, record: DenomRecord) {
    this.denomRecords.set(denom, record);
  }
  setGroup(group: GroupRecord) {
    this.groups.set(group.id, group);
  }
  setPolicy(policy: PolicyRecord) {
    this.policies.set(policy.address, policy);
  }
  setCounters(counters: Counters) {
    this.counterValues = counters;
  }
}

/** The committed state as JSON (bigints as decimal strings): what a chain snapshot keeps. */
export interface LedgerSnapshot {
  accounts: Array<[address: string, accountNumber: number, sequence: number]>;
  balances: Array<[address: string, denom: string, amount: string]>;
  supplies: Array<[denom: string, amount: string]>;
  denoms: Array<[denom: string, admin: string]>;
  groups: Array<{ id: string; admin: string; metadata: string; members: Array<[string, string]>; version: number }>;
  policies: Array<{ address: string; groupId: string; admin: string; metadata: string; threshold: string; version: number }>;
  counters: { nextAccountNumber: number; nextGroupId: string; groupPolicySequence: string; nextProposalId: string };
}

/** Writes held back until `commit`: a block, a transaction's messages, or a proposal's execution. */
export class StateDraft implements LedgerStore {
  readonly genesis: Genesis;
  private readonly accounts = new Map<string, AccountRecord>();
  private readonly balances = new Map<string, { address: string; denom: string; amount: bigint }>();
  private readonly supplies = new Map<string, bigint>();
  private readonly denoms = new Map<string, DenomRecord>();
  private readonly groups = new Map<bigint, GroupRecord>();
  private readonly policies = new Map<string, PolicyRecord>();
  private counterValues: Counters | null = null;

  constructor(private readonly parent: LedgerStore) {
    this.genesis = parent.genesis;
  }

  account(address: string) {
    return this.accounts.get(address) ?? this.parent.account(address);
  }
  balance(address: string, denom: string) {
    return this.balances.get(`${address} ${denom}`)?.amount ?? this.parent.balance(address, denom);
  }
  supply(denom: string) {
    return this.supplies.get(denom) ?? this.parent.supply(denom);
  }
  denom(denom: string) {
    return this.denoms.get(denom) ?? this.parent.denom(denom);
  }
  group(id: bigint) {
    return this.groups.get(id) ?? this.parent.group(id);
  }
  policy(address: string) {
    return this.policies.get(address) ?? this.parent.policy(address);
  }
  counters() {
    return this.counterValues ?? this.parent.counters();
  }
  setAccount(address: string, account: AccountRecord) {
    this.accounts.set(address, account);
  }
  setBalance(address: string, denom: string, amount: bigint) {
    this.balances.set(`${address} ${denom}`, { address, denom, amount });
  }
  setSupply(denom: string, amount: bigint) {
    this.supplies.set(denom, amount);
  }
  setDenom(denom: string, record: DenomRecord) {
    this.denoms.set(denom, record);
  }
  setGroup(group: GroupRecord) {
    this.groups.set(group.id, group);
  }
  setPolicy(policy: PolicyRecord) {
    this.policies.set(policy.address, policy);
  }
  setCounters(counters: Counters) {
    this.counterValues = counters;
  }

  commit(): void {
    for (const [address, account] of this.accounts) this.parent.setAccount(address, account);
    for (const { address, denom, amount } of this.balances.values()) this.parent.setBalance(address, denom, amount);
    for (const [denom, amount] of this.supplies) this.parent.setSupply(denom, amount);
    for (const [denom, record] of this.denoms) this.parent.setDenom(denom, record);
    for (const group of this.groups.values()) this.parent.setGroup(group);
    for (const policy of this.policies.values()) this.parent.setPolicy(policy);
    if (this.counterValues) this.parent.setCounters(this.counterValues);
  }
}

export interface BlockContext {
  height: number;
}

export interface TxOutcome {
  /** False when refused before execution (decode, signers, sequence, signature): it belongs in no block. */
  included: boolean;
  code: number;
  codespace: string;
  log: string;
  events: ChainEvent[];
  msgResponses: Any[];
}

/** Cosmos SDK error codes (codespace "sdk") and the description the SDK appends to a log. */
const Code = {
  internal: [1, 'internal'],
  txDecode: [2, 'tx parse error'],
  unauthorized: [4, 'unauthorized'],
  insufficientFunds: [5, 'insufficient funds'],
  unknownRequest: [6, 'unknown request'],
  invalidAddress: [7, 'invalid address'],
  invalidPubKey: [8, 'invalid pubkey'],
  unknownAddress: [9, 'unknown address'],
  invalidCoins: [10, 'invalid coins'],
  invalidRequest: [18, 'invalid request'],
  txTimeoutHeight: [30, 'tx timeout height'],
  wrongSequence: [SEQUENCE_MISMATCH_CODE, 'incorrect account sequence'],
  notFound: [38, 'not found'],
} as const satisfies Record<string, readonly [number, string]>;

class TxRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const refuse = ([code, description]: readonly [number, string], detail: string) =>
  new TxRefusal(code, `${detail}: ${description}`);

function withContext(error: unknown, context: string): never {
  if (error instanceof TxRefusal) throw new TxRefusal(error.code, `${context}: ${error.message}`);
  throw error;
}

const json = (value: string | bigint) => JSON.stringify(value.toString());
const event = (type: string, attributes: Record<string, string>): ChainEvent => ({
  type,
  attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })),
});

/**
 * Runs one transaction against `store`. A refused transaction leaves the store untouched; an included
 * one always consumes its signers' sequences, and its messages take effect only all together.
 */
export function executeTx(store: LedgerStore, txBytes: Uint8Array, block: BlockContext): TxOutcome {
  let signers: string[];
  let messages: ChainMessage[];
  try {
    ({ signers, messages } = authenticate(store, txBytes, block));
  } catch (error) {
    // Anything but a refusal comes from bytes that decode into nonsense (a malformed pubkey, say).
    const refusal = error instanceof TxRefusal ? error : refuse(Code.txDecode, (error as Error).message);
    return { included: false, code: refusal.code, codespace: 'sdk', log: refusal.message, events: [], msgResponses: [] };
  }
  for (const signer of signers) {
    const account = store.account(signer)!;
    store.setAccount(signer, { ...account, sequence: account.sequence + 1 });
  }
  const draft = new StateDraft(store);
  const events: ChainEvent[] = [];
  const msgResponses: Any[] = [];
  try {
    messages.forEach((message, index) => {
      events.push(event('message', { action: message.typeUrl, sender: messageSigners(message)[0] ?? '', msg_index: String(index) }));
      try {
        msgResponses.push(executeMessage(draft, message, events));
      } catch (error) {
        withContext(error, `failed to execute message; message index: ${index}`);
      }
    });
  } catch (error) {
    const refusal = error instanceof TxRefusal ? error : refuse(Code.internal, (error as Error).message);
    return { included: true, code: refusal.code, codespace: 'sdk', log: refusal.message, events: [], msgResponses: [] };
  }
  draft.commit();
  return { included: true, code: 0, codespace: '', log: '', events, msgResponses };
}

/** What signer `accountNumber` of a transaction signed (SIGN_MODE_DIRECT). */
function signBytesOf(raw: TxRaw, chainId: string, accountNumber: number): Uint8Array {
  return makeSignBytes(makeSignDoc(raw.bodyBytes, raw.authInfoBytes, chainId, accountNumber));
}

/**
 * The signatures a transaction's check against `store` would verify, each with its key and signed
 * bytes, so that they can be verified ahead of it (verifySignatureOffThread): for each signer info with
 * a secp256k1 key whose account exists. Bytes that do not decode give none; the check itself refuses
 * them, and whatever this finds or misses, it decides nothing.
 */
export function signaturesToCheck(store: LedgerStore, txBytes: Uint8Array): Array<{ publicKey: Uint8Array; signedBytes: Uint8Array; signature: Uint8Array }> {
  const { chainId, prefix } = store.genesis;
  try {
    const raw = TxRaw.decode(txBytes);
    const authInfo = AuthInfo.decode(raw.authInfoBytes);
    return authInfo.signerInfos.flatMap((info, index) => {
      const signature = raw.signatures[index];
      if (info.publicKey?.typeUrl !== SECP256K1_PUBKEY_TYPE_URL || !signature) return [];
      const publicKey = PubKey.decode(info.publicKey.value).key;
      const account = store.account(addressFromPublicKey(publicKey, prefix));
      return account ? [{ publicKey, signedBytes: signBytesOf(raw, chainId, account.accountNumber), signature }] : [];
    });
  } catch {
    return [];
  }
}

/** The ante handler: decode, then check signers, pubkeys, sequences and signatures as x/auth does. */
function authenticate(store: LedgerStore, txBytes: Uint8Array, block: BlockContext) {
  const { chainId, prefix } = store.genesis;
  let raw: TxRaw, body: TxBody, authInfo: AuthInfo, messages: ChainMessage[];
  try {
    raw = TxRaw.decode(txBytes);
    body = TxBody.decode(raw.bodyBytes);
    authInfo = AuthInfo.decode(raw.authInfoBytes);
    messages = body.messages.map(decodeMessage);
  } catch (error) {
    throw refuse(Code.txDecode, (error as Error).message);
  }
  if (messages.length === 0) throw refuse(Code.invalidRequest, 'must contain at least one message');
  if (body.timeoutHeight > 0n && BigInt(block.height) > body.timeoutHeight)
    throw refuse(Code.txTimeoutHeight, `block height ${block.height} is past the timeout height ${body.timeoutHeight}`);

  const signers = [...new Set(messages.flatMap(messageSigners))];
  for (const signer of signers)
    if (!isValidAddress(signer, prefix)) throw refuse(Code.invalidAddress, `invalid signer address ${JSON.stringify(signer)}`);
  if (authInfo.signerInfos.length !== signers.length || raw.signatures.length !== signers.length)
    throw refuse(
      Code.unauthorized,
      `wrong number of signers; expected ${signers.length}, got ${authInfo.signerInfos.length} signer infos and ${raw.signatures.length} signatures`,
    );

  signers.forEach((signer, index) => {
    const info = authInfo.signerInfos[index]!;
    if (info.modeInfo?.single?.mode !== SignMode.SIGN_MODE_DIRECT)
      throw refuse(Code.invalidRequest, `signer ${index} must use SIGN_MODE_DIRECT`);
    if (info.publicKey?.typeUrl !== SECP256K1_PUBKEY_TYPE_URL)
      throw refuse(Code.invalidPubKey, `signer ${index} needs a secp256k1 public key`);
    const publicKey = PubKey.decode(info.publicKey.value).key;
    if (publicKey.length !== 33 || addressFromPublicKey(publicKey, prefix) !== signer)
      throw refuse(Code.invalidPubKey, `pubKey does not match signer address ${signer} with signer index: ${index}`);
    const account = store.account(signer);
    if (!account) throw refuse(Code.unknownAddress, `account ${signer} not found`);
    if (info.sequence !== BigInt(account.sequence))
      throw refuse(Code.wrongSequence, `account sequence mismatch, expected ${account.sequence}, got ${info.sequence}`);
    if (!verifySignature(publicKey, signBytesOf(raw, chainId, account.accountNumber), raw.signatures[index]!))
      throw refuse(
        Code.unauthorized,
        `signature verification failed; please verify account number (${account.accountNumber}), sequence (${account.sequence}) and chain-id (${chainId})`,
      );
  });
  return { signers, messages };
}

function executeMessage(store: LedgerStore, message: ChainMessage, events: ChainEvent[]): Any {
  const empty = (typeUrl: string): Any => ({ typeUrl, value: new Uint8Array() });
  switch (message.typeUrl) {
    case TypeUrl.send:
      send(store, message.value, events);
      return empty(ResponseTypeUrl.send);
    case TypeUrl.createGroupWithPolicy: {
      const created = createGroupWithPolicy(store, message.value, events);
      return {
        typeUrl: ResponseTypeUrl.createGroupWithPolicy,
        value: MsgCreateGroupWithPolicyResponse.encode(MsgCreateGroupWithPolicyResponse.fromPartial(created)).finish(),
      };
    }
    case TypeUrl.updateGroupMembers:
      updateGroupMembers(store, message.value, events);
      return empty(ResponseTypeUrl.updateGroupMembers);
    case TypeUrl.updateGroupPolicyDecisionPolicy:
      updateDecisionPolicy(store, message.value, events);
      return empty(ResponseTypeUrl.updateGroupPolicyDecisionPolicy);
    case TypeUrl.submitProposal: {
      const proposalId = submitProposal(store, message.value, events);
      return {
        typeUrl: ResponseTypeUrl.submitProposal,
        value: MsgSubmitProposalResponse.encode(MsgSubmitProposalResponse.fromPartial({ proposalId })).finish(),
      };
    }
    case TypeUrl.createDenom: {
      const newTokenDenom = createDenom(store, message.value, events);
      return { typeUrl: ResponseTypeUrl.createDenom, value: MsgCreateDenomResponse.encode({ newTokenDenom }).finish() };
    }
    case TypeUrl.mint:
      mint(store, message.value, events);
      return empty(ResponseTypeUrl.mint);
    case TypeUrl.burn:
      burn(store, message.value, events);
      return empty(ResponseTypeUrl.burn);
    case TypeUrl.changeAdmin:
      changeAdmin(store, message.value, events);
      return empty(ResponseTypeUrl.changeAdmin);
  }
}

function requireAddress(store: LedgerStore, address: string, role: string): void {
  if (!isValidAddress(address, store.genesis.prefix)) throw refuse(Code.invalidAddress, `invalid ${role} address ${JSON.stringify(address)}`);
}

/** An account comes into existence the first time an address receives funds, joins a group or is a policy. */
function ensureAccount(store: LedgerStore, address: string): void {
  if (store.account(address)) return;
  const counters = store.counters();
  store.setAccount(address, { accountNumber: counters.nextAccountNumber, sequence: 0 });
  store.setCounters({ ...counters, nextAccountNumber: counters.nextAccountNumber + 1 });
}

const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;

function positiveCoin(coin: Coin | undefined): { denom: string; amount: bigint } {
  const amount = coin ? parseInteger(coin.amount) : null;
  if (!coin || !DENOM.test(coin.denom) || amount === null || amount === 0n)
    throw refuse(Code.invalidCoins, `${coin ? `${coin.amount}${coin.denom}` : 'no amount'} is not a positive amount of a valid denom`);
  return { denom: coin.denom, amount };
}

// x/bank's events for every balance change (coin_spent, coin_received) and supply change (coinbase,
// burn): folding them gives balances and supply on any Cosmos SDK chain, the embedded one included.
function debit(store: LedgerStore, address: string, denom: string, amount: bigint, events: ChainEvent[]): void {
  const balance = store.balance(address, denom);
  if (balance < amount)
    throw refuse(Code.insufficientFunds, `spendable balance ${balance}${denom} of ${address} is smaller than ${amount}${denom}`);
  store.setBalance(address, denom, balance - amount);
  events.push(event('coin_spent', { spender: address, amount: `${amount}${denom}` }));
}

function credit(store: LedgerStore, address: string, denom: string, amount: bigint, events: ChainEvent[]): void {
  ensureAccount(store, address);
  store.setBalance(address, denom, store.balance(address, denom) + amount);
  events.push(event('coin_received', { receiver: address, amount: `${amount}${denom}` }));
}

function send(store: LedgerStore, message: MsgSend, events: ChainEvent[]): void {
  requireAddress(store, message.fromAddress, 'sender');
  requireAddress(store, message.toAddress, 'recipient');
  if (message.amount.length === 0) throw refuse(Code.invalidCoins, 'no coins to send');
  const coins = message.amount.map(positiveCoin);
  if (new Set(coins.map((coin) => coin.denom)).size !== coins.length) throw refuse(Code.invalidCoins, 'duplicate denom');
  for (const { denom, amount } of coins) {
    debit(store, message.fromAddress, denom, amount, events);
    credit(store, message.toAddress, denom, amount, events);
  }
  events.push(
    event('transfer', {
      recipient: message.toAddress,
      sender: message.fromAddress,
      amount: coins.map((coin) => `${coin.amount}${coin.denom}`).join(','),
    }),
  );
}

function memberWeights(store: LedgerStore, requests: Array<{ address: string; weight: string }>, allowZero: boolean) {
  const weights = new Map<string, bigint>();
  for (const request of requests) {
    requireAddress(store, request.address, 'member');
    const weight = parseInteger(request.weight);
    if (weight === null || (weight === 0n && !allowZero))
      throw refuse(Code.invalidRequest, `member ${request.address} needs a positive integer weight, got ${JSON.stringify(request.weight)}`);
    if (weights.has(request.address)) throw refuse(Code.invalidRequest, `duplicate member ${request.address}`);
    weights.set(request.address, weight);
  }
  return weights;
}

const totalWeight = (members: ReadonlyMap<string, bigint>) => [...members.values()].reduce((sum, weight) => sum + weight, 0n);

function validThreshold(policy: Any | undefined): bigint {
  const threshold = readThreshold(policy);
  if (threshold === null || threshold === 0n)
    throw refuse(Code.invalidRequest, 'the decision policy must be a ThresholdDecisionPolicy with a positive integer threshold');
  return threshold;
}

/** ADR-028 address.Hash: sha256(sha256(type) || key). */
const addressHash = (type: Uint8Array, key: Uint8Array) => sha256(new Uint8Array([...sha256(type), ...key]));

/**
 * x/group derives a policy address like address.Module("group", [0x20], bigEndian(sequence)), the
 * same as a Cosmos chain would for the same policy sequence.
 */
export function groupPolicyAddress(sequence: bigint, prefix: string): string {
  const moduleKey = addressHash(toAscii('module'), new Uint8Array([...toAscii('group'), 0, 0x20]));
  const derivationKey = new Uint8Array(8);
  new DataView(derivationKey.buffer).setBigUint64(0, sequence);
  return toBech32(prefix, addressHash(moduleKey, derivationKey));
}

function createGroupWithPolicy(store: LedgerStore, message: MsgCreateGroupWithPolicy, events: ChainEvent[]) {
  requireAddress(store, message.admin, 'admin');
  const members = memberWeights(store, message.members, false);
  if (members.size === 0) throw refuse(Code.invalidRequest, 'a group needs at least one member');
  const threshold = validThreshold(message.decisionPolicy);

  const counters = store.counters();
  let sequence = counters.groupPolicySequence;
  let address: string;
  // As x/group: a derived address that already is an account (a rare collision) takes the next sequence.
  do address = groupPolicyAddress(++sequence, store.genesis.prefix);
  while (store.account(address));
  const groupId = counters.nextGroupId;
  store.setCounters({ ...counters, nextGroupId: groupId + 1n, groupPolicySequence: sequence });

  const admin = message.groupPolicyAsAdmin ? address : message.admin;
  store.setGroup({ id: groupId, admin, metadata: message.groupMetadata, members, totalWeight: totalWeight(members), version: 1 });
  store.setPolicy({ address, groupId, admin, metadata: message.groupPolicyMetadata, threshold, version: 1 });
  ensureAccount(store, address);
  for (const member of members.keys()) ensureAccount(store, member);
  events.push(event('cosmos.group.v1.EventCreateGroup', { group_id: json(groupId) }));
  events.push(event('cosmos.group.v1.EventCreateGroupPolicy', { address: json(address) }));
  return { groupId, groupPolicyAddress: address };
}

function updateGroupMembers(store: LedgerStore, message: MsgUpdateGroupMembers, events: ChainEvent[]): void {
  const group = store.group(message.groupId);
  if (!group) throw refuse(Code.notFound, `group ${message.groupId} not found`);
  if (message.admin !== group.admin) throw refuse(Code.unauthorized, `${message.admin} is not the admin of group ${group.id}`);
  const updates = memberWeights(store, message.memberUpdates, true);
  if (updates.size === 0) throw refuse(Code.invalidRequest, 'no member updates');
  const members = new Map(group.members);
  for (const [address, weight] of updates) {
    if (weight > 0n) {
      members.set(address, weight);
      ensureAccount(store, address);
    } else if (!members.delete(address)) throw refuse(Code.notFound, `${address} is not a member of group ${group.id}`);
  }
  // Stricter than x/group: a group without members could never move its policy's funds again.
  if (members.size === 0) throw refuse(Code.invalidRequest, `group ${group.id} must keep at least one member`);
  store.setGroup({ ...group, members, totalWeight: totalWeight(members), version: group.version + 1 });
  events.push(event('cosmos.group.v1.EventUpdateGroup', { group_id: json(group.id) }));
}

function updateDecisionPolicy(store: LedgerStore, message: MsgUpdateGroupPolicyDecisionPolicy, events: ChainEvent[]): void {
  const policy = store.policy(message.groupPolicyAddress);
  if (!policy) throw refuse(Code.notFound, `group policy ${message.groupPolicyAddress} not found`);
  if (message.admin !== policy.admin) throw refuse(Code.unauthorized, `${message.admin} is not the admin of group policy ${policy.address}`);
  store.setPolicy({ ...policy, threshold: validThreshold(message.decisionPolicy), version: policy.version + 1 });
  events.push(event('cosmos.group.v1.EventUpdateGroupPolicy', { address: json(policy.address) }));
}

/**
 * x/group MsgSubmitProposal with EXEC_TRY where every proposer votes YES. The proposal executes in the
 * same transaction when the proposers' weight meets min(threshold, total weight); its messages run
 * with the policy as their only authorized signer and apply all together or not at all.
 *
 * Unlike x/group, a proposal that cannot execute (below threshold, or a failing message) fails the
 * whole transaction instead of staying open: the platform decides governance on the write side and
 * submits only accepted proposals, so a non-zero code with the reason is the useful answer.
 */
function submitProposal(store: LedgerStore, message: MsgSubmitProposal, events: ChainEvent[]): bigint {
  const policy = store.policy(message.groupPolicyAddress);
  if (!policy) throw refuse(Code.notFound, `group policy ${message.groupPolicyAddress} not found`);
  const group = store.group(policy.groupId)!;
  if (message.exec !== Exec.EXEC_TRY) throw refuse(Code.invalidRequest, 'proposals must be submitted with EXEC_TRY');
  if (message.proposers.length === 0) throw refuse(Code.invalidRequest, 'a proposal needs at least one proposer');
  if (new Set(message.proposers).size !== message.proposers.length) throw refuse(Code.invalidRequest, 'duplicate proposers');
  for (const proposer of message.proposers)
    if (!group.members.has(proposer)) throw refuse(Code.unauthorized, `proposer ${proposer} is not a member of group ${group.id}`);

  const nested = message.messages.map((packed, index) => {
    let decoded: ChainMessage;
    try {
      decoded = decodeMessage(packed);
    } catch (error) {
      throw refuse(Code.unknownRequest, `proposal message ${index}: ${(error as Error).message}`);
    }
    if (decoded.typeUrl === TypeUrl.submitProposal) throw refuse(Code.invalidRequest, 'a proposal cannot contain another proposal');
    const signers = messageSigners(decoded);
    if (signers.length !== 1 || signers[0] !== policy.address)
      throw refuse(Code.unauthorized, `proposal message ${index} must have the group policy ${policy.address} as its signer`);
    return decoded;
  });

  const counters = store.counters();
  const proposalId = counters.nextProposalId;
  store.setCounters({ ...counters, nextProposalId: proposalId + 1n });
  events.push(event('cosmos.group.v1.EventSubmitProposal', { proposal_id: json(proposalId) }));
  events.push(...message.proposers.map((voter) => event('cosmos.group.v1.EventVote', { proposal_id: json(proposalId), voter })));

  const yesWeight = message.proposers.reduce((sum, proposer) => sum + group.members.get(proposer)!, 0n);
  const threshold = policy.threshold < group.totalWeight ? policy.threshold : group.totalWeight;
  if (yesWeight < threshold)
    throw refuse(
      Code.unauthorized,
      `proposal ${proposalId} not executed: YES weight ${yesWeight} is below the threshold ${threshold} of group policy ${policy.address}`,
    );

  const execution = new StateDraft(store);
  const executionEvents: ChainEvent[] = [];
  nested.forEach((decoded, index) => {
    try {
      executeMessage(execution, decoded, executionEvents);
    } catch (error) {
      withContext(error, `proposal ${proposalId} execution failed; message index: ${index}`);
    }
  });
  execution.commit();
  events.push(...executionEvents);
  events.push(
    event('cosmos.group.v1.EventExec', { proposal_id: json(proposalId), result: json('PROPOSAL_EXECUTOR_RESULT_SUCCESS'), logs: '""' }),
  );
  return proposalId;
}

function requireDenomAdmin(store: LedgerStore, denom: string, sender: string): void {
  const record = store.denom(denom);
  if (!record) throw refuse(Code.notFound, `denom ${denom} does not exist`);
  if (record.admin !== sender) throw refuse(Code.unauthorized, `${sender} is not the admin of denom ${denom}`);
}

const SUBDENOM = /^[a-zA-Z0-9.]{1,44}$/;

function createDenom(store: LedgerStore, message: MsgCreateDenom, events: ChainEvent[]): string {
  requireAddress(store, message.sender, 'sender');
  if (!SUBDENOM.test(message.subdenom)) throw refuse(Code.invalidRequest, `invalid subdenom ${JSON.stringify(message.subdenom)}`);
  const denom = `factory/${message.sender}/${message.subdenom}`;
  if (store.denom(denom)) throw refuse(Code.invalidRequest, `denom ${denom} already exists`);
  store.setDenom(denom, { admin: message.sender });
  events.push(event('create_denom', { creator: message.sender, new_token_denom: denom }));
  return denom;
}

function mint(store: LedgerStore, message: MsgMint, events: ChainEvent[]): void {
  const { denom, amount } = positiveCoin(message.amount);
  requireDenomAdmin(store, denom, message.sender);
  const recipient = message.mintToAddress || message.sender;
  requireAddress(store, recipient, 'mint recipient');
  store.setSupply(denom, store.supply(denom) + amount);
  events.push(event('coinbase', { minter: message.sender, amount: `${amount}${denom}` }));
  credit(store, recipient, denom, amount, events);
  events.push(event('tf_mint', { mint_to_address: recipient, amount: `${amount}${denom}` }));
}

function burn(store: LedgerStore, message: MsgBurn, events: ChainEvent[]): void {
  const { denom, amount } = positiveCoin(message.amount);
  requireDenomAdmin(store, denom, message.sender);
  const holder = message.burnFromAddress || message.sender;
  // The admin burns only what it holds; value elsewhere reaches it by a send first.
  if (holder !== message.sender) throw refuse(Code.unauthorized, `the admin of ${denom} can only burn from its own account`);
  debit(store, holder, denom, amount, events);
  store.setSupply(denom, store.supply(denom) - amount);
  events.push(event('burn', { burner: holder, amount: `${amount}${denom}` }));
  events.push(event('tf_burn', { burn_from_address: holder, amount: `${amount}${denom}` }));
}

function changeAdmin(store: LedgerStore, message: MsgChangeAdmin, events: ChainEvent[]): void {
  requireDenomAdmin(store, message.denom, message.sender);
  requireAddress(store, message.newAdmin, 'new admin');
  store.setDenom(message.denom, { admin: message.newAdmin });
  events.push(event('change_admin', { denom: message.denom, new_admin: message.newAdmin }));
}
