import { csvField, csvRow, csvStream, jsonArrayStream } from '../../read-side/csv';

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += chunk.toString();
  return text;
}

/** The rows as a source hands them over: pages of two. */
async function* rowsOf<T>(rows: T[]) {
  for (let index = 0; index < rows.length; index += 2) yield rows.slice(index, index + 2);
}

describe('CSV fields follow RFC 4180', () => {
  it('quotes every field and doubles embedded quotes', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
  });
  it('keeps commas and line breaks inside the quotes', () => {
    expect(csvField('a,b\nc')).toBe('"a,b\nc"');
  });
  it('writes null and undefined as empty fields and dates as ISO-8601', () => {
    expect(csvField(null)).toBe('""');
    expect(csvField(undefined)).toBe('""');
    expect(csvField(new Date('2026-01-02T03:04:05.000Z'))).toBe('"2026-01-02T03:04:05.000Z"');
  });
  it('ends rows with CRLF', () => {
    expect(csvRow(['a', 1])).toBe('"a","1"\r\n');
  });
});

describe('CSV cells never run as spreadsheet formulas', () => {
  it.each(['=SUM(A1:A2)', '+1', '-1', '@cmd', '\tx', '\rx'])('prefixes %p with an apostrophe', (value) => {
    expect(csvField(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
  });
  it('leaves ordinary text alone', () => {
    expect(csvField('Banco 1')).toBe('"Banco 1"');
  });
});

describe('Export streams', () => {
  it('writes a header row then one row per record', async () => {
    const text = await collect(
      csvStream([{ header: 'id', value: (row: { id: string }) => row.id }], rowsOf([{ id: 'a' }, { id: 'b' }])),
    );
    expect(text).toBe('"id"\r\n"a"\r\n"b"\r\n');
  });
  it('writes a JSON array, empty when there are no records', async () => {
    expect(JSON.parse(await collect(jsonArrayStream(rowsOf([{ n: 1 }, { n: 2 }]), (row) => row)))).toEqual([{ n: 1 }, { n: 2 }]);
    expect(await collect(jsonArrayStream(rowsOf([]), (row) => row))).toBe('[]');
  });
});

describe('Export streams are written byte by byte into chunks', () => {
  const chunksOf = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return chunks;
  };
  const note = (index: number) => `naïve €${index} 🙂 "q"`;

  it('never splits a character between chunks, over many chunks of at most 64 KiB', async () => {
    const rows = Array.from({ length: 20_000 }, (_, index) => ({ id: `row-${index}`, note: note(index) }));
    const chunks = await chunksOf(
      csvStream(
        [
          { header: 'id', value: (row: (typeof rows)[number]) => row.id },
          { header: 'note', value: (row: (typeof rows)[number]) => row.note },
        ],
        rowsOf(rows),
      ),
    );
    expect(chunks.length).toBeGreaterThan(10);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(64 * 1024);
      // Each chunk decodes on its own: a split character would decode to U+FFFD.
      expect(chunk.toString('utf8')).not.toContain('\uFFFD');
    }
    const expected = `"id","note"\r\n${rows.map((row) => `"${row.id}","${row.note.replace(/"/g, '""')}"\r\n`).join('')}`;
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
  });

  it('writes a field longer than a chunk whole, between the fields around it', async () => {
    const long = 'é'.repeat(100_000);
    const rows = [{ id: 'a', note: 'short' }, { id: 'b', note: long }, { id: 'c', note: 'after' }];
    const chunks = await chunksOf(
      csvStream(
        [
          { header: 'id', value: (row: (typeof rows)[number]) => row.id },
          { header: 'note', value: (row: (typeof rows)[number]) => row.note },
        ],
        rowsOf(rows),
      ),
    );
    expect(Buffer.concat(chunks).toString('utf8')).toBe(`"id","note"\r\n"a","short"\r\n"b","${long}"\r\n"c","after"\r\n`);
  });

  it('writes JSON elements whole, with multi-byte text, across chunks', async () => {
    const rows = Array.from({ length: 5_000 }, (_, index) => ({ n: index, note: note(index) }));
    const chunks = await chunksOf(jsonArrayStream(rowsOf(rows), (row) => row));
    expect(chunks.length).toBeGreaterThan(2);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(rows);
  });
});

describe('Export streams pull their source as they are read', () => {
  it('reads rows only as the consumer reads chunks, and stops the source when the consumer stops', async () => {
    let pulled = 0;
    let released = false;
    async function* source() {
      try {
        for (let index = 0; index < 100_000; index += 100) {
          pulled += 100;
          yield Array.from({ length: 100 }, (_, offset) => ({ id: `row-${index + offset}`, note: 'x'.repeat(100) }));
        }
      } finally {
        released = true;
      }
    }
    const stream = csvStream(
      [
        { header: 'id', value: (row: { id: string; note: string }) => row.id },
        { header: 'note', value: (row: { id: string; note: string }) => row.note },
      ],
      source(),
    );
    const reading = stream[Symbol.asyncIterator]();
    const first = String((await reading.next()).value);
    expect(first.startsWith('"id","note"\r\n"row-0",')).toBe(true);

    const closed = new Promise((resolve) => stream.once('close', resolve));
    await reading.return!();
    await closed;
    // 100,000 rows are about 12 MB of CSV: a stream that had drained its source would have pulled them all.
    expect(pulled).toBeLessThan(5_000);
    expect(released).toBe(true);
  });
});
