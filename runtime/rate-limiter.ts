import { rateLimited } from '../write-side/errors';
import type { Services } from './services';

type Deps = Pick<Services, 'db'>;

const windowStartOf = (now: number, windowMs: number) => new Date(now - (now % windowMs));

/**
 * Fixed-window throttling kept in PostgreSQL, so every API process counts against the same limit.
 * Each call counts one hit on `key`; past `limit` hits in the current window it throws 429
 * RATE_LIMITED with Retry-After (seconds until the window ends).
 */
export async function rateLimit(services: Deps, key: string, limit: number, windowMs: number): Promise<void> {
  const now = Date.now();
  const windowStart = windowStartOf(now, windowMs);
  const { rows } = await services.db.raw<{ rows: { hits: number }[] }>(
    `insert into rate_limits (key, window_start, hits) values (?, ?, 1)
     on conflict (key, window_start) do update set hits = rate_limits.hits + 1
     returning hits`,
    [key, windowStart],
  );
  // Old windows are dead weight; sweeping now and then keeps the table small without a timer.
  if (Math.random() < 0.01) await services.db('rate_limits').where('window_start', '<', new Date(now - Math.max(windowMs, 86_400_000))).delete();
  if (rows[0]!.hits > limit) throw rateLimited(Math.max(1, Math.ceil((windowStart.getTime() + windowMs - now) / 1000)));
}

/** Takes back the hit of an attempt that turned out not to count (a successful login). */
export async function refundHit(services: Deps, key: string, windowMs: number): Promise<void> {
  await services.db('rate_limits').where({ key, window_start: windowStartOf(Date.now(), windowMs) }).where('hits', '>', 0).decrement('hits', 1);
}

/** Forgets every hit on `key` (a successful login clears the failures of its address from its caller). */
export async function forgetHits(services: Deps, key: string): Promise<void> {
  await services.db('rate_limits').where({ key }).delete();
}
