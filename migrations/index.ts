import type { Knex } from 'knex';
import * as eventStore from './20260101000000_event_store';
import * as projectionCheckpoints from './20260101000100_projection_checkpoints';

/**
 * Every migration, in order. Listed here rather than discovered on disk so that the same list runs
 * under tsx, jest and a compiled build.
 */
const migrations: Record<string, Knex.Migration> = {
  '20260101000000_event_store': eventStore,
  '20260101000100_projection_checkpoints': projectionCheckpoints,
};

export const migrationSource: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};
