import type { PostgresEventStore } from '../../write-side/event-store/postgres-event-store';
import { type TestDatabase, withEventStoreDatabase } from '../support/test-database';
import { settingWhileRebuilding, settingWhileRunning } from './recording-projection';

/**
 * A batch's statements carry its rows as column arrays of hundreds of KB; planned for those values,
 * PostgreSQL would parse them and copy them with the plan. The runner's transactions plan generically.
 */
describe('ProjectionRunner: how a batch’s statements are planned', () => {
  let database: TestDatabase;
  let store: PostgresEventStore;

  withEventStoreDatabase((fixture) => ({ database, store } = fixture));

  it('plans a catch-up batch and a live one for any values, in their own transaction only', async () => {
    const { applied, afterwards } = await settingWhileRunning(database.knex, store, 'plans_batches', 'plan_cache_mode');
    expect(applied).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
    expect(afterwards).toBe('auto');
  });

  it('plans a rebuild for any values', async () => {
    expect(await settingWhileRebuilding(database.knex, store, 'plans_rebuild', 'plan_cache_mode')).toEqual(['force_generic_plan', 'force_generic_plan', 'force_generic_plan']);
  });
});
