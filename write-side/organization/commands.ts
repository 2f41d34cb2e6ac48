import { randomUUID } from 'node:crypto';
import { validationFailed } from '../errors';
import type { WriteSidePorts } from '../ports';
import { exchangeCandidates } from '../../read-side/accounts';
import { findOrganization } from '../../read-side/organizations';
import { isValidAddress } from '../chain/keys';
import type { CommandContext } from '../command-handler';
import { newSettlementAccountKey } from '../custody/custody';
import { organizationDecider, type OrganizationCommand } from './decide';
import { organizationStream, type OrganizationType } from './events';

type Deps = Pick<WriteSidePorts, 'commands' | 'config' | 'db' | 'keyEncryptionKey'>;

export const handleOrganization = (services: Pick<WriteSidePorts, 'commands'>, organizationId: string, command: OrganizationCommand, context: CommandContext) =>
  services.commands.handle(organizationDecider, organizationStream(organizationId), command, context);

export async function createOrganization(
  services: Deps,
  context: CommandContext,
  input: { name: string; type: OrganizationType; organizationId?: string },
): Promise<string> {
  const organizationId = input.organizationId ?? randomUUID();
  await handleOrganization(services, organizationId, { type: 'CreateOrganization', organizationId, name: input.name, organizationType: input.type }, context);
  return organizationId;
}

export async function setExchangeAddress(services: Deps, context: CommandContext, organizationId: string, address: string) {
  if (!isValidAddress(address, services.config.CHAIN_PREFIX))
    throw validationFailed([{ path: 'address', message: `Not a ${services.config.CHAIN_PREFIX}1… bech32 address` }]);
  const ownAccountAddresses = await exchangeCandidates(services.db, organizationId);
  return handleOrganization(services, organizationId, { type: 'SetExchangeAddress', address, ownAccountAddresses }, context);
}

/**
 * Adds an administrator to the roster. The first one of a PENDING commercial organization activates
 * it, and its settlement account is provisioned in the same append (no admin step).
 */
export async function appointAdministrator(services: Deps, context: CommandContext, organizationId: string, userId: string) {
  const organization = await findOrganization(services.db, organizationId);
  const settlementAccount =
    organization?.type === 'COMMERCIAL' && !organization.settlementAccountId ? newSettlementAccountKey(services) : null;
  return handleOrganization(services, organizationId, { type: 'AppointAdministrator', userId, settlementAccount }, context);
}
