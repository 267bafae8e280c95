import { wildcard, unwildcard, pageCount, toCsv, parseCsv, formatMoney, formatDateTime } from '../index';

describe('wildcard', () => {
  it('wraps text in * and trims', () => {
    expect(wildcard(' acme ')).toBe('*acme*');
    expect(wildcard('*acme*')).toBe('*acme*');
  });
  it('sends nothing for an empty search', () => {
    expect(wildcard('')).toBeUndefined();
    expect(wildcard('  ')).toBeUndefined();
    expect(wildcard(undefined)).toBeUndefined();
  });
  it('unwraps for display', () => expect(unwildcard('*ac me*')).toBe('ac me'));
});

describe('pageCount', () => {
  it('divides total by per_page rounding up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(5, 0)).toBe(0);
  });
});

describe('csv', () => {
  it('round-trips quotes, commas and newlines', () => {
    const csv = toCsv(['name', 'note'], [['Acme, Inc', 'say "hi"\nthere'], ['Globex', null]]);
    expect(parseCsv(csv)).toEqual([
      ['name', 'note'],
      ['Acme, Inc', 'say "hi"\nthere'],
      ['Globex', ''],
    ]);
  });
  it('neutralises spreadsheet formulas', () => {
    expect(toCsv(['a'], [['=SUM(A1)']])).toBe("a\r\n'=SUM(A1)\r\n");
  });
  it('rejects an unterminated quote', () => {
    expect(() => parseCsv('a,"b\n')).toThrow(/Line 1: a quoted field is never closed/);
  });
});

describe('format', () => {
  it('formats money and dates', () => {
    expect(formatMoney(12.5)).toBe('$12.50');
    expect(formatMoney('x')).toBe('');
    expect(formatDateTime('2026-01-02T03:04:00')).toBe('2026-01-02 03:04');
    expect(formatDateTime(null)).toBe('');
  });
});
