import { effectiveLimits, ownLimitProblem, periodsOf, spendRoom } from './limits';
import { allowedCountries, destinationProblem, normaliseCountries } from './destinations';
import { DEFAULT_THRESHOLDS, looksPumped, PumpingWindows, rangeOf } from './pumping';
import { RangeWindow } from './range-window';

const ON = { ...DEFAULT_THRESHOLDS, enabled: true };

describe('guard engine: spend limits', () => {
  it('the company’s own limit lowers the one set for it, never raises it', () => {
    expect(
      effectiveLimits({ daily_limit: 50n, monthly_limit: null, own_daily_limit: 30n, own_monthly_limit: 900n }),
    ).toEqual({
      daily: 30n,
      monthly: 900n,
    });
    expect(
      effectiveLimits({ daily_limit: 50n, monthly_limit: null, own_daily_limit: 80n, own_monthly_limit: null }).daily,
    ).toBe(50n);
    expect(ownLimitProblem(50n, 80n)).toMatch(/above/);
    expect(ownLimitProblem(50n, 50n)).toBeNull();
    expect(ownLimitProblem(null, 80n)).toBeNull();
  });

  it('the room left is the lower of the day’s and the month’s, never negative', () => {
    expect(spendRoom({ daily: 100n, monthly: 1000n }, { today: 40n, month: 950n })).toBe(50n);
    expect(spendRoom({ daily: 100n, monthly: null }, { today: 140n, month: 140n })).toBe(0n);
    expect(spendRoom({ daily: null, monthly: null }, { today: 1n, month: 1n })).toBeNull();
  });

  it('days and months are UTC', () => {
    expect(periodsOf(new Date('2026-11-30T23:59:59Z'))).toEqual({ day: '2026-11-30', monthStart: '2026-11-01' });
  });
});

describe('guard engine: destinations', () => {
  it('a company list wins over its reseller’s default; no list is anywhere', () => {
    expect(allowedCountries(['gb'], ['US'])).toEqual(new Set(['GB']));
    expect(allowedCountries(null, ['US'])).toEqual(new Set(['US']));
    expect(allowedCountries(null, null)).toBeNull();
    expect(destinationProblem(new Set(['GB']), '+14155550100', 'US')).toMatch(/US, which is not one of .*GB/);
    expect(destinationProblem(new Set(['US']), '+14155550100', 'US')).toBeNull();
    expect(destinationProblem(null, '+14155550100', null)).toBeNull();
  });

  it('cleans a typed list and names a bad code', () => {
    expect(normaliseCountries([' us', 'GB', 'us'])).toEqual({ ok: true, list: ['GB', 'US'] });
    expect(normaliseCountries(['USA'])).toMatchObject({ ok: false });
  });
});

describe('guard engine: pumping', () => {
  const seq = (from: bigint, n: number, step = 1n) => Array.from({ length: n }, (_, i) => from + BigInt(i) * step);

  it('a burst of adjacent numbers is pumping; scattered or too few are not', () => {
    expect(rangeOf('+14155557012', 4)).toBe('+1415555');
    expect(looksPumped(seq(14155557000n, 25), ON)).toBe(true);
    expect(looksPumped(seq(14155557000n, 25, 3n), ON)).toBe(true);
    expect(looksPumped(seq(14155557000n, 25, 397n), ON)).toBe(false);
    expect(looksPumped(seq(14155557000n, 10), ON)).toBe(false);
    // one number over and over is not a run of numbers (a chatty customer, not pumping)
    expect(looksPumped(Array(30).fill(14155557000n), ON)).toBe(false);
  });

  it('windows trip once per burst, forget what left the window, and do nothing when off', () => {
    const w = new PumpingWindows();
    const burst = seq(14155557000n, 25).map((n) => `+${n}`);
    expect(w.add('c1', burst.slice(0, 10), ON, 0)).toEqual([]);
    expect(w.add('c1', burst.slice(10), ON, 1000)).toEqual(['+1415555']);
    expect(w.add('c1', ['+14155557100'], ON, 2000)).toEqual([]);
    // another company's traffic is its own window
    expect(w.add('c2', burst.slice(0, 10), ON, 2000)).toEqual([]);
    // ten minutes later the old burst has left the window
    expect(w.add('c1', burst.slice(0, 5), ON, 2000 + 601_000)).toEqual([]);
    expect(new PumpingWindows().add('c1', burst, DEFAULT_THRESHOLDS, 0)).toEqual([]);
  });

  it('a range window kept in order answers as looksPumped over its numbers, through adds, drops and a new gap', () => {
    // a fixed sequence of pseudo-random numbers in one small range, so repeats and neighbours both occur
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    const w = new RangeWindow();
    const settings = [
      { ...ON, minMessages: 5, adjacentGap: 10, adjacentPercent: 60 },
      { ...ON, minMessages: 5, adjacentGap: 3, adjacentPercent: 40 },
      { ...ON, minMessages: 3, adjacentGap: 40, adjacentPercent: 90 },
    ];
    let agreed = 0;
    for (let step = 0; step < 3000; step++) {
      const t = settings[Math.floor(step / 1000)];
      w.push(step, 14155557000n + BigInt(next() % 300), BigInt(t.adjacentGap));
      if (next() % 3 === 0 && w.size) w.dropOldest(1 + (next() % Math.min(4, w.size)));
      if (w.size > 120) w.dropOldest(w.size - 120);
      expect(w.pumped(t)).toBe(looksPumped(w.numbers(), t));
      agreed += w.pumped(t) ? 1 : 0;
    }
    // both answers occurred, so the comparison covered each
    expect(agreed).toBeGreaterThan(0);
    expect(agreed).toBeLessThan(3000);
  });
});
