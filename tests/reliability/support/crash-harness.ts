import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { createKnex } from '../../../runtime/database';
import { generateCustodyKey } from '../../../write-side/chain/keys';
import { signalGroup, startChild, type Child } from './processes';

/**
 * The crash harness (issue 10, deliverable a): runs the real service (`runtime/main.ts`) as a child
 * process on a database of its own, drives proposals, votes and Instant Payments with
 * Idempotency-Keys, SIGKILLs the whole process group at seeded random points, restarts it, retries
 * every unanswered request with its key and body, and at the end checks the invariants:
 *  - every request was finally acknowledged (2xx), never ALREADY_VOTED / IN_USE for its own retry;
 *  - each acknowledged proposal, vote and payment exists exactly once;
 *  - every accepted proposal executed SUCCESS and its transfer moved exactly its amount;
 *  - the multisig's balance and the clients' balances are exact;
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
}

const PASSWORD = 'a-good-long-password-2026';
const SECRETS = { JWT_SECRET: 'crash-harness-jwt-secret-long-enough-for-hs256', KEY_ENCRYPTION_KEY: '0e'.repeat(32) };
const MULTISIG_FUNDS = 1_000_000_000n;

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
  kind: 'proposal' | 'vote' | 'payment';
  key: string;
  actor: 'a' | 'b' | 'payer';
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
    const issuance = await db('accounts').where({ type: 'ISSUANCE' }).first('id');
    const funded = await call(
      'POST',
      `/multisigs/${issuance.id}/proposals/mint`,
      { title: 'Crash harness funds', amount: String(MULTISIG_FUNDS), denom: 'ulps', recipient: multisig.body.address },
      tokens.get('admin'),
    );
    if (funded.body?.executorResult !== 'SUCCESS') throw new Error(`funding: ${funded.status} ${JSON.stringify(funded.body)}`);
    const bank = await db('organizations').where({ type: 'COMMERCIAL' }).orderBy('created_at').first('id');
    const wallets = new Map<string, { id: string; token: string; start: bigint }>();
    for (const name of ['payer', 'payee']) {
      const created = await call('POST', '/instant-payments/demo/clients', { organizationId: bank.id, name: `Crash ${name}` });
      if (created.status !== 201) throw new Error(`demo client: ${created.status} ${JSON.stringify(created.body)}`);
      const alias = `crash.${name}${randomBytes(3).toString('hex')}`;
      const aliased = await call('POST', `/instant-payments/demo/clients/${created.body.client.id}/alias`, { alias }, created.body.clientToken);
      if (aliased.status !== 200) throw new Error(`alias: ${aliased.status} ${JSON.stringify(aliased.body)}`);
      wallets.set(name, { id: created.body.client.id, token: created.body.clientToken, start: BigInt(created.body.client.balance) });
      tokens.set(name, created.body.clientToken);
    }
    const payeeAlias = (await db('ip_clients').where({ id: wallets.get('payee')!.id }).first('alias')).alias as string;

    const operations: Operation[] = [];
    const flows = options.flowsPerRound ?? 4;
    let serial = 0;
    const newFlows = () => {
      for (let flow = 0; flow < flows; flow++) {
        serial += 1;
        const amount = BigInt(1 + Math.floor(random() * 1000));
        if (random() < 0.5) {
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
        } else {
          const payment: Operation = {
            kind: 'payment',
            key: `crash-payment-${options.seed}-${serial}`,
            actor: 'payer',
            path: () => '/instant-payments/payments',
            body: { recipientAlias: payeeAlias, amount: String(amount) },
            amount,
            answer: null,
            sent: 0,
          };
          operations.push(payment);
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
            if (answer.status === 401 && (operation.actor === 'a' || operation.actor === 'b')) {
              tokens.set(operation.actor, await login(members.get(operation.actor)!.email, PASSWORD));
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
    const quietBy = Date.now() + 120_000;
    for (;;) {
      const open = await db('proposals').where({ account_id: multisig.body.id }).whereRaw("status <> 'ACCEPTED' or coalesce(executor_result, '') <> 'SUCCESS'").count('* as n').first();
      const pending = await db('ip_payments').where({ sender_client_id: wallets.get('payer')!.id, status: 'PENDING' }).count('* as n').first();
      if ((Number(open?.n) === 0 && Number(pending?.n) === 0) || Date.now() > quietBy) break;
      await pause(500);
    }

    const proposals = operations.filter((operation) => operation.kind === 'proposal');
    const rows: { id: string; status: string; executor_result: string | null }[] = await db('proposals').where({ account_id: multisig.body.id }).select('id', 'status', 'executor_result');
    check(rows.length === proposals.length, `one proposal per proposal key: ${rows.length} proposals for ${proposals.length} keys`);
    const ids = new Set(proposals.map((operation) => operation.answer?.body?.id));
    check(ids.size === proposals.length, 'every proposal key answered with its own proposal');
    for (const row of rows) {
      check(ids.has(row.id), `proposal ${row.id} was acknowledged to a key`);
      check(row.status === 'ACCEPTED' && row.executor_result === 'SUCCESS', `proposal ${row.id} ended ${row.status}/${row.executor_result}`);
      const votes = await db('proposal_votes').where({ proposal_id: row.id }).select('user_id', 'option');
      check(votes.length === 2 && votes.every((vote) => vote.option === 'YES'), `proposal ${row.id} has exactly its two YES votes (${votes.length})`);
    }
    let moved = 0n;
    for (const proposal of proposals) {
      const balance = await db('chain_balances').where({ address: proposal.recipient!, denom: 'ulps' }).first('amount');
      check(BigInt(balance?.amount ?? 0) === proposal.amount, `transfer ${proposal.key} moved exactly ${proposal.amount} (got ${balance?.amount ?? 0})`);
      moved += proposal.amount;
    }
    const remaining = await db('chain_balances').where({ address: multisig.body.address, denom: 'ulps' }).first('amount');
    check(BigInt(remaining?.amount ?? 0) === MULTISIG_FUNDS - moved, `multisig balance ${remaining?.amount} = ${MULTISIG_FUNDS - moved}`);

    const payments = operations.filter((operation) => operation.kind === 'payment');
    const paid = payments.reduce((sum, operation) => sum + operation.amount, 0n);
    const paymentRows = await db('ip_payments').where({ sender_client_id: wallets.get('payer')!.id }).select('id', 'status');
    check(paymentRows.length === payments.length, `one payment per payment key: ${paymentRows.length} payments for ${payments.length} keys`);
    check(paymentRows.every((row) => row.status === 'COMPLETED'), 'every payment COMPLETED');
    const payer = await db('ip_clients').where({ id: wallets.get('payer')!.id }).first('balance');
    const payee = await db('ip_clients').where({ id: wallets.get('payee')!.id }).first('balance');
    check(BigInt(payer.balance) === wallets.get('payer')!.start - paid, `payer balance ${payer.balance} = ${wallets.get('payer')!.start - paid}`);
    check(BigInt(payee.balance) === wallets.get('payee')!.start + paid, `payee balance ${payee.balance} = ${wallets.get('payee')!.start + paid}`);
    const stuck = await db('idempotency_keys').where({ status: 'PENDING' }).count('* as n').first();
    check(Number(stuck?.n) === 0, `no Idempotency-Key claim left PENDING (${stuck?.n})`);
  } finally {
    await kill().catch(() => undefined);
    await db.destroy();
  }
  return { seed: options.seed, killPoints: options.killPoints, requests, retries, invariantChecks, violations, durationMs: Date.now() - started };
}
