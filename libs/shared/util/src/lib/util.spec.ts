import { wildcard, unwildcard, pageCount, toCsv, parseCsv, formatMoney, formatDateTime, formatPhone } from '../index';

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
    const csv = toCsv(
      ['name', 'note'],
      [
        ['Acme, Inc', 'say "hi"\nthere'],
        ['Globex', null],
      ],
    );
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
  it('formats money with the currency digits and more where the amount has them, never rounded', () => {
    expect(formatMoney(12.5)).toBe('USD 12.50');
    expect(formatMoney('125.50', 'EUR')).toBe('EUR 125.50');
    expect(formatMoney('-3500.00')).toBe('-USD 3,500.00');
    // a unit price keeps its digits: the balance log showed 0.012 as 0.01
    expect(formatMoney('0.012')).toBe('USD 0.012');
    expect(formatMoney('-0.0035')).toBe('-USD 0.0035');
    expect(formatMoney('1.0000')).toBe('USD 1.00');
    expect(formatMoney('90071992547409.995')).toBe('USD 90,071,992,547,409.995');
    expect(formatMoney('1000', 'JPY')).toBe('JPY 1,000');
    expect(formatMoney('x')).toBe('');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('')).toBe('');
  });
  it('formats dates', () => {
    expect(formatDateTime('2026-01-02T03:04:00')).toBe('2026-01-02 03:04');
    expect(formatDateTime(null)).toBe('');
  });
});

describe('formatPhone', () => {
  it('shows every number one way: NANP E.164 spaced in groups, others as stored, sender names unchanged', () => {
    expect(formatPhone('+14155553303')).toBe('+1 415 555 3303');
    expect(formatPhone('+18005554304')).toBe('+1 800 555 4304');
    expect(formatPhone('+442079460958')).toBe('+442079460958');
    expect(formatPhone('ACME')).toBe('ACME');
    expect(formatPhone(null)).toBe('');
  });
});
