import type { Knex } from 'knex';

type Row = Record<string, unknown>;

/**
 * The changes one batch of events makes to a table keyed by one column, gathered in memory in event
 * order and written with at most three statements however many events made them: the deletes, the
 * inserts, then the updates (each row's changes merged, the later event winning per column). Values
 * reach PostgreSQL as one JSON document typed by the table's own row type, so jsonb columns take
 * objects (not JSON text) and timestamps ISO strings or Dates.
 *
 * Same outcome as running each event's statement in turn: an update of a row that does not exist
 * changes nothing, a delete drops the changes gathered before it, and an insert of an existing key
 * either fails (`onConflict: 'fail'`) or is ignored (`'ignore'`) while the updates still apply.
 */
export class TableChanges {
  private readonly inserts = new Map<string, Row>();
  private readonly updates = new Map<string, Row>();
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
    this.inserts.set(id, row);
  }

  update(id: unknown, change: Row): void {
    const key = this.keyOf(id, 'update');
    this.updates.set(key, { ...this.updates.get(key), ...change, [this.key]: key });
  }

  delete(id: unknown): void {
    const key = this.keyOf(id, 'delete');
    this.inserts.delete(key);
    this.updates.delete(key);
    this.deletes.add(key);
  }

  async write(trx: Knex.Transaction): Promise<void> {
    const { table, key } = this;
    if (this.deletes.size > 0) await trx.raw('delete from ?? where ?? = any(?)', [table, key, [...this.deletes]]);
    // Rows with the same columns go together, so a column a row leaves out takes its default, not null.
    const shapes = new Map<string, Row[]>();
    for (const row of this.inserts.values()) {
      const shape = Object.keys(row).filter((column) => row[column] !== undefined).sort().join(',');
      shapes.set(shape, [...(shapes.get(shape) ?? []), row]);
    }
    for (const [shape, rows] of shapes) {
      const columns = shape.split(',');
      const list = columns.map(() => '??').join(', ');
      await trx.raw(
        `insert into ?? (${list}) select ${list} from jsonb_populate_recordset(null::??, ?::jsonb)${this.options.onConflict === 'ignore' ? ' on conflict (??) do nothing' : ''}`,
        [table, ...columns, ...columns, table, JSON.stringify(rows), ...(this.options.onConflict === 'ignore' ? [key] : [])],
      );
    }
    if (this.updates.size > 0) {
      const columns = [...new Set([...this.updates.values()].flatMap((change) => Object.keys(change)))].filter((column) => column !== key);
      if (columns.length === 0) return;
      await trx.raw(
        `update ?? as t set ${columns.map(() => `?? = case when jsonb_exists(c.j, ?) then (p.r).?? else t.?? end`).join(', ')}
         from jsonb_array_elements(?::jsonb) as c(j), lateral (select jsonb_populate_record(null::??, c.j) as r) as p
         where t.?? = (p.r).??`,
        [table, ...columns.flatMap((column) => [column, column, column, column]), JSON.stringify([...this.updates.values()]), table, key, key],
      );
    }
  }

  private keyOf(id: unknown, action: string): string {
    if (typeof id !== 'string' || id === '') throw new Error(`${this.table}: ${action} without ${this.key}`);
    return id;
  }
}
