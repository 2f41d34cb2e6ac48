import type { Knex } from 'knex';
import { AppError } from '../../runtime/errors';
import type { Services } from '../../runtime/services';
import type { Chain } from '../chain/chain';
import type { CustodyKey } from '../chain/keys';
import { msgCreateGroupWithPolicy } from '../chain/messages';
import { signAndBroadcast } from '../chain/signer';
import type { CommandContext } from '../command-handler';
import { accountDecider, eligibleMembers, validateGroup, type AccountState } from './decide';
import { accountStream, type AccountMember, type MultisigType } from './events';

export type AccountServices = Pick<Services, 'eventStore' | 'commands' | 'db' | 'config'> & { chain: Chain; chainOperator: CustodyKey };

/** Turns `{ userId, weight }` into members with their custody addresses, by the account decider's eligibility rule. */
export async function resolveMembers(
  db: Knex,
  organizationId: string,
  requested: Array<{ userId: string; weight: number }>,
  options: { allowSystem?: boolean; keep?: AccountMember[] } = {},
): Promise<AccountMember[]> {
  const ids = requested.map((member) => member.userId);
  const rows: Array<{ id: string; address: string; kind: string; role: string; active: boolean; organization_id: string }> = ids.length
    ? await db('users').whereIn('id', ids).select('id', 'address', 'kind', 'role', 'active', 'organization_id')
    : [];
  const candidates = new Map(rows.map((row) => [row.id, { ...row, organizationId: row.organization_id }]));
  return eligibleMembers(organizationId, requested, candidates, options);
}

/**
 * Creates an account: its group and threshold policy on the chain (the policy is its own admin, so
 * membership changes only through group-change proposals), then AccountCreated with the policy address.
 * The platform's chain operator key signs the creation; it holds no power over the group afterwards.
 */
export async function createAccount(
  services: AccountServices,
  context: CommandContext,
  input: {
    accountId: string;
    organizationId: string;
    label: string;
    type: MultisigType;
    members: AccountMember[];
    threshold: number;
    createdBy: string | null;
  },
): Promise<AccountState> {
  validateGroup(input.members, input.threshold);
  const result = await signAndBroadcast(services.chain, [services.chainOperator], [
    msgCreateGroupWithPolicy({
      admin: services.chainOperator.address,
      members: input.members.map((member) => ({ address: member.address, weight: BigInt(member.weight) })),
      threshold: BigInt(input.threshold),
      groupMetadata: JSON.stringify({ accountId: input.accountId, organizationId: input.organizationId }),
      policyMetadata: JSON.stringify({ accountId: input.accountId, label: input.label, type: input.type }),
      policyAsAdmin: true,
    }),
  ]);
  if (result.code !== 0 || !result.groupPolicyAddress || result.groupId === undefined)
    throw new AppError(502, 'CHAIN_REJECTED', 'Chain rejected the transaction', `The chain refused the account's group: ${result.rawLog}`);
  const handled = await services.commands.handle(
    accountDecider,
    accountStream(input.accountId),
    {
      type: 'CreateAccount',
      account: {
        accountId: input.accountId,
        organizationId: input.organizationId,
        label: input.label.trim(),
        type: input.type,
        address: result.groupPolicyAddress,
        groupId: result.groupId.toString(),
        members: input.members,
        threshold: input.threshold,
        createdBy: input.createdBy,
        createdAt: context.now.toISOString(),
        txHash: result.txHash,
      },
    },
    context,
  );
  return handled.state;
}

export async function changeAccount(
  services: Pick<Services, 'commands'>,
  context: CommandContext,
  accountId: string,
  change: { type: 'ChangeLabel'; label: string } | { type: 'Archive' } | { type: 'Unarchive' },
): Promise<AccountState> {
  return (
    await services.commands.handle(accountDecider, accountStream(accountId), { ...change, now: context.now.toISOString() }, context)
  ).state;
}
