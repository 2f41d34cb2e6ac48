import { nativeTokenId } from '../api/routes/config';
import { createAccount, resolveMembers } from '../write-side/account/commands';
import { accountDecider, type AccountState } from '../write-side/account/decide';
import { accountStream } from '../write-side/account/events';
import { msgChangeAdmin } from '../write-side/chain/messages';
import { signAndBroadcast } from '../write-side/chain/signer';
import type { CommandContext } from '../write-side/command-handler';
import { fold } from '../write-side/decider';
import { idempotentId } from '../write-side/idempotency';
import { tokenDecider } from '../write-side/token/decide';
import { TOKEN_REGISTRY_STREAM } from '../write-side/token/events';
import type { SeedStep } from './seed';
import type { Services } from './services';

export const ISSUING_CORE_STEP = 'issuing-core';

/** The BRIDGING identity's weight meets the bridging threshold alone; the administrator's does not. */
export const BRIDGING_IDENTITY_WEIGHT = 2;
export const BRIDGING_ADMIN_WEIGHT = 1;

/** The account as recorded, created (or its interrupted creation finished) when it is not there yet. */
async function ensureAccount(
  services: Services,
  context: CommandContext,
  input: Parameters<typeof createAccount>[2],
  allowSystem = false,
): Promise<AccountState> {
  const recorded = fold(accountDecider, (await services.eventStore.readStream(accountStream(input.accountId))) as never);
  if (recorded.exists) return recorded;
  const members = await resolveMembers(
    services.db,
    input.organizationId,
    input.members.map((member) => ({ userId: member.userId, weight: member.weight })),
    { allowSystem },
  );
  return createAccount(services, context, { ...input, members });
}

/**
 * The central bank's issuing core: the native token in the registry (symbol L, Lempira, exponent 2
 * unless configured), the ISSUANCE account (first administrator, threshold 1) whose policy becomes the
 * tokenfactory admin of the native denom, and the BRIDGING account (bridging identity + first
 * administrator, a threshold the identity meets alone). Ids derive from the organization, so a run
 * that crashed half-way resumes where it stopped.
 */
export const issuingCoreSeedStep: SeedStep = {
  name: ISSUING_CORE_STEP,
  async run(services, context, results) {
    const { organizationId, administratorId, bridgingUserId } = results['central-organization']!;
    const { config } = services;
    const tokenId = nativeTokenId(config.NATIVE_DENOM);
    await services.commands.handle(
      tokenDecider,
      TOKEN_REGISTRY_STREAM,
      {
        type: 'RegisterToken',
        token: { tokenId, denom: config.NATIVE_DENOM, symbol: config.NATIVE_SYMBOL, name: config.CURRENCY_NAME, exponent: config.NATIVE_EXPONENT, native: true },
        registeredBy: null,
        now: context.now.toISOString(),
      },
      context,
    );

    const issuanceAccountId = idempotentId('seed-account', organizationId!, 'ISSUANCE');
    const issuance = await ensureAccount(services, context, {
      accountId: issuanceAccountId,
      organizationId: organizationId!,
      label: 'Issuance',
      type: 'ISSUANCE',
      members: [{ userId: administratorId!, address: '', weight: 1 }],
      threshold: 1,
      createdBy: null,
    });
    const issuanceAddress = issuance.address!;
    // The operator administers the native denom from genesis; it hands that to the ISSUANCE policy.
    // Refused when a crashed run already did it: then the admin is already the policy.
    await signAndBroadcast(services.chain, [services.chainOperator], [
      msgChangeAdmin(services.chainOperator.address, config.NATIVE_DENOM, issuanceAddress),
    ]);

    const bridgingAccountId = idempotentId('seed-account', organizationId!, 'BRIDGING');
    await ensureAccount(
      services,
      context,
      {
        accountId: bridgingAccountId,
        organizationId: organizationId!,
        label: 'Bridging',
        type: 'BRIDGING',
        members: [
          { userId: bridgingUserId!, address: '', weight: BRIDGING_IDENTITY_WEIGHT },
          { userId: administratorId!, address: '', weight: BRIDGING_ADMIN_WEIGHT },
        ],
        threshold: BRIDGING_IDENTITY_WEIGHT,
        createdBy: null,
      },
      true,
    );
    return { nativeTokenId: tokenId, issuanceAccountId, bridgingAccountId, issuanceAddress };
  },
};
