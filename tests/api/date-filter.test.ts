import { dateRangeQuery } from '../../api/openapi';

/** Contract "Time": date filters `from`/`to` accept `YYYY-MM-DD` (inclusive days) or full timestamps. */
describe('from/to date filters', () => {
  it.each([
    ['2026-02-28', '2026-02-28T00:00:00.000Z'],
    ['2024-02-29', '2024-02-29T00:00:00.000Z'],
    ['2026-01-31T10:30:00Z', '2026-01-31T10:30:00.000Z'],
  ])('accept %s as from = %s', (text, start) => {
    expect(dateRangeQuery.from.parse(text)?.toISOString()).toBe(start);
  });

  it('reads a bare day as inclusive in `to`', () => {
    expect(dateRangeQuery.to.parse('2026-01-31')?.toISOString()).toBe('2026-01-31T23:59:59.999Z');
  });

  it.each(['2026-02-30', '2025-02-29', '2026-04-31', '2026-13-01', '2026-02-30T10:00:00Z', 'tomorrow', '2026-1-1', '', '1e309'])(
    'refuse %j, which is no calendar day (Date.parse would roll 2026-02-30 over to March)',
    (text) => {
      expect(dateRangeQuery.from.safeParse(text).success).toBe(false);
    },
  );
});
