import { randomUUID } from 'node:crypto';
import { DEMO_LIMITS } from '../../api/routes/instant-payments';
import { createTestRuntime, type TestRuntime } from '../support/test-runtime';

describe('Instant Payments public demo endpoints are throttled', () => {
  let world: TestRuntime;

  beforeAll(async () => {
    world = await createTestRuntime();
    // Fixed windows: start well inside one, so the burst is counted against a single window.
    const intoWindow = Date.now() % DEMO_LIMITS.availability.windowMs;
    if (intoWindow > DEMO_LIMITS.availability.windowMs - 10_000) await new Promise((resolve) => setTimeout(resolve, DEMO_LIMITS.availability.windowMs - intoWindow + 50));
  }, 30_000);
  afterAll(() => world?.close());

  it('answers 429 RATE_LIMITED with Retry-After past the limit of the alias availability check', async () => {
    const { limit } = DEMO_LIMITS.availability;
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await world.request.get('/api/instant-payments/aliases/maria.lopez/availability')).status);
    expect(new Set(statuses)).toEqual(new Set([200]));
    const throttled = await world.request.get('/api/instant-payments/aliases/maria.lopez/availability');
    expect(throttled.status).toBe(429);
    expect(throttled.body.code).toBe('RATE_LIMITED');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('throttles the demo registration', async () => {
    const { limit } = DEMO_LIMITS.registration;
    for (let i = 0; i < limit; i++) {
      const response = await world.request.post('/api/instant-payments/demo/clients').send({ organizationId: randomUUID(), name: 'Ana' });
      expect(response.status).toBe(404);
    }
    const throttled = await world.request.post('/api/instant-payments/demo/clients').send({ organizationId: randomUUID(), name: 'Ana' });
    expect([throttled.status, throttled.body.code]).toEqual([429, 'RATE_LIMITED']);
    expect(throttled.headers['retry-after']).toBeDefined();
  });
});
