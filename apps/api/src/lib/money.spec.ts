import { formatMoney, MoneyError, parseMoney } from './money';

describe('money in micro-units', () => {
  it('parses decimal text and JSON numbers exactly', () => {
    expect(parseMoney('0.0035')).toBe(3500n);
    expect(parseMoney('12.5')).toBe(12_500_000n);
    expect(parseMoney(100)).toBe(100_000_000n);
    expect(parseMoney(0.1)).toBe(100_000n);
    expect(parseMoney('-7.25')).toBe(-7_250_000n);
    expect(parseMoney(' 3 ')).toBe(3_000_000n);
  });

  it('refuses what is not an amount or is finer than a micro-unit', () => {
    for (const bad of ['', 'abc', '1.2345678', '1e3', '1.', '.5', '--1', '99999999999999'])
      expect(() => parseMoney(bad)).toThrow(MoneyError);
    expect(() => parseMoney(Number.NaN)).toThrow(MoneyError);
    expect(() => parseMoney(1e-7)).toThrow(MoneyError);
  });

  it('formats with at least two decimals and keeps the significant rest', () => {
    expect(formatMoney(3500n)).toBe('0.0035');
    expect(formatMoney(12_500_000n)).toBe('12.50');
    expect(formatMoney(-3_500_000_000n)).toBe('-3500.00');
    expect(formatMoney(0n)).toBe('0.00');
    expect(formatMoney(1n)).toBe('0.000001');
    expect(formatMoney(parseMoney('123456789.987654'))).toBe('123456789.987654');
  });
});
