import { CheckFailed } from '../../runtime/services';
import { defineRoute, PUBLIC } from '../route';
import { z } from '../openapi';

const Check = z.object({
  status: z.enum(['up', 'down']),
  /** Why it is down, in words safe to show anyone. */
  reason: z.string().optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});
const Health = z.object({ status: z.enum(['ok', 'degraded']), checks: z.record(z.string(), Check) }).openapi('Health');

const CHECK_TIMEOUT_MS = 2000;

class TimedOut extends Error {}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut()), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** What a failed check says: its own reason when it gives one; otherwise only that it failed, never the error text. */
function down(error: unknown): z.infer<typeof Check> {
  if (error instanceof CheckFailed) return { status: 'down', reason: error.reason, detail: error.detail };
  if (error instanceof TimedOut) return { status: 'down', reason: `no answer within ${CHECK_TIMEOUT_MS} ms` };
  return { status: 'down', reason: 'unreachable' };
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Reachability of the database, the event store and the chain, and whether every projection runs',
    tags: ['Health'],
    access: PUBLIC,
    responses: {
      200: { description: 'Every check passes', schema: Health },
      503: { description: 'A check fails: it is `down`, with the reason', schema: Health },
    },
    handler: async ({ services }) => {
      const results = await Promise.all(
        services.healthChecks.map(async (dependency) => {
          try {
            const detail = await withTimeout(dependency.check());
            return [dependency.name, { status: 'up' as const, ...(detail ? { detail } : {}) }] as const;
          } catch (error) {
            return [dependency.name, down(error)] as const;
          }
        }),
      );
      const healthy = results.every(([, result]) => result.status === 'up');
      return { status: healthy ? 200 : 503, body: { status: healthy ? 'ok' : 'degraded', checks: Object.fromEntries(results) } };
    },
  }),
];
