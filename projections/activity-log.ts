import type { Knex } from 'knex';
import type { AccountCreated } from '../write-side/account/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { OrganizationEvent } from '../write-side/organization/events';
import type { ProposalEvent, ProposalMessage, ProposalSubmitted } from '../write-side/proposal/events';
import { ADMIN_OPERATIONS } from './admin-operations';
import { insertRows, unnested, type Columns } from './column-arrays';
import type { Projection } from './projection';

export type EntryKind = 'CHAIN' | 'ADMIN';
/** ORIGIN: the organization the operation belongs to. COUNTERPARTY: another organization party to it. */
export type EntrySide = 'ORIGIN' | 'COUNTERPARTY';

/** One activity_log row, as this projection writes it (timestamps as ISO-8601 strings). */
export interface EntryRow {
  operation_id: string;
  organization_id: string;
  kind: EntryKind;
  type: string;
  side: EntrySide;
  multisig_id: string | null;
  counterparty_multisig_id: string | null;
  actor_id: string | null;
  /** What it acted on (a proposal for CHAIN entries) and the organization that owns it. */
  subject_type: string;
  subject_id: string;
  subject_organization_id: string;
  title: string | null;
  summary: Record<string, unknown>;
  status: string | null;
  executor_result: string | null;
  amount: string | null;
  denom: string | null;
  from_address: string | null;
  to_address: string | null;
  tx_hash: string | null;
  height: string | null;
  occurred_at: string;
  voting_ends_at: string | null;
  decided_at: string | null;
  executed_at: string | null;
}

const COLUMNS: Columns<EntryRow> = [
  ['operation_id', 'text'],
  ['organization_id', 'text'],
  ['kind', 'text'],
  ['type', 'text'],
  ['side', 'text'],
  ['multisig_id', 'text'],
  ['counterparty_multisig_id', 'text'],
  ['actor_id', 'text'],
  ['subject_type', 'text'],
  ['subject_id', 'text'],
  ['subject_organization_id', 'text'],
  ['title', 'text'],
  ['summary', 'jsonb'],
  ['status', 'text'],
  ['executor_result', 'text'],
  ['amount', 'numeric'],
  ['denom', 'text'],
  ['from_address', 'text'],
  ['to_address', 'text'],
  ['tx_hash', 'text'],
  ['height', 'bigint'],
  ['occurred_at', 'timestamptz'],
  ['voting_ends_at', 'timestamptz'],
  ['decided_at', 'timestamptz'],
  ['executed_at', 'timestamptz'],
];
const NAMES = COLUMNS.map(([column]) => column);
const TIMESTAMPS = ['occurred_at', 'voting_ends_at', 'decided_at', 'executed_at'] as const;

/** An organization's (multisig_id '') or an account's count of entries, added to the one kept. */
const TOTAL_COLUMNS: Columns<{ organization_id: string; multisig_id: string; entries: number }> = [
  ['organization_id', 'text'],
  ['multisig_id', 'text'],
  ['entries', 'bigint'],
];

const UPSERT = (source: string) => `
  insert into activity_log (${NAMES.join(', ')})
  select v.* from ${source}
  on conflict (operation_id, organization_id) do update set
    ${NAMES.filter((name) => name !== 'operation_id' && name !== 'organization_id')
      .map((name) => `${name} = excluded.${name}`)
      .join(', ')}`;

/** The value a proposal moves, read from its first send, mint or burn message (each value-moving kind carries one). */
export function transferOf(messages: ProposalMessage[]): Pick<EntryRow, 'amount' | 'denom' | 'from_address' | 'to_address'> {
  for (const message of messages) {
    switch (message['@type']) {
      case '/cosmos.bank.v1beta1.MsgSend':
        return { amount: message.amount[0]!.amount, denom: message.amount[0]!.denom, from_address: message.fromAddress, to_address: message.toAddress };
      case '/osmosis.tokenfactory.v1beta1.MsgMint':
      case '/emisor.tokenfactory.v1.MsgMint':
        return { amount: message.amount.amount, denom: message.amount.denom, from_address: null, to_address: message.mintToAddress };
      case '/osmosis.tokenfactory.v1beta1.MsgBurn':
      case '/emisor.tokenfactory.v1.MsgBurn':
        return { amount: message.amount.amount, denom: message.amount.denom, from_address: message.burnFromAddress, to_address: null };
      default:
        continue;
    }
  }
  return { amount: null, denom: null, from_address: null, to_address: null };
}

/** What the feed shows of a proposal beyond its transfer: the group a change sets, the bridging request it carries out. */
function chainSummary(data: ProposalSubmitted['data']): Record<string, unknown> {
  if (data.groupChange)
    return {
      members: data.groupChange.members?.map((member) => ({ userId: member.userId, weight: member.weight })) ?? null,
      threshold: data.groupChange.threshold,
    };
  if (data.bridgingRequestId) return { requestId: data.bridgingRequestId };
  return {};
}

const LIFECYCLE = ['ProposalSubmitted', 'ProposalAccepted', 'ProposalRejected', 'ProposalAborted', 'ProposalWithdrawn', 'ProposalExecuted'] as const;
type Lifecycle = Extract<ProposalEvent, { type: (typeof LIFECYCLE)[number] }>;
/** Events that say who owns an address, as of that event. */
const OWNERSHIP = ['AccountCreated', 'SettlementAccountProvisioned', 'ExchangeAddressSet'] as const;

type Ownership =
  | AccountCreated
  | Extract<OrganizationEvent, { type: 'SettlementAccountProvisioned' | 'ExchangeAddressSet' }>;

const key = (operationId: string, organizationId: string) => `${operationId}\u0000${organizationId}`;
const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

interface Owner {
  organizationId: string;
  accountId: string | null;
}

/**
 * One batch of events folded in memory, then written with a handful of set-based statements: the
 * rows it touched, the totals it moved, the owners it learnt. The state it starts from is loaded once,
 * so folding a batch costs a few round trips however many events it holds.
 */
class Batch {
  private readonly rows = new Map<string, EntryRow>();
  private readonly byOperation = new Map<string, EntryRow[]>();
  private readonly totals = new Map<string, number>();
  private readonly accounts = new Map<string, { organizationId: string; address: string }>();
  private readonly newAccounts = new Set<string>();
  /** Exchange address of each organization whose address changed in this batch. */
  private readonly exchanges = new Map<string, string>();
  /** Exchange addresses as stored before this batch, among those the batch may resolve. */
  private storedExchanges: Array<{ organization_id: string; address: string }> = [];

  constructor(private readonly trx: Knex.Transaction) {}

  /** Rows of proposals decided or executed here but submitted earlier, and the owners of every address the batch may resolve. */
  async load(events: RecordedEvent[]): Promise<void> {
    const submitted = new Set<string>();
    const earlier = new Set<string>();
    const addresses = new Set<string>();
    const accountIds = new Set<string>();
    for (const event of events) {
      const data = event.data as { proposalId?: string; messages?: ProposalMessage[] };
      if (event.type === 'ProposalSubmitted') {
        submitted.add(data.proposalId!);
        const { to_address } = transferOf(data.messages!);
        if (to_address) addresses.add(to_address);
      } else if ((LIFECYCLE as readonly string[]).includes(event.type) && !submitted.has(data.proposalId!)) earlier.add(data.proposalId!);
      if (event.type in ADMIN_OPERATIONS) {
        const summary = ADMIN_OPERATIONS[event.type]!(event).summary;
        if (typeof summary.multisigId === 'string') accountIds.add(summary.multisigId);
      }
    }
    if (earlier.size > 0) {
      const stored: EntryRow[] = await this.trx('activity_log').whereIn('operation_id', [...earlier]).orderBy(['operation_id', 'organization_id']);
      for (const row of stored) {
        for (const column of TIMESTAMPS) row[column] = iso(row[column]) as never;
        this.remember(row);
        if (row.side === 'ORIGIN' && row.to_address) addresses.add(row.to_address);
      }
    }
    if (addresses.size > 0 || accountIds.size > 0) {
      const stored: Array<{ account_id: string; organization_id: string; address: string }> = await this.trx('activity_log_accounts')
        .whereIn('address', [...addresses])
        .orWhereIn('account_id', [...accountIds]);
      for (const account of stored) this.accounts.set(account.account_id, { organizationId: account.organization_id, address: account.address });
    }
    if (addresses.size > 0) this.storedExchanges = await this.trx('activity_log_exchanges').whereIn('address', [...addresses]);
  }

  fold(event: RecordedEvent): void {
    if ((OWNERSHIP as readonly string[]).includes(event.type)) this.own(event as unknown as Ownership);
    if ((LIFECYCLE as readonly string[]).includes(event.type)) this.proposal(event as unknown as Lifecycle);
    if (event.type in ADMIN_OPERATIONS) this.admin(event);
  }

  async write(): Promise<void> {
    if (this.rows.size > 0) {
      const { source, values } = unnested(COLUMNS, [...this.rows.values()]);
      await this.trx.raw(UPSERT(source), values);
    }
    if (this.totals.size > 0) {
      const rows = [...this.totals].map(([totalKey, entries]) => {
        const [organizationId, multisigId] = totalKey.split('\u0000') as [string, string];
        return { organization_id: organizationId, multisig_id: multisigId, entries };
      });
      const { sql, values } = insertRows('activity_log_totals', TOTAL_COLUMNS, rows);
      await this.trx.raw(`${sql} on conflict (organization_id, multisig_id) do update set entries = activity_log_totals.entries + excluded.entries`, values);
    }
    if (this.newAccounts.size > 0)
      await this.trx('activity_log_accounts')
        .insert([...this.newAccounts].map((accountId) => ({ account_id: accountId, organization_id: this.accounts.get(accountId)!.organizationId, address: this.accounts.get(accountId)!.address })))
        .onConflict('account_id')
        .ignore();
    if (this.exchanges.size > 0)
      await this.trx('activity_log_exchanges')
        .insert([...this.exchanges].map(([organizationId, address]) => ({ organization_id: organizationId, address })))
        .onConflict('organization_id')
        .merge();
  }

  private own(event: Ownership): void {
    switch (event.type) {
      case 'AccountCreated':
      case 'SettlementAccountProvisioned':
        this.accounts.set(event.data.accountId, { organizationId: event.data.organizationId, address: event.data.address });
        this.newAccounts.add(event.data.accountId);
        return;
      case 'ExchangeAddressSet':
        this.exchanges.set(event.data.organizationId, event.data.address);
        return;
    }
  }

  /** Who owns an address as of the event being folded: an account first, else an organization's exchange address. */
  private ownerOf(address: string): Owner | null {
    for (const [accountId, account] of this.accounts) if (account.address === address) return { organizationId: account.organizationId, accountId };
    for (const [organizationId, exchange] of this.exchanges) if (exchange === address) return { organizationId, accountId: null };
    const stored = this.storedExchanges.find((exchange) => exchange.address === address && !this.exchanges.has(exchange.organization_id));
    return stored ? { organizationId: stored.organization_id, accountId: null } : null;
  }

  /** The account, when it belongs to that organization: an entry names only its own organization's accounts. */
  private accountOf(accountId: unknown, organizationId: string): string | null {
    return typeof accountId === 'string' && this.accounts.get(accountId)?.organizationId === organizationId ? accountId : null;
  }

  private remember(row: EntryRow): void {
    this.rows.set(key(row.operation_id, row.organization_id), row);
    this.byOperation.set(row.operation_id, [...(this.byOperation.get(row.operation_id) ?? []), row]);
  }

  private count(organizationId: string, multisigId: string | null): void {
    const totalKey = key(organizationId, multisigId ?? '');
    this.totals.set(totalKey, (this.totals.get(totalKey) ?? 0) + 1);
  }

  private add(row: EntryRow): void {
    if (this.rows.has(key(row.operation_id, row.organization_id))) return;
    this.remember(row);
    this.count(row.organization_id, null);
    if (row.multisig_id) this.count(row.organization_id, row.multisig_id);
  }

  private update(operationId: string, change: Partial<EntryRow>): void {
    for (const row of this.byOperation.get(operationId) ?? []) Object.assign(row, change);
  }

  private proposal(event: Lifecycle): void {
    switch (event.type) {
      case 'ProposalSubmitted': {
        const data = event.data;
        this.add({
          operation_id: data.proposalId,
          organization_id: data.organizationId,
          kind: 'CHAIN',
          type: data.kind,
          side: 'ORIGIN',
          multisig_id: data.multisigId,
          counterparty_multisig_id: null,
          actor_id: data.proposerId,
          subject_type: 'Proposal',
          subject_id: data.proposalId,
          subject_organization_id: data.organizationId,
          title: data.title,
          summary: chainSummary(data),
          status: 'SUBMITTED',
          executor_result: null,
          ...transferOf(data.messages),
          tx_hash: null,
          height: null,
          occurred_at: iso(data.createdAt)!,
          voting_ends_at: iso(data.votingEndsAt),
          decided_at: null,
          executed_at: null,
        });
        return;
      }
      case 'ProposalAccepted':
        return this.update(event.data.proposalId, { status: 'ACCEPTED', decided_at: iso(event.data.decidedAt) });
      case 'ProposalRejected':
        return this.update(event.data.proposalId, { status: 'REJECTED', decided_at: iso(event.data.decidedAt) });
      case 'ProposalAborted':
        return this.update(event.data.proposalId, { status: 'ABORTED', decided_at: iso(event.data.abortedAt) });
      case 'ProposalWithdrawn':
        return this.update(event.data.proposalId, { status: 'WITHDRAWN', decided_at: iso(event.data.withdrawnAt) });
      case 'ProposalExecuted': {
        const data = event.data;
        this.update(data.proposalId, {
          executor_result: data.executorResult,
          tx_hash: data.txHash,
          height: String(data.height),
          executed_at: iso(data.executedAt),
        });
        if (data.executorResult === 'SUCCESS') this.partiesOf(data.proposalId);
        return;
      }
    }
  }

  /**
   * Once value has moved, whoever received it is party to the operation: another account of the same
   * organization sees it in its own feed; another organization gets an entry of its own (its side: the
   * receipt, without the sender's governance).
   */
  private partiesOf(operationId: string): void {
    const origin = this.byOperation.get(operationId)?.find((row) => row.side === 'ORIGIN');
    if (!origin?.to_address) return;
    const owner = this.ownerOf(origin.to_address);
    if (!owner) return;
    if (owner.organizationId === origin.organization_id) {
      if (owner.accountId && owner.accountId !== origin.multisig_id && origin.counterparty_multisig_id === null) {
        origin.counterparty_multisig_id = owner.accountId;
        this.count(origin.organization_id, owner.accountId);
      }
      return;
    }
    this.add({
      ...origin,
      organization_id: owner.organizationId,
      side: 'COUNTERPARTY',
      multisig_id: owner.accountId,
      counterparty_multisig_id: null,
      actor_id: null,
      title: null,
      summary: {},
      occurred_at: origin.executed_at!,
    });
  }

  /** An administrative action shows in the feed of the organization acted upon and, when another one acted, in the actor's. */
  private admin(event: RecordedEvent): void {
    const operation = ADMIN_OPERATIONS[event.type]!(event);
    const row = (organizationId: string, side: EntrySide): EntryRow => ({
      operation_id: event.id,
      organization_id: organizationId,
      kind: 'ADMIN',
      type: operation.type,
      side,
      multisig_id: this.accountOf(operation.summary.multisigId, organizationId),
      counterparty_multisig_id: null,
      actor_id: event.metadata.actorId,
      subject_type: operation.subjectType,
      subject_id: operation.subjectId,
      subject_organization_id: operation.organizationId,
      title: null,
      summary: operation.summary,
      status: null,
      executor_result: null,
      amount: null,
      denom: null,
      from_address: null,
      to_address: null,
      tx_hash: null,
      height: null,
      occurred_at: iso(event.metadata.occurredAt)!,
      voting_ends_at: null,
      decided_at: null,
      executed_at: null,
    });
    this.add(row(operation.organizationId, 'ORIGIN'));
    const actorOrganization = event.metadata.organizationId;
    if (actorOrganization && actorOrganization !== operation.organizationId) this.add(row(actorOrganization, 'COUNTERPARTY'));
  }
}

async function applyEvents(trx: Knex.Transaction, events: RecordedEvent[]): Promise<void> {
  const batch = new Batch(trx);
  await batch.load(events);
  for (const event of events) batch.fold(event);
  await batch.write();
}

/**
 * The unified activity log: CHAIN entries (every proposal, with its lifecycle and receipt) and ADMIN
 * entries (the AdminOperationTypes of projections/admin-operations.ts), one row per organization party
 * to each, with running totals per organization and per account.
 */
export const activityLogProjection: Projection = {
  name: 'activity-log',
  tables: ['activity_log', 'activity_log_totals', 'activity_log_accounts', 'activity_log_exchanges'],
  handles: [...new Set([...LIFECYCLE, ...OWNERSHIP, ...Object.keys(ADMIN_OPERATIONS)])],
  applyBatch: applyEvents,
};
