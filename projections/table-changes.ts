import type { Knex } from 'knex';
import { quoted, unnested, type Columns } from './column-arrays';

type Row = Record<string, unknown>;

/** A table's columns: their types as PostgreSQL writes them, and which have a default. */
interface TableColumns {
  types: Map<string, string>;
  defaulted: Set<string>;
}

/** Per table: the schema only changes with a migration, so it is asked once per process. */
const TABLE_COLUMNS = new Map<string, Promise<TableColumns>>();

function tableColumns(trx: Knex.Transaction, table: string): Promise<TableColumns> {
  let columns = TABLE_COLUMNS.get(table);
  if (!columns) {
    columns = trx
      .raw<{ rows: Array<{ column_name: string; type: string; defaulted: boolean }> }>(
        `select attname as column_name, format_type(atttypid, atttypmod) as type, atthasdef as defaulted
           from pg_attribute where attrelid = ?::regclass and attnum > 0 and not attisdropped`,
        [table],
      )
      .then(({ rows }) => ({
        types: new Map(rows.map((row) => [row.column_name, row.type])),
        defaulted: new Set(rows.filter((row) => row.defaulted).map((row) => row.column_name)),
      }));
    // A failed look-up (the transaction failed) is asked again next time.
    columns.catch(() => TABLE_COLUMNS.delete(table));
    TABLE_COLUMNS.set(table, columns);
  }
  return columns;
}

/** The columns named, typed from the table's schema (unnest cannot carry an array column: it would flatten it). */
function typed(table: string, { types }: TableColumns, names: string[]): Columns<Row> {
  return names.map((name) => {
    const type = types.get(name);
    if (!type) throw new Error(`${table}: no column ${name}`);
    if (type.endsWith('[]')) throw new Error(`${table}.${name}: an array column cannot be written as a column array`);
    return [name, type] as const;
  });
}

/** Rows grouped by the columns they give (in a stable order), for one statement per group. */
function byColumns(rows: Iterable<Row>, columnsOf: (row: Row) => string[]): Map<string, { columns: string[]; rows: Row[] }> {
  const groups = new Map<string, { columns: string[]; rows: Row[] }>();
  for (const row of rows) {
    const columns = columnsOf(row).sort();
    const shape = columns.join(',');
    const group = groups.get(shape);
    if (group) group.rows.push(row);
    else groups.set(shape, { columns, rows: [row] });
  }
  return groups;
}

/**
 * The changes one batch of events makes to a table keyed by one column, gathered in memory in event
 * order and written with a few statements however many events made them. A row inserted by the batch
 * is written once, with the batch's later changes to it already applied. Values reach PostgreSQL as
 * one array per column, typed by the table's own schema, so jsonb columns take any JSON value (not
 * JSON text) and timestamps ISO strings or Dates.
 *
 * Same outcome as running each event's statement in turn: an update of a row that does not exist
 * changes nothing, a delete drops the changes gathered before it, and an insert of an existing key
 * either fails (`onConflict: 'fail'`) or is ignored (`'ignore'`) while the changes after it still apply.
 */
export class TableChanges {
  private readonly inserts = new Map<string, Row>();
  /** Changes to rows the batch did not insert (yet), merged per row, the later event winning per column. */
  private readonly updates = new Map<string, Row>();
  /** Changes after an insert, for the case where the row existed and the insert was ignored. */
  private readonly afterInsert = new Map<string, Row>();
  private readonly deletes = new Set<string>();

  constructor(
    private readonly table: string,
    private readonly options: { key?: string; onConflict?: 'fail' | 'ignore' } = {},
  ) {}

  private get key(): string {
    return this.options.key ?? 'id';
  }

  insert(row: Row): void {
    const id = this.keyOf(row[this.key], 'insert');
    if (this.inserts.has(id)) {
      if (this.options.onConflict === 'ignore') return;
      throw new Error(`${this.table}: ${id} inserted twice`);
    }
    // Changes gathered before a delete and re-insert were for the row that is gone.
    if (this.deletes.has(id)) this.updates.delete(id);
    this.inserts.set(id, { ...row });
  }

  update(id: unknown, change: Row): void {
    const key = this.keyOf(id, 'update');
    const inserted = this.inserts.get(key);
    if (!inserted) {
      this.updates.set(key, merged(this.updates.get(key), change, this.key, key));
      return;
    }
    assignDefined(inserted, change);
    if (this.options.onConflict === 'ignore') this.afterInsert.set(key, merged(this.afterInsert.get(key), change, this.key, key));
  }

  /**
   * Values the row starts with if this batch inserts it; none for a row already there, nor for one whose
   * insert the table ignores: sums a new row starts with and an old one is added to (see write).
   */
  initial(id: unknown, values: Row): void {
    const inserted = this.inserts.get(this.keyOf(id, 'initial'));
    if (inserted) Object.assign(inserted, values);
  }

  delete(id: unknown): void {
    const key = this.keyOf(id, 'delete');
    this.inserts.delete(key);
    this.updates.delete(key);
    this.afterInsert.delete(key);
    this.deletes.add(key);
  }

  /**
   * Deletes, then changes to rows that were there, then inserts, then changes to rows whose insert was
   * ignored. Resolves with the keys of the rows it inserted.
   */
  async write(trx: Knex.Transaction): Promise<Set<string>> {
    const { table, key } = this;
    const inserted = new Set<string>();
    if (this.deletes.size > 0) await trx.raw('delete from ?? where ?? = any(?)', [table, key, [...this.deletes]]);
    if (this.updates.size === 0 && this.inserts.size === 0) return inserted;
    const schema = await tableColumns(trx, table);
    await this.writeUpdates(trx, schema, this.updates.values());
    // Rows go together when they give the same columns that have a default: a column a row leaves out
    // takes its default, not null (one statement naming it for some rows would give the others null).
    // Any other column a row leaves out is null either way, so those rows still share one statement.
    const ignore = this.options.onConflict === 'ignore';
    const given = (row: Row) => Object.keys(row).filter((column) => row[column] !== undefined);
    for (const { rows } of byColumns(this.inserts.values(), (row) => given(row).filter((column) => schema.defaulted.has(column))).values()) {
      const columns = [...new Set(rows.flatMap(given))];
      const { source, values } = unnested(typed(table, schema, columns), rows);
      const { rows: written } = await trx.raw<{ rows: Array<{ key: string }> }>(
        `insert into ${quoted(table)} (${columns.map(quoted).join(', ')}) select v.* from ${source}` +
          (ignore ? ` on conflict (${quoted(key)}) do nothing returning ${quoted(key)}::text as key` : ''),
        values,
      );
      if (ignore) for (const row of written) inserted.add(row.key);
      else for (const row of rows) inserted.add(row[key] as string);
    }
    await this.writeUpdates(
      trx,
      schema,
      [...this.afterInsert].filter(([id]) => !inserted.has(id)).map(([, change]) => change),
    );
    return inserted;
  }

  /**
   * One statement per set of columns the changes name: each row's columns set from its change, the
   * others left as they are.
   */
  private async writeUpdates(trx: Knex.Transaction, schema: TableColumns, changes: Iterable<Row>): Promise<void> {
    const { table, key } = this;
    for (const { columns, rows } of byColumns(changes, (change) => Object.keys(change).filter((column) => column !== key)).values()) {
      if (columns.length === 0) continue;
      const { source, values } = unnested(typed(table, schema, [key, ...columns]), rows);
      await trx.raw(
        `update ${quoted(table)} as t set ${columns.map((column) => `${quoted(column)} = v.${quoted(column)}`).join(', ')}
           from ${source}
          where t.${quoted(key)} = v.${quoted(key)}`,
        values,
      );
    }
  }

  private keyOf(id: unknown, action: string): string {
    if (typeof id !== 'string' || id === '') throw new Error(`${this.table}: ${action} without ${this.key}`);
    return id;
  }
}

/**
 * Sets the row's columns the change gives a value (undefined leaves one as it is), in place: a loop, not
 * `Object.fromEntries` and spreads, whose objects V8 keeps as dictionaries (a quarter of a proposal-heavy
 * batch's fold went to them).
 */
function assignDefined(row: Row, change: Row): Row {
  for (const column in change) {
    const value = change[column];
    if (value !== undefined) row[column] = value;
  }
  return row;
}

/** A row's changes so far with one more, the later winning per column; the gathered object is the batch's own. */
function merged(previous: Row | undefined, change: Row, keyColumn: string, key: string): Row {
  const row = assignDefined(previous ?? {}, change);
  row[keyColumn] = key;
  return row;
}
