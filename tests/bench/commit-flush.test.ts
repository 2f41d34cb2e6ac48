import { runCommitFlushProbe } from '../../bench/commit-flush';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** bench:payments' "PG commit alone": PostgreSQL's durable commits with nothing else running. */
describe('runCommitFlushProbe', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('commits one row every 5 ms for the seconds asked, times each, and leaves no table behind', async () => {
    const result = await runCommitFlushProbe({ url: database.url, seconds: 0.5 });

    // The last commit is due 495 ms after the first.
    expect(result.seconds).toBeGreaterThanOrEqual(0.495);
    // 100 commits are due in 0.5 s; a slow commit delays the ones after it but none is skipped.
    expect(result.latency.count).toBe(100);
    expect(result.latency.p50).toBeGreaterThan(0);
    expect(result.latency.max).toBeGreaterThanOrEqual(result.latency.p99);
    expect(result.slow.length).toBe(Math.min(20, result.latency.over50));
    const { rows } = await database.pool.query("select to_regclass('commit_probe') as probe");
    expect(rows[0].probe).toBeNull();
  });
});
