import { dashboardMetrics } from '../../read-side/dashboard';
import { MULTISIG_TYPES } from '../../write-side/account/events';
import { ORGANIZATION_TYPES } from '../../write-side/organization/events';
import { z } from '../openapi';
import { ability, defineRoute } from '../route';

const TokenBalance = z.object({ denom: z.string(), symbol: z.string(), exponent: z.number().int(), amount: z.string().openapi({ description: 'base units' }) });

const Wallet = z.object({
  multisigId: z.string(),
  name: z.string(),
  type: z.enum(MULTISIG_TYPES),
  address: z.string(),
  archived: z.boolean(),
  balances: z.array(TokenBalance),
});

const DashboardMetrics = z
  .object({
    organizationId: z.string(),
    organizationType: z.enum(ORGANIZATION_TYPES),
    asOf: z.object({ height: z.number().int(), time: z.string() }).nullable().openapi({ description: 'The chain block the figures stand at' }),
    tokens: z.array(
      z.object({
        denom: z.string(),
        symbol: z.string(),
        exponent: z.number().int(),
        native: z.boolean(),
        liveSupply: z.string().openapi({ description: 'total on-chain supply, base units' }),
        internalBalance: z.string().openapi({ description: 'held by the platform’s accounts' }),
        externalCirculating: z.string().openapi({ description: 'liveSupply minus internalBalance, floored at 0' }),
      }),
    ),
    wallets: z.array(Wallet).openapi({ description: 'The organization’s accounts the caller may see' }),
    externalCirculating: z.string().openapi({ description: 'of the native token' }),
    issuer: z
      .object({
        mintBurn: z.array(
          z.object({
            denom: z.string(),
            symbol: z.string(),
            exponent: z.number().int(),
            minted: z.string(),
            burned: z.string(),
            mints: z.number().int(),
            burns: z.number().int(),
          }),
        ),
      })
      .nullable()
      .openapi({ description: 'CENTRAL callers' }),
    participant: z
      .object({
        totalBalance: z.array(TokenBalance).openapi({ description: 'across the organization’s accounts' }),
        topWallets: z.array(Wallet),
        alerts: z.array(z.object({ code: z.enum(['EXCHANGE_ADDRESS_UNLINKED', 'EXCHANGE_FROZEN']), message: z.string() })),
      })
      .nullable()
      .openapi({ description: 'COMMERCIAL callers' }),
  })
  .openapi('DashboardMetrics');

export const dashboardRoutes = [
  defineRoute({
    method: 'get',
    path: '/dashboard/metrics',
    summary: 'Per-organization metrics: live supply per token, wallets, externalCirculating, and the issuer’s or participant’s figures',
    tags: ['Dashboard'],
    access: ability('read', 'Dashboard'),
    responses: { 200: { description: 'Metrics', schema: DashboardMetrics } },
    handler: async ({ services, principal }) => ({
      status: 200,
      body: await dashboardMetrics(services.db, principal, services.config.NATIVE_DENOM),
    }),
  }),
];
