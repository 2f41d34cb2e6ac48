import { Readable } from 'node:stream';

/**
 * RFC 4180 CSV: every field quoted, quotes doubled, CRLF line ends, a header row. A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed
 * with an apostrophe so that opening an export never executes it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '""';
  let text = value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (values: readonly unknown[]): string => `${values.map(csvField).join(',')}\r\n`;

/** A download: streamed body, its media type and the file name a browser saves it under. */
export interface ExportFile {
  filename: string;
  contentType: string;
  body: Readable;
}

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => unknown;
}

/**
 * Text leaves in chunks of about this size: one write per row would cost a million stream writes for
 * a million rows, while a chunk this small keeps what a download holds bounded.
 */
const CHUNK_CHARS = 64 * 1024;

/** Joins pieces of text into chunks of about CHUNK_CHARS, pulled one at a time. */
async function* chunked(pieces: AsyncIterable<string>): AsyncGenerator<string> {
  let chunk = '';
  for await (const piece of pieces) {
    chunk += piece;
    if (chunk.length >= CHUNK_CHARS) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk.length > 0) yield chunk;
}

/**
 * Streams rows as CSV without holding them: rows are pulled from the source only as the consumer
 * reads (a slow client slows the query, and never fills memory).
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], rows: AsyncIterable<Row>): Readable {
  async function* lines() {
    yield csvRow(columns.map((column) => column.header));
    for await (const row of rows) yield csvRow(columns.map((column) => column.value(row)));
  }
  return Readable.from(chunked(lines()), { objectMode: false });
}

/** Streams rows as one JSON array, also without holding them. */
export function jsonArrayStream<Row>(rows: AsyncIterable<Row>, toJson: (row: Row) => unknown): Readable {
  async function* pieces() {
    let first = true;
    yield '[';
    for await (const row of rows) {
      yield `${first ? '' : ','}${JSON.stringify(toJson(row))}`;
      first = false;
    }
    yield ']';
  }
  return Readable.from(chunked(pieces()), { objectMode: false });
}
