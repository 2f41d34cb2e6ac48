import type { AccountEvent } from '../write-side/account/events';
import { ACCOUNT_CREATION_EVENT_TYPES, ACCOUNT_EVENT_TYPES } from '../write-side/account/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import { insertRows, type Columns } from './column-arrays';
import type { Projection } from './projection';
import { TableChanges } from './table-changes';

type SettlementProvisioned = { type: 'SettlementAccountProvisioned'; data: { organizationId: string; accountId: string; address: string } };
type Member = { userId: string; address: string; weight: number };

const weightOf = (members: Member[]) => members.reduce((sum, member) => sum + member.weight, 0);

/**
 * Accounts (multisigs) and their members; a bank's settlement account is listed as type SETTLEMENT.
 * Creations recorded but not finished (nor refused by the chain) wait in pending_account_creations.
 */
const MEMBER_COLUMNS: Columns<{ account_id: string; user_id: string; address: string; weight: number }> = [
  ['account_id', 'text'],
  ['user_id', 'text'],
  ['address', 'text'],
  ['weight', 'integer'],
];

export const accountsProjection: Projection = {
  name: 'accounts',
  tables: ['account_members', 'accounts', 'pending_account_creations'],
  handles: [...ACCOUNT_EVENT_TYPES, ...ACCOUNT_CREATION_EVENT_TYPES, 'SettlementAccountProvisioned'],
  async applyBatch(trx, events: RecordedEvent[]) {
    const accounts = new TableChanges('accounts', { onConflict: 'ignore' });
    const pending = new TableChanges('pending_account_creations', { key: 'account_id', onConflict: 'ignore' });
    /** Each account's members as the batch leaves them: a group change replaces the whole roster. */
    const rosters = new Map<string, Member[]>();
    for (const recorded of events) {
      const event = recorded as unknown as AccountEvent | SettlementProvisioned;
      switch (event.type) {
        case 'AccountCreationRequested':
          pending.insert({
            account_id: event.data.accountId,
            organization_id: event.data.organizationId,
            requested_at: event.data.requestedAt,
            updated_at: event.data.requestedAt,
          });
          break;
        case 'AccountCreationSigned':
          pending.update(event.data.accountId, { updated_at: event.data.signedAt });
          break;
        case 'AccountCreationFailed':
          if (event.data.abandoned) pending.update(event.data.accountId, { updated_at: event.data.failedAt });
          else pending.delete(event.data.accountId);
          break;
        case 'AccountCreated': {
          const data = event.data;
          pending.delete(data.accountId);
          accounts.insert({
            id: data.accountId,
            organization_id: data.organizationId,
            label: data.label,
            type: data.type,
            address: data.address,
            group_id: data.groupId,
            threshold: data.threshold,
            total_weight: weightOf(data.members),
            group_version: 1,
            archived: false,
            created_by: data.createdBy,
            created_at: data.createdAt,
            updated_at: data.createdAt,
          });
          rosters.set(data.accountId, data.members);
          break;
        }
        case 'SettlementAccountProvisioned':
          accounts.insert({
            id: event.data.accountId,
            organization_id: event.data.organizationId,
            label: 'Settlement',
            type: 'SETTLEMENT',
            address: event.data.address,
            group_id: null,
            threshold: 1,
            total_weight: 1,
            group_version: 1,
            archived: false,
            created_by: null,
            created_at: recorded.metadata.occurredAt,
            updated_at: recorded.metadata.occurredAt,
          });
          break;
        case 'AccountLabelChanged':
          accounts.update(event.data.accountId, { label: event.data.label, updated_at: event.data.changedAt });
          break;
        case 'AccountArchived':
          accounts.update(event.data.accountId, { archived: true, updated_at: event.data.archivedAt });
          break;
        case 'AccountUnarchived':
          accounts.update(event.data.accountId, { archived: false, updated_at: event.data.unarchivedAt });
          break;
        case 'AccountGroupChanged':
          accounts.update(event.data.accountId, {
            threshold: event.data.threshold,
            total_weight: weightOf(event.data.members),
            group_version: event.data.groupVersion,
            updated_at: event.data.changedAt,
          });
          rosters.set(event.data.accountId, event.data.members);
          break;
      }
    }
    await accounts.write(trx);
    await pending.write(trx);
    if (rosters.size === 0) return;
    await trx.raw('delete from account_members where account_id = any(?)', [[...rosters.keys()]]);
    const members = [...rosters].flatMap(([accountId, roster]) =>
      roster.map((member) => ({ account_id: accountId, user_id: member.userId, address: member.address, weight: member.weight })),
    );
    if (members.length > 0) {
      const { sql, values } = insertRows('account_members', MEMBER_COLUMNS, members);
      await trx.raw(sql, values);
    }
  },
};
