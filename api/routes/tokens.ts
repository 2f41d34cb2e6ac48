import { randomUUID } from 'node:crypto';
import { findToken, findTokenByDenom, listTokens } from '../../read-side/tokens';
import { TOKEN_REGISTRY_STREAM } from '../../write-side/token/events';
import { tokenDecider } from '../../write-side/token/decide';
import { commandContext } from '../command-context';
import { pageOf } from '../governance';
import { Id, pageQuery, page, z } from '../openapi';
import { ability, AUTHENTICATED, defineRoute } from '../route';

const Denom = z.string().regex(/^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/, 'a chain denom');

const Token = z
  .object({
    id: z.string(),
    denom: z.string(),
    symbol: z.string(),
    name: z.string(),
    exponent: z.number().int(),
    decimals: z.number().int(),
    native: z.boolean(),
    status: z.enum(['Native', 'Active']),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .openapi('Token');

const Autodetected = z
  .object({
    denom: z.string(),
    exists: z.boolean(),
    supply: z.string().openapi({ description: 'live total supply in base units' }),
    registered: z.boolean(),
    tokenId: z.string().nullable(),
    suggestion: z.object({ symbol: z.string(), name: z.string(), exponent: z.number().int() }),
  })
  .openapi('AutodetectedToken');

const TokenParams = z.object({ tokenId: Id });

/** A symbol and name a client can start from: the last path segment of the denom, micro-prefix dropped. */
function suggestion(denom: string) {
  const base = denom.split('/').pop()!;
  const stripped = /^u[a-z]{2,}$/.test(base) ? base.slice(1) : base;
  return { symbol: stripped.toUpperCase().slice(0, 12), name: stripped, exponent: /^u[a-z]{2,}$/.test(base) ? 6 : 0 };
}

export const tokenRoutes = [
  defineRoute({
    method: 'get',
    path: '/tokens',
    summary: 'List the token registry',
    tags: ['Tokens'],
    access: AUTHENTICATED,
    query: z.object(pageQuery),
    responses: { 200: { description: 'Tokens, the native one first', schema: page(Token) } },
    handler: async ({ services, query }) => ({ status: 200, body: pageOf(await listTokens(services.db), query.page, query.pageSize) }),
  }),
  defineRoute({
    method: 'get',
    path: '/tokens/autodetect',
    summary: 'Read a denom and its live supply from the chain',
    tags: ['Tokens'],
    access: ability('manage', 'Token'),
    query: z.object({ denom: Denom }),
    responses: { 200: { description: 'What the chain knows of the denom', schema: Autodetected } },
    handler: async ({ services, query }) => {
      const supply = await services.chain.getSupply(query.denom);
      const registered = await findTokenByDenom(services.db, query.denom);
      return {
        status: 200,
        body: {
          denom: query.denom,
          exists: supply > 0n || query.denom === services.config.NATIVE_DENOM,
          supply: supply.toString(),
          registered: registered !== null,
          tokenId: registered?.id ?? null,
          suggestion: registered ? { symbol: registered.symbol, name: registered.name, exponent: registered.exponent } : suggestion(query.denom),
        },
      };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/tokens/:tokenId',
    summary: 'A token of the registry',
    tags: ['Tokens'],
    access: AUTHENTICATED,
    params: TokenParams,
    responses: { 200: { description: 'The token', schema: Token } },
    handler: async ({ services, params }) => ({ status: 200, body: await findToken(services.db, params.tokenId) }),
  }),
  defineRoute({
    method: 'post',
    path: '/tokens',
    summary: 'Register a token',
    tags: ['Tokens'],
    access: ability('manage', 'Token'),
    body: z.strictObject({
      denom: Denom,
      symbol: z.string().trim().min(1).max(12),
      name: z.string().trim().min(1).max(100).optional(),
      exponent: z.number().int().min(0).max(18),
    }),
    responses: { 201: { description: 'Registered', schema: Token }, 409: { description: 'TOKEN_DENOM_TAKEN, TOKEN_EXISTS or NATIVE_TOKEN_EXISTS' } },
    handler: async (context) => {
      const { services, body } = context;
      const tokenId = `token_${randomUUID()}`;
      const command = commandContext(context);
      await services.commands.handle(tokenDecider, TOKEN_REGISTRY_STREAM, {
        type: 'RegisterToken',
        token: { tokenId, denom: body.denom, symbol: body.symbol, name: body.name ?? body.symbol, exponent: body.exponent, native: false },
        registeredBy: context.principal.userId,
        now: command.now.toISOString(),
      }, command);
      return { status: 201, body: await findToken(services.db, tokenId) };
    },
  }),
  defineRoute({
    method: 'patch',
    path: '/tokens/:tokenId',
    summary: 'Update a token’s symbol, name or exponent',
    tags: ['Tokens'],
    access: ability('manage', 'Token'),
    params: TokenParams,
    body: z.strictObject({
      symbol: z.string().trim().min(1).max(12).optional(),
      name: z.string().trim().min(1).max(100).optional(),
      exponent: z.number().int().min(0).max(18).optional(),
    }),
    responses: { 200: { description: 'Updated', schema: Token } },
    handler: async (context) => {
      const { services, params, body } = context;
      const command = commandContext(context);
      await services.commands.handle(tokenDecider, TOKEN_REGISTRY_STREAM, { type: 'UpdateToken', tokenId: params.tokenId, ...body, now: command.now.toISOString() }, command);
      return { status: 200, body: await findToken(services.db, params.tokenId) };
    },
  }),
  defineRoute({
    method: 'delete',
    path: '/tokens/:tokenId',
    summary: 'Remove a token from the registry (never the native one)',
    tags: ['Tokens'],
    access: ability('manage', 'Token'),
    params: TokenParams,
    responses: { 204: { description: 'Removed' }, 422: { description: 'NATIVE_TOKEN_PROTECTED' } },
    handler: async (context) => {
      const command = commandContext(context);
      await context.services.commands.handle(tokenDecider, TOKEN_REGISTRY_STREAM, { type: 'RemoveToken', tokenId: context.params.tokenId, now: command.now.toISOString() }, command);
      return { status: 204 };
    },
  }),
];
