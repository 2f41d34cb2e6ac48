import { StringTable } from '../../write-side/instant-payments/string-table';

describe('a string table (ids and aliases kept as bytes, found through a hash index)', () => {
  it('numbers each key in the order added and finds it again; a key added twice keeps its entry', () => {
    const table = new StringTable();
    expect([table.add('ana'), table.add('beto'), table.add('ana')]).toEqual([0, 1, 0]);
    expect([table.find('ana'), table.find('beto'), table.find('caio'), table.find('')]).toEqual([0, 1, -1, -1]);
    expect([table.keyAt(0), table.keyAt(1), table.keyAt(2), table.keyAt(-1)]).toEqual(['ana', 'beto', null, null]);
    expect([table.size, table.entries]).toEqual([2, 2]);
  });

  it('tells keys apart by every byte: shared prefixes and suffixes, the empty key, any Unicode, keys of Object.prototype', () => {
    const keys = ['', 'a', 'ab', 'ba', 'client-1', 'client-10', 'x-client', 'y-client', 'açaí', 'наличные', '💸', 'constructor', '__proto__', 'a'.repeat(5_000)];
    const table = new StringTable();
    keys.forEach((key) => table.add(key));
    expect(keys.map((key) => table.find(key))).toEqual(keys.map((_, index) => index));
    expect(keys.map((_, index) => table.keyAt(index))).toEqual(keys);
    expect(['b', 'client-', 'acai', 'toString', 'a'.repeat(4_999)].map((key) => table.find(key))).toEqual([-1, -1, -1, -1, -1]);
  });

  it('keeps every key as it grows past its first buffers and index, to a hundred thousand', () => {
    const table = new StringTable();
    const key = (n: number) => `${n.toString(36)}-${(n * 2_654_435_761) % 1_000_003}`;
    for (let n = 0; n < 100_000; n++) expect(table.add(key(n))).toBe(n);
    for (let n = 0; n < 100_000; n += 7) expect(table.find(key(n))).toBe(n);
    expect(table.keyAt(99_999)).toBe(key(99_999));
    expect(table.find('absent')).toBe(-1);
  });

  it('keeps keys of up to 2^16 bytes, the bytes of each in one chunk; refuses a longer one, which it never holds', () => {
    const table = new StringTable();
    const longest = 'é'.repeat(2 ** 15);
    const keys = ['a', 'b'.repeat(40_000), longest, 'c'.repeat(30_000), 'd'];
    keys.forEach((key) => table.add(key));
    expect(keys.map((key) => table.find(key))).toEqual([0, 1, 2, 3, 4]);
    expect(keys.map((_, index) => table.keyAt(index))).toEqual(keys);
    expect(() => table.add(`${longest}e`)).toThrow(RangeError);
    expect(() => table.add('f'.repeat(2 ** 16 + 1))).toThrow(RangeError);
    expect([table.find(`${longest}e`), table.find('f'.repeat(2 ** 16 + 1)), table.size]).toEqual([-1, -1, 5]);
  });

  it('refuses a key with a lone surrogate, which has no UTF-8 of its own, and never finds one for U+FFFD', () => {
    const table = new StringTable();
    table.add('\ufffd');
    expect(() => table.add('\ud800')).toThrow(RangeError);
    expect([table.find('\ud800'), table.find('\udc00x'), table.find('\ufffd'), table.size]).toEqual([-1, -1, 0, 1]);
  });

  describe('a key removed', () => {
    it('is found no more, and its entry reads as null; the others are still found past it', () => {
      const table = new StringTable();
      ['ana', 'beto', 'caio'].forEach((key) => table.add(key));
      table.removeEntry(table.find('beto'));
      expect([table.find('beto'), table.keyAt(1), table.find('ana'), table.find('caio'), table.size]).toEqual([-1, null, 0, 2, 2]);
      expect(() => table.removeEntry(1)).toThrow('no entry 1 in the table');
      // Added again, it comes after the others.
      expect(table.add('beto')).toBe(3);
    });

    it('gives its number again when it was the newest (a registration taken back)', () => {
      const table = new StringTable();
      ['ana', 'beto'].forEach((key) => table.add(key));
      table.removeEntry(1);
      expect([table.entries, table.keyAt(1)]).toEqual([1, null]);
      expect(table.add('caio')).toBe(1);
      expect([table.keyAt(1), table.find('caio'), table.find('beto')]).toEqual(['caio', 1, -1]);
    });

    it('leaves the index whole through many removals and additions: removed slots are reused and freed as it grows', () => {
      const table = new StringTable();
      const live = new Map<string, number>();
      for (let n = 0; n < 20_000; n++) {
        const key = `k${n}`;
        live.set(key, table.add(key));
        if (n % 3 === 0) {
          const gone = `k${n - (n % 7)}`;
          if (live.has(gone)) {
            table.removeEntry(live.get(gone)!);
            live.delete(gone);
          }
        }
      }
      expect(table.size).toBe(live.size);
      for (const [key, entry] of live) expect(table.find(key)).toBe(entry);
      for (let n = 0; n < 20_000; n++) if (!live.has(`k${n}`)) expect(table.find(`k${n}`)).toBe(-1);
    });
  });
});
