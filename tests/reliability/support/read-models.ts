import type { Knex } from 'knex';
import type pg from 'pg';
import { allProjections } from '../../../projections';
import { ProjectionRunner } from '../../../projections/runner';
import { createLogger } from '../../../runtime/logger';
import { PostgresEventStore } from '../../../write-side/event-store/postgres-event-store';

/**
 * "Read models equal a rebuild" (issue 10 a): with the service stopped, the read models are caught up
 * from their checkpoints, read, rebuilt from the whole event log (`ProjectionRunner.rebuild`, what
 * `npm run projections:rebuild -- --all` runs) and read again. Every row of every projection's table
 * must come back identical; the answer names each table whose rows differ and a row that shows it.
 */
export async function compareReadModelsWithRebuild(db: Knex, pool: pg.Pool): Promise<{ tables: number; rows: number; differences: string[] }> {
  const projections = allProjections();
  const runner = new ProjectionRunner(new PostgresEventStore(pool), db, projections, createLogger('silent'));
  await runner.catchUp();
  const tables = [...new Set(projections.flatMap((projection) => projection.tables))];
  const before = await readTables(db, tables);
  await runner.rebuild(projections.map((projection) => projection.name));
  const after = await readTables(db, tables);
  const differences: string[] = [];
  let rows = 0;
  for (const table of tables) {
    const live = before.get(table)!;
    const rebuilt = after.get(table)!;
    rows += live.length;
    const liveRows = new Set(live);
    const rebuiltRows = new Set(rebuilt);
    const missing = live.filter((row) => !rebuiltRows.has(row));
    const extra = rebuilt.filter((row) => !liveRows.has(row));
    if (missing.length > 0 || extra.length > 0)
      differences.push(
        `read model ${table} differs from its rebuild: ${missing.length} live rows not rebuilt, ${extra.length} rebuilt rows not live` +
          (missing[0] ? `; live ${missing[0]}` : '') +
          (extra[0] ? `; rebuilt ${extra[0]}` : ''),
      );
  }
  return { tables: tables.length, rows, differences };
}

/** Every row of each table as canonical JSON text, sorted: two reads compare as sorted string lists. */
async function readTables(db: Knex, tables: readonly string[]): Promise<Map<string, string[]>> {
  const read = new Map<string, string[]>();
  for (const table of tables) {
    const result = await db.raw('select to_jsonb(t)::text as row from ?? t', [table]);
    read.set(table, (result.rows as { row: string }[]).map((row) => row.row).sort());
  }
  return read;
}
