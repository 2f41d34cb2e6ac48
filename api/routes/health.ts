import { defineRoute, PUBLIC } from '../route';
import { z } from '../openapi';

const DependencyHealth = z.object({ status: z.enum(['up', 'down']), detail: z.record(z.string(), z.unknown()).optional() });
const Health = z
  .object({ status: z.enum(['ok', 'degraded']), dependencies: z.record(z.string(), DependencyHealth) })
  .openapi('Health');

const CHECK_TIMEOUT_MS = 2000;

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = [
  defineRoute({
    method: 'get',
    path: '/health',
    summary: 'Reachability of the database, the event store and the chain',
    tags: ['Health'],
    access: PUBLIC,
    responses: {
      200: { description: 'Every dependency answers', schema: Health },
      503: { description: 'A dependency does not answer', schema: Health },
    },
    handler: async ({ services }) => {
      const results = await Promise.all(
        services.healthChecks.map(async (dependency) => {
          try {
            const detail = await withTimeout(dependency.check());
            return [dependency.name, { status: 'up' as const, ...(detail ? { detail } : {}) }] as const;
          } catch {
            return [dependency.name, { status: 'down' as const }] as const;
          }
        }),
      );
      const healthy = results.every(([, result]) => result.status === 'up');
      return { status: healthy ? 200 : 503, body: { status: healthy ? 'ok' : 'degraded', dependencies: Object.fromEntries(results) } };
    },
  }),
];
