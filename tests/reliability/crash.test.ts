import { runCrashHarness } from './support/crash-harness';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * Issue 10 (a): the real service, SIGKILLed at seeded random points under proposals, votes and
 * payments with Idempotency-Keys, keeps every promise. CRASH_SEED replays a run; the seed is printed.
 */
const SEED = Number(process.env.CRASH_SEED ?? Date.now() % 2 ** 31);
const KILL_POINTS = Number(process.env.CRASH_KILL_POINTS ?? 20);

describe('the service under SIGKILL of its process group', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.drop());

  it(`acknowledges every request exactly once with balances exact and no claim stuck (seed ${SEED}, ${KILL_POINTS} kill points)`, async () => {
    process.stdout.write(`crash harness seed ${SEED} (replay with CRASH_SEED=${SEED})\n`);
    const report = await runCrashHarness({ seed: SEED, killPoints: KILL_POINTS, databaseUrl: database.url, port: 4700 + (process.pid % 50) });
    process.stdout.write(`crash harness report ${JSON.stringify(report)}\n`);
    expect(report.violations).toEqual([]);
    expect(report.killPoints).toBe(KILL_POINTS);
    expect(report.invariantChecks).toBeGreaterThan(KILL_POINTS);
  }, 900_000);
});
