import { Value } from '@sinclair/typebox/value';
import { DateBound } from './common';
import { isRealDate, isRealDateTime } from './formats';

describe('date formats', () => {
  it('accept days and date-times that exist, and nothing else', () => {
    for (const d of ['2024-02-29', '2026-12-31', '0001-01-01']) expect([d, isRealDate(d)]).toEqual([d, true]);
    for (const d of ['0000-00-00', '2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '2026-1-1', '20260101'])
      expect([d, isRealDate(d)]).toEqual([d, false]);
    for (const t of ['2026-11-26T12:00:00Z', '2026-11-26T23:59:59.999+05:30']) expect(isRealDateTime(t)).toBe(true);
    for (const t of [
      '2026-02-30T10:00:00Z',
      '2026-06-01T25:61:00Z',
      '2026-06-01T10:00:00',
      '2026-06-01T10:00:00+24:00',
    ])
      expect([t, isRealDateTime(t)]).toEqual([t, false]);
  });

  it('are what a client checks date filters with (TypeBox)', () => {
    expect(Value.Check(DateBound, '2026-11-01')).toBe(true);
    expect(Value.Check(DateBound, '2026-11-01T00:00:00Z')).toBe(true);
    expect(Value.Check(DateBound, '0000-00-00')).toBe(false);
    expect(Value.Check(DateBound, '2026-02-30')).toBe(false);
  });
});
