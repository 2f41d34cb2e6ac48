import type { InlineStatement } from '../write-side/event-store/event-store';

/** Columns of a row and their PostgreSQL types, in the order a statement names them. */
export type Columns<Row> = ReadonlyArray<readonly [column: keyof Row & string, type: string]>;

/** An identifier as PostgreSQL reads it whatever it holds. */
export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An element's text: a timestamp as ISO 8601, anything for a jsonb column (a string too) as its JSON. */
function elementText(value: unknown, json: boolean): string {
  if (json) return JSON.stringify(value);
  return value instanceof Date ? value.toISOString() : String(value);
}

/** PostgreSQL's binary array header: dimensions, has-nulls flag, element type, length, lower bound. */
const ARRAY_HEADER_BYTES = 20;
const TEXT_OID = 25;
/** A UTF-16 code unit is at most three bytes of UTF-8 (a surrogate pair's four bytes are two units). */
const MAX_UTF8_BYTES_PER_UNIT = 3;

/**
 * The values as a one-dimensional `text[]` in PostgreSQL's binary format: each element its length and
 * its UTF-8 bytes, NULL as length -1. node-pg sends a Buffer parameter as binary, so nothing is quoted,
 * escaped, nor parsed back out of a literal, and the elements are written straight into one buffer:
 * a text literal was a string of thousands of concatenated pieces that node-pg flattened to count its
 * bytes (a tenth of a catch-up's CPU in this process) and PostgreSQL then scanned for quotes. Its
 * elements are the values' text, so the statement casts them to the column's type.
 */
export function textArray(values: readonly unknown[], json = false): Buffer {
  let buffer = Buffer.allocUnsafe(ARRAY_HEADER_BYTES + values.length * 40);
  let offset = ARRAY_HEADER_BYTES;
  let hasNull = 0;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    const text = value === null || value === undefined ? null : elementText(value, json);
    const most = 4 + (text === null ? 0 : text.length * MAX_UTF8_BYTES_PER_UNIT);
    if (offset + most > buffer.length) {
      const larger = Buffer.allocUnsafe(Math.max(offset + most, buffer.length * 2));
      buffer.copy(larger, 0, 0, offset);
      buffer = larger;
    }
    if (text === null) {
      buffer.writeInt32BE(-1, offset);
      offset += 4;
      hasNull = 1;
      continue;
    }
    const length = buffer.write(text, offset + 4);
    buffer.writeInt32BE(length, offset);
    offset += 4 + length;
  }
  buffer.writeInt32BE(1, 0);
  buffer.writeInt32BE(hasNull, 4);
  buffer.writeInt32BE(TEXT_OID, 8);
  buffer.writeInt32BE(values.length, 12);
  buffer.writeInt32BE(1, 16);
  return buffer.subarray(0, offset);
}

/**
 * The cast from an element's text to its column's type, without the type's modifier: an explicit cast
 * to `character varying(64)` would cut longer text short, where the column's own assignment refuses it
 * (and rounds a `numeric(78,0)` as the cast would).
 */
function castTo(type: string): string {
  const unmodified = type.replace(/\([^)]*\)/g, '');
  return unmodified === 'text' ? '' : `::${unmodified}`;
}

/**
 * Rows as the source of a statement: one array per column (`textArray`), unnested as `v`, with `?`
 * placeholders. PostgreSQL reads arrays far faster than it parses a JSON document into records: 4,640
 * payment rows were inserted in 75–80 ms from array literals, in 158–164 ms from one jsonb document.
 * An array column cannot be carried so (unnest flattens arrays of arrays).
 *
 * The arrays are unnested side by side in the select list (they have one length, so their elements
 * pair up), not as a function in `from`: PostgreSQL stores a function's every row in a tuplestore
 * before the statement reads the first, and hands the select list's rows on as it makes them. 10,000
 * rows of six columns took its backend 28 ms of CPU so against 46 ms (both planned generically; 18
 * page faults against 1,098, this host's faults costing ~20 µs each).
 *
 * The rows are limited to their own number. A plan made for the values counts them; a plan kept for
 * any values (a bank ledger's round is a prepared statement) guesses ten rows of an unnest and, under
 * a limit it cannot see, a tenth of those: one row, which it finds by its key in any table. Guessing
 * ten, it scanned a table of under ~60 pages instead (a new one is taken for ten pages until analyzed),
 * and went on scanning it as it grew: with autovacuum off, for as long as the connection lived.
 */
export function unnested<Row>(columns: Columns<Row>, rows: readonly Row[]): { source: string; values: Array<Buffer | string> } {
  const arrays = columns.map(([column, type]) => `unnest(?::text[])${castTo(type)} as ${quoted(column)}`).join(', ');
  return {
    source: `(select ${arrays} limit ?::int) as v`,
    values: [...columns.map(([column, type]) => textArray(rows.map((row) => row[column]), type === 'jsonb')), String(rows.length)],
  };
}

/** Inserts rows into the columns named; `from` goes before the source of rows (an inline write joins `landed, `). */
export function insertRows<Row>(table: string, columns: Columns<Row>, rows: readonly Row[], from = ''): InlineStatement & { values: Array<Buffer | string> } {
  const { source, values } = unnested(columns, rows);
  return { sql: `insert into ${table} (${columns.map(([column]) => column).join(', ')}) select v.* from ${from}${source}`, values };
}
