import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { appendRecorded, runnerNotingSetting, waitUntilVisible } from './recording-projection';

/**
 * A batch's statements carry its rows as column arrays of hundreds of KB; planned for those values,
 * PostgreSQL would parse them and copy them with the plan. The runner's transactions plan generically.
 */
describe('ProjectionRunner: how a batch’s statements are planned', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));

  const noting = (name: string) => runnerNotingSetting(database.knex, store, name, 'plan_cache_mode');

  it('plans a catch-up batch and a live one for any values, in their own transaction only', async () => {
    const name = 'plans_batches';
    const { runner, settings } = await noting(name);
    await runner.start();
    try {
      const last = await appendRecorded(store, name, 4, 5);
      await waitUntilVisible(store, last);
      await expect(runner.waitFor(last, 5000)).resolves.toBe(true);
    } finally {
      await runner.stop();
    }
    expect(settings).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
    const { rows } = await database.knex.raw(`select current_setting('plan_cache_mode') as setting`);
    expect(rows[0].setting).toBe('auto');
  });

  it('plans a rebuild for any values', async () => {
    const name = 'plans_rebuild';
    const { runner, settings } = await noting(name);
    await runner.rebuild(name);
    expect(settings).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
  });
});
