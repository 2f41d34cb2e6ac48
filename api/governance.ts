import { validationFailed } from '../write-side/errors';
import type { Services } from '../runtime/services';
import { isValidAddress } from '../write-side/chain/keys';
import { Idempotency, IDEMPOTENCY_KEY_PATTERN } from '../write-side/idempotency';
import { z } from './openapi';
import type { RouteContext, RouteResult } from './route';

/** Shared pieces of the issuing-core routes (accounts, proposals, votes, whitelist, tokens, bridging). */

/** The Idempotency-Key header of value-moving POSTs, as the OpenAPI document shows it. */
export const IdempotencyHeaders = z.object({
  'idempotency-key': z
    .string()
    .regex(IDEMPOTENCY_KEY_PATTERN, '1 to 255 visible ASCII characters')
    .optional()
    .openapi({ description: 'A retry with the same key and body returns the first result; another body is 409 IDEMPOTENCY_KEY_REUSED' }),
});

const stores = new WeakMap<Services, Idempotency>();

function idempotencyOf(services: Services): Idempotency {
  let store = stores.get(services);
  if (!store) stores.set(services, (store = new Idempotency(services.db)));
  return store;
}

/**
 * Runs a value-moving route under the contract's Idempotency-Key rule. `work` receives the key (or
 * undefined) so it can derive stable ids from it.
 */
export async function idempotent(
  context: Pick<RouteContext<unknown, unknown, unknown>, 'req' | 'principal' | 'clientId' | 'services'>,
  work: (key: string | undefined) => Promise<RouteResult>,
): Promise<RouteResult> {
  const key = context.req.header('idempotency-key');
  if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key))
    throw validationFailed([{ path: 'headers.idempotency-key', message: '1 to 255 visible ASCII characters' }]);
  const scope = context.principal?.userId ?? `client:${context.clientId ?? 'anonymous'}`;
  const response = await idempotencyOf(context.services).run(
    {
      scope,
      key,
      request: { method: context.req.method, path: `${context.req.baseUrl}${context.req.path}`, body: context.req.body ?? null },
    },
    async () => {
      const result = await work(key);
      return { status: result.status, body: result.body };
    },
  );
  return { status: response.status, body: response.body ?? undefined };
}

/** A bech32 address of this chain (key or module account); 400 otherwise. */
export function requireChainAddress(services: Services, address: string, path = 'address'): string {
  if (!isValidAddress(address, services.config.CHAIN_PREFIX))
    throw validationFailed([{ path, message: `not a ${services.config.CHAIN_PREFIX} address` }]);
  return address;
}

/** Lists the contract's way over an array already in memory. */
export function pageOf<T>(items: T[], page: number, pageSize: number) {
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}

export const ChainAddress = z.string().min(1).max(128).openapi({ example: 'emisor1qyqszqgpqyqszqgpqyqszqgpqyqszqgp5k7xz3' });
