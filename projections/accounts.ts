import type { Knex } from 'knex';
import type { AccountEvent } from '../write-side/account/events';
import { ACCOUNT_EVENT_TYPES } from '../write-side/account/events';
import type { RecordedEvent } from '../write-side/event-store/event-store';
import type { Projection } from './projection';

type SettlementProvisioned = { type: 'SettlementAccountProvisioned'; data: { organizationId: string; accountId: string; address: string } };

const occurredAt = (event: RecordedEvent) => event.metadata.occurredAt;

/** Accounts (multisigs) and their members; a bank's settlement account is listed as type SETTLEMENT. */
export const accountsProjection: Projection = {
  name: 'accounts',
  tables: ['account_members', 'accounts'],
  handles: [...ACCOUNT_EVENT_TYPES, 'SettlementAccountProvisioned'],
  async apply(trx: Knex.Transaction, recorded: RecordedEvent): Promise<void> {
    const event = recorded as unknown as AccountEvent | SettlementProvisioned;
    switch (event.type) {
      case 'AccountCreated': {
        const data = event.data;
        await trx('accounts')
          .insert({
            id: data.accountId,
            organization_id: data.organizationId,
            label: data.label,
            type: data.type,
            address: data.address,
            group_id: data.groupId,
            threshold: data.threshold,
            total_weight: data.members.reduce((sum, member) => sum + member.weight, 0),
            group_version: 1,
            archived: false,
            created_by: data.createdBy,
            created_at: data.createdAt,
            updated_at: data.createdAt,
          })
          .onConflict('id')
          .ignore();
        await replaceMembers(trx, data.accountId, data.members);
        return;
      }
      case 'SettlementAccountProvisioned':
        await trx('accounts')
          .insert({
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
            created_at: occurredAt(recorded),
            updated_at: occurredAt(recorded),
          })
          .onConflict('id')
          .ignore();
        return;
      case 'AccountLabelChanged':
        await trx('accounts').where({ id: event.data.accountId }).update({ label: event.data.label, updated_at: event.data.changedAt });
        return;
      case 'AccountArchived':
        await trx('accounts').where({ id: event.data.accountId }).update({ archived: true, updated_at: event.data.archivedAt });
        return;
      case 'AccountUnarchived':
        await trx('accounts').where({ id: event.data.accountId }).update({ archived: false, updated_at: event.data.unarchivedAt });
        return;
      case 'AccountGroupChanged':
        await trx('accounts')
          .where({ id: event.data.accountId })
          .update({
            threshold: event.data.threshold,
            total_weight: event.data.members.reduce((sum, member) => sum + member.weight, 0),
            group_version: event.data.groupVersion,
            updated_at: event.data.changedAt,
          });
        await replaceMembers(trx, event.data.accountId, event.data.members);
        return;
    }
  },
};

async function replaceMembers(
  trx: Knex.Transaction,
  accountId: string,
  members: Array<{ userId: string; address: string; weight: number }>,
): Promise<void> {
  await trx('account_members').where({ account_id: accountId }).delete();
  if (members.length)
    await trx('account_members').insert(
      members.map((member) => ({ account_id: accountId, user_id: member.userId, address: member.address, weight: member.weight })),
    );
}
