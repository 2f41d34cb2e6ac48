import { dependencyUnavailable, validationFailed } from '../errors';
import type { CommandContext, CommandHandler } from '../command-handler';
import type { GlobalPosition } from '../event-store/event-store';
import { aliasDecider, normalizeAlias, type BankLedgerCommand, type BankLedgerState, type LedgerClient, type Recipient } from './decide';
import { aliasStream, type PaymentParties, type PaymentStatus } from './events';
import type { LedgerDecision, LedgerRequest, RoundFacts } from './ledger';
import type { BankLedgers } from './ledgers';

/** What the Instant Payments commands need: the bank ledgers, the alias guard's handler, read-your-writes. */
export interface InstantPaymentsDeps {
  ledgers: BankLedgers;
  commands: CommandHandler;
  /** Waits until the Instant Payments read model has applied a position (false on timeout). */
  readModelReached(position: GlobalPosition, timeoutMs: number): Promise<boolean>;
  readYourWritesTimeoutMs: number;
}

export function requireAlias(input: string, path = 'alias'): string {
  const alias = normalizeAlias(input);
  if (!alias) throw validationFailed([{ path, message: '3 to 30 characters of a-z 0-9 . _, starting with a letter, optionally after @' }]);
  return alias;
}

/**
 * The answer of a command is built from its decision; the caller's next read must see it too: at once
 * when the read model was written with the events, else once the projection has applied them.
 */
async function readYourWrites(deps: InstantPaymentsDeps, decision: LedgerDecision): Promise<void> {
  if (!decision.position || decision.readModelApplied) return;
  if (!(await deps.readModelReached(decision.position, deps.readYourWritesTimeoutMs)))
    throw dependencyUnavailable('The change was recorded but the read models did not catch up in time; retry the read');
}

async function submit(deps: InstantPaymentsDeps, organizationId: string, request: LedgerRequest): Promise<LedgerDecision> {
  const decision = await (await deps.ledgers.ledger(organizationId)).submit(request);
  await readYourWrites(deps, decision);
  return decision;
}

export async function clientOf(deps: InstantPaymentsDeps, organizationId: string, clientId: string): Promise<LedgerClient | null> {
  return (await deps.ledgers.ledger(organizationId)).view.clients.get(clientId) ?? null;
}

export interface ClientRegistration {
  organizationId: string;
  clientId: string;
  name: string;
  externalRef: string | null;
  demo: boolean;
  startingBalance: bigint;
  alias: string | null;
}

/** Registers a retail client; its starting balance draws on the bank's backing headroom. */
export async function registerClient(deps: InstantPaymentsDeps, context: CommandContext, input: ClientRegistration): Promise<void> {
  await submit(deps, input.organizationId, {
    needs: { banks: [input.organizationId], settlementBalance: input.startingBalance > 0n },
    command: (facts) => ({
      type: 'RegisterClient',
      clientId: input.clientId,
      name: input.name,
      externalRef: input.externalRef,
      demo: input.demo,
      startingBalance: input.startingBalance,
      bank: facts.bank(input.organizationId) ?? { status: 'UNKNOWN' },
      settlementBalance: facts.settlementBalance,
    }),
    context,
  });
  if (input.alias) await activateAlias(deps, context, input.organizationId, input.clientId, input.alias);
}

/**
 * Activates a client's alias: the alias's guard stream is claimed first (two clients racing for one
 * alias cannot both win: 409 ALIAS_TAKEN), then the bank's ledger records it. When the ledger refuses
 * (the client already has another alias, or is gone) the claim is released, so no alias stays
 * reserved by nobody.
 */
export async function activateAlias(deps: InstantPaymentsDeps, context: CommandContext, organizationId: string, clientId: string, alias: string): Promise<void> {
  const scoped = { ...context, organizationId };
  const current = await clientOf(deps, organizationId, clientId);
  if (current?.alias === alias) return;
  await deps.commands.handle(aliasDecider, aliasStream(alias), { type: 'ClaimAlias', alias, clientId, organizationId }, scoped, { waitForProjections: false });
  try {
    await submit(deps, organizationId, { command: () => ({ type: 'ActivateAlias', clientId, alias }), context: scoped });
  } catch (error) {
    await deps.commands.handle(aliasDecider, aliasStream(alias), { type: 'ReleaseAlias', alias, clientId }, scoped, { waitForProjections: false });
    throw error;
  }
}

export async function aliasAvailable(deps: InstantPaymentsDeps, alias: string): Promise<boolean> {
  return (await deps.ledgers.aliasHolder(alias)) === null;
}

export interface CashMovementInput {
  organizationId: string;
  clientId: string;
  movementId: string;
  amount: bigint;
  reference: string | null;
}

/** The client paid fiat in at the bank: credited within the bank's backing headroom. */
export const cashIn = (deps: InstantPaymentsDeps, context: CommandContext, input: CashMovementInput) =>
  submit(deps, input.organizationId, {
    needs: { banks: [input.organizationId], settlementBalance: true, recordedMovementId: input.movementId },
    command: (facts) => ({
      type: 'CashIn',
      recorded: facts.movementRecorded(input.movementId),
      movementId: input.movementId,
      clientId: input.clientId,
      amount: input.amount,
      reference: input.reference,
      bank: facts.bank(input.organizationId) ?? { status: 'UNKNOWN' },
      settlementBalance: facts.settlementBalance,
    }),
    context,
  });

/** The client took fiat out at the bank: debited, never below zero. */
export const cashOut = (deps: InstantPaymentsDeps, context: CommandContext, input: CashMovementInput) =>
  submit(deps, input.organizationId, {
    needs: { banks: [input.organizationId], recordedMovementId: input.movementId },
    command: (facts) => ({
      type: 'CashOut',
      recorded: facts.movementRecorded(input.movementId),
      movementId: input.movementId,
      clientId: input.clientId,
      amount: input.amount,
      reference: input.reference,
      bank: facts.bank(input.organizationId) ?? { status: 'UNKNOWN' },
    }),
    context,
  });

export const deactivateClient = (deps: InstantPaymentsDeps, context: CommandContext, organizationId: string, clientId: string) =>
  submit(deps, organizationId, { command: () => ({ type: 'DeactivateClient', clientId, now: context.now.toISOString() }), context });

export const revokeClientToken = (
  deps: InstantPaymentsDeps,
  context: CommandContext,
  token: { organizationId: string; clientId: string; tokenId: string; expiresAt: Date },
) =>
  submit(deps, token.organizationId, {
    command: () => ({ type: 'RevokeClientToken', clientId: token.clientId, tokenId: token.tokenId, expiresAt: token.expiresAt.toISOString() }),
    context,
  });

export interface PaymentInput {
  paymentId: string;
  senderOrganizationId: string;
  senderClientId: string;
  /** The client token paying (checked against revocations in the ledger's decision). */
  tokenId: string | null;
  recipientAlias: string;
  amount: bigint;
  reference: string | null;
  requestFingerprint: string | null;
}

export interface PaymentOutcome {
  payment: PaymentParties;
  /** Its status as the ledger knows it; null when only the read model can tell (a settled or older payment). */
  status: PaymentStatus | null;
}

/**
 * Pays by alias. The sender's bank ledger decides (balance, aliases, banks' status, self-payment,
 * exactly once per payment id) together with the other requests of its round. INTERNAL payments are
 * COMPLETED by that one event; CROSS_ORGANIZATION ones are PENDING until their settlement batch.
 */
export async function pay(deps: InstantPaymentsDeps, context: CommandContext, input: PaymentInput): Promise<PaymentOutcome> {
  const recipient = await deps.ledgers.findRecipient(input.recipientAlias);
  const ledger = await deps.ledgers.ledger(input.senderOrganizationId);
  const request = new PaymentRequest(input, recipient, { ...context, organizationId: input.senderOrganizationId });
  const decision = await ledger.submit(request);
  await readYourWrites(deps, decision);
  const event = decision.events[0];
  if (event && (event.type === 'InstantPaymentTransferred' || event.type === 'InstantPaymentSent'))
    return { payment: event.data, status: event.type === 'InstantPaymentTransferred' ? 'COMPLETED' : 'PENDING' };
  // A retry (perhaps running at the same time as the first request): answered from the ledger's
  // memory while it holds the payment, since the read model may not have it yet.
  const remembered = ledger.view.recentPayments.get(input.paymentId);
  if (remembered) return { payment: remembered, status: rememberedStatus(ledger.view, remembered) };
  if (!request.recorded) throw new Error(`payment ${input.paymentId} was neither decided nor recorded`);
  return { payment: request.recorded, status: null };
}

/**
 * A payment as its sender's ledger takes it; it keeps what the round's facts said of an earlier payment
 * with its id. A class rather than an object of closures: a payment request builds one per request,
 * and the TypeScript loader names every closure it creates (~0.5 % of a payment's CPU).
 */
class PaymentRequest implements LedgerRequest {
  readonly needs: LedgerRequest['needs'];
  /** The payment the read model already holds under this id, as the round's facts said; null if none. */
  recorded: PaymentParties | null = null;

  constructor(
    private readonly input: PaymentInput,
    private readonly recipient: Recipient | null,
    readonly context: CommandContext,
  ) {
    this.needs = {
      banks: recipient ? [input.senderOrganizationId, recipient.organizationId] : [input.senderOrganizationId],
      recordedPaymentId: input.paymentId,
    };
  }

  command(facts: RoundFacts): BankLedgerCommand {
    const { input, recipient } = this;
    this.recorded = facts.recorded(input.paymentId);
    return {
      type: 'Pay',
      paymentId: input.paymentId,
      senderClientId: input.senderClientId,
      tokenId: input.tokenId,
      recipient,
      amount: input.amount,
      reference: input.reference,
      requestFingerprint: input.requestFingerprint,
      senderBank: facts.bank(input.senderOrganizationId) ?? { status: 'UNKNOWN' },
      recipientBank: recipient ? facts.bank(recipient.organizationId) : null,
      recorded: this.recorded,
      now: this.context.now.toISOString(),
    };
  }
}

function rememberedStatus(state: Readonly<BankLedgerState>, payment: PaymentParties): PaymentStatus | null {
  if (payment.kind === 'INTERNAL') return 'COMPLETED';
  const unsettled = state.due.has(payment.paymentId) || state.openBatch?.payments.some((due) => due.paymentId === payment.paymentId);
  return unsettled ? 'PENDING' : null;
}
