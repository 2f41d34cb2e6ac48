import { mulberry32 } from '../../support/seeded-random';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createPool, endPool } from '../../../runtime/database';
import { generateCustodyKey } from '../../../write-side/chain/keys';
import { signalGroup, startChild, type Child } from './processes';
import { compareReadModelsWithRebuild } from './read-models';

/**
 * The fault-injection workload (issue 10, deliverables a and d): against real service processes
 * (`runtime/main.ts`) it drives transfer proposals and their votes, mints and burns, INTERNAL and
 * cross-bank Instant Payments, all with Idempotency-Keys, keeps sending every unanswered request
 * with its key and body, and at the end checks the invariants:
 *  - every request was finally acknowledged (2xx), never ALREADY_VOTED / IN_USE for its own retry;
 *  - each acknowledged proposal, vote and payment exists exactly once;
 *  - every accepted proposal executed SUCCESS and moved exactly its amount;
 *  - each cross-bank payment ended COMPLETED, or FAILED with its sender refunded;
 *  - balances exact: clients against the payments, accounts against the live chain;
 *  - the live supply equals the executed mints minus the executed burns;
 *  - the read models equal a rebuild from the event log;
 *  - no Idempotency-Key claim is left PENDING.
 * What happens to the processes meanwhile (SIGKILLs, a second process) is the caller's part.
 */
export interface Answer {
  status: number;
  body: any;
}

export type OperationKind = 'proposal' | 'vote' | 'payment' | 'crossPayment' | 'mint' | 'burn';

/** One request the workload keeps sending, with the same key and body, until it is acknowledged. */
export interface Operation {
  kind: OperationKind;
  key: string;
  actor: 'a' | 'b' | 'payer' | 'admin';
  path: () => string | null;
  body: Record<string, string>;
  amount: bigint;
  recipient?: string;
  answer: Answer | null;
  sent: number;
}

export interface InvariantReport {
  requests: number;
  retries: number;
  invariantChecks: number;
  violations: string[];
  /** What the run acknowledged, by kind (a proposal and its vote are two). */
  acknowledged: Record<OperationKind, number>;
  /** Rows of the read models compared with their rebuild. */
  readModelRows: number;
  /** Answers 409 CONCURRENT_MODIFICATION (retried with the same key, as the answer asks). */
  concurrentModifications: number;
  /** Answers 401 to the payer's valid client token (retried). */
  clientTokensRefused: number;
}

const PASSWORD = 'a-good-long-password-2026';
const SEED_ADMIN = { email: 'admin@emisor.local', password: 'emisor-admin-2026' };
const MULTISIG_FUNDS = 1_000_000_000n;
/** Minted to ISSUANCE for the burns, and to each bank's settlement account to back its clients. */
const ISSUANCE_FUNDS = 1_000_000_000n;
const SETTLEMENT_FUNDS = 100_000_000_000n;
/** Each demo wallet's starting balance: far more than a soak run pays. */
const WALLET_FUNDS = 1_000_000_000n;

/** A draw that lands in each kind's range of `addFlows`: transfer, INTERNAL, cross-bank, mint, burn. */
const EVERY_KIND = [0.1, 0.4, 0.7, 0.9, 0.97];

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The services' connections are named (PGAPPNAME; the leader's and the settlement claims' name
 * themselves emisor-…), so that a check can tell them from its own.
 */
const SERVICE_CONNECTIONS = 'emisor-service';

/**
 * Until PostgreSQL has closed every connection of the services. A SIGKILLed process's last COMMIT,
 * already sent, still runs in its backend, which exits only after it: a catch-up read before then
 * misses that transaction's events, and the rebuild after it finds them (seen once in CI: a block's
 * events in the rebuilt chain read models and not in the live ones).
 */
async function servicesDisconnected(db: Knex, timeoutMs = 30_000): Promise<void> {
  for (const started = Date.now(); ; await pause(50)) {
    const [open] = await db('pg_stat_activity').whereRaw('datname = current_database()').whereLike('application_name', 'emisor%').count<{ n: string }[]>('* as n');
    if (Number(open!.n) === 0) return;
    if (Date.now() - started > timeoutMs) throw new Error(`the services' ${open!.n} connections still open ${timeoutMs} ms after they were stopped`);
  }
}

/** One service process (`runtime/main.ts`) on a port, in a process group of its own. */
export class ServiceProcess {
  private child: Child | null = null;
  private readonly ended: string[] = [];
  readonly base: string;

  constructor(
    readonly port: number,
    private readonly env: NodeJS.ProcessEnv,
  ) {
    this.base = `http://127.0.0.1:${port}`;
  }

  /** The service's environment: demo data, fast blocks, wallets rich enough for any run. */
  static environment(databaseUrl: string, port: number, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
    return {
      ...process.env,
      JWT_SECRET: 'fault-injection-jwt-secret-long-enough-for-hs256',
      KEY_ENCRYPTION_KEY: '0e'.repeat(32),
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      NODE_ENV: 'development',
      DEMO_DATA: 'true',
      PASSWORD_HASH_COST: '10',
      CHAIN_BLOCK_MS: '50',
      DEMO_STARTING_BALANCE: String(WALLET_FUNDS),
      PGAPPNAME: SERVICE_CONNECTIONS,
      ...extra,
    };
  }

  get running(): boolean {
    return this.child !== null;
  }

  async start(): Promise<void> {
    this.child = (await startChild('runtime/main.ts', [], this.env, /Emisor is running at/, 120_000)).child;
  }

  /** SIGKILL of the whole process group: nothing gets to finish or clean up. */
  async kill(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child) return;
    await signalGroup(child, 'SIGKILL');
    this.ended.push(child.output());
  }

  /** What each run of the process wrote (stdout and stderr), the current one last. */
  lives(): string[] {
    return this.child ? [...this.ended, this.child.output()] : [...this.ended];
  }

  /** True once the process has exited, checked for a moment. */
  async exited(): Promise<boolean> {
    if (!this.child) return true;
    return Promise.race([this.child.exited.then(() => true), pause(50).then(() => false)]);
  }
}

export async function call(base: string, method: string, path: string, body: unknown, token?: string, key?: string): Promise<Answer> {
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

/** Which process a request goes to: any running one (the caller picks), for this attempt of the operation (null: a login). */
export type Router = (operation: Operation | null) => string;

interface Wallet {
  id: string;
  start: bigint;
}

export class Workload {
  readonly operations: Operation[] = [];
  private requests = 0;
  private retries = 0;
  private invariantChecks = 0;
  private readonly violations: string[] = [];
  private readModelRows = 0;
  private concurrentModifications = 0;
  private clientTokensRefused = 0;
  private serial = 0;

  private constructor(
    private readonly seed: number,
    private readonly random: () => number,
    private readonly db: Knex,
    private readonly tokens: Map<string, string>,
    private readonly members: Map<string, { id: string; email: string }>,
    private readonly multisig: { id: string; address: string },
    private readonly issuance: { id: string; address: string },
    private readonly banks: string[],
    private readonly wallets: Map<'payer' | 'payee' | 'foreignPayee', Wallet>,
    private readonly aliases: { payee: string; foreignPayee: string },
    private readonly settlementsAtStart: bigint[],
  ) {}

  /**
   * Sets the stage through the API, without faults: two members with a 2-of-2 multisig funded from
   * ISSUANCE, burnable funds on ISSUANCE, a second bank, both banks' settlement accounts funded, and
   * three wallets with aliases: a payer and a payee at the demo bank, a payee at the second bank.
   */
  static async prepare(seed: number, db: Knex, base: string): Promise<Workload> {
    const ask = (method: string, path: string, body: unknown, token?: string) => call(base, method, path, body, token);
    const must = async (what: string, expected: number, answer: Promise<Answer>) => {
      const got = await answer;
      if (got.status !== expected) throw new Error(`${what}: ${got.status} ${JSON.stringify(got.body)}`);
      return got.body;
    };
    const tokens = new Map<string, string>();
    tokens.set('admin', (await must('admin login', 200, ask('POST', '/auth/login', SEED_ADMIN))).accessToken);
    const register = async (email: string, name: string) => {
      const outbox = await ask('GET', `/dev/outbox?to=${encodeURIComponent(email)}`, null);
      const token = new URL(outbox.body.items[0].link).searchParams.get('token');
      return must(`register ${email}`, 201, ask('POST', '/auth/register', { token, name, password: PASSWORD }));
    };
    const members = new Map<string, { id: string; email: string }>();
    for (const name of ['a', 'b']) {
      const email = `fault-${name}-${randomBytes(4).toString('hex')}@emisor.test`;
      await must('invite', 201, ask('POST', '/invitations', { email, role: 'member' }, tokens.get('admin')));
      const registered = await register(email, `Fault ${name}`);
      members.set(name, { id: registered.user.id, email });
      tokens.set(name, registered.accessToken);
    }
    const multisig = await must(
      'multisig',
      201,
      ask('POST', '/multisigs', { label: 'Fault injection', members: [...members.values()].map((member) => ({ userId: member.id, weight: 1 })), threshold: 2 }, tokens.get('admin')),
    );
    const issuance = await db('accounts').where({ type: 'ISSUANCE' }).first('id', 'address');
    const mint = async (title: string, amount: bigint, recipient?: string) => {
      const minted = await ask('POST', `/multisigs/${issuance.id}/proposals/mint`, { title, amount: String(amount), denom: 'ulps', ...(recipient ? { recipient } : {}) }, tokens.get('admin'));
      if (minted.body?.executorResult !== 'SUCCESS') throw new Error(`${title}: ${minted.status} ${JSON.stringify(minted.body)}`);
    };
    await mint('Fault setup: multisig funds', MULTISIG_FUNDS, multisig.address);
    await mint('Fault setup: burnable funds', ISSUANCE_FUNDS);
    // A second bank, so that payments cross banks and settle on the chain.
    const demoBank = await db('organizations').where({ type: 'COMMERCIAL' }).orderBy('created_at').first('id');
    const secondBank = await must('bank', 201, ask('POST', '/organizations', { name: `Fault Dos ${randomBytes(3).toString('hex')}`, type: 'COMMERCIAL' }, tokens.get('admin')));
    const bankAdminEmail = `fault-bank-${randomBytes(4).toString('hex')}@emisor.test`;
    await must('bank admin', 201, ask('POST', `/organizations/${secondBank.id}/admins/invite`, { email: bankAdminEmail }, tokens.get('admin')));
    await register(bankAdminEmail, 'Fault bank admin');
    const banks = [demoBank.id as string, secondBank.id as string];
    for (const organizationId of banks) await mint('Fault setup: settlement funds', SETTLEMENT_FUNDS, (await settlementOf(base, tokens.get('admin')!, organizationId)).address);
    const wallets = new Map<'payer' | 'payee' | 'foreignPayee', Wallet>();
    const aliases = { payee: '', foreignPayee: '' };
    for (const [name, organizationId] of [['payer', banks[0]], ['payee', banks[0]], ['foreignPayee', banks[1]]] as const) {
      const created = await must('demo client', 201, ask('POST', '/instant-payments/demo/clients', { organizationId, name: `Fault ${name}` }));
      const alias = `fault.${name.toLowerCase()}${randomBytes(3).toString('hex')}`;
      await must('alias', 200, ask('POST', `/instant-payments/demo/clients/${created.client.id}/alias`, { alias }, created.clientToken));
      wallets.set(name, { id: created.client.id, start: BigInt(created.client.balance) });
      if (name === 'payer') tokens.set(name, created.clientToken);
      else aliases[name] = alias;
    }
    const settlementsAtStart = await Promise.all(banks.map(async (organizationId) => (await settlementOf(base, tokens.get('admin')!, organizationId)).balance));
    return new Workload(seed, mulberry32(seed), db, tokens, members, multisig, issuance, banks, wallets, aliases, settlementsAtStart);
  }

  /** A seeded random number in [0, 1), shared with the caller so one seed replays the whole run. */
  next(): number {
    return this.random();
  }

  /**
   * Adds `count` flows, each one of: a transfer proposal and its vote; an INTERNAL payment; a
   * cross-bank payment; a mint; a burn. The first five are one of each, so every kind is exercised.
   */
  addFlows(count: number): void {
    for (let flow = 0; flow < count; flow++) {
      const serial = ++this.serial;
      const amount = BigInt(1 + Math.floor(this.random() * 1000));
      const drawn = this.random();
      const draw = serial <= EVERY_KIND.length ? EVERY_KIND[serial - 1]! : drawn;
      if (draw < 0.35) {
        const recipient = generateCustodyKey('emisor').address;
        const proposal: Operation = {
          kind: 'proposal',
          key: `fault-proposal-${this.seed}-${serial}`,
          actor: 'a',
          path: () => `/multisigs/${this.multisig.id}/proposals/transfer`,
          body: { title: `Fault transfer ${serial}`, amount: String(amount), denom: 'ulps', recipient },
          amount,
          recipient,
          answer: null,
          sent: 0,
        };
        const vote: Operation = {
          kind: 'vote',
          key: `fault-vote-${this.seed}-${serial}`,
          actor: 'b',
          path: () => (proposal.answer ? `/multisigs/${this.multisig.id}/proposals/${proposal.answer.body.id}/votes` : null),
          body: { option: 'YES' },
          amount,
          answer: null,
          sent: 0,
        };
        this.operations.push(proposal, vote);
      } else if (draw < 0.85) {
        this.operations.push(this.payment(serial, amount, draw >= 0.6));
      } else {
        const burn = draw >= 0.95;
        const recipient = burn ? undefined : generateCustodyKey('emisor').address;
        this.operations.push({
          kind: burn ? 'burn' : 'mint',
          key: `fault-${burn ? 'burn' : 'mint'}-${this.seed}-${serial}`,
          actor: 'admin',
          path: () => `/multisigs/${this.issuance.id}/proposals/${burn ? 'burn' : 'mint'}`,
          body: { title: `Fault ${burn ? 'burn' : 'mint'} ${serial}`, amount: String(amount), denom: 'ulps', ...(recipient ? { recipient } : {}) },
          amount,
          recipient,
          answer: null,
          sent: 0,
        });
      }
    }
  }

  /** One more cross-bank payment (to see which process settles it). */
  addCrossBankPayment(amount: bigint): void {
    this.operations.push(this.payment(++this.serial, amount, true));
  }

  private payment(serial: number, amount: bigint, crossBank: boolean): Operation {
    return {
      kind: crossBank ? 'crossPayment' : 'payment',
      key: `fault-payment-${this.seed}-${serial}`,
      actor: 'payer',
      path: () => '/instant-payments/payments',
      body: { recipientAlias: crossBank ? this.aliases.foreignPayee : this.aliases.payee, amount: String(amount) },
      amount,
      answer: null,
      sent: 0,
    };
  }

  unanswered(): number {
    return this.operations.filter((operation) => !operation.answer).length;
  }

  /**
   * Sends what is unanswered (a vote once its proposal is answered), again and again, until every
   * request is answered or `gone()` says no process is left to answer.
   */
  async drive(route: Router, gone: () => Promise<boolean>): Promise<void> {
    for (;;) {
      const ready = this.operations.filter((operation) => !operation.answer && operation.path() !== null);
      if (ready.length === 0) return;
      const outcomes = await Promise.allSettled(ready.map((operation) => this.send(route, operation)));
      if (outcomes.some((outcome) => outcome.status === 'rejected')) {
        if (await gone()) return;
        await pause(200);
      } else if (this.operations.some((operation) => !operation.answer && operation.path() !== null)) await pause(500);
    }
  }

  private async send(route: Router, operation: Operation): Promise<void> {
    this.requests += 1;
    if (operation.sent++ > 0) this.retries += 1;
    const answer = await call(route(operation), 'POST', operation.path()!, operation.body, this.tokens.get(operation.actor), operation.key);
    if (answer.status === 401 && operation.actor === 'payer') {
      // A valid client token refused: with two processes, one whose bank ledger in memory predates the
      // client (see two-processes.test.ts). Counted, and sent again (to the process the next attempt picks).
      this.clientTokensRefused += 1;
      return;
    }
    if (answer.status === 401) {
      // An access token issued before a restart may be refused while sessions catch up: log in again.
      const member = this.members.get(operation.actor);
      const login = await call(route(null), 'POST', '/auth/login', member ? { email: member.email, password: PASSWORD } : SEED_ADMIN);
      if (login.status === 200) this.tokens.set(operation.actor, login.body.accessToken);
      return;
    }
    // Busy (a claim held by a killed attempt until its lease ends) or unavailable: send again later.
    if (answer.status === 503 || answer.body?.code === 'IDEMPOTENCY_KEY_IN_USE') return;
    // A write that lost a race for its stream more often than the service retries: the answer asks for a retry.
    if (answer.body?.code === 'CONCURRENT_MODIFICATION') {
      this.concurrentModifications += 1;
      return;
    }
    if (answer.status === 404) {
      // Its own resource not found: a violation (the work may well be recorded), and sent again, so
      // that what follows from it (a vote naming the proposal, the balances) is still checked.
      this.violations.push(`${operation.kind} ${operation.key} answered 404 ${answer.body?.code ?? ''} (attempt ${operation.sent}): ${answer.body?.detail ?? ''}`);
      return;
    }
    operation.answer = answer;
    if (answer.status >= 300) this.violations.push(`${operation.kind} ${operation.key} answered ${answer.status} ${answer.body?.code ?? ''}: ${answer.body?.detail ?? ''}`);
  }

  /** Retries until every request is acknowledged (bounded), with nothing killed any more. */
  async settle(route: Router, gone: () => Promise<boolean>, timeoutMs = 120_000): Promise<void> {
    const settleBy = Date.now() + timeoutMs;
    while (this.unanswered() > 0 && Date.now() < settleBy) {
      await this.drive(route, gone);
      if (this.unanswered() > 0) await pause(1000);
    }
  }

  private check(holds: boolean, what: string): void {
    this.invariantChecks += 1;
    if (!holds) this.violations.push(what);
  }

  /**
   * Waits for quiescence (every accepted proposal executed, every payment finished), checks every
   * invariant through `base`, then calls `stopServices` and compares the read models with a rebuild.
   */
  async checkInvariants(base: string, databaseUrl: string, stopServices: () => Promise<void>): Promise<InvariantReport> {
    const { db } = this;
    const admin = this.tokens.get('admin')!;
    for (const operation of this.operations) this.check(operation.answer !== null && operation.answer.status < 300, `${operation.kind} ${operation.key} acknowledged`);

    const workloadProposals = () =>
      db('proposals').where((where) =>
        where.where({ account_id: this.multisig.id }).orWhere((issued) => issued.where({ account_id: this.issuance.id }).where('title', 'like', 'Fault %').whereNot('title', 'like', 'Fault setup%')),
      );
    const quietBy = Date.now() + 120_000;
    for (;;) {
      const open = await workloadProposals().whereRaw("(status <> 'ACCEPTED' or coalesce(executor_result, '') <> 'SUCCESS')").count('* as n').first();
      const pending = await db('ip_payments').where({ sender_client_id: this.wallets.get('payer')!.id, status: 'PENDING' }).count('* as n').first();
      if ((Number(open?.n) === 0 && Number(pending?.n) === 0) || Date.now() > quietBy) break;
      await pause(500);
    }

    // Proposals (transfers, mints, burns): one per key, each ACCEPTED and executed SUCCESS, with its votes.
    const proposalKinds = new Set<OperationKind>(['proposal', 'mint', 'burn']);
    const proposals = this.operations.filter((operation) => proposalKinds.has(operation.kind));
    const rows: { id: string; account_id: string; status: string; executor_result: string | null }[] = await workloadProposals().select(
      'id',
      'account_id',
      'status',
      'executor_result',
    );
    this.check(rows.length === proposals.length, `one proposal per proposal key: ${rows.length} proposals for ${proposals.length} keys`);
    const ids = new Set(proposals.map((operation) => operation.answer?.body?.id));
    this.check(ids.size === proposals.length, 'every proposal key answered with its own proposal');
    for (const row of rows) {
      this.check(ids.has(row.id), `proposal ${row.id} was acknowledged to a key`);
      this.check(row.status === 'ACCEPTED' && row.executor_result === 'SUCCESS', `proposal ${row.id} ended ${row.status}/${row.executor_result}`);
      if (row.account_id !== this.multisig.id) continue;
      const votes = await db('proposal_votes').where({ proposal_id: row.id }).select('user_id', 'option');
      this.check(votes.length === 2 && votes.every((vote) => vote.option === 'YES'), `proposal ${row.id} has exactly its two YES votes (${votes.length})`);
    }
    let moved = 0n;
    for (const proposal of proposals.filter((operation) => operation.recipient)) {
      const balance = await db('chain_balances').where({ address: proposal.recipient!, denom: 'ulps' }).first('amount');
      this.check(BigInt(balance?.amount ?? 0) === proposal.amount, `${proposal.kind} ${proposal.key} moved exactly ${proposal.amount} (got ${balance?.amount ?? 0})`);
      if (proposal.kind === 'proposal') moved += proposal.amount;
    }
    const live = await call(base, 'GET', `/multisigs/${this.multisig.id}/balance`, null, admin);
    const remaining = (live.body?.balances ?? []).find((balance: { denom: string }) => balance.denom === 'ulps')?.amount ?? '0';
    this.check(BigInt(remaining) === MULTISIG_FUNDS - moved, `multisig balance on the chain ${remaining} = ${MULTISIG_FUNDS - moved}`);

    // Supply: what the chain holds equals every executed mint minus every executed burn, since genesis.
    const executed: { kind: string; messages: { amount?: { denom: string; amount: string } }[] }[] = await db('proposals')
      .whereIn('kind', ['MINT', 'BURN'])
      .where({ executor_result: 'SUCCESS' })
      .select('kind', 'messages');
    let expectedSupply = 0n;
    for (const proposal of executed)
      for (const message of proposal.messages)
        if (message.amount?.denom === 'ulps') expectedSupply += (proposal.kind === 'MINT' ? 1n : -1n) * BigInt(message.amount.amount);
    const supply = await call(base, 'GET', '/tokens/autodetect?denom=ulps', null, admin);
    this.check(supply.status === 200 && BigInt(supply.body.supply) === expectedSupply, `live supply ${supply.body?.supply} = executed mints minus burns ${expectedSupply}`);

    // Payments: one per key; INTERNAL ones COMPLETED; cross-bank ones COMPLETED, or FAILED and refunded.
    const payments = this.operations.filter((operation) => operation.kind === 'payment' || operation.kind === 'crossPayment');
    const paymentRows: { id: string; kind: string; status: string; amount: string }[] = await db('ip_payments')
      .where({ sender_client_id: this.wallets.get('payer')!.id })
      .select('id', 'kind', 'status', 'amount');
    this.check(paymentRows.length === payments.length, `one payment per payment key: ${paymentRows.length} payments for ${payments.length} keys`);
    this.check(new Set(payments.map((operation) => operation.answer?.body?.id)).size === payments.length, 'every payment key answered with its own payment');
    const rowsById = new Map(paymentRows.map((row) => [row.id, row]));
    let internal = 0n;
    let crossed = 0n;
    for (const payment of payments) {
      const row = rowsById.get(payment.answer?.body?.id);
      const kind = payment.kind === 'crossPayment' ? 'CROSS_ORGANIZATION' : 'INTERNAL';
      this.check(row?.kind === kind && BigInt(row.amount) === payment.amount, `payment ${payment.key} recorded once as ${kind} of ${payment.amount}`);
      const ended = kind === 'INTERNAL' ? ['COMPLETED'] : ['COMPLETED', 'FAILED'];
      this.check(row !== undefined && ended.includes(row.status), `payment ${payment.key} ended ${row?.status}`);
      if (row?.status !== 'COMPLETED') continue;
      if (kind === 'INTERNAL') internal += payment.amount;
      else crossed += payment.amount;
    }
    const balanceOf = async (name: 'payer' | 'payee' | 'foreignPayee') => BigInt((await db('ip_clients').where({ id: this.wallets.get(name)!.id }).first('balance')).balance);
    // A FAILED payment is refunded: the payer is short only what was COMPLETED.
    const expected = {
      payer: this.wallets.get('payer')!.start - internal - crossed,
      payee: this.wallets.get('payee')!.start + internal,
      foreignPayee: this.wallets.get('foreignPayee')!.start + crossed,
    };
    for (const name of ['payer', 'payee', 'foreignPayee'] as const) {
      const actual = await balanceOf(name);
      this.check(actual === expected[name], `${name} balance ${actual} = ${expected[name]}`);
    }
    // On the chain, the settled cross-bank payments moved from the first bank's settlement account to the second's.
    const settlements = await Promise.all(this.banks.map(async (organizationId) => (await settlementOf(base, admin, organizationId)).balance));
    this.check(settlements[0] === this.settlementsAtStart[0]! - crossed, `sending bank's settlement account ${settlements[0]} = ${this.settlementsAtStart[0]! - crossed}`);
    this.check(settlements[1] === this.settlementsAtStart[1]! + crossed, `receiving bank's settlement account ${settlements[1]} = ${this.settlementsAtStart[1]! + crossed}`);

    const stuck = await db('idempotency_keys').where({ status: 'PENDING' }).count('* as n').first();
    this.check(Number(stuck?.n) === 0, `no Idempotency-Key claim left PENDING (${stuck?.n})`);

    // Read models equal a rebuild, with the services stopped (their live projections would race the rebuild).
    await stopServices();
    await servicesDisconnected(db);
    const pool = createPool(databaseUrl, 4);
    try {
      const compared = await compareReadModelsWithRebuild(db, pool);
      this.readModelRows = compared.rows;
      this.invariantChecks += compared.tables;
      this.violations.push(...compared.differences);
    } finally {
      await endPool(pool);
    }
    return this.report();
  }

  report(): InvariantReport {
    const acknowledged: Record<OperationKind, number> = { proposal: 0, vote: 0, payment: 0, crossPayment: 0, mint: 0, burn: 0 };
    for (const operation of this.operations) if (operation.answer && operation.answer.status < 300) acknowledged[operation.kind] += 1;
    return {
      requests: this.requests,
      retries: this.retries,
      invariantChecks: this.invariantChecks,
      violations: [...this.violations],
      acknowledged,
      readModelRows: this.readModelRows,
      concurrentModifications: this.concurrentModifications,
      clientTokensRefused: this.clientTokensRefused,
    };
  }
}

/** A bank's settlement account as the chain holds it now (the live balance, not a read model). */
async function settlementOf(base: string, adminToken: string, organizationId: string): Promise<{ address: string; balance: bigint }> {
  const organization = await call(base, 'GET', `/organizations/${organizationId}`, null, adminToken);
  const account = organization.body?.settlementAccount;
  if (!account?.balance) throw new Error(`settlement account of ${organizationId}: ${organization.status} ${JSON.stringify(organization.body)}`);
  return { address: account.address as string, balance: BigInt(account.balance.amount) };
}
