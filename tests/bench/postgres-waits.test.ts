import pg from 'pg';
import { PostgresWaits, WaitTally, waitsLine, type ActiveStatement } from '../../bench/support/postgres';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * bench:payments' BENCH_PG_WAITS: what the service's statements waited on, to tell a slow append made by
 * the write-ahead log's flush from one made by PostgreSQL's CPU.
 */
describe('WaitTally (what sampled statements waited on)', () => {
  const flushing = (pid: number, statement: string): ActiveStatement => ({ pid, type: 'IO', event: 'WALSync', statement });
  const queued = (pid: number): ActiveStatement => ({ pid, type: 'LWLock', event: 'WALWrite', statement: 's' });
  const onCore = (pid: number): ActiveStatement => ({ pid, type: null, event: null, statement: 's' });

  it('counts each statement of each sample by what it waits on', () => {
    const tally = new WaitTally(10);
    tally.add([onCore(1), flushing(2, 'a'), queued(3)], 0);
    tally.add([onCore(1), { pid: 2, type: 'IO', event: 'DataFileExtend', statement: 'b' }, { pid: 3, type: 'IO', event: 'WALWrite', statement: 'c' }], 10);
    tally.add([onCore(1)], 20);

    const waits = tally.finish();

    expect(waits).toMatchObject({ intervalMs: 10, samples: 7, onCore: 3, walFlush: 2, walLock: 1, other: [['IO:DataFileExtend', 1]] });
  });

  it('measures a flush from the first to the last sample that saw the backend flushing for one statement', () => {
    const tally = new WaitTally(10);
    tally.add([flushing(7, 'first')], 0);
    tally.add([flushing(7, 'first'), flushing(8, 'only')], 10);
    tally.add([flushing(7, 'first'), flushing(8, 'next')], 20);
    tally.add([onCore(7)], 30);
    tally.add([flushing(9, 'last')], 40);
    tally.add([flushing(9, 'last')], 95);

    // 7: 0 → 20; 8: 'only' seen once, then a new statement 'next' seen once; 9: 40 → 95, still flushing at the end.
    expect(tally.finish().flushes).toEqual([55, 20, 0, 0]);
  });
});

describe('waitsLine', () => {
  it('gives each share of the samples, the other waits most first, and the flushes over 50 ms', () => {
    const line = waitsLine({
      intervalMs: 10,
      samples: 200,
      onCore: 100,
      walFlush: 50,
      walLock: 30,
      other: [
        ['IO:DataFileExtend', 12],
        ['Client:ClientRead', 6],
        ['Lock:extend', 2],
      ],
      flushes: [120, 60, 10],
    });

    expect(line).toBe(
      'sampled every 10 ms, 200 samples of active statements: on a core (or waiting for one) 50 %; flushing the WAL 25 %, ' +
        'queued behind a flush 15 %; else 10 % (IO:DataFileExtend 6 %, Client:ClientRead 3 %); a flush seen over 50 ms 2 times, the longest at least 120 ms',
    );
  });

  it('says when the sampling stopped early', () => {
    const line = waitsLine({ intervalMs: 5, samples: 0, onCore: 0, walFlush: 0, walLock: 0, other: [], flushes: [], failed: 'Connection terminated' });

    expect(line).toContain('a flush seen over 50 ms 0 times; SAMPLING STOPPED EARLY: Connection terminated');
  });
});

/** A statement that keeps its backend on a core for a while, waiting on nothing. */
const computeFor = (ms: number) => `do $$ declare i bigint := 0; begin while clock_timestamp() < now() + interval '${ms} ms' loop i := i + 1; end loop; end $$`;

describe('PostgresWaits (sampling pg_stat_activity)', () => {
  let database: TestDatabase;
  let databaseName: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    databaseName = new URL(database.url).pathname.slice(1);
  });

  afterAll(() => database.drop());

  it('sees a statement asleep under its wait event and one computing as on a core', async () => {
    const waits = new PostgresWaits(process.env.EMISOR_TEST_SERVER_URL!, 5);
    waits.start(databaseName);
    await Promise.all([
      database.pool.query('select pg_sleep(0.4)'),
      database.pool.query(computeFor(400)),
    ]);
    const sampled = await waits.stop();

    expect(sampled.failed).toBeUndefined();
    const asleep = new Map(sampled.other).get('Timeout:PgSleep') ?? 0;
    expect(asleep).toBeGreaterThanOrEqual(10);
    expect(sampled.onCore).toBeGreaterThanOrEqual(10);
  });

  it("samples only the database it was given, not the server's others", async () => {
    const waits = new PostgresWaits(process.env.EMISOR_TEST_SERVER_URL!, 5);
    const elsewhere = new pg.Client({ connectionString: process.env.EMISOR_TEST_SERVER_URL });
    await elsewhere.connect();
    try {
      waits.start(databaseName);
      // Asleep in another database while this one computes: only the computing is this database's.
      await Promise.all([elsewhere.query('select pg_sleep(0.3)'), database.pool.query(computeFor(300))]);
    } finally {
      await elsewhere.end();
    }
    const sampled = await waits.stop();

    expect(sampled.failed).toBeUndefined();
    expect(sampled.onCore).toBeGreaterThanOrEqual(10);
    expect(new Map(sampled.other).has('Timeout:PgSleep')).toBe(false);
  });
});
