import { Readable } from 'node:stream';

/**
 * RFC 4180 CSV: every field quoted, quotes doubled, CRLF line ends, a header row. A cell that a
 * spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return) is prefixed
 * with an apostrophe so that opening an export never executes it.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell's text before quoting: empty for null, ISO 8601 for a time, a formula neutralised. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** Quotes doubled; most cells have none, and then no new string is made. */
const quotesDoubled = (text: string) => (text.includes('"') ? text.replace(/"/g, '""') : text);

export const csvField = (value: unknown): string => `"${quotesDoubled(cellText(value))}"`;

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

/** A row as a JSON export's record: each column's value under its CSV header. */
export const columnsRecord = <Row>(columns: readonly CsvColumn<Row>[], row: Row): Record<string, unknown> =>
  Object.fromEntries(columns.map((column) => [column.header, column.value(row)]));

/**
 * Rows as a source hands them over, a page at a time (a cursor's fetch): the stream takes an async
 * step per page, not three per row (bench:read's 1,000,001-row export: 64,922–72,770 rows/s stepping
 * per row, 91,634–98,727 per page).
 */
export type RowPages<Row> = AsyncIterable<readonly Row[]>;

/** Bytes leave in chunks of this size: a million stream writes for a million rows would cost more than the rows. */
const CHUNK_BYTES = 64 * 1024;
/** UTF-8 takes at most three bytes for one UTF-16 code unit. */
const MAX_BYTES_PER_CODE_UNIT = 3;
const QUOTE = 0x22;
const COMMA = 0x2c;
const CR = 0x0d;
const LF = 0x0a;

/**
 * An export's bytes, written in place into 64 KiB buffers: no string is made per field, line or chunk.
 * Strings had made a 1,000,001-row export allocate 4.1 GB in V8's heap (bench:read, a sampling heap
 * profile: 2.4 GB of them in building lines), which grew the service's young generation to its
 * maximum, 64 MiB semi-spaces (RSS 159 → 242 MiB).
 */
class Chunks {
  private buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  private used = 0;
  private readonly full: Buffer[] = [];

  text(text: string): void {
    const mostBytes = text.length * MAX_BYTES_PER_CODE_UNIT;
    if (this.used + mostBytes > CHUNK_BYTES) this.flush();
    // A text longer than a chunk could hold (a large summary) leaves as a chunk of its own.
    if (mostBytes > CHUNK_BYTES) this.full.push(Buffer.from(text, 'utf8'));
    else this.used += this.buffer.write(text, this.used, 'utf8');
  }

  byte(code: number): void {
    if (this.used === CHUNK_BYTES) this.flush();
    this.buffer[this.used++] = code;
  }

  /** The chunks filled so far, handed over (they are never written again). */
  take(): Buffer[] {
    return this.full.splice(0);
  }

  flush(): void {
    if (this.used === 0) return;
    this.full.push(this.buffer.subarray(0, this.used));
    this.buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    this.used = 0;
  }
}

/** Writes each item with `write`, a page at a time: the chunks a page filled leave before the next page is pulled. */
async function* inChunks<Item>(first: string, pages: RowPages<Item>, write: (chunks: Chunks, item: Item) => void, last = ''): AsyncGenerator<Buffer> {
  const chunks = new Chunks();
  chunks.text(first);
  for await (const page of pages) {
    for (const item of page) write(chunks, item);
    yield* chunks.take();
  }
  chunks.text(last);
  chunks.flush();
  yield* chunks.take();
}

/** A row's CSV line, field by field into the chunks (the same text as csvRow of its values). */
function writeCsvLine<Row>(chunks: Chunks, columns: readonly CsvColumn<Row>[], row: Row): void {
  for (let index = 0; index < columns.length; index++) {
    if (index > 0) chunks.byte(COMMA);
    chunks.byte(QUOTE);
    chunks.text(quotesDoubled(cellText(columns[index]!.value(row))));
    chunks.byte(QUOTE);
  }
  chunks.byte(CR);
  chunks.byte(LF);
}

/**
 * Streams rows as CSV without holding them: pages are pulled from the source only as the consumer
 * reads (a slow client slows the query, and never fills memory).
 */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], pages: RowPages<Row>): Readable {
  return Readable.from(inChunks(csvRow(columns.map((column) => column.header)), pages, (chunks, row) => writeCsvLine(chunks, columns, row)), { objectMode: false });
}

/** Streams rows as one JSON array, also without holding them. */
export function jsonArrayStream<Row>(pages: RowPages<Row>, toJson: (row: Row) => unknown): Readable {
  let first = true;
  const element = (chunks: Chunks, row: Row) => {
    if (!first) chunks.byte(COMMA);
    chunks.text(JSON.stringify(toJson(row)));
    first = false;
  };
  return Readable.from(inChunks('[', pages, element, ']'), { objectMode: false });
}
