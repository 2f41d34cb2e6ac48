import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Projection } from '../../projections/projection';
import { allProjections } from '../../projections';
import { ProjectionRunner } from '../../projections/runner';
import { createLogger } from '../../runtime/logger';
import { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { newEvent } from '../event-store/event-store-contract';
import { createTestDatabase, type TestDatabase } from '../support/test-database';

/** A balance per account, summed from deposits: a wrong replay shows up as a wrong balance. */
const balances: Projection = {
  name: 'test_balances',
  tables: ['test_balances'],
  handles: ['DepositMade'],
  async applyBatch(trx, events) {
    for (const event of events)
      await trx.raw(
        `insert into test_balances (account_id, balance, deposits) values (?, ?, 1)
         on conflict (account_id) do update
           set balance = test_balances.balance + excluded.balance, deposits = test_balances.deposits + 1`,
        [event.streamId, (event.data as { amount: number }).amount],
      );
  },
};

describe('ProjectionRunner.rebuild', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  let runner: ProjectionRunner;
  /** What the balances must be: every deposit appended by the tests, once. */
  const expected = new Map<string, { balance: number; deposits: number }>();

  beforeAll(async () => {
    database = await createTestDatabase();
    await database.knex.raw(
      'create table test_balances (account_id text primary key, balance bigint not null, deposits integer not null)',
    );
    store = new PostgresEventStore(database.pool);
    runner = new ProjectionRunner(store, database.knex, [balances], createLogger('silent'), { batchSize: 10 });
    await runner.start();
  });
  afterAll(async () => {
    await runner.stop();
    await database.drop();
  });

  async function deposit(accountId: string, amount: number) {
    const version = (await store.readStream(accountId)).length;
    const result = await store.append(accountId, [newEvent('DepositMade', { amount })], version);
    const current = expected.get(accountId) ?? { balance: 0, deposits: 0 };
    expected.set(accountId, { balance: current.balance + amount, deposits: current.deposits + 1 });
    return result.position;
  }

  async function readBalances() {
    const rows: { account_id: string; balance: string; deposits: number }[] = await database
      .knex('test_balances')
      .orderBy('account_id');
    return new Map(rows.map((row) => [row.account_id, { balance: Number(row.balance), deposits: row.deposits }]));
  }

  it('drops the rows and replays the whole log into the same rows', async () => {
    let last = null;
    for (let index = 1; index <= 30; index++) last = await deposit(`account-${index % 3}`, index);
    await runner.waitFor(last!, 5000);
    expect(await readBalances()).toEqual(expected);
    await database.knex('test_balances').update({ balance: 0 }); // damage the read model

    const report = await runner.rebuild('test_balances');

    expect(report).toEqual({ events: 30, projections: [{ name: 'test_balances', applied: 30 }] });
    expect(await readBalances()).toEqual(expected);
    const checkpoint = await database.knex('projection_checkpoints').where({ name: 'test_balances' }).first();
    expect([BigInt(checkpoint.commit_position), BigInt(checkpoint.prepare_position)]).toEqual([last!.commit, last!.prepare]);
  });

  it('leaves every event applied exactly once when live events arrive during the rebuild', async () => {
    const appending = (async () => {
      let last = null;
      for (let index = 1; index <= 40; index++) last = await deposit(`account-live-${index % 4}`, 1000 + index);
      return last!;
    })();

    await runner.rebuild('test_balances');
    await runner.rebuild('test_balances');
    const last = await appending;

    await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
    expect(await readBalances()).toEqual(expected);
  });

  it('refuses a projection it does not run', async () => {
    await expect(runner.rebuild('no_such_read_model')).rejects.toThrow('no projection named no_such_read_model');
  });
});

describe('npm run projections:rebuild', () => {
  // Each test starts the CLI through tsx, which takes a while on a busy machine.
  jest.setTimeout(180_000);
  const cli = (args: string[], env: Record<string, string>) =>
    promisify(execFile)(join(__dirname, '../../node_modules/.bin/tsx'), [join(__dirname, '../../projections/rebuild-cli.ts'), ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    });

  it('rebuilds every read model with --all and says what it replayed', async () => {
    const database = await createTestDatabase();
    try {
      const { stdout } = await cli(['--all'], { DATABASE_URL: database.url });

      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(allProjections().length + 1);
      for (const [index, projection] of allProjections().entries())
        expect(lines[index]).toMatch(new RegExp(`^Rebuilt ${projection.name}: applied \\d+ of \\d+ events$`));
      expect(lines[allProjections().length]).toMatch(new RegExp(`^Replayed \\d+ events into ${allProjections().length} projection\\(s\\) in \\d+ ms: \\d+ events/s$`));
    } finally {
      await database.drop();
    }
  });

  it('names the projections it knows when asked for one it does not', async () => {
    const failure = await cli(['no_such_read_model'], {}).catch((error) => error);

    expect(failure.code).toBe(2);
    expect(failure.stderr).toContain('unknown projection: no_such_read_model');
    expect(failure.stderr).toContain('usage: npm run projections:rebuild -- <projection>... | --all');
  });
});
