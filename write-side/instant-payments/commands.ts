import { randomUUID } from 'node:crypto';
import { businessRule, conflict, notFound, validationFailed } from '../../runtime/errors';
import type { Services } from '../../runtime/services';
import { findOrganization } from '../../read-side/organizations';
import { findClientByAlias, getClient } from '../../read-side/instant-payments';
import type { CommandContext } from '../command-handler';
import { fold } from '../decider';
import { aliasDecider, clientDecider, normalizeAlias, paymentDecider, type ClientState } from './decide';
import { aliasStream, clientStream, paymentStream, type ClientEvent, type PaymentParties } from './events';

type Deps = Pick<Services, 'commands' | 'db' | 'eventStore'>;

/** Only ACTIVE commercial banks take retail clients and send or receive payments. */
async function activeBank(services: Pick<Services, 'db'>, organizationId: string) {
  const organization = await findOrganization(services.db, organizationId);
  if (!organization || organization.type !== 'COMMERCIAL') throw notFound('Bank');
  if (organization.status !== 'ACTIVE') throw businessRule('ORGANIZATION_NOT_ACTIVE', 'The bank is not active');
  return organization;
}

export function requireAlias(input: string, path = 'alias'): string {
  const alias = normalizeAlias(input);
  if (!alias) throw validationFailed([{ path, message: '3 to 30 characters of a-z 0-9 . _, starting with a letter, optionally after @' }]);
  return alias;
}

export async function loadClient(services: Pick<Services, 'eventStore'>, clientId: string): Promise<ClientState> {
  return fold(clientDecider, (await services.eventStore.readStream(clientStream(clientId))) as unknown as ClientEvent[]);
}

/**
 * Registers a retail client of an ACTIVE commercial bank, with its starting balance (demo wallets:
 * DEMO_STARTING_BALANCE; real clients: zero), and its alias when given.
 */
export async function registerClient(
  services: Deps,
  context: CommandContext,
  input: { organizationId: string; name: string; externalRef?: string | null; demo: boolean; startingBalance: bigint; alias?: string | null },
): Promise<string> {
  await activeBank(services, input.organizationId);
  const clientId = randomUUID();
  if (input.alias) await claimAlias(services, { ...context, organizationId: input.organizationId }, input.alias, clientId, { waitForProjections: false });
  await services.commands.handle(
    clientDecider,
    clientStream(clientId),
    {
      type: 'RegisterClient',
      clientId,
      organizationId: input.organizationId,
      name: input.name,
      externalRef: input.externalRef ?? null,
      demo: input.demo,
      startingBalance: input.startingBalance,
    },
    { ...context, organizationId: input.organizationId },
    { waitForProjections: !input.alias },
  );
  if (input.alias) await activateAlias(services, context, clientId, input.alias);
  return clientId;
}

const claimAlias = (services: Deps, context: CommandContext, alias: string, clientId: string, options: { waitForProjections?: boolean } = {}) =>
  services.commands.handle(aliasDecider, aliasStream(alias), { type: 'ClaimAlias', alias, clientId }, context, options);

/**
 * Activates a client's alias: first the alias stream is claimed (its first event, so two clients
 * racing for one alias cannot both win: 409 ALIAS_TAKEN), then the client records it.
 */
export async function activateAlias(services: Deps, context: CommandContext, clientId: string, alias: string): Promise<void> {
  const client = await loadClient(services, clientId);
  if (!client.clientId) throw notFound('Client');
  // Checked before the claim, so a refused change does not leave a second alias reserved for this client.
  if (client.alias && client.alias !== alias) throw conflict('ALIAS_ALREADY_ACTIVATED', `This client already uses @${client.alias}`);
  const scoped = { ...context, organizationId: client.organizationId };
  await claimAlias(services, scoped, alias, clientId, { waitForProjections: false });
  await services.commands.handle(clientDecider, clientStream(clientId), { type: 'ActivateAlias', alias }, scoped);
}

/** Records a payment (idempotent by its id). The settlement process moves the value. */
export async function initiatePayment(
  services: Deps,
  context: CommandContext,
  input: { paymentId: string; senderClientId: string; recipientAlias: string; amount: bigint; reference: string | null },
): Promise<PaymentParties> {
  const existing = fold(paymentDecider, (await services.eventStore.readStream(paymentStream(input.paymentId))) as never);
  if (existing.payment) return existing.payment;
  const sender = await getClient(services.db, input.senderClientId);
  if (!sender.alias) throw businessRule('ALIAS_NOT_ACTIVATED', 'Register an @alias before sending payments');
  const recipient = await findClientByAlias(services.db, input.recipientAlias);
  if (!recipient || recipient.id === sender.id) throw businessRule('RECIPIENT_NOT_FOUND', `No client uses @${input.recipientAlias}`);
  await activeBank(services, sender.organizationId);
  await activeBank(services, recipient.organizationId);
  // The debit re-checks it against the stream (a concurrent payment may win); this answers the common case at once.
  if ((await loadClient(services, sender.id)).balance < input.amount)
    throw businessRule('INSUFFICIENT_FUNDS', 'The balance does not cover this payment');
  const payment: PaymentParties = {
    paymentId: input.paymentId,
    kind: sender.organizationId === recipient.organizationId ? 'INTERNAL' : 'CROSS_ORGANIZATION',
    amount: input.amount.toString(),
    reference: input.reference,
    senderClientId: sender.id,
    senderOrganizationId: sender.organizationId,
    senderAlias: sender.alias,
    recipientClientId: recipient.id,
    recipientOrganizationId: recipient.organizationId,
    recipientAlias: recipient.alias!,
    createdAt: context.now.toISOString(),
  };
  const handled = await services.commands.handle(
    paymentDecider,
    paymentStream(input.paymentId),
    { type: 'InitiatePayment', payment },
    { ...context, organizationId: sender.organizationId },
    { waitForProjections: false },
  );
  return handled.state.payment!;
}
