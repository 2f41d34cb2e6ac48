import type { Knex } from 'knex';
import { instantPaymentsInlineWrite, instantPaymentsProjection } from '../projections/instant-payments';
import { inlineWritersLock, type ProjectionRunner } from '../projections/runner';
import type { Chain } from '../write-side/chain/chain';
import type { CommandHandler } from '../write-side/command-handler';
import type { EventStore } from '../write-side/event-store/event-store';
import { PostgresSnapshotStore } from '../write-side/event-store/snapshots';
import type { InstantPaymentsDeps } from '../write-side/instant-payments/commands';
import type { PaymentParties } from '../write-side/instant-payments/events';
import type { LedgerFacts, LedgerPorts, RecordedFacts } from '../write-side/instant-payments/ledger';
import { BankLedgers } from '../write-side/instant-payments/ledgers';
import { Settlement, type SettlementClaims, type SettlementPorts } from '../write-side/processes/settlement';
import type { Config } from './config';
import { directQuery } from './database';
import type { Logger } from './logger';
import type { ClientPrincipal, ClientTokenClaims } from './services';
import { SigningThread } from './signing-thread';

/** A bank's status as the ledgers' rules read it: only commercial banks run retail ledgers, anything else is not one. */
const BANK_STATUS = `case when organizations.type = 'COMMERCIAL' then organizations.status else 'NOT_A_BANK' end`;

/**
 * A round's facts from the read models in one statement: the banks' status, and which of the payments
 * and cash movements are recorded. A payment comes back as its row, its amount as text.
 */
const ROUND_FACTS = `
  select 'bank' as fact, id, jsonb_build_object('status', ${BANK_STATUS}) as row from organizations where id = any($1::text[])
  union all
  select 'payment', id, to_jsonb(p) || jsonb_build_object('amount', p.amount::text) from ip_payments p where id = any($2::text[])
  union all
  select 'movement', id, null from ip_cash_movements where id = any($3::text[])`;

/** One row, failing the append (facts_hold) unless every bank given still has the status given. */
const BANKS_STILL = `select facts_hold(count(*) = ?::int, 'bank status') from organizations
  join jsonb_each_text(?::jsonb) as assumed (bank_id, status) on organizations.id = assumed.bank_id
  where ${BANK_STATUS} = assumed.status`;

/** The facts the bank ledgers' rules need, from the read models and the chain. */
export function ledgerFacts(db: Knex, chain: Chain, denom: string): LedgerFacts {
  return {
    async recorded({ banks, paymentIds, movementIds }) {
      const rows = await directQuery<{ fact: 'bank' | 'payment' | 'movement'; id: string; row: Record<string, unknown> | null }>(db, ROUND_FACTS, [
        banks,
        paymentIds,
        movementIds,
      ]);
      const facts: RecordedFacts = { banks: new Map(), payments: new Map(), movements: new Set() };
      for (const { fact, id, row } of rows) {
        if (fact === 'bank') facts.banks.set(id, { status: row!.status as string });
        else if (fact === 'payment') facts.payments.set(id, recordedPayment(row!));
        else facts.movements.add(id);
      }
      return facts;
    },
    banksStill(banks) {
      return { sql: BANKS_STILL, values: [banks.size, JSON.stringify(Object.fromEntries([...banks].map(([id, facts]) => [id, facts.status])))] };
    },
    async settlementBalance(organizationId) {
      const row: { settlement_address: string | null } | undefined = await db('organizations').where({ id: organizationId }).first('settlement_address');
      return row?.settlement_address ? chain.getBalance(row.settlement_address, denom) : 0n;
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
  onRoundRetried?: LedgerPorts['onRoundRetried'];
  onBatchSettled?: SettlementPorts['onBatchSettled'];
  /** Which banks this process settles, among the processes on the store; by default every one. */
  claims?: SettlementClaims;
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
    onRoundRetried: input.onRoundRetried,
    // On PostgreSQL each round writes its payments' rows with its events: a POST waits for no projection.
    inlineReadModel: {
      name: instantPaymentsProjection.name,
      writeFor: (events) => instantPaymentsInlineWrite(events, inlineWritersLock(instantPaymentsProjection.name)),
    },
  });
  const signing = new SigningThread();
  settlement = new Settlement({
    ledgers,
    chain,
    eventStore,
    db,
    logger,
    keyEncryptionKey: input.keyEncryptionKey,
    config,
    sign: signing.sign,
    claims: input.claims,
    onBatchSettled: input.onBatchSettled,
  });
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
  return { payments, settlement, signing, resolveClient };
}
