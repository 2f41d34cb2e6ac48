import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createKnex, createPool } from '../../../runtime/database';
import { generateCustodyKey } from '../../../write-side/chain/keys';
import { signalGroup, startChild, type Child } from './processes';
import { compareReadModelsWithRebuild } from './read-models';

/**
 * The crash harness (issue 10, deliverable a): runs the real service (`runtime/main.ts`) as a child
 * process on a database of its own, drives transfer proposals and their votes, mints and burns,
 * INTERNAL and cross-bank Instant Payments, all with Idempotency-Keys, SIGKILLs the whole process
 * group at seeded random points, restarts it, retries every unanswered request with its key and body,
 * and at the end checks the invariants:
 *  - every request was finally acknowledged (2xx), never ALREADY_VOTED / IN_USE for its own retry;
 *  - each acknowledged proposal, vote and payment exists exactly once;
 *  - every accepted proposal executed SUCCESS and moved exactly its amount;
 *  - each cross-bank payment ended COMPLETED, or FAILED with its sender refunded;
 *  - balances exact: clients against the payments, accounts against the live chain;
 *  - the live supply equals the executed mints minus the executed burns;
 *  - the read models equal a rebuild from the event log;
 *  - no Idempotency-Key claim is left PENDING.
 * Everything random comes from the seed, which the report prints so a failure replays.
 */
export interface CrashRunOptions {
  seed: number;
  killPoints: number;
  databaseUrl: string;
  port: number;
  /** Concurrent flows per round (a proposal and its vote; a payment). */
  flowsPerRound?: number;
  log?: (line: string) => void;
}

export interface CrashRunReport {
  seed: number;
  killPoints: number;
  requests: number;
  retries: number;
  invariantChecks: number;
  violations: string[];
  durationMs: number;
  /** What the run acknowledged, by kind (a proposal and its vote are two). */
  acknowledged: Record<Operation['kind'], number>;
  /** Rows of the read models compared with their rebuild. */
  readModelRows: number;
}

const PASSWORD = 'a-good-long-password-2026';
const SECRETS = { JWT_SECRET: 'crash-harness-jwt-secret-long-enough-for-hs256', KEY_ENCRYPTION_KEY: '0e'.repeat(32) };
const MULTISIG_FUNDS = 1_000_000_000n;
/** Minted to ISSUANCE for the burns, and to each bank's settlement account to back its clients. */
const ISSUANCE_FUNDS = 1_000_000_000n;
const SETTLEMENT_FUNDS = 100_000_000_000n;
/** Each demo wallet's starting balance: far more than a soak run pays. */
const WALLET_FUNDS = 1_000_000_000n;

/** mulberry32: a small seeded generator, enough to replay the same kill points. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Answer {
  status: number;
  body: any;
}

/** One request the harness keeps sending, with the same key and body, until it is acknowledged. */
interface Operation {
  kind: 'proposal' | 'vote' | 'payment' | 'crossPayment' | 'mint' | 'burn';
  key: string;
  actor: 'a' | 'b' | 'payer' | 'admin';
  path: () => string | null;
  body: Record<string, string>;
  amount: bigint;
  recipient?: string;
  answer: Answer | null;
  sent: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runCrashHarness(options: CrashRunOptions): Promise<CrashRunReport> {
  const started = Date.now();
  const random = generator(options.seed);
  const log = options.log ?? (() => undefined);
  const base = `http://127.0.0.1:${options.port}`;
  const violations: string[] = [];
  let invariantChecks = 0;
  const check = (holds: boolean, what: string) => {
    invariantChecks += 1;
    if (!holds) violations.push(what);
  };
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...SECRETS,
    DATABASE_URL: options.databaseUrl,
    PORT: String(options.port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    NODE_ENV: 'development',
    DEMO_DATA: 'true',
    PASSWORD_HASH_COST: '10',
    CHAIN_BLOCK_MS: '50',
    DEMO_STARTING_BALANCE: String(WALLET_FUNDS),
  };
  let service: Child | null = null;
  const start = async () => {
    service = (await startChild('runtime/main.ts', [], env, /Emisor is running at/, 120_000)).child;
  };
  const kill = async () => {
    if (service) await signalGroup(service, 'SIGKILL');
    service = null;
  };

  async function call(method: string, path: string, body: unknown, token?: string, key?: string): Promise<Answer> {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(key ? { 'idempotency-key': key } : {}),
      },
      body: method === 'GET' ? undefined : JSON.stringify(body ?? {}),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  }

  const db: Knex = createKnex(options.databaseUrl, 2);
  let requests = 0;
  let retries = 0;
  let readModelRows = 0;
  const operations: Operation[] = [];
  try {
    await start();
    // Setup, without kills: two members with a 2-of-2 multisig funded from the ISSUANCE account, two demo wallets.
    const config = { email: 'admin@emisor.local', password: 'emisor-admin-2026' };
    const login = async (email: string, password: string) => {
      const answer = await call('POST', '/auth/login', { email, password });
      if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${JSON.stringify(answer.body)}`);
      return answer.body.accessToken as string;
    };
    const tokens = new Map<string, string>();
    tokens.set('admin', await login(config.email, config.password));
    const members = new Map<string, { id: string; email: string }>();
    for (const name of ['a', 'b']) {
      const email = `crash-${name}-${randomBytes(4).toString('hex')}@emisor.test`;
      const invited = await call('POST', '/invitations', { email, role: 'member' }, tokens.get('admin'));
      if (invited.status !== 201) throw new Error(`invite: ${invited.status} ${JSON.stringify(invited.body)}`);
      const outbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(email)}`, null);
      const token = new URL(outbox.body.items[0].link).searchParams.get('token');
      const registered = await call('POST', '/auth/register', { token, name: `Crash ${name}`, password: PASSWORD });
      if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
      members.set(name, { id: registered.body.user.id, email });
      tokens.set(name, registered.body.accessToken);
    }
    const multisig = await call(
      'POST',
      '/multisigs',
      { label: 'Crash harness', members: [...members.values()].map((member) => ({ userId: member.id, weight: 1 })), threshold: 2 },
      tokens.get('admin'),
    );
    if (multisig.status !== 201) throw new Error(`multisig: ${multisig.status} ${JSON.stringify(multisig.body)}`);
    const issuance = await db('accounts').where({ type: 'ISSUANCE' }).first('id', 'address');
    const mint = async (title: string, amount: bigint, recipient?: string) => {
      const minted = await call('POST', `/multisigs/${issuance.id}/proposals/mint`, { title, amount: String(amount), denom: 'ulps', ...(recipient ? { recipient } : {}) }, tokens.get('admin'));
      if (minted.body?.executorResult !== 'SUCCESS') throw new Error(`${title}: ${minted.status} ${JSON.stringify(minted.body)}`);
    };
    await mint('Crash harness funds', MULTISIG_FUNDS, multisig.body.address);
    await mint('Crash harness burnable funds', ISSUANCE_FUNDS);
    // A second bank, so that payments cross banks and settle on the chain.
    const demoBank = await db('organizations').where({ type: 'COMMERCIAL' }).orderBy('created_at').first('id');
    const secondBank = await call('POST', '/organizations', { name: `Crash Dos ${randomBytes(3).toString('hex')}`, type: 'COMMERCIAL' }, tokens.get('admin'));
    if (secondBank.status !== 201) throw new Error(`bank: ${secondBank.status} ${JSON.stringify(secondBank.body)}`);
    const bankAdminEmail = `crash-bank-${randomBytes(4).toString('hex')}@emisor.test`;
    const bankAdmin = await call('POST', `/organizations/${secondBank.body.id}/admins/invite`, { email: bankAdminEmail }, tokens.get('admin'));
    if (bankAdmin.status !== 201) throw new Error(`bank admin: ${bankAdmin.status} ${JSON.stringify(bankAdmin.body)}`);
    const bankOutbox = await call('GET', `/dev/outbox?to=${encodeURIComponent(bankAdminEmail)}`, null);
    const bankAdminToken = new URL(bankOutbox.body.items[0].link).searchParams.get('token');
    const bankRegistered = await call('POST', '/auth/register', { token: bankAdminToken, name: 'Crash bank admin', password: PASSWORD });
    if (bankRegistered.status !== 201) throw new Error(`bank admin register: ${bankRegistered.status} ${JSON.stringify(bankRegistered.body)}`);
    const banks = [demoBank.id as string, secondBank.body.id as string];
    /** A bank's settlement account as the chain holds it now (the live balance, not a read model). */
    const settlement = async (organizationId: string) => {
      const organization = await call('GET', `/organizations/${organizationId}`, null, tokens.get('admin'));
      const account = organization.body?.settlementAccount;
      if (!account?.balance) throw new Error(`settlement account of ${organizationId}: ${organization.status} ${JSON.stringify(organization.body)}`);
      return { address: account.address as string, balance: BigInt(account.balance.amount) };
    };
    for (const organizationId of banks) await mint('Crash harness settlement funds', SETTLEMENT_FUNDS, (await settlement(organizationId)).address);
    const wallets = new Map<string, { id: string; token: string; start: bigint }>();
    for (const [name, organizationId] of [['payer', banks[0]], ['payee', banks[0]], ['foreignPayee', banks[1]]] as const) {
      const created = await call('POST', '/instant-payments/demo/clients', { organizationId, name: `Crash ${name}` });
      if (created.status !== 201) throw new Error(`demo client: ${created.status} ${JSON.stringify(created.body)}`);
      const alias = `crash.${name.toLowerCase()}${randomBytes(3).toString('hex')}`;
      const aliased = await call('POST', `/instant-payments/demo/clients/${created.body.client.id}/alias`, { alias }, created.body.clientToken);
      if (aliased.status !== 200) throw new Error(`alias: ${aliased.status} ${JSON.stringify(aliased.body)}`);
      wallets.set(name, { id: created.body.client.id, token: created.body.clientToken, start: BigInt(created.body.client.balance) });
      if (name === 'payer') tokens.set(name, created.body.clientToken);
    }
    const aliasOf = async (name: string) => (await db('ip_clients').where({ id: wallets.get(name)!.id }).first('alias')).alias as string;
    const payeeAlias = await aliasOf('payee');
    const foreignPayeeAlias = await aliasOf('foreignPayee');
    const settlementsAtStart = await Promise.all(banks.map(settlement));
    const serviceAdminLogin = config;

    const flows = options.flowsPerRound ?? 4;
    let serial = 0;
    const newFlows = () => {
      for (let flow = 0; flow < flows; flow++) {
        serial += 1;
        const amount = BigInt(1 + Math.floor(random() * 1000));
        // A transfer proposal and its vote; an INTERNAL payment; a cross-bank payment; a mint; a burn.
        const draw = random();
        if (draw < 0.35) {
          const recipient = generateCustodyKey('emisor').address;
          const proposal: Operation = {
            kind: 'proposal',
            key: `crash-proposal-${options.seed}-${serial}`,
            actor: 'a',
            path: () => `/multisigs/${multisig.body.id}/proposals/transfer`,
            body: { title: `Crash ${serial}`, amount: String(amount), denom: 'ulps', recipient },
            amount,
            recipient,
            answer: null,
            sent: 0,
          };
          const vote: Operation = {
            kind: 'vote',
            key: `crash-vote-${options.seed}-${serial}`,
            actor: 'b',
            path: () => (proposal.answer ? `/multisigs/${multisig.body.id}/proposals/${proposal.answer.body.id}/votes` : null),
            body: { option: 'YES' },
            amount,
            answer: null,
            sent: 0,
          };
          operations.push(proposal, vote);
        } else if (draw < 0.85) {
          const crossBank = draw >= 0.6;
          operations.push({
            kind: crossBank ? 'crossPayment' : 'payment',
            key: `crash-payment-${options.seed}-${serial}`,
            actor: 'payer',
            path: () => '/instant-payments/payments',
            body: { recipientAlias: crossBank ? foreignPayeeAlias : payeeAlias, amount: String(amount) },
            amount,
            answer: null,
            sent: 0,
          });
        } else {
          const burn = draw >= 0.95;
          const recipient = burn ? undefined : generateCustodyKey('emisor').address;
          operations.push({
            kind: burn ? 'burn' : 'mint',
            key: `crash-${burn ? 'burn' : 'mint'}-${options.seed}-${serial}`,
            actor: 'admin',
            path: () => `/multisigs/${issuance.id}/proposals/${burn ? 'burn' : 'mint'}`,
            body: { title: `Crash ${burn ? 'burn' : 'mint'} ${serial}`, amount: String(amount), denom: 'ulps', ...(recipient ? { recipient } : {}) },
            amount,
            recipient,
            answer: null,
            sent: 0,
          });
        }
      }
    };

    /** Sends what is unanswered (a vote after its proposal), until every one is answered or the process dies. */
    const drive = async () => {
      for (;;) {
        const ready = operations.filter((operation) => !operation.answer && operation.path() !== null);
        if (ready.length === 0) return;
        const outcomes = await Promise.allSettled(
          ready.map(async (operation) => {
            requests += 1;
            if (operation.sent++ > 0) retries += 1;
            const answer = await call('POST', operation.path()!, operation.body, tokens.get(operation.actor), operation.key);
            if (answer.status === 401 && operation.actor !== 'payer') {
              const member = members.get(operation.actor);
              tokens.set(operation.actor, await login(member?.email ?? serviceAdminLogin.email, member ? PASSWORD : serviceAdminLogin.password));
              return;
            }
            // Busy (a claim held by a killed attempt until its lease ends) or unavailable: send again later.
            if (answer.status === 503 || answer.body?.code === 'IDEMPOTENCY_KEY_IN_USE') return;
            operation.answer = answer;
            if (answer.status >= 300) violations.push(`${operation.kind} ${operation.key} answered ${answer.status} ${answer.body?.code ?? ''}: ${answer.body?.detail ?? ''}`);
          }),
        );
        if (outcomes.some((outcome) => outcome.status === 'rejected')) {
          if (!service || (await Promise.race([service.exited.then(() => true), pause(50).then(() => false)]))) return;
          await pause(200);
        } else if (operations.some((operation) => !operation.answer && operation.path() !== null)) await pause(500);
      }
    };

    for (let point = 1; point <= options.killPoints; point++) {
      newFlows();
      const delay = Math.floor(random() * 1500);
      const driving = drive();
      await pause(delay);
      await kill();
      await driving.catch(() => undefined);
      log(`kill point ${point}/${options.killPoints} after ${delay} ms: ${operations.filter((operation) => !operation.answer).length} unanswered`);
      await start();
    }
    // The last run is not killed: every unanswered request is retried until acknowledged.
    const settleBy = Date.now() + 120_000;
    while (operations.some((operation) => !operation.answer) && Date.now() < settleBy) {
      await drive();
      if (operations.some((operation) => !operation.answer)) await pause(1000);
    }
    for (const operation of operations) check(operation.answer !== null && operation.answer.status < 300, `${operation.kind} ${operation.key} acknowledged`);

    // Quiescence: every accepted proposal executed, every payment finished.
    const harnessProposals = () =>
      db('proposals').where((where) => where.where({ account_id: multisig.body.id }).orWhere((issued) => issued.where({ account_id: issuance.id }).where('title', 'like', 'Crash %')));
    const quietBy = Date.now() + 120_000;
    for (;;) {
      const open = await harnessProposals().whereRaw("(status <> 'ACCEPTED' or coalesce(executor_result, '') <> 'SUCCESS')").count('* as n').first();
      const pending = await db('ip_payments').where({ sender_client_id: wallets.get('payer')!.id, status: 'PENDING' }).count('* as n').first();
      if ((Number(open?.n) === 0 && Number(pending?.n) === 0) || Date.now() > quietBy) break;
      await pause(500);
    }

    // Proposals (transfers, mints, burns): one per key, each ACCEPTED and executed SUCCESS, with its votes.
    const proposalKinds = new Set<Operation['kind']>(['proposal', 'mint', 'burn']);
    const proposals = operations.filter((operation) => proposalKinds.has(operation.kind));
    const rows: { id: string; account_id: string; status: string; executor_result: string | null }[] = await harnessProposals()
      .whereNot('title', 'like', 'Crash harness %')
      .select('id', 'account_id', 'status', 'executor_result');
    check(rows.length === proposals.length, `one proposal per proposal key: ${rows.length} proposals for ${proposals.length} keys`);
    const ids = new Set(proposals.map((operation) => operation.answer?.body?.id));
    check(ids.size === proposals.length, 'every proposal key answered with its own proposal');
    for (const row of rows) {
      check(ids.has(row.id), `proposal ${row.id} was acknowledged to a key`);
      check(row.status === 'ACCEPTED' && row.executor_result === 'SUCCESS', `proposal ${row.id} ended ${row.status}/${row.executor_result}`);
      if (row.account_id !== multisig.body.id) continue;
      const votes = await db('proposal_votes').where({ proposal_id: row.id }).select('user_id', 'option');
      check(votes.length === 2 && votes.every((vote) => vote.option === 'YES'), `proposal ${row.id} has exactly its two YES votes (${votes.length})`);
    }
    let moved = 0n;
    for (const proposal of proposals.filter((operation) => operation.recipient)) {
      const balance = await db('chain_balances').where({ address: proposal.recipient!, denom: 'ulps' }).first('amount');
      check(BigInt(balance?.amount ?? 0) === proposal.amount, `${proposal.kind} ${proposal.key} moved exactly ${proposal.amount} (got ${balance?.amount ?? 0})`);
      if (proposal.kind === 'proposal') moved += proposal.amount;
    }
    const live = await call('GET', `/multisigs/${multisig.body.id}/balance`, null, tokens.get('admin'));
    const remaining = (live.body?.balances ?? []).find((balance: { denom: string }) => balance.denom === 'ulps')?.amount ?? '0';
    check(BigInt(remaining) === MULTISIG_FUNDS - moved, `multisig balance on the chain ${remaining} = ${MULTISIG_FUNDS - moved}`);

    // Supply: what the chain holds equals every executed mint minus every executed burn, since genesis.
    const executed: { kind: string; messages: { '@type': string; amount: { denom: string; amount: string } }[] }[] = await db('proposals')
      .whereIn('kind', ['MINT', 'BURN'])
      .where({ executor_result: 'SUCCESS' })
      .select('kind', 'messages');
    let expectedSupply = 0n;
    for (const proposal of executed)
      for (const message of proposal.messages)
        if (message.amount?.denom === 'ulps') expectedSupply += (proposal.kind === 'MINT' ? 1n : -1n) * BigInt(message.amount.amount);
    const supply = await call('GET', '/tokens/autodetect?denom=ulps', null, tokens.get('admin'));
    check(supply.status === 200 && BigInt(supply.body.supply) === expectedSupply, `live supply ${supply.body?.supply} = executed mints minus burns ${expectedSupply}`);

    // Payments: one per key; INTERNAL ones COMPLETED; cross-bank ones COMPLETED, or FAILED and refunded.
    const payments = operations.filter((operation) => operation.kind === 'payment' || operation.kind === 'crossPayment');
    const paymentRows: { id: string; kind: string; status: string; amount: string }[] = await db('ip_payments')
      .where({ sender_client_id: wallets.get('payer')!.id })
      .select('id', 'kind', 'status', 'amount');
    check(paymentRows.length === payments.length, `one payment per payment key: ${paymentRows.length} payments for ${payments.length} keys`);
    const paymentIds = new Set(payments.map((operation) => operation.answer?.body?.id));
    check(paymentIds.size === payments.length, 'every payment key answered with its own payment');
    const rowsById = new Map(paymentRows.map((row) => [row.id, row]));
    let internal = 0n;
    let crossed = 0n;
    for (const payment of payments) {
      const row = rowsById.get(payment.answer?.body?.id);
      const kind = payment.kind === 'crossPayment' ? 'CROSS_ORGANIZATION' : 'INTERNAL';
      check(row?.kind === kind && BigInt(row.amount) === payment.amount, `payment ${payment.key} recorded once as ${kind} of ${payment.amount}`);
      const ended = kind === 'INTERNAL' ? ['COMPLETED'] : ['COMPLETED', 'FAILED'];
      check(row !== undefined && ended.includes(row.status), `payment ${payment.key} ended ${row?.status}`);
      if (row?.status !== 'COMPLETED') continue;
      if (kind === 'INTERNAL') internal += payment.amount;
      else crossed += payment.amount;
    }
    const balanceOf = async (name: string) => BigInt((await db('ip_clients').where({ id: wallets.get(name)!.id }).first('balance')).balance);
    // A FAILED payment is refunded: the payer is short only what was COMPLETED.
    const payerExpected = wallets.get('payer')!.start - internal - crossed;
    check((await balanceOf('payer')) === payerExpected, `payer balance ${await balanceOf('payer')} = ${payerExpected}`);
    check((await balanceOf('payee')) === wallets.get('payee')!.start + internal, `payee balance = ${wallets.get('payee')!.start + internal}`);
    check((await balanceOf('foreignPayee')) === wallets.get('foreignPayee')!.start + crossed, `foreign payee balance = ${wallets.get('foreignPayee')!.start + crossed}`);
    // On the chain, the settled cross-bank payments moved from the first bank's settlement account to the second's.
    const settlementsAtEnd = await Promise.all(banks.map(settlement));
    check(settlementsAtEnd[0]!.balance === settlementsAtStart[0]!.balance - crossed, `sending bank's settlement account ${settlementsAtEnd[0]!.balance} = ${settlementsAtStart[0]!.balance - crossed}`);
    check(settlementsAtEnd[1]!.balance === settlementsAtStart[1]!.balance + crossed, `receiving bank's settlement account ${settlementsAtEnd[1]!.balance} = ${settlementsAtStart[1]!.balance + crossed}`);

    const stuck = await db('idempotency_keys').where({ status: 'PENDING' }).count('* as n').first();
    check(Number(stuck?.n) === 0, `no Idempotency-Key claim left PENDING (${stuck?.n})`);

    // Read models equal a rebuild, with the service stopped (its live projections would race the rebuild).
    await kill();
    const pool = createPool(options.databaseUrl, 4);
    try {
      const compared = await compareReadModelsWithRebuild(db, pool);
      readModelRows = compared.rows;
      invariantChecks += compared.tables;
      violations.push(...compared.differences);
    } finally {
      await pool.end();
    }
  } finally {
    await kill().catch(() => undefined);
    await db.destroy();
  }
  const acknowledged = { proposal: 0, vote: 0, payment: 0, crossPayment: 0, mint: 0, burn: 0 };
  for (const operation of operations) if (operation.answer && operation.answer.status < 300) acknowledged[operation.kind] += 1;
  return {
    seed: options.seed,
    killPoints: options.killPoints,
    requests,
    retries,
    invariantChecks,
    violations,
    durationMs: Date.now() - started,
    acknowledged,
    readModelRows,
  };
}
