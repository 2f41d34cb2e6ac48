import { fork } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { toBase64, toBech32 } from '@cosmjs/encoding';
import { TxBody, TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import jwt from 'jsonwebtoken';
import { createApp } from '../api/app';
import { activityLogProjection } from '../projections/activity-log';
import { allProjections } from '../projections';
import { balancesProjection } from '../projections/balances';
import { ProjectionRunner } from '../projections/runner';
import { transactionsExport } from '../read-side/exports';
import { findPrincipal } from '../read-side/users';
import { createRuntime, type Runtime } from '../runtime/bootstrap';
import { createKnex } from '../runtime/database';
import { loadConfig } from '../runtime/config';
import { createLogger } from '../runtime/logger';
import type { AccessTokenClaims } from '../runtime/services';
import type { AccountCreated } from '../write-side/account/events';
import type { DisbursementRequestedEvent } from '../write-side/bridging/events';
import { CHAIN_STREAM, type BlockCommitted } from '../write-side/chain/embedded-chain';
import { msgMint, msgSend, msgSubmitProposal, registry, type ChainMessage } from '../write-side/chain/messages';
import { txHash } from '../write-side/chain/transactions';
import type { EventStore, GlobalPosition, NewEvent } from '../write-side/event-store/event-store';
import { bankLedgerStream, type BankLedgerEvent, type BatchTransfer, type PaymentParties } from '../write-side/instant-payments/events';
import type { OrganizationEvent } from '../write-side/organization/events';
import type { ElectorateMember, ProposalEvent, ProposalKind, ProposalMessage } from '../write-side/proposal/events';
import { sessionStream, type SessionEvent } from '../write-side/session/events';
import type { TokenRegistered } from '../write-side/token/events';
import type { UserEvent } from '../write-side/user/events';
import type { WhitelistAddressAdded } from '../write-side/whitelist/events';
import { envFlag, envNumber } from './support/env';
import { LogWriter } from './support/log-writer';
import { benchServer, createDatabase, databaseUrl, dropDatabase, PostgresCpu, withClient, type BenchServer } from './support/postgres';
import { machineCpu, machineShares, machineSharesText } from './support/proc';
import { replayOnly } from './support/replay';
import { profiled, readProfile, summarizeProfile } from './support/profile';

/**
 * `npm run bench:read`: the read side at scale. Generates BENCH_EVENTS (default 1,000,000) events of a
 * year of a central bank and BENCH_BANKS (default 20) participants (proposals with their lifecycle,
 * the chain blocks that executed them, conversions, administrative actions) on a scratch database of
 * the DATABASE_URL server, then measures:
 *   - the baseline of this run: replaying the log with no projection (reading and decoding only);
 *   - catch-up of every projection of the service together from zero (events/s, target ≥ 20,000),
 *     over a log whose BENCH_IP_SHARE (default 0.4) is Instant Payments history,
 *     and its ratio to that baseline, each with the CPU per event of this process and of PostgreSQL
 *     (steadier than a rate on a shared machine) and the shares of the machine's time busy and stolen
 *     by the hypervisor; then two rebuilds alone;
 *   - p50/p99 of GET /dashboard/metrics, GET /activity-log, a participant's Instant Payments
 *     transactions and dashboard, and the issuer's Instant Payments oversight over HTTP;
 *   - an export of BENCH_EXPORT_ROWS (default 1,000,000) rows streamed to a client by a server
 *     process of its own, with that process's peak RSS (target < 200 MiB).
 * BENCH_PROFILE=<file> writes a CPU profile of the catch-up (this process) and prints its hottest places.
 * The scratch database is on DATABASE_URL's server, or on an embedded PostgreSQL started for the run.
 * BENCH_KEEP_DATABASE=true keeps the scratch database (its name is printed) instead of dropping it
 * (on DATABASE_URL's server: an embedded one goes with its data).
 */
const EVENTS = envNumber('BENCH_EVENTS', 'count', 1_000_000);
/** The share of the log that is Instant Payments history (client registrations, payments, settlement batches). */
const IP_SHARE = envNumber('BENCH_IP_SHARE', 'share', 0.4);
const IP_CLIENTS_PER_BANK = 200;
const IP_PAYMENTS_PER_ROUND = 100;
const BANKS = envNumber('BENCH_BANKS', 'count', 20);
const EXPORT_ROWS = envNumber('BENCH_EXPORT_ROWS', 'count', 1_000_000);
const REQUESTS = envNumber('BENCH_REQUESTS', 'count', 2000);
/** A CPU profile of this process during the catch-up, summarised after it (the sampling costs some of its rate). */
const PROFILE = process.env.BENCH_PROFILE ? resolve(process.env.BENCH_PROFILE) : null;
const KEEP_DATABASE = envFlag('BENCH_KEEP_DATABASE');
const APPENDS_IN_FLIGHT = 64;
const REPLAY_BATCH = 2000;
const TXS_PER_BLOCK = 100;
const DENOM = 'ulps';
const START = Date.parse('2025-01-01T00:00:00.000Z');

const hash = (text: string) => createHash('sha256').update(text).digest();
const addressOf = (seed: string) => toBech32('emisor', hash(seed).subarray(0, 20));
const policyAddressOf = (seed: string) => toBech32('emisor', hash(seed));
const percentile = (sorted: number[], fraction: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!;
const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const rate = (count: number, ms: number) => `${Math.round((count / ms) * 1000).toLocaleString('en')}/s`;

/**
 * CPU time per event of a phase: this process's and the PostgreSQL server's (when it runs on this
 * machine). Unlike a rate, it hardly moves with what else the shared machine is doing, so two
 * checkouts compare on it. With it, how busy the machine was and how much of its time the hypervisor
 * gave to other guests: a rate read on a host that took a share of its cores is that host's.
 */
async function cpuPerEvent(postgres: PostgresCpu | null, phase: () => Promise<number>): Promise<{ result: number; line: string }> {
  const node = process.cpuUsage();
  const nodeFaults = process.resourceUsage().minorPageFault;
  const server = postgres?.serverSeconds() ?? NaN;
  const serverFaults = postgres?.serverFaults() ?? NaN;
  const machine = machineCpu();
  const result = await phase();
  const nodeMicros = process.cpuUsage(node);
  const machineLine = `; the machine ${machineSharesText(machineShares(machine, machineCpu()))}`;
  const perEvent = (seconds: number) => `${((seconds * 1e6) / result).toFixed(1)} µs`;
  const faultsPerEvent = (faults: number) => (faults / result).toFixed(2);
  const postgresLine = postgres ? `, PostgreSQL ${perEvent(postgres.serverSeconds() - server)}` : '';
  // Minor page faults: ~20 µs each on some virtual machines, a share of the CPU figures worth seeing apart.
  const faultsLine = `; page faults per event: this process ${faultsPerEvent(process.resourceUsage().minorPageFault - nodeFaults)}${postgres ? `, PostgreSQL ${faultsPerEvent(postgres.serverFaults() - serverFaults)}` : ''}`;
  return { result, line: `CPU per event: this process ${perEvent((nodeMicros.user + nodeMicros.system) / 1e6)}${postgresLine} (whole server)${faultsLine}${machineLine}` };
}

interface Actor {
  userId: string;
  address: string;
}
interface Account {
  id: string;
  organizationId: string;
  address: string;
  members: ElectorateMember[];
}
interface Organization {
  id: string;
  admin: Actor;
  accounts: Account[];
  settlement: { id: string; address: string };
}

const metadata = (occurredAt: string, actorId: string | null, organizationId: string | null): NewEvent['metadata'] => ({
  actorId,
  organizationId,
  correlationId: randomUUID(),
  causationId: null,
  occurredAt,
  schemaVersion: 1,
});

function newEvent<E extends { type: string; data: unknown }>(event: E, occurredAt: string, actorId: string | null = null, organizationId: string | null = null): NewEvent {
  return { id: randomUUID(), type: event.type, data: event.data, metadata: metadata(occurredAt, actorId, organizationId) };
}

const signature = { publicKey: toBase64(randomBytes(33)), signature: toBase64(randomBytes(64)) };

/** The generated log's writer; the chain's blocks in order, each after everything appended before it. */
class Writer extends LogWriter {
  private chainVersion = 1;

  constructor(store: EventStore) {
    super(store, APPENDS_IN_FLIGHT);
  }

  async block(data: BlockCommitted): Promise<void> {
    await this.drain();
    await this.append(CHAIN_STREAM, [newEvent({ type: 'BlockCommitted', data }, data.time)], this.chainVersion++);
    await this.drain();
  }
}

const txOf = (messages: ChainMessage[]) => {
  const bytes = TxRaw.encode({
    bodyBytes: TxBody.encode(TxBody.fromPartial({ messages: messages.map((message) => registry.encodeAsAny(message)) })).finish(),
    authInfoBytes: new Uint8Array(),
    signatures: [],
  }).finish();
  return { hash: txHash(bytes), tx: toBase64(bytes), code: 0, log: '' };
};

/** A year of activity: ~5 events per proposal, a block per 100 executed proposals, conversions and whitelist changes. */
async function generate(store: EventStore): Promise<{ central: Organization; banks: Organization[]; writer: Writer; height: number; instantPayments: InstantPaymentsHistory }> {
  const writer = new Writer(store);
  let clock = START;
  const at = (stepMs = 1000) => new Date((clock += stepMs)).toISOString();
  const token: TokenRegistered = {
    type: 'TokenRegistered',
    data: { tokenId: 'token_ulps', denom: DENOM, symbol: 'L', name: 'Lempira', exponent: 2, native: true, registeredBy: null, registeredAt: at() },
  };
  await writer.append('token-registry', [newEvent(token, token.data.registeredAt)]);

  const organization = async (name: string, type: 'CENTRAL' | 'COMMERCIAL', customAccounts: number): Promise<Organization> => {
    const id = randomUUID();
    const admin: Actor = { userId: randomUUID(), address: addressOf(`user-${id}`) };
    const settlement = { id: randomUUID(), address: addressOf(`settlement-${id}`) };
    const events: OrganizationEvent[] = [
      { type: 'OrganizationCreated', data: { organizationId: id, name, type, status: 'PENDING' } },
      { type: 'OrganizationActivated', data: { organizationId: id } },
    ];
    if (type === 'COMMERCIAL')
      events.push({ type: 'SettlementAccountProvisioned', data: { organizationId: id, accountId: settlement.id, address: settlement.address, encryptedPrivateKey: 'sealed', publicKey: signature.publicKey } });
    await writer.append(`organization-${id}`, events.map((event) => newEvent(event, at())));
    const registered: UserEvent = {
      type: 'UserRegistered',
      data: { userId: admin.userId, organizationId: id, kind: 'HUMAN', email: `admin@${id}.bench`, name: `${name} admin`, role: 'administrator', passwordHash: null, locale: 'es', invitationId: null, address: admin.address, publicKey: signature.publicKey, encryptedPrivateKey: 'sealed' },
    };
    await writer.append(`user-${admin.userId}`, [newEvent(registered, at())]);
    const labels = type === 'CENTRAL' ? ['Issuance', 'Bridging'] : ['Treasury'];
    for (let index = 0; index < customAccounts; index++) labels.push(`Account ${index + 1}`);
    const accounts: Account[] = [];
    for (const [index, label] of labels.entries()) {
      const account: Account = { id: randomUUID(), organizationId: id, address: policyAddressOf(`${id}-${label}`), members: [{ ...admin, weight: 1 }] };
      const created: AccountCreated = {
        type: 'AccountCreated',
        data: {
          accountId: account.id,
          organizationId: id,
          label,
          type: type === 'CENTRAL' && index < 2 ? (label.toUpperCase() as 'ISSUANCE' | 'BRIDGING') : 'CUSTOM',
          address: account.address,
          groupId: String(index + 1),
          members: account.members,
          threshold: 1,
          createdBy: admin.userId,
          createdAt: at(),
          txHash: txHash(hash(account.id)),
        },
      };
      await writer.append(`account-${account.id}`, [newEvent(created, created.data.createdAt, admin.userId, id)]);
      accounts.push(account);
    }
    if (type === 'COMMERCIAL') {
      const linked: OrganizationEvent = { type: 'ExchangeAddressSet', data: { organizationId: id, address: accounts[0]!.address, previousAddress: null } };
      await writer.append(`organization-${id}`, [newEvent(linked, at())]);
    }
    return { id, admin, accounts, settlement };
  };

  const central = await organization('Banco Central', 'CENTRAL', 10);
  const banks: Organization[] = [];
  for (let index = 0; index < BANKS; index++) banks.push(await organization(`Banco ${index + 1}`, 'COMMERCIAL', 1));
  const [issuance, bridging, ...reserves] = central.accounts as [Account, Account, ...Account[]];
  const balances = new Map<string, bigint>();
  const credit = (address: string, amount: bigint) => balances.set(address, (balances.get(address) ?? 0n) + amount);

  let height = 0;
  let pendingTxs: BlockCommitted['txs'] = [];
  let pendingProposals: Array<() => Promise<void>> = [];
  const cutBlock = async () => {
    const data: BlockCommitted = { height: ++height, time: at(50), txs: pendingTxs };
    await writer.block(data);
    for (const appendProposal of pendingProposals) await appendProposal();
    pendingTxs = [];
    pendingProposals = [];
  };

  let sequence = 0;
  const governanceEvents = Math.round(EVENTS * (1 - IP_SHARE));
  while (writer.written + pendingProposals.length * 6 < governanceEvents) {
    sequence++;
    const roll = sequence % 20;
    // 8 in 20 mint, 6 transfer (a third of them to a bank), 4 disburse, 1 stays open, 1 adds a whitelist entry.
    const kind: ProposalKind = roll < 8 ? 'MINT' : roll < 14 || roll === 18 ? 'TRANSFER' : roll < 18 ? 'DISBURSEMENT' : 'TRANSFER';
    if (roll === 19) {
      const account = reserves[sequence % reserves.length]!;
      const added: WhitelistAddressAdded = {
        type: 'WhitelistAddressAdded',
        data: { accountId: account.id, organizationId: central.id, entryId: randomUUID(), address: addressOf(`wl-${sequence}`), label: `Counterparty ${sequence}`, addedBy: central.admin.userId, addedAt: at(60_000) },
      };
      await writer.append(`whitelist-${account.id}`, [newEvent(added, added.data.addedAt, central.admin.userId, central.id)]);
      continue;
    }
    const bank = banks[sequence % banks.length]!;
    const source = kind === 'MINT' ? issuance : kind === 'DISBURSEMENT' ? bridging : reserves[sequence % reserves.length]!;
    const held = balances.get(source.address) ?? 0n;
    const amount = kind === 'MINT' ? BigInt(100_000 + (sequence % 1000) * 100) : held / 4n;
    if (amount === 0n) continue;
    const recipient =
      kind === 'MINT'
        ? [bridging, ...reserves][sequence % (reserves.length + 1)]!.address
        : kind === 'DISBURSEMENT' || sequence % 3 === 0
          ? bank.accounts[0]!.address
          : reserves[(sequence + 1) % reserves.length]!.address;
    const open = roll === 18;
    const proposalId = randomUUID();
    const createdAt = at(150_000);
    const message: ProposalMessage =
      kind === 'MINT'
        ? { '@type': '/osmosis.tokenfactory.v1beta1.MsgMint', sender: source.address, amount: { denom: DENOM, amount: String(amount) }, mintToAddress: recipient }
        : { '@type': '/cosmos.bank.v1beta1.MsgSend', fromAddress: source.address, toAddress: recipient, amount: [{ denom: DENOM, amount: String(amount) }] };
    const requestId = kind === 'DISBURSEMENT' ? randomUUID() : null;
    const submitted: ProposalEvent = {
      type: 'ProposalSubmitted',
      data: {
        proposalId, multisigId: source.id, organizationId: central.id, policyAddress: source.address, chainId: 'emisor-1', kind, title: `${kind.toLowerCase()} ${sequence}`,
        proposerId: central.admin.userId, proposerAddress: central.admin.address, messages: [message], groupChange: null, bridgingRequestId: requestId,
        electorate: source.members, threshold: open ? 2 : 1, groupVersion: 1, createdAt, votingEndsAt: new Date(Date.parse(createdAt) + 72 * 3_600_000).toISOString(), proposerSignature: signature,
      },
    };
    const voted: ProposalEvent = { type: 'VoteCast', data: { proposalId, userId: central.admin.userId, address: central.admin.address, option: 'YES', weight: 1, castAt: createdAt, signature } };
    const actor = [central.admin.userId, central.id] as const;
    if (open) {
      await writer.append(`proposal-${proposalId}`, [newEvent(submitted, createdAt, ...actor), newEvent(voted, createdAt, ...actor)]);
      continue;
    }
    if (requestId) {
      const requested: DisbursementRequestedEvent = {
        type: 'DisbursementRequested',
        data: { requestId, organizationId: bank.id, proposalId, accountId: bridging.id, amount: String(amount), denom: DENOM, exchangeAddress: recipient, recipient, requestedBy: central.admin.userId, requestedAt: createdAt },
      };
      await writer.append(`bridging-${bank.id}`, [newEvent(requested, createdAt, ...actor)]);
    }
    balances.set(source.address, held - (kind === 'MINT' ? 0n : amount));
    credit(recipient, amount);
    const nested = kind === 'MINT' ? msgMint(source.address, amount, DENOM, recipient) : msgSend(source.address, recipient, amount, DENOM);
    const tx = txOf([msgSubmitProposal({ policyAddress: source.address, proposers: [central.admin.address], messages: [nested], metadata: { proposalId, title: submitted.data.title, creatorId: central.admin.userId } })]);
    pendingTxs.push(tx);
    pendingProposals.push(async () => {
      const executedAt = at(10);
      const lifecycle: ProposalEvent[] = [
        submitted,
        voted,
        { type: 'ProposalAccepted', data: { proposalId, tally: { yes: 1, no: 0, abstain: 0, noWithVeto: 0 }, decidedAt: createdAt } },
        { type: 'ProposalExecutionStarted', data: { proposalId, attempt: 1, txHash: tx.hash, txBytes: tx.tx, signers: [central.admin.address], startedAt: createdAt } },
        { type: 'ProposalExecuted', data: { proposalId, attempt: 1, txHash: tx.hash, height, executorResult: 'SUCCESS', reason: null, executedAt } },
      ];
      await writer.append(`proposal-${proposalId}`, lifecycle.map((event) => newEvent(event, event.type === 'ProposalExecuted' ? executedAt : createdAt, ...actor)));
    });
    if (pendingTxs.length === TXS_PER_BLOCK) await cutBlock();
  }
  if (pendingTxs.length > 0) await cutBlock();
  const instantPayments = await generateInstantPayments(writer, banks, EVENTS, at);
  await writer.drain();
  return { central, banks, writer, height, instantPayments };
}

/**
 * Instant Payments history up to `total` events: IP_CLIENTS_PER_BANK clients per bank, then rounds of
 * IP_PAYMENTS_PER_ROUND payments per bank as the ledger appends them (80 % INTERNAL, 20 % to the next
 * bank, settled in a batch of the round), each recipient bank's receipts appended once every sent
 * payment is in the log.
 */
async function generateInstantPayments(writer: Writer, banks: Organization[], total: number, at: (stepMs?: number) => string): Promise<InstantPaymentsHistory> {
  const clientOf = (bank: Organization, index: number) => `${bank.id}-client-${index % IP_CLIENTS_PER_BANK}`;
  const aliasOf = (bank: Organization, index: number) => `c${index % IP_CLIENTS_PER_BANK}.${bank.id.slice(0, 8)}`;
  const ip = <E extends BankLedgerEvent>(event: E, bank: Organization) => newEvent(event, at(5), null, bank.id);
  for (const bank of banks) {
    const events: NewEvent[] = [];
    for (let index = 0; index < IP_CLIENTS_PER_BANK; index++) {
      const clientId = clientOf(bank, index);
      events.push(ip({ type: 'InstantPaymentClientRegistered', data: { clientId, organizationId: bank.id, name: `Client ${index}`, externalRef: null, demo: false, startingBalance: '100000000' } }, bank));
      events.push(ip({ type: 'InstantPaymentAliasActivated', data: { clientId, organizationId: bank.id, alias: aliasOf(bank, index) } }, bank));
    }
    await writer.append(bankLedgerStream(bank.id), events);
  }
  const receipts: Array<{ bank: Organization; event: NewEvent }> = [];
  let payment = 0;
  for (let batchNumber = 1; writer.written + receipts.length < total; batchNumber++)
    for (const [bankIndex, bank] of banks.entries()) {
      const next = banks[(bankIndex + 1) % banks.length]!;
      const events: NewEvent[] = [];
      const sent: BatchTransfer['payments'] = [];
      for (let index = 0; index < IP_PAYMENTS_PER_ROUND; index++, payment++) {
        const internal = index % 5 !== 0;
        const recipientBank = internal ? bank : next;
        const parties: PaymentParties = {
          paymentId: `ip-${payment}`,
          kind: internal ? 'INTERNAL' : 'CROSS_ORGANIZATION',
          amount: String(100 + (payment % 900)),
          reference: null,
          senderClientId: clientOf(bank, payment),
          senderOrganizationId: bank.id,
          senderAlias: aliasOf(bank, payment),
          recipientClientId: clientOf(recipientBank, payment + 1),
          recipientOrganizationId: recipientBank.id,
          recipientAlias: aliasOf(recipientBank, payment + 1),
          createdAt: at(1),
          requestFingerprint: null,
        };
        events.push(ip({ type: internal ? 'InstantPaymentTransferred' : 'InstantPaymentSent', data: parties }, bank));
        if (!internal) sent.push({ paymentId: parties.paymentId, recipientClientId: parties.recipientClientId, amount: parties.amount });
      }
      const amount = String(sent.reduce((sum, due) => sum + BigInt(due.amount), 0n));
      const txHash = createHash('sha256').update(`${bank.id}-${batchNumber}`).digest('hex').toUpperCase();
      const settledAt = at(1);
      events.push(
        ip({ type: 'InstantPaymentSettlementBatchStarted', data: { organizationId: bank.id, batchNumber, txHash, txBytes: '', from: bank.settlement.address, transfers: [{ organizationId: next.id, to: next.settlement.address, amount, payments: sent }] } }, bank),
        ip({ type: 'InstantPaymentSettlementBatchSettled', data: { organizationId: bank.id, batchNumber, txHash, height: batchNumber, settledAt } }, bank),
      );
      await writer.append(bankLedgerStream(bank.id), events);
      receipts.push({ bank: next, event: ip({ type: 'InstantPaymentsReceived', data: { organizationId: next.id, senderOrganizationId: bank.id, batchNumber, txHash, settledAt, payments: sent } }, next) });
    }
  // Receipts follow the payments they complete, as the settlement process orders them.
  await writer.drain();
  for (const { bank, event } of receipts) await writer.append(bankLedgerStream(bank.id), [event]);
  return { payments: payment, clientMoney: BigInt(banks.length * IP_CLIENTS_PER_BANK) * 100_000_000n };
}

interface InstantPaymentsHistory {
  payments: number;
  /** What the clients hold in all, whatever they paid each other. */
  clientMoney: bigint;
}

/**
 * Settlement traffic from one bank to another: EXPORT_ROWS payments, a thousand to a transaction as
 * the settlement process batches them, after a mint that funds the paying bank's settlement account.
 */
async function generateSettlements(writer: Writer, height: number, issuer: Account, from: Organization, to: Organization): Promise<number> {
  const PAYMENTS_PER_TX = 1000;
  const TXS = 10;
  let time = Date.now();
  const block = async (txs: BlockCommitted['txs']) => writer.block({ height: ++height, time: new Date((time += 100)).toISOString(), txs });
  await block([txOf([msgMint(issuer.address, BigInt(EXPORT_ROWS) * 1000n, DENOM, from.settlement.address)])]);
  for (let paid = 0; paid < EXPORT_ROWS; ) {
    const txs: BlockCommitted['txs'] = [];
    for (let tx = 0; tx < TXS && paid < EXPORT_ROWS; tx++) {
      const payments = Math.min(PAYMENTS_PER_TX, EXPORT_ROWS - paid);
      txs.push(txOf(Array.from({ length: payments }, (_, index) => msgSend(from.settlement.address, to.settlement.address, BigInt(100 + ((paid + index) % 900)), DENOM))));
      paid += payments;
    }
    await block(txs);
  }
  return height;
}

/**
 * The export server: a process of its own (so its memory is the export's alone) that streams
 * GET /export/transactions for the principal it is given, and reports its peak RSS when asked.
 */
async function exportServer(): Promise<void> {
  const db = createKnex(process.env.BENCH_EXPORT_DB!);
  const principal = (await findPrincipal(db, JSON.parse(process.env.BENCH_EXPORT_CLAIMS!) as AccessTokenClaims))!;
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const server = http.createServer((_request, response) => {
    void transactionsExport(db, principal, { format: 'csv' }).then((file) => {
      response.writeHead(200, { 'content-type': file.contentType });
      return pipeline(file.body, response);
    });
  });
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as AddressInfo).port }));
  process.on('message', () => {
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    process.send!({ peak, baseline }, () => {
      server.close();
      void db.destroy().then(() => process.exit(0));
    });
  });
}

/** Streams one export from its own server process to a client that discards it; the server's peak RSS. */
async function exportOnce(databaseUrl: string, claims: AccessTokenClaims): Promise<{ rows: number; bytes: number; ms: number; rss: number; baseline: number }> {
  const child = fork(__filename, ['export-server'], {
    execArgv: process.execArgv,
    env: { ...process.env, BENCH_EXPORT_DB: databaseUrl, BENCH_EXPORT_CLAIMS: JSON.stringify(claims) },
  });
  const [{ port }] = (await once(child, 'message')) as [{ port: number }];
  const started = Date.now();
  const { rows, bytes } = await new Promise<{ rows: number; bytes: number }>((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}/`, (response) => {
        let lines = -1;
        let total = 0;
        response.on('data', (chunk: Buffer) => {
          total += chunk.length;
          for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) lines++;
        });
        response.on('end', () => resolve({ rows: lines, bytes: total }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
  const ms = Date.now() - started;
  child.send('report');
  const [{ peak, baseline }] = (await once(child, 'message')) as [{ peak: number; baseline: number }];
  await once(child, 'exit');
  return { rows, bytes, ms, rss: peak, baseline };
}

/**
 * Catches up until the projections have applied `position`: a transaction still open anywhere on the
 * server keeps newer commits out of readers' sight for a while (the store's commit-order-safe reading).
 */
async function catchUpTo(runner: ProjectionRunner, position: GlobalPosition): Promise<void> {
  await runner.catchUp();
  while (!(await runner.waitFor(position, 0))) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.catchUp();
  }
}

async function measure(label: string, url: string, token: string, agent: http.Agent): Promise<string> {
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get(url, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.resume();
          response.on('end', () => (response.statusCode === 200 ? resolve(Number(process.hrtime.bigint() - started) / 1e6) : reject(new Error(`${url}: ${response.statusCode}`))));
        })
        .on('error', reject);
    });
  for (let index = 0; index < Math.min(200, REQUESTS); index++) await get();
  const latencies: number[] = [];
  for (let index = 0; index < REQUESTS; index++) latencies.push(await get());
  latencies.sort((a, b) => a - b);
  return `${label.padEnd(44)} p50 ${percentile(latencies, 0.5).toFixed(2).padStart(6)} ms   p99 ${percentile(latencies, 0.99).toFixed(2).padStart(6)} ms   (${REQUESTS} requests)`;
}

async function main(): Promise<void> {
  const server = await benchServer((line) => console.log(line));
  try {
    await measureOn(server);
  } finally {
    await server.stop();
  }
}

async function measureOn(server: BenchServer): Promise<void> {
  const serverUrl = server.url;
  const database = `emisor_bench_${randomBytes(4).toString('hex')}`;
  await createDatabase(serverUrl, database);
  const serverVersion = await withClient(serverUrl, async (client) => (await client.query<{ server_version: string }>('show server_version')).rows[0]!.server_version);
  const url = new URL(databaseUrl(serverUrl, database));
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: tmpdir(),
    JWT_SECRET: randomBytes(32).toString('hex'),
    KEY_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  });
  const logger = createLogger('silent');
  let runtime: Runtime | null = null;
  try {
    // The service as it runs, minus its own projection runner: the benchmark drives catch-up itself.
    runtime = await createRuntime(config, url.toString(), logger);
    const { services } = runtime;
    const processors = cpus();
    console.log(`Machine:    ${processors[0]?.model ?? 'unknown CPU'} × ${processors.length}, ${Math.round(totalmem() / 2 ** 30)} GiB`);
    console.log(`Runtime:    Node ${process.version}, PostgreSQL ${serverVersion} (${url.host})`);

    let started = Date.now();
    const { central, banks, writer, height, instantPayments } = await generate(services.eventStore);
    console.log(`Store:      ${writer.written.toLocaleString('en')} events generated in ${((Date.now() - started) / 1000).toFixed(0)} s (${BANKS} banks; ${Math.round(IP_SHARE * 100)} % Instant Payments history)`);

    const postgresCpu = await PostgresCpu.open(serverUrl);
    started = Date.now();
    const replay = await cpuPerEvent(postgresCpu, () => replayOnly(services.eventStore, writer.written, REPLAY_BATCH));
    const replayed = replay.result;
    const replayMs = Date.now() - started;
    const replayRate = (replayed / replayMs) * 1000;
    console.log(`Baseline:   replaying the log with no projection: ${replayed.toLocaleString('en')} events in ${(replayMs / 1000).toFixed(1)} s, ${rate(replayed, replayMs)}`);
    console.log(`            ${replay.line}`);

    // Every projection of the service, from zero, together: what a new deployment or a full rebuild costs.
    const every = allProjections();
    const runner = new ProjectionRunner(services.eventStore, services.db, every, logger);
    started = Date.now();
    const catchUp = await cpuPerEvent(postgresCpu, () => (PROFILE ? profiled(PROFILE, () => runner.catchUp()) : runner.catchUp()));
    await postgresCpu?.close();
    const read = catchUp.result;
    const readMs = Date.now() - started;
    const catchUpRate = (read / readMs) * 1000;
    console.log(
      `Catch-up:   all ${every.length} projections together from zero: ${read.toLocaleString('en')} events in ${(readMs / 1000).toFixed(1)} s, ` +
        `${rate(read, readMs)} (target ≥ 20,000/s), ${(catchUpRate / replayRate).toFixed(2)}× the replay baseline`,
    );
    console.log(`            ${catchUp.line}`);
    if (PROFILE) for (const line of summarizeProfile(readProfile(PROFILE), process.cwd())) console.log(`            ${line}`);
    const ipModel = (await services.db('ip_payments').select(services.db.raw('count(*)::int as payments'), services.db.raw("count(*) filter (where status <> 'COMPLETED')::int as open")).first()) as { payments: number; open: number };
    const held = (await services.db('ip_clients').sum({ held: 'balance' }).first()) as { held: string | null };
    const exact = ipModel.payments === instantPayments.payments && ipModel.open === 0 && BigInt(held.held ?? 0) === instantPayments.clientMoney;
    // A read model that differs from its log is a failed run, whatever the rates.
    if (!exact) process.exitCode = 1;
    console.log(
      `            Instant Payments read model: ${ipModel.payments.toLocaleString('en')} payments of ${instantPayments.payments.toLocaleString('en')} generated, ` +
        `${ipModel.open} not COMPLETED, clients hold ${held.held ?? 0} of ${instantPayments.clientMoney}` +
        (exact ? ' (exact)' : ' (MISMATCH)'),
    );
    for (const projection of [activityLogProjection, balancesProjection]) {
      started = Date.now();
      const report = await runner.rebuild(projection.name);
      const ms = Date.now() - started;
      console.log(`            ${projection.name} alone (a rebuild): ${report.events.toLocaleString('en')} events, ${report.projections[0]!.applied.toLocaleString('en')} applied, in ${(ms / 1000).toFixed(1)} s, ${rate(report.events, ms)}`);
    }

    // Fresh statistics, as autovacuum gathers them after a bulk load, so the planner sees the real sizes.
    await services.db.raw('analyze');
    const server = createApp(services).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // A staff token belongs to a session (the token check refuses one without `sid`): each reader opens one.
    let lastSession: GlobalPosition | null = null;
    const sessionFor = async (organization: Organization) => {
      const sessionId = randomUUID();
      const started: SessionEvent = {
        type: 'SessionStarted',
        data: { sessionId, userId: organization.admin.userId, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000).toISOString() },
      };
      lastSession = (await services.eventStore.append(sessionStream(sessionId), [newEvent(started, new Date().toISOString())], 'any')).position;
      return sessionId;
    };
    const tokenFor = async (organization: Organization, orgType: string) => {
      const sessionId = await sessionFor(organization);
      return jwt.sign({ sub: organization.admin.userId, org: organization.id, orgType, role: 'administrator', typ: 'access', sid: sessionId } satisfies AccessTokenClaims, services.jwtSecret, {
        algorithm: 'HS256',
        expiresIn: '1h',
      });
    };
    const issuer = await tokenFor(central, 'CENTRAL');
    const participant = await tokenFor(banks[0]!, 'COMMERCIAL');
    await catchUpTo(runner, lastSession!);
    const entries = Number((await services.db('activity_log_totals').where({ organization_id: central.id, multisig_id: '' }).first('entries'))?.entries ?? 0);
    console.log(`Reads:      over HTTP, one client, keep-alive; the issuer's feed holds ${entries.toLocaleString('en')} entries`);
    console.log(`  ${await measure('GET /dashboard/metrics (issuer)', `${base}/dashboard/metrics`, issuer, agent)}`);
    console.log(`  ${await measure('GET /dashboard/metrics (participant)', `${base}/dashboard/metrics`, participant, agent)}`);
    console.log(`  ${await measure('GET /activity-log (issuer, first page)', `${base}/activity-log`, issuer, agent)}`);
    console.log(`  ${await measure('GET /activity-log?multisigId= (an account)', `${base}/activity-log?multisigId=${central.accounts[2]!.id}`, issuer, agent)}`);
    console.log(`  ${await measure('GET /activity-log?page=100 (issuer)', `${base}/activity-log?page=100`, issuer, agent)}`);
    console.log(`  ${await measure('GET /activity-log (participant)', `${base}/activity-log`, participant, agent)}`);
    const bank = banks[0]!.id;
    const [bankPayments] = await services.db('ip_payments').where('sender_organization_id', bank).orWhere('recipient_organization_id', bank).count<{ n: string }[]>('* as n');
    const transactions = `${base}/organizations/${bank}/instant-payments/transactions`;
    console.log(`  the participant's Transactions tab over its ${Number(bankPayments!.n).toLocaleString('en')} payments (either side) of ${ipModel.payments.toLocaleString('en')}:`);
    console.log(`  ${await measure('GET …/instant-payments/transactions', transactions, participant, agent)}`);
    console.log(`  ${await measure('GET …/instant-payments/transactions?page=100', `${transactions}?page=100`, participant, agent)}`);
    console.log(`  ${await measure('GET …/transactions?kind=CROSS_ORGANIZATION', `${transactions}?kind=CROSS_ORGANIZATION`, participant, agent)}`);
    console.log(`  its Instant Payments dashboard and the issuer's oversight, over all time (settled payments summed by the hour):`);
    console.log(`  ${await measure('GET …/instant-payments/dashboard', `${base}/organizations/${bank}/instant-payments/dashboard`, participant, agent)}`);
    console.log(`  ${await measure('GET /instant-payments/oversight/summary', `${base}/instant-payments/oversight/summary`, issuer, agent)}`);
    console.log(`  ${await measure('GET /instant-payments/oversight/banks', `${base}/instant-payments/oversight/banks`, issuer, agent)}`);
    agent.destroy();

    const [payer, payee] = banks as [Organization, Organization];
    const settledHeight = await generateSettlements(writer, height, central.accounts[0]!, payer, payee);
    const payerAdmin = { sub: payer.admin.userId, org: payer.id, orgType: 'COMMERCIAL', role: 'administrator', typ: 'access', sid: await sessionFor(payer) } satisfies AccessTokenClaims;
    started = Date.now();
    await catchUpTo(runner, lastSession!);
    const movements = Number((await services.db('chain_movements').count<{ count: string }[]>('* as count'))[0]!.count);
    console.log(
      `Settlement: ${EXPORT_ROWS.toLocaleString('en')} payments in ${settledHeight - height} blocks folded in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${movements.toLocaleString('en')} movement rows in all)`,
    );
    server.close();
    const exported = await exportOnce(url.toString(), payerAdmin);
    console.log(
      `Export:     GET /export/transactions (CSV) ${exported.rows.toLocaleString('en')} rows, ${mib(exported.bytes)} in ${(exported.ms / 1000).toFixed(1)} s (${rate(exported.rows, exported.ms)}); ` +
        `the export server's RSS peak ${mib(exported.rss)} (${mib(exported.baseline)} before; target < 200 MiB)`,
    );
  } finally {
    await runtime?.stop();
    if (KEEP_DATABASE && !server.embedded) {
      console.log(`Database:   ${database} kept (BENCH_KEEP_DATABASE)`);
      return;
    }
    await dropDatabase(serverUrl, database);
  }
}

(process.argv[2] === 'export-server' ? exportServer() : main()).catch((error) => {
  console.error(error);
  process.exit(1);
});
