import type { Knex } from 'knex';
import { instantPaymentsInlineWrite, instantPaymentsProjection } from '../projections/instant-payments';
import { inlineWritersLock, type ProjectionRunner } from '../projections/runner';
import type { Chain } from '../write-side/chain/chain';
import type { CommandHandler } from '../write-side/command-handler';
import type { EventStore } from '../write-side/event-store/event-store';
import { PostgresSnapshotStore } from '../write-side/event-store/snapshots';
import type { InstantPaymentsDeps } from '../write-side/instant-payments/commands';
import type { PaymentParties } from '../write-side/instant-payments/events';
import type { LedgerFacts } from '../write-side/instant-payments/ledger';
import { BankLedgers } from '../write-side/instant-payments/ledgers';
import { Settlement } from '../write-side/processes/settlement';
import type { Config } from './config';
import type { Logger } from './logger';
import type { ClientPrincipal, ClientTokenClaims } from './services';

/** The facts the bank ledgers' rules need, from the read models and the chain, one query per round. */
function ledgerFacts(db: Knex, chain: Chain, denom: string): LedgerFacts {
  return {
    async banks(organizationIds) {
      const rows: Array<{ id: string; type: string; status: string }> = await db('organizations').whereIn('id', organizationIds).select('id', 'type', 'status');
      // Only commercial banks run retail ledgers: anything else is treated as not active.
      return new Map(rows.map((row) => [row.id, { status: row.type === 'COMMERCIAL' ? row.status : 'NOT_A_BANK' }]));
    },
    async settlementBalance(organizationId) {
      const row: { settlement_address: string | null } | undefined = await db('organizations').where({ id: organizationId }).first('settlement_address');
      return row?.settlement_address ? chain.getBalance(row.settlement_address, denom) : 0n;
    },
    async recordedMovements(movementIds) {
      return new Set<string>(await db('ip_cash_movements').whereIn('id', movementIds).pluck('id'));
    },
    async recordedPayments(paymentIds) {
      const rows: Array<Record<string, unknown>> = await db('ip_payments').whereIn('id', paymentIds).select();
      return new Map(rows.map((row) => [row.id as string, recordedPayment(row)]));
    },
  };
}

const recordedPayment = (row: Record<string, unknown>): PaymentParties => ({
  paymentId: row.id as string,
  kind: row.kind as PaymentParties['kind'],
  amount: String(row.amount),
  reference: row.reference as string | null,
  senderClientId: row.sender_client_id as string,
  senderOrganizationId: row.sender_organization_id as string,
  senderAlias: row.sender_alias as string,
  recipientClientId: row.recipient_client_id as string,
  recipientOrganizationId: row.recipient_organization_id as string,
  recipientAlias: row.recipient_alias as string,
  createdAt: new Date(row.created_at as string).toISOString(),
  requestFingerprint: row.request_fingerprint as string | null,
});

/** Wires the Instant Payments engine: the bank ledgers, their settlement, and client-token checks. */
export function createInstantPayments(input: {
  config: Config;
  db: Knex;
  eventStore: EventStore;
  commands: CommandHandler;
  /** Read-your-writes: the runner's own waitFor where it runs (the leader), the committed checkpoints' elsewhere. */
  projections: Pick<ProjectionRunner, 'waitFor'>;
  chain: Chain;
  logger: Logger;
  keyEncryptionKey: Buffer;
}) {
  const { config, db, eventStore, chain, logger, projections } = input;
  // A payment's answer needs only the Instant Payments read model.
  const readModelReached = (position: Parameters<ProjectionRunner['waitFor']>[0], timeoutMs: number) =>
    projections.waitFor(position, timeoutMs, [instantPaymentsProjection.name]);
  let settlement: Settlement | null = null;
  const ledgers = new BankLedgers({
    eventStore,
    snapshots: new PostgresSnapshotStore(db),
    facts: ledgerFacts(db, chain, config.NATIVE_DENOM),
    readModelReached,
    logger,
    onSettlementWork: (organizationId) => settlement?.workArrived(organizationId),
    // On PostgreSQL each round writes its payments' rows with its events: a POST waits for no projection.
    inlineReadModel: {
      name: instantPaymentsProjection.name,
      writeFor: (events) => instantPaymentsInlineWrite(events, inlineWritersLock(instantPaymentsProjection.name)),
    },
  });
  settlement = new Settlement({ ledgers, chain, eventStore, db, logger, keyEncryptionKey: input.keyEncryptionKey, config });
  const payments: InstantPaymentsDeps = {
    ledgers,
    commands: input.commands,
    readModelReached,
    readYourWritesTimeoutMs: config.READ_YOUR_WRITES_TIMEOUT_MS,
  };
  async function resolveClient(claims: ClientTokenClaims): Promise<ClientPrincipal | null> {
    if (typeof claims.sub !== 'string' || typeof claims.org !== 'string' || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return null;
    const ledger = await ledgers.ledger(claims.org).catch(() => null);
    if (!ledger) return null;
    // A client this process has not seen was registered through another one since the ledger loaded.
    if (!ledger.view.clients.has(claims.sub)) await ledger.refresh();
    if (!ledger.acceptsToken(claims.sub, claims.jti)) return null;
    return { clientId: claims.sub, organizationId: claims.org, tokenId: claims.jti, expiresAt: new Date(claims.exp * 1000) };
  }
  return { payments, settlement, resolveClient };
}
