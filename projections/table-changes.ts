import type { Knex } from 'knex';

type Row = Record<string, unknown>;

/** Per table, the columns that have a default: the schema only changes with a migration, so once per process. */
const DEFAULTED = new Map<string, Promise<Set<string>>>();

function columnsWithDefaults(trx: Knex.Transaction, table: string): Promise<Set<string>> {
  let columns = DEFAULTED.get(table);
  if (!columns) {
    columns = trx
      .raw<{ rows: Array<{ column_name: string }> }>(
        `select column_name from information_schema.columns where table_schema = current_schema() and table_name = ? and column_default is not null`,
        [table],
      )
      .then(({ rows }) => new Set(rows.map((row) => row.column_name)));
    // A failed look-up (the transaction failed) is asked again next time.
    columns.catch(() => DEFAULTED.delete(table));
    DEFAULTED.set(table, columns);
  }
  return columns;
}

/**
 * The changes one batch of events makes to a table keyed by one column, gathered in memory in event
 * order and written with a few statements however many events made them. A row inserted by the batch
 * is written once, with the batch's later changes to it already applied. Values reach PostgreSQL as
 * one JSON document typed by the table's own row type, so jsonb columns take objects (not JSON text)
 * and timestamps ISO strings or Dates.
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
      this.updates.set(key, merge(this.updates.get(key), change, this.key, key));
      return;
    }
    Object.assign(inserted, withoutUndefined(change));
    if (this.options.onConflict === 'ignore') this.afterInsert.set(key, merge(this.afterInsert.get(key), change, this.key, key));
  }

  delete(id: unknown): void {
    const key = this.keyOf(id, 'delete');
    this.inserts.delete(key);
    this.updates.delete(key);
    this.afterInsert.delete(key);
    this.deletes.add(key);
  }

  /** Deletes, then changes to rows that were there, then inserts, then changes to rows whose insert was ignored. */
  async write(trx: Knex.Transaction): Promise<void> {
    const { table, key } = this;
    if (this.deletes.size > 0) await trx.raw('delete from ?? where ?? = any(?)', [table, key, [...this.deletes]]);
    await this.writeUpdates(trx, [...this.updates.values()]);
    // Rows that give the same columns with defaults go together, so a column a row leaves out takes its
    // default, not null; any other column a row leaves out is null either way.
    const defaulted = this.inserts.size > 0 ? await columnsWithDefaults(trx, table) : new Set<string>();
    const shapes = new Map<string, Row[]>();
    for (const row of this.inserts.values()) {
      const shape = Object.keys(row).filter((column) => row[column] !== undefined && defaulted.has(column)).sort().join(',');
      shapes.set(shape, [...(shapes.get(shape) ?? []), row]);
    }
    const ignore = this.options.onConflict === 'ignore';
    const inserted = new Set<string>();
    for (const rows of shapes.values()) {
      const columns = [...new Set(rows.flatMap((row) => Object.keys(row).filter((column) => row[column] !== undefined)))];
      const list = columns.map(() => '??').join(', ');
      const { rows: written } = await trx.raw<{ rows: Array<{ key: string }> }>(
        `insert into ?? (${list}) select ${list} from jsonb_populate_recordset(null::??, ?::jsonb)` +
          (ignore ? ' on conflict (??) do nothing returning ??::text as key' : ''),
        [table, ...columns, ...columns, table, JSON.stringify(rows), ...(ignore ? [key, key] : [])],
      );
      if (ignore) for (const row of written) inserted.add(row.key);
    }
    await this.writeUpdates(
      trx,
      [...this.afterInsert].filter(([id]) => !inserted.has(id)).map(([, change]) => change),
    );
  }

  /** One statement: each row's columns set from its change when the change names them, else left as they are. */
  private async writeUpdates(trx: Knex.Transaction, changes: Row[]): Promise<void> {
    const { table, key } = this;
    const columns = [...new Set(changes.flatMap((change) => Object.keys(change)))].filter((column) => column !== key);
    if (columns.length === 0) return;
    await trx.raw(
      `update ?? as t set ${columns.map(() => `?? = case when jsonb_exists(c.j, ?) then (p.r).?? else t.?? end`).join(', ')}
       from jsonb_array_elements(?::jsonb) as c(j), lateral (select jsonb_populate_record(null::??, c.j) as r) as p
       where t.?? = (p.r).?? and t.?? = any(?)`,
      // The keys again as an array: a jsonb document's rows cannot be counted, so without it the planner
      // hashes the whole table (a cost that grows with every row the read model ever held).
      [table, ...columns.flatMap((column) => [column, column, column, column]), JSON.stringify(changes), table, key, key, key, changes.map((change) => String(change[key]))],
    );
  }

  private keyOf(id: unknown, action: string): string {
    if (typeof id !== 'string' || id === '') throw new Error(`${this.table}: ${action} without ${this.key}`);
    return id;
  }
}

const withoutUndefined = (change: Row): Row => Object.fromEntries(Object.entries(change).filter(([, value]) => value !== undefined));

const merge = (previous: Row | undefined, change: Row, keyColumn: string, key: string): Row => ({ ...previous, ...withoutUndefined(change), [keyColumn]: key });
