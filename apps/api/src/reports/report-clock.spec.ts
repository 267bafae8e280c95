import { bucketBounds, dayBounds, lastDays, monthOf, planRange, resolveRange, zoneHourStart } from './report-clock';

const at = (iso: string) => new Date(iso);
const iso = (t: number | Date) => new Date(t).toISOString();
const plan = (segments: ReturnType<typeof planRange>) =>
  segments.map((s) => [s.table, s.from.toISOString(), s.to.toISOString()]);

describe("a report's range in the caller's zone", () => {
  const now = at('2026-11-25T13:40:00Z');

  it("widens to whole hours of the zone's clock, and to UTC hours for a report by hour", () => {
    // Kolkata is 5:30 ahead: 10:20Z is 15:50 there, so the hour starts at 15:00 IST, 09:30Z
    expect(resolveRange('2026-11-01T10:20:00Z', '2026-11-02T03:05:00Z', now, 0, 'Asia/Kolkata')).toEqual({
      start: at('2026-11-01T09:30:00Z'),
      end: at('2026-11-02T03:30:00Z'),
    });
    expect(resolveRange('2026-11-01T10:20:00Z', '2026-11-02T03:05:00Z', now, 0, 'Asia/Kolkata', 'hour')).toEqual({
      start: at('2026-11-01T10:00:00Z'),
      end: at('2026-11-02T04:00:00Z'),
    });
    // a bound on the zone's hour stays where it is; a whole-hour zone is the UTC hour
    expect(resolveRange('2026-11-01T18:30:00Z', '2026-11-02T18:30:00Z', now, 0, 'Asia/Kolkata').start).toEqual(
      at('2026-11-01T18:30:00Z'),
    );
    expect(zoneHourStart(Date.parse('2026-11-01T10:20:00Z'), 'America/Los_Angeles')).toBe(
      Date.parse('2026-11-01T10:00:00Z'),
    );
    expect(zoneHourStart(Date.parse('2026-11-01T10:20:00Z'), 'Asia/Kathmandu')).toBe(
      Date.parse('2026-11-01T10:15:00Z'),
    );
  });

  it("reads date-only bounds as the zone's whole days, a clock change's day 25 hours long", () => {
    // Los Angeles leaves daylight time on Sunday 2026-11-01: midnight is 07:00Z, the next one 08:00Z
    expect(dayBounds('2026-11-01', '2026-11-01', 'America/Los_Angeles')).toEqual({
      start: '2026-11-01T07:00:00.000Z',
      end: '2026-11-02T08:00:00.000Z',
    });
    expect(dayBounds('2026-11-01', '2026-11-30')).toEqual({
      start: '2026-11-01T00:00:00.000Z',
      end: '2026-12-01T00:00:00.000Z',
    });
    // a date-time bound is an instant already
    expect(dayBounds('2026-11-01T05:00:00Z', undefined, 'Asia/Kolkata')).toEqual({
      start: '2026-11-01T05:00:00Z',
      end: undefined,
    });
  });

  it("takes the month and the last days from the zone's calendar", () => {
    // 20:00Z on 31 January is 01:30 on 1 February in Kolkata: February there
    expect(monthOf(at('2026-01-31T20:00:00Z'), 'Asia/Kolkata')).toEqual({
      start: at('2026-01-31T18:30:00Z'),
      end: at('2026-02-28T18:30:00Z'),
    });
    expect(monthOf(at('2026-02-14T08:00:00Z'))).toEqual({
      start: at('2026-02-01T00:00:00Z'),
      end: at('2026-03-01T00:00:00Z'),
    });
    // 03:00Z on the 25th is still the 24th in Los Angeles (PST): two days are the 23rd and the 24th
    expect(lastDays(at('2026-11-25T03:00:00Z'), 2, 'America/Los_Angeles')).toEqual({
      start: at('2026-11-23T08:00:00Z'),
      end: at('2026-11-25T08:00:00Z'),
    });
  });
});

describe('where buckets start and which rollup answers each part', () => {
  it("starts days at the zone's midnights, weeks on Mondays and months on the 1st", () => {
    const range = { start: at('2026-11-01T07:00:00Z'), end: at('2026-11-04T08:00:00Z') };
    expect(bucketBounds(range, 'day', 'America/Los_Angeles').map(iso)).toEqual([
      '2026-11-02T08:00:00.000Z',
      '2026-11-03T08:00:00.000Z',
    ]);
    // 2026-11-02 is a Monday
    expect(bucketBounds(range, 'week', 'America/Los_Angeles').map(iso)).toEqual(['2026-11-02T08:00:00.000Z']);
    expect(bucketBounds(range, 'month', 'America/Los_Angeles')).toEqual([]);
    expect(bucketBounds(range, 'hour', 'America/Los_Angeles')).toEqual([]);
    expect(bucketBounds(range, 'total', 'America/Los_Angeles')).toEqual([]);
  });

  it('in UTC: whole days from the daily rollup and the edges from the hourly one', () => {
    const range = { start: at('2026-11-01T18:00:00Z'), end: at('2026-11-04T06:00:00Z') };
    expect(plan(planRange(range, 'day'))).toEqual([
      ['hourly', '2026-11-01T18:00:00.000Z', '2026-11-02T00:00:00.000Z'],
      ['daily', '2026-11-02T00:00:00.000Z', '2026-11-04T00:00:00.000Z'],
      ['hourly', '2026-11-04T00:00:00.000Z', '2026-11-04T06:00:00.000Z'],
    ]);
    expect(planRange(range, 'hour')).toEqual([{ table: 'hourly', from: range.start, to: range.end }]);
  });

  it('with a weekly rollup: a Monday-to-Monday UTC week inside one bucket is one weekly row, never across a bound', () => {
    // 2026-11-02 and 2026-11-09 are Mondays
    const range = { start: at('2026-10-31T15:00:00Z'), end: at('2026-11-17T16:00:00Z') };
    expect(plan(planRange(range, 'total', 'UTC', true))).toEqual([
      ['hourly', '2026-10-31T15:00:00.000Z', '2026-11-01T00:00:00.000Z'],
      ['daily', '2026-11-01T00:00:00.000Z', '2026-11-02T00:00:00.000Z'],
      ['weekly', '2026-11-02T00:00:00.000Z', '2026-11-16T00:00:00.000Z'],
      ['daily', '2026-11-16T00:00:00.000Z', '2026-11-17T00:00:00.000Z'],
      ['hourly', '2026-11-17T00:00:00.000Z', '2026-11-17T16:00:00.000Z'],
    ]);
    // UTC weeks are the buckets of a report by week in UTC; a month's first day, a day or another zone's Monday cut them
    expect(plan(planRange(range, 'week', 'UTC', true)).map(([table]) => table)).toContain('weekly');
    expect(plan(planRange(range, 'total', 'UTC')).map(([table]) => table)).not.toContain('weekly');
    for (const [step, zone] of [
      ['day', 'UTC'],
      ['week', 'America/Los_Angeles'],
    ] as const)
      expect(plan(planRange(range, step, zone, true)).map(([table]) => table)).not.toContain('weekly');
    const overMonthEnd = { start: at('2026-11-23T00:00:00Z'), end: at('2026-12-14T00:00:00Z') };
    expect(plan(planRange(overMonthEnd, 'month', 'UTC', true))).toEqual([
      ['weekly', '2026-11-23T00:00:00.000Z', '2026-11-30T00:00:00.000Z'],
      ['daily', '2026-11-30T00:00:00.000Z', '2026-12-07T00:00:00.000Z'],
      ['weekly', '2026-12-07T00:00:00.000Z', '2026-12-14T00:00:00.000Z'],
    ]);
  });

  it('in a whole-hour zone: days by the hour, a UTC day inside one week or month from the daily rollup', () => {
    const range = { start: at('2026-11-02T08:00:00Z'), end: at('2026-11-05T08:00:00Z') };
    // every UTC day holds a Los Angeles midnight (08:00Z): hours throughout, none read from the messages
    expect(plan(planRange(range, 'day', 'America/Los_Angeles'))).toEqual([
      ['hourly', '2026-11-02T08:00:00.000Z', '2026-11-05T08:00:00.000Z'],
    ]);
    expect(plan(planRange(range, 'week', 'America/Los_Angeles'))).toEqual([
      ['hourly', '2026-11-02T08:00:00.000Z', '2026-11-03T00:00:00.000Z'],
      ['daily', '2026-11-03T00:00:00.000Z', '2026-11-05T00:00:00.000Z'],
      ['hourly', '2026-11-05T00:00:00.000Z', '2026-11-05T08:00:00.000Z'],
    ]);
  });

  it('in a zone 30 minutes off the hour: the hour holding each midnight from the messages, exact to the minute', () => {
    // Kolkata's days start at 18:30Z
    const range = { start: at('2026-11-01T18:30:00Z'), end: at('2026-11-03T18:30:00Z') };
    expect(plan(planRange(range, 'day', 'Asia/Kolkata'))).toEqual([
      ['messages', '2026-11-01T18:30:00.000Z', '2026-11-01T19:00:00.000Z'],
      ['hourly', '2026-11-01T19:00:00.000Z', '2026-11-02T18:00:00.000Z'],
      ['messages', '2026-11-02T18:00:00.000Z', '2026-11-02T19:00:00.000Z'],
      ['hourly', '2026-11-02T19:00:00.000Z', '2026-11-03T18:00:00.000Z'],
      ['messages', '2026-11-03T18:00:00.000Z', '2026-11-03T18:30:00.000Z'],
    ]);
    // the whole range as one bucket: the UTC day inside it is one daily row, the cut edges from the messages
    expect(plan(planRange(range, 'total', 'Asia/Kolkata'))).toEqual([
      ['messages', '2026-11-01T18:30:00.000Z', '2026-11-01T19:00:00.000Z'],
      ['hourly', '2026-11-01T19:00:00.000Z', '2026-11-02T00:00:00.000Z'],
      ['daily', '2026-11-02T00:00:00.000Z', '2026-11-03T00:00:00.000Z'],
      ['hourly', '2026-11-03T00:00:00.000Z', '2026-11-03T18:00:00.000Z'],
      ['messages', '2026-11-03T18:00:00.000Z', '2026-11-03T18:30:00.000Z'],
    ]);
  });
});
