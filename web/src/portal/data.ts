import useSWR, { type SWRConfiguration } from 'swr';

/** Polling interval of live surfaces (dashboard, tasks, balances): the spec's "refreshed by polling". */
export const POLL_MS = 5000;

/** A read through SWR: cached per key, revalidated on focus, polled when asked. A null key waits. */
export const useData = <T,>(key: unknown[] | null, load: () => Promise<T>, options: SWRConfiguration<T> = {}) =>
  useSWR<T>(key ? JSON.stringify(key) : null, load, { keepPreviousData: true, ...options });

/** A fresh key per value-moving submission, so a retried click never moves value twice. */
export const idempotencyKey = () => crypto.randomUUID();
