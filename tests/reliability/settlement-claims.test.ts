import { createLogger } from '../../runtime/logger';
import { PostgresSettlementClaims } from '../../runtime/settlement-claims';
import { queriesSentWhileBusy } from '../support/pg-busy';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/**
 * A bank is settled by one process at a time: the one whose session holds the bank's claim, a
 * PostgreSQL advisory lock that the server frees with the session. Here two processes' claims on one
 * real database.
 */
describe('Settlement claims of two processes on one database', () => {
  let database: TestDatabase;
  const logger = createLogger('silent');
  const opened: PostgresSettlementClaims[] = [];
  const lost: string[] = [];
  const claims = (name: string) => {
    const made = new PostgresSettlementClaims(database.url, logger, () => lost.push(name));
    opened.push(made);
    return made;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((each) => each.close()));
    lost.length = 0;
  });
  afterAll(() => database.drop());

  /** The sessions holding a settlement claim, as PostgreSQL's lock table says. */
  const holders = async () =>
    (
      await database.knex.raw(
        `select count(*)::int as n from pg_locks where locktype = 'advisory' and granted
           and database = (select oid from pg_database where datname = current_database()) and classid = hashtext('emisor.settlement')::oid`,
      )
    ).rows[0].n as number;

  it('gives a bank to one process only; the other gets it once the first lets it go', async () => {
    const [first, second] = [claims('first'), claims('second')];
    expect(await first.claim('bank-1')).toBe(true);
    expect(await first.claim('bank-1')).toBe(true);
    expect(await second.claim('bank-1')).toBe(false);
    expect(await second.claim('bank-2')).toBe(true);

    await first.release('bank-1');
    expect(await second.claim('bank-1')).toBe(true);
    expect(await first.claim('bank-1')).toBe(false);
  });

  it('takes one lock for claims of one bank asked at the same time, so one release frees it', async () => {
    const [first, second] = [claims('first'), claims('second')];
    expect(await Promise.all([first.claim('bank-1'), first.claim('bank-1'), first.claim('bank-1')])).toEqual([true, true, true]);
    expect(await holders()).toBe(1);
    await first.release('bank-1');
    expect(await holders()).toBe(0);
    expect(await second.claim('bank-1')).toBe(true);
  });

  it("sends claims of several banks asked at once one after the other on its session (pg deprecates queueing them on a busy client, and its next major version refuses it)", async () => {
    const first = claims('first');
    const sentWhileBusy = await queriesSentWhileBusy(async () => {
      expect(await Promise.all(['bank-1', 'bank-2', 'bank-3'].map((bank) => first.claim(bank)))).toEqual([true, true, true]);
      await Promise.all(['bank-1', 'bank-2', 'bank-3'].map((bank) => first.release(bank)));
    });
    expect(sentWhileBusy).toBe(0);
    expect(await holders()).toBe(0);
  });

  it('frees every claim of a process whose session ends, and tells it so', async () => {
    const [first, second] = [claims('first'), claims('second')];
    expect(await first.claim('bank-1')).toBe(true);
    expect(await first.claim('bank-2')).toBe(true);
    // The server ends the first process's session, as when its connection is cut.
    await database.knex.raw(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'emisor-settlement-claims' and datname = current_database()`);
    for (let look = 0; look < 50 && lost.length === 0; look++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lost).toEqual(['first']);
    expect(await second.claim('bank-1')).toBe(true);
    expect(await second.claim('bank-2')).toBe(true);
    // The first asks again on a new session, and finds the banks taken.
    expect(await first.claim('bank-1')).toBe(false);
  });
});
