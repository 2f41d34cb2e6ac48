import { defineRoute, PUBLIC } from '../route';
import { z } from '../openapi';

const AppConfig = z
  .object({
    currencyName: z.string(),
    nativeTokenId: z.string(),
    nativeToken: z.object({ symbol: z.string(), denom: z.string(), exponent: z.number().int() }),
    chainId: z.string(),
    addressPrefix: z.string(),
    perOrgRpcEnabled: z.boolean(),
    invitationExpiryHours: z.number().int(),
    passwordResetExpiryMinutes: z.number().int(),
    proposalVotingPeriodSeconds: z.number().int(),
    demoMode: z.boolean(),
    defaultLocale: z.string(),
    supportedLocales: z.array(z.string()),
  })
  .openapi('AppConfig');

export const configRoutes = [
  defineRoute({
    method: 'get',
    path: '/config',
    summary: 'Public runtime configuration',
    tags: ['Config'],
    access: PUBLIC,
    responses: { 200: { description: 'The public configuration', schema: AppConfig } },
    handler: async ({ services: { config } }) => ({
      status: 200,
      body: {
        currencyName: config.CURRENCY_NAME,
        nativeTokenId: nativeTokenId(config.NATIVE_DENOM),
        nativeToken: { symbol: config.NATIVE_SYMBOL, denom: config.NATIVE_DENOM, exponent: config.NATIVE_EXPONENT },
        chainId: config.CHAIN_ID,
        addressPrefix: config.CHAIN_PREFIX,
        perOrgRpcEnabled: config.PER_ORG_RPC_ENABLED,
        invitationExpiryHours: config.INVITATION_EXPIRY_HOURS,
        passwordResetExpiryMinutes: config.PASSWORD_RESET_EXPIRY_MINUTES,
        proposalVotingPeriodSeconds: Math.floor(config.PROPOSAL_VOTING_PERIOD / 1000),
        demoMode: config.DEMO_DATA,
        defaultLocale: 'es',
        supportedLocales: ['es', 'en'],
      },
    }),
  }),
];

/** The native token's registry id is derived from its denom, so every deployment and replay agrees on it. */
export const nativeTokenId = (denom: string) => `token_${denom.replace(/[^a-z0-9]/g, '_')}`;
