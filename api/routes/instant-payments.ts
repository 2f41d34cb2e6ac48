import { createHash, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  bankClientView,
  bankDashboard,
  bankExport,
  clientMovements,
  clientName,
  getClient,
  getPaymentFor,
  listBankClients,
  listBankPayments,
  paymentView,
} from '../../read-side/instant-payments';
import { findOrganization, listOrganizationsIn, getOrganization } from '../../read-side/organizations';
import { payeeOf } from '../../read-side/payees';
import { tokenDisplay } from '../../read-side/tokens';
import { notFound } from '../../write-side/errors';
import { rateLimit } from '../../runtime/rate-limiter';
import type { ClientPrincipal, Services } from '../../runtime/services';
import { fingerprintOf, idempotentId } from '../../write-side/idempotency';
import {
  activateAlias,
  aliasAvailable,
  cashIn,
  cashOut,
  clientOf,
  deactivateClient,
  pay,
  registerClient,
  revokeClientToken,
  requireAlias,
} from '../../write-side/instant-payments/commands';
import type { PaymentParties, PaymentStatus } from '../../write-side/instant-payments/events';
import { authorize, type Principal } from '../abilities';
import { commandContext } from '../command-context';
import { IdempotencyHeaders, idempotent } from '../governance';
import { Amount, datedQuery, Id, page, pageQuery, z } from '../openapi';
import { sendFile } from '../download';
import { ability, CLIENT, defineRoute, PUBLIC, type RouteContext } from '../route';

/**
 * Public demo endpoints and the alias look-ups are throttled per caller address, counted in PostgreSQL
 * (every API process shares them). The payee look-up tells a masked name: its limit keeps anyone from
 * walking through the aliases.
 */
export const DEMO_LIMITS = {
  registration: { limit: 20, windowMs: 60_000 },
  alias: { limit: 30, windowMs: 60_000 },
  availability: { limit: 120, windowMs: 60_000 },
  payee: { limit: 60, windowMs: 60_000 },
} as const;

const throttle = (context: Pick<RouteContext<unknown, unknown, unknown>, 'services' | 'req'>, what: keyof typeof DEMO_LIMITS) =>
  rateLimit(context.services, `ip-demo-${what}:${context.req.ip ?? 'unknown'}`, DEMO_LIMITS[what].limit, DEMO_LIMITS[what].windowMs);

/**
 * Client tokens: the same HS256 secret as staff tokens, told apart by `typ: 'client'`; they name the
 * client's bank (whose ledger answers whether they still hold), carry an id (logout revokes it) and
 * expire after CLIENT_TOKEN_TTL.
 */
export const issueClientToken = (services: Pick<Services, 'jwtSecret' | 'config'>, clientId: string, organizationId: string) =>
  jwt.sign({ sub: clientId, org: organizationId, typ: 'client' }, services.jwtSecret, {
    algorithm: 'HS256',
    expiresIn: Math.floor(services.config.CLIENT_TOKEN_TTL / 1000),
    jwtid: randomUUID(),
  });

/** Token answers must not be kept by any cache. */
const NO_STORE = { 'Cache-Control': 'no-store' };

/**
 * The calling client: its alias and balance as its bank's ledger has them (read-your-writes: the ledger
 * is the write side), its name from the read model, which a registration waits for.
 */
async function meView(services: Services, { organizationId, clientId }: Pick<ClientPrincipal, 'organizationId' | 'clientId'>) {
  const [ledgerClient, name] = await Promise.all([clientOf(services.payments, organizationId, clientId), clientName(services.db, clientId)]);
  if (!ledgerClient || name === null) throw notFound('Client');
  return { id: ledgerClient.clientId, name, organizationId, alias: ledgerClient.alias, balance: ledgerClient.balance.toString() };
}

/** The contract's demo routes exist only with IP_DEMO_ENABLED. */
const requireDemo = (services: Services) => {
  if (!services.config.IP_DEMO_ENABLED) throw notFound('Route');
};

/** A payment as the ledger holds it (decided by this request, or remembered for its retry). */
const paymentViewOf = (payment: PaymentParties, status: PaymentStatus) => ({
  id: payment.paymentId,
  kind: payment.kind,
  status,
  amount: payment.amount,
  senderAlias: payment.senderAlias,
  recipientAlias: payment.recipientAlias,
  reference: payment.reference,
  createdAt: payment.createdAt,
  settledAt: status === 'COMPLETED' ? payment.createdAt : null,
  txHash: null,
  failureCode: null,
});

const ClientParams = z.object({ organizationId: Id, clientId: Id });
const CashBody = z.strictObject({ amount: Amount, reference: z.string().trim().max(140).optional() });
const CashMovement = z
  .object({ id: z.string(), kind: z.enum(['CASH_IN', 'CASH_OUT']), clientId: z.string(), amount: z.string(), reference: z.string().nullable(), balance: z.string() })
  .openapi('InstantPaymentCashMovement');

/** A bank's staff act on their own bank's clients only (another bank's, or none: 404). */
async function ownClient(context: RouteContext<{ organizationId: string; clientId: string }, unknown, unknown>, action: 'create' | 'manage') {
  const { services, principal, params } = context;
  authorize(principal, action, 'InstantPayment', { organizationId: params.organizationId }, 'Organization');
  if (!(await clientOf(services.payments, params.organizationId, params.clientId))) throw notFound('Client');
}

function cashRoute(kind: 'CASH_IN' | 'CASH_OUT') {
  const path = kind === 'CASH_IN' ? 'cash-in' : 'cash-out';
  return defineRoute({
    method: 'post',
    path: `/organizations/:organizationId/instant-payments/clients/:clientId/${path}`,
    summary:
      kind === 'CASH_IN'
        ? 'The client paid fiat in at the bank: credits the client, within the bank’s backing headroom'
        : 'The client took fiat out at the bank: debits the client',
    tags: ['Instant Payments'],
    access: ability('create', 'InstantPayment'),
    params: ClientParams,
    headers: IdempotencyHeaders,
    body: CashBody,
    responses: {
      201: { description: 'The movement and the client’s new balance', schema: CashMovement },
      404: { description: 'Not a client of the caller’s bank' },
      422: { description: kind === 'CASH_IN' ? 'INSUFFICIENT_SETTLEMENT_LIQUIDITY, CLIENT_DEACTIVATED, ORGANIZATION_NOT_ACTIVE' : 'INSUFFICIENT_FUNDS, CLIENT_DEACTIVATED, ORGANIZATION_NOT_ACTIVE' },
    },
    handler: async (context) => {
      await ownClient(context, 'create');
      return idempotent(context, async (key) => {
        const { services, params, body } = context;
        const movementId = key ? idempotentId('instant-payment-cash', params.clientId, key) : randomUUID();
        const input = { organizationId: params.organizationId, clientId: params.clientId, movementId, amount: BigInt(body.amount), reference: body.reference ?? null };
        await (kind === 'CASH_IN' ? cashIn : cashOut)(services.payments, commandContext(context), input);
        const client = await clientOf(services.payments, params.organizationId, params.clientId);
        return {
          status: 201,
          body: { id: movementId, kind, clientId: params.clientId, amount: body.amount, reference: input.reference, balance: client!.balance.toString() },
        };
      });
    },
  });
}

const Client = z
  .object({ id: z.string(), name: z.string(), organizationId: z.string(), alias: z.string().nullable(), balance: z.string() })
  .openapi('InstantPaymentClient');
const BankClient = Client.extend({ externalRef: z.string().nullable(), demo: z.boolean(), active: z.boolean(), createdAt: z.string() }).openapi('InstantPaymentBankClient');
const Registered = z.object({ client: Client, clientToken: z.string() }).openapi('InstantPaymentClientRegistration');
const Payment = z
  .object({
    id: z.string(),
    kind: z.enum(['INTERNAL', 'CROSS_ORGANIZATION']),
    status: z.enum(['PENDING', 'COMPLETED', 'FAILED']),
    amount: z.string(),
    senderAlias: z.string(),
    recipientAlias: z.string(),
    reference: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
    txHash: z.string().nullable(),
    failureCode: z.string().nullable(),
  })
  .openapi('InstantPayment');
const Movement = Payment.extend({ direction: z.enum(['IN', 'OUT']) }).openapi('InstantPaymentMovement');
const BankPayment = Payment.extend({ direction: z.enum(['IN', 'OUT', 'INTERNAL']) }).openapi('InstantPaymentBankTransaction');
const Kpi = z.object({ volume: z.string(), count: z.number().int(), average: z.string() });
export const Distribution = {
  byDay: z.array(z.object({ day: z.string(), volume: z.string(), count: z.number().int() })),
  byHour: z.array(z.object({ hour: z.number().int(), volume: z.string(), count: z.number().int() })),
};
const Balances = z
  .object({ address: z.string(), balances: z.array(z.object({ denom: z.string(), symbol: z.string(), exponent: z.number().int(), amount: z.string() })) })
  .openapi('SettlementAccountBalance');

const Name = z.string().trim().min(1).max(100);
const AliasInput = z.string().min(1).max(40);
const OrgParams = z.object({ organizationId: Id });

/** read · InstantPayment on the path's organization: another bank's is 404. */
async function ownBank(services: Services, principal: Principal, organizationId: string) {
  authorize(principal, 'read', 'InstantPayment', { organizationId }, 'Organization');
  return getOrganization(services.db, organizationId);
}

async function settlementAccount(services: Services, principal: Principal, organizationId: string) {
  const organization = await ownBank(services, principal, organizationId);
  if (!organization.settlementAddress || !organization.settlementAccountId) throw notFound('Settlement account');
  return { organizationId, accountId: organization.settlementAccountId, address: organization.settlementAddress };
}

async function liveBalances(services: Services, address: string) {
  const [balances, display] = await Promise.all([services.chain.getAllBalances(address), tokenDisplay(services.db)]);
  return balances
    .filter((balance) => balance.amount > 0n)
    .map((balance) => ({ denom: balance.denom, ...display(balance.denom), amount: balance.amount.toString() }));
}


/** A stable colour per bank for the wallet's theme. */
const themeOf = (organizationId: string) => ({ primaryColor: `#${createHash('sha256').update(organizationId).digest('hex').slice(0, 6)}` });

export const instantPaymentRoutes = [
  defineRoute({
    method: 'get',
    path: '/instant-payments/banks',
    summary: 'Banks a customer can pick (ACTIVE commercial banks)',
    tags: ['Instant Payments'],
    access: PUBLIC,
    responses: {
      200: {
        description: 'Banks',
        schema: z.object({ items: z.array(z.object({ organizationId: z.string(), name: z.string(), theme: z.object({ primaryColor: z.string() }) })) }),
      },
    },
    handler: async ({ services }) => {
      const banks = await listOrganizationsIn(services.db, null).where({ type: 'COMMERCIAL', status: 'ACTIVE' });
      return { status: 200, body: { items: banks.map((bank) => ({ organizationId: bank.id, name: bank.name, theme: themeOf(bank.id) })) } };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/instant-payments/demo/clients',
    summary: 'Self-service demo wallet registration (IP_DEMO_ENABLED), its starting balance drawn on the bank’s backing headroom (throttled)',
    tags: ['Instant Payments'],
    access: PUBLIC,
    body: z.strictObject({ organizationId: Id, name: Name }),
    responses: {
      201: { description: 'The client and its client token', schema: Registered },
      404: { description: 'No such commercial bank, or demo routes disabled' },
      422: { description: 'ORGANIZATION_NOT_ACTIVE, INSUFFICIENT_SETTLEMENT_LIQUIDITY' },
      429: { description: 'RATE_LIMITED (Retry-After)' },
    },
    handler: async (context) => {
      const { services, body } = context;
      requireDemo(services);
      await throttle(context, 'registration');
      const bank = await findOrganization(services.db, body.organizationId);
      if (!bank || bank.type !== 'COMMERCIAL') throw notFound('Bank');
      const clientId = randomUUID();
      await registerClient(services.payments, { ...commandContext(context), organizationId: bank.id }, {
        organizationId: bank.id,
        clientId,
        name: body.name,
        externalRef: null,
        demo: true,
        startingBalance: BigInt(services.config.DEMO_STARTING_BALANCE),
        alias: null,
      });
      return { status: 201, headers: NO_STORE, body: { client: await meView(services, { organizationId: bank.id, clientId }), clientToken: issueClientToken(services, clientId, bank.id) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/aliases/:alias/availability',
    summary: 'Live alias availability check (throttled)',
    tags: ['Instant Payments'],
    access: PUBLIC,
    params: z.object({ alias: AliasInput }),
    responses: { 200: { description: 'Whether the alias is free', schema: z.object({ alias: z.string(), available: z.boolean() }) } },
    handler: async (context) => {
      await throttle(context, 'availability');
      const alias = requireAlias(context.params.alias, 'params.alias');
      return { status: 200, body: { alias, available: await aliasAvailable(context.services.payments, alias) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/payees/:alias',
    summary: 'Whom an @alias pays, for the payer to confirm before sending: the bank and a masked name (client token; throttled)',
    tags: ['Instant Payments'],
    access: CLIENT,
    params: z.object({ alias: AliasInput }),
    responses: {
      200: {
        description: 'The payee',
        schema: z
          .object({ alias: z.string(), organizationId: z.string(), bankName: z.string(), maskedName: z.string().openapi({ example: 'Ma*** Ló***' }) })
          .openapi('InstantPaymentPayee'),
      },
      404: { description: 'No active client holds the alias' },
      429: { description: 'RATE_LIMITED (Retry-After)' },
    },
    handler: async (context) => {
      await throttle(context, 'payee');
      const alias = requireAlias(context.params.alias, 'params.alias');
      const payee = await payeeOf(context.services.payments, context.services.db, alias);
      if (!payee) throw notFound('Payee');
      return { status: 200, body: payee };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/instant-payments/demo/clients/:clientId/alias',
    summary: 'Register the @alias of a demo client (its own client token; IP_DEMO_ENABLED; throttled)',
    tags: ['Instant Payments'],
    access: CLIENT,
    params: z.object({ clientId: Id }),
    body: z.strictObject({ alias: AliasInput }),
    responses: {
      200: { description: 'The client', schema: Client },
      404: { description: 'Not the caller, or demo routes disabled' },
      409: { description: 'ALIAS_TAKEN, or ALIAS_ALREADY_ACTIVATED' },
      429: { description: 'RATE_LIMITED (Retry-After)' },
    },
    handler: async (context) => {
      const { services, params, body, client } = context;
      requireDemo(services);
      await throttle(context, 'alias');
      if (params.clientId !== client!.clientId) throw notFound('Client');
      const alias = requireAlias(body.alias);
      await activateAlias(services.payments, { ...commandContext(context), actorId: null }, client!.organizationId, client!.clientId, alias);
      return { status: 200, body: await meView(services, client!) };
    },
  }),
  defineRoute({
    method: 'post',
    path: '/instant-payments/clients',
    summary: 'A bank’s staff registers a real retail client of their own bank (zero balance; cash-in funds it)',
    tags: ['Instant Payments'],
    access: ability('create', 'InstantPayment'),
    body: z.strictObject({ name: Name, alias: AliasInput.optional(), externalRef: z.string().trim().min(1).max(200).optional() }),
    responses: {
      201: { description: 'The client and its client token', schema: z.object({ client: BankClient, clientToken: z.string() }) },
      409: { description: 'ALIAS_TAKEN' },
      422: { description: 'ORGANIZATION_NOT_ACTIVE' },
    },
    handler: async (context) => {
      const { services, principal, body } = context;
      const alias = body.alias === undefined ? null : requireAlias(body.alias);
      const clientId = randomUUID();
      await registerClient(services.payments, commandContext(context), {
        organizationId: principal.organizationId,
        clientId,
        name: body.name,
        externalRef: body.externalRef ?? null,
        demo: false,
        startingBalance: 0n,
        alias,
      });
      return {
        status: 201,
        headers: NO_STORE,
        body: { client: bankClientView(await getClient(services.db, clientId)), clientToken: issueClientToken(services, clientId, principal.organizationId) },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/me',
    summary: 'The calling client: balance and alias',
    tags: ['Instant Payments'],
    access: CLIENT,
    responses: { 200: { description: 'The client', schema: Client } },
    handler: async ({ services, client }) => ({ status: 200, body: await meView(services, client!) }),
  }),
  defineRoute({
    method: 'post',
    path: '/instant-payments/me/logout',
    summary: 'Revokes the calling client token',
    tags: ['Instant Payments'],
    access: CLIENT,
    responses: { 204: { description: 'The token no longer works' } },
    handler: async (context) => {
      await revokeClientToken(context.services.payments, { ...commandContext(context), actorId: null }, context.client!);
      return { status: 204 };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/me/movements',
    summary: 'The calling client’s payments, newest first (incoming ones once COMPLETED)',
    tags: ['Instant Payments'],
    access: CLIENT,
    query: z.object({ ...pageQuery }),
    responses: { 200: { description: 'Movements', schema: page(Movement) } },
    handler: async ({ services, clientId, query }) => ({ status: 200, body: await clientMovements(services.db, clientId!, query) }),
  }),
  defineRoute({
    method: 'post',
    path: '/instant-payments/payments',
    summary: 'Pay another client by @alias: INTERNAL completes at once, CROSS_ORGANIZATION settles in the sender bank’s next settlement batch',
    tags: ['Instant Payments'],
    access: CLIENT,
    headers: IdempotencyHeaders,
    body: z.strictObject({ recipientAlias: AliasInput, amount: Amount, reference: z.string().trim().max(140).optional() }),
    responses: {
      201: { description: 'The payment (COMPLETED, or PENDING while its settlement is under way)', schema: Payment },
      409: { description: 'IDEMPOTENCY_KEY_REUSED' },
      422: { description: 'ALIAS_NOT_ACTIVATED, RECIPIENT_NOT_FOUND, SELF_PAYMENT, INSUFFICIENT_FUNDS, ORGANIZATION_NOT_ACTIVE, INVALID_AMOUNT' },
    },
    handler: async (context) => {
      const { services, client, body, req } = context;
      const key = req.header('idempotency-key');
      const recipientAlias = requireAlias(body.recipientAlias, 'recipientAlias');
      // Exactly once per key: the payment id derives from the key, and the sender's ledger decides an id once.
      const paymentId = key === undefined ? randomUUID() : idempotentId('instant-payment', client!.clientId, key);
      const outcome = await pay(services.payments, { ...commandContext(context), actorId: null }, {
        paymentId,
        senderOrganizationId: client!.organizationId,
        senderClientId: client!.clientId,
        tokenId: client!.tokenId,
        recipientAlias,
        amount: BigInt(body.amount),
        reference: body.reference ?? null,
        // The alias as the ledger reads it: a retry spelling it '@Beto' for 'beto' names the same payee.
        requestFingerprint: key === undefined ? null : fingerprintOf({ ...body, recipientAlias }),
      });
      const view = outcome.status ? paymentViewOf(outcome.payment, outcome.status) : paymentView(await getPaymentFor(services.db, paymentId, client!.clientId));
      return { status: 201, body: view };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/instant-payments/payments/:paymentId',
    summary: 'One payment, to its sender, or to its recipient once COMPLETED',
    tags: ['Instant Payments'],
    access: CLIENT,
    params: z.object({ paymentId: Id }),
    responses: { 200: { description: 'The payment', schema: Payment }, 404: { description: 'Not a payment of the caller' } },
    handler: async ({ services, clientId, params }) => ({ status: 200, body: paymentView(await getPaymentFor(services.db, params.paymentId, clientId!)) }),
  }),
  cashRoute('CASH_IN'),
  cashRoute('CASH_OUT'),
  defineRoute({
    method: 'post',
    path: '/organizations/:organizationId/instant-payments/clients/:clientId/deactivate',
    summary: 'The client can no longer pay or be paid; its tokens stop working',
    tags: ['Instant Payments'],
    access: ability('manage', 'InstantPayment'),
    params: ClientParams,
    responses: { 200: { description: 'The client', schema: BankClient }, 404: { description: 'Not a client of the caller’s bank' } },
    handler: async (context) => {
      await ownClient(context, 'manage');
      const { services, params } = context;
      await deactivateClient(services.payments, commandContext(context), params.organizationId, params.clientId);
      return { status: 200, body: bankClientView(await getClient(services.db, params.clientId)) };
    },
  }),

  // ---- a bank's own views ----
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId/instant-payments/account',
    summary: 'The organization’s settlement account',
    tags: ['Instant Payments'],
    access: ability('read', 'InstantPayment'),
    params: OrgParams,
    responses: { 200: { description: 'Settlement account', schema: z.object({ organizationId: z.string(), accountId: z.string(), address: z.string() }) } },
    handler: async ({ services, principal, params }) => ({ status: 200, body: await settlementAccount(services, principal, params.organizationId) }),
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId/instant-payments/account/balance',
    summary: 'Live balance of the settlement account, read from the chain',
    tags: ['Instant Payments'],
    access: ability('read', 'InstantPayment'),
    params: OrgParams,
    responses: { 200: { description: 'Balances in base units', schema: Balances } },
    handler: async ({ services, principal, params }) => {
      const account = await settlementAccount(services, principal, params.organizationId);
      return { status: 200, body: { address: account.address, balances: await liveBalances(services, account.address) } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId/instant-payments/dashboard',
    summary: 'Settlement card, KPIs split cross-bank / internal, day and hour distribution (settled payments)',
    tags: ['Instant Payments'],
    access: ability('read', 'InstantPayment'),
    params: OrgParams,
    query: datedQuery({}),
    responses: {
      200: {
        description: 'Dashboard',
        schema: z.object({
          settlementAccount: z.object({ address: z.string().nullable(), balances: Balances.shape.balances }),
          kpis: z.object({ total: Kpi, crossOrganization: Kpi, internal: Kpi, users: z.number().int() }),
          ...Distribution,
        }),
      },
    },
    handler: async ({ services, principal, params, query }) => {
      const organization = await ownBank(services, principal, params.organizationId);
      const address = organization.settlementAddress;
      const [balances, dashboard] = await Promise.all([address ? liveBalances(services, address) : [], bankDashboard(services.db, organization.id, query)]);
      return { status: 200, body: { settlementAccount: { address, balances }, ...dashboard } };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId/instant-payments/transactions',
    summary: 'The bank’s payments (either side), filterable by kind, status, date and alias',
    tags: ['Instant Payments'],
    access: ability('read', 'InstantPayment'),
    params: OrgParams,
    query: datedQuery({
      ...pageQuery,
      kind: z.enum(['INTERNAL', 'CROSS_ORGANIZATION']).optional(),
      status: z.enum(['PENDING', 'COMPLETED', 'FAILED']).optional(),
      alias: AliasInput.optional(),
    }),
    responses: { 200: { description: 'Transactions, newest first', schema: page(BankPayment) } },
    handler: async ({ services, principal, params, query }) => {
      await ownBank(services, principal, params.organizationId);
      const alias = query.alias === undefined ? undefined : requireAlias(query.alias, 'query.alias');
      return { status: 200, body: await listBankPayments(services.db, params.organizationId, { ...query, alias }) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId/instant-payments/clients',
    summary: 'The bank’s registered retail clients',
    tags: ['Instant Payments'],
    access: ability('read', 'InstantPayment'),
    params: OrgParams,
    query: z.object({ ...pageQuery, q: z.string().trim().max(100).optional() }),
    responses: { 200: { description: 'Clients, newest first', schema: page(BankClient) } },
    handler: async ({ services, principal, params, query }) => {
      await ownBank(services, principal, params.organizationId);
      return { status: 200, body: await listBankClients(services.db, params.organizationId, query) };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/organizations/:organizationId/instant-payments/export',
    summary: 'Download the bank’s payments as CSV or JSON',
    tags: ['Instant Payments'],
    access: ability('read', 'InstantPayment'),
    params: OrgParams,
    query: datedQuery({ format: z.enum(['csv', 'json']).default('csv') }),
    responses: { 200: { description: 'An attachment: CSV (RFC 4180) or a JSON array', schema: z.string(), contentType: 'text/csv' } },
    handler: async ({ services, principal, params, query, res }) => {
      await ownBank(services, principal, params.organizationId);
      return sendFile(res, bankExport(services.db, params.organizationId, query));
    },
  }),
];
