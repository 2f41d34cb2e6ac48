import useSWR, { type SWRConfiguration } from 'swr';

/** Polling interval of live surfaces (dashboard, tasks, balances): the spec's "refreshed by polling". */
export const POLL_MS = 5000;

/** A read through SWR: cached per key, revalidated on focus, polled when asked. A null key waits. */
export const useData = <T,>(key: unknown[] | null, load: () => Promise<T>, options: SWRConfiguration<T> = {}) =>
  useSWR<T>(key ? JSON.stringify(key) : null, load, { keepPreviousData: true, ...options });

/** A fresh key per value-moving submission, so a retried click never moves value twice. */
export const idempotencyKey = () => crypto.randomUUID();

/** The token registry's native token (symbol, denom, exponent): how amounts are typed and shown. */
export const useNativeToken = () => {
  const config = useSWR('config', async () => {
    const response = await fetch('/api/config');
    return (await response.json()) as { nativeToken: { symbol: string; denom: string; exponent: number } };
  }, { revalidateOnFocus: false });
  return config.data?.nativeToken ?? null;
};
