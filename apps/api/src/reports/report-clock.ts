// The clock a report counts by: its days, weeks and months are the caller's zone's (the company's for its
// people, their own for system admins and resellers: accounts/account-zone.ts), while the rollups are cut at UTC
// hours and days. Here: which instants a request's range names in that zone, where its buckets start, and
// which rollup (or the messages themselves) answers each part of the range so that every bucket is exact.
//
// A zone whose offset is whole hours (America/Los_Angeles, Europe/Berlin) starts its days on a UTC hour, so
// a day is a sum of hourly rows, and a UTC day lying inside one bucket (a week, a month, the whole range) is
// a daily row. A zone 30 or 45 minutes off the hour (Asia/Kolkata, Asia/Kathmandu, America/St_Johns) starts
// its days inside a UTC hour: that one hour a day is read from the messages, each counted at its own instant.
// A report by hour keeps the UTC hours (in such a zone they start at :30 or :45 on its clock, and say so).
import { endOfZonedDay, startOfZonedDay, zonedDay, zoneOffsetMs } from '@smsc/shared-util';
import { REPORT_MAX_DAYS, type ReportStep } from '@smsc/shared-contract';
import { ReportInputError, type Range } from './engine';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;

/** The start of the hour holding t on the zone's clock (a UTC hour in whole-hour zones). */
export function zoneHourStart(t: number, zone: string): number {
  const local = t + zoneOffsetMs(new Date(t), zone);
  return t - (local - floorTo(local, HOUR));
}

/**
 * The range a report covers. Without a start it reaches back `defaultMs` from the end; without an end it runs
 * to now. Widened to whole hours: UTC hours for a report by hour (its buckets), the zone's hours otherwise,
 * so a day named in the zone keeps its own midnight.
 */
export function resolveRange(
  startText: string | undefined,
  endText: string | undefined,
  now: Date,
  defaultMs: number,
  zone = 'UTC',
  step: ReportStep = 'total',
): Range {
  const parse = (name: string, v: string) => {
    const t = Date.parse(v);
    if (Number.isNaN(t)) throw new ReportInputError(`${name}: not a date`);
    return t;
  };
  const end = endText ? parse('end_time', endText) : now.getTime();
  const start = startText ? parse('start_time', startText) : end - defaultMs;
  if (end <= start) throw new ReportInputError('end_time: must be after start_time');
  if (end - start > REPORT_MAX_DAYS * DAY)
    throw new ReportInputError(`end_time: a report covers at most ${REPORT_MAX_DAYS} days`);
  const floor = (t: number) => (step === 'hour' ? floorTo(t, HOUR) : zoneHourStart(t, zone));
  const ceil = (t: number) => (floor(t) === t ? t : floor(t + HOUR));
  return { start: new Date(floor(start)), end: new Date(ceil(end)) };
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** Date-only bounds ('2026-11-01') are whole days in the zone: date_lte includes the day it names. */
export function dayBounds(
  gte: string | undefined,
  lte: string | undefined,
  zone = 'UTC',
): { start?: string; end?: string } {
  const start = gte && DATE_ONLY.test(gte) ? startOfZonedDay(gte, zone).toISOString() : gte;
  const end = lte && DATE_ONLY.test(lte) ? endOfZonedDay(lte, zone).toISOString() : lte;
  return { start, end };
}

/** The month holding `now` in the zone, from its 1st to the next month's 1st (the reseller report's default). */
export function monthOf(now: Date, zone = 'UTC'): Range {
  const [y, m] = zonedDay(now, zone).split('-').map(Number);
  const first = (year: number, month: number) => new Date(Date.UTC(year, month - 1, 1)).toISOString().slice(0, 10);
  return { start: startOfZonedDay(first(y, m), zone), end: startOfZonedDay(first(y, m + 1), zone) };
}

/** The last `days` days of the zone, today included: from the first one's midnight to the end of today. */
export function lastDays(now: Date, days: number, zone = 'UTC'): Range {
  const today = zonedDay(now, zone);
  const first = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * DAY).toISOString().slice(0, 10);
  return { start: startOfZonedDay(first, zone), end: endOfZonedDay(today, zone) };
}

/**
 * Where the buckets of a step start inside the range (exclusive of its start): the zone's midnights of each day,
 * each Monday or each 1st. None for a total (one bucket) or by hour (the rollup's own hours).
 */
export function bucketBounds(range: Range, step: ReportStep, zone: string): number[] {
  if (step === 'total' || step === 'hour') return [];
  const s = range.start.getTime();
  const e = range.end.getTime();
  const out: number[] = [];
  // the zone's calendar days from the one holding the start to the one holding the end
  let day = zonedDay(range.start, zone);
  for (let i = 0; i <= REPORT_MAX_DAYS + 1; i++) {
    const midnight = startOfZonedDay(day, zone).getTime();
    if (midnight >= e) break;
    const date = new Date(`${day}T00:00:00Z`);
    const starts =
      step === 'day' || (step === 'week' && date.getUTCDay() === 1) || (step === 'month' && date.getUTCDate() === 1);
    if (starts && midnight > s) out.push(midnight);
    day = new Date(date.getTime() + DAY).toISOString().slice(0, 10);
  }
  return out;
}

export interface Segment {
  /** hourly, daily, weekly: the rollups (and their unfolded deltas); messages: the sms rows, each at its own instant */
  table: 'hourly' | 'daily' | 'weekly' | 'messages';
  from: Date;
  to: Date;
}

/**
 * Which source answers which part of the range. An hour that a bucket bound or the range's own edge cuts (a
 * zone 30 or 45 minutes off the hour) comes from the messages; a UTC day inside the range and inside one
 * bucket from the daily rollup; every other hour from the hourly rollup. Neighbours of one source are merged.
 * With `weeks` (a rollup that keeps UTC weeks), a Monday-to-Monday UTC week whose days are all whole daily rows of
 * one bucket is one weekly row: 30 days of 1,000 companies by company read 4 weekly rows a company, not 29 daily.
 */
export function planRange(range: Range, step: ReportStep, zone = 'UTC', weeks = false): Segment[] {
  const s = range.start.getTime();
  const e = range.end.getTime();
  const bounds = bucketBounds(range, step, zone);
  // the UTC hours cut by a bound or an edge that is not on the hour
  const cut = new Set([s, e, ...bounds].filter((t) => t % HOUR !== 0).map((t) => floorTo(t, HOUR)));
  const pieces: Segment[] = [];
  const add = (table: Segment['table'], from: number, to: number) => {
    const last = pieces[pieces.length - 1];
    if (last && last.table === table && last.to.getTime() === from) last.to = new Date(to);
    else pieces.push({ table, from: new Date(from), to: new Date(to) });
  };
  // a UTC day is one daily row when the range holds it whole, no hour of it is cut and no bucket starts inside it
  const wholeDay = (d: number) =>
    step !== 'hour' &&
    d >= s &&
    d + DAY <= e &&
    !bounds.some((b) => b > d && b < d + DAY) &&
    ![...cut].some((h) => h >= d && h < d + DAY);
  const wholeWeek = (w: number) =>
    weeks &&
    new Date(w).getUTCDay() === 1 &&
    !bounds.some((b) => b > w && b < w + WEEK) &&
    Array.from({ length: 7 }, (_, i) => w + i * DAY).every(wholeDay);
  let t = floorTo(s, HOUR);
  while (t < e) {
    if (t % DAY === 0 && wholeWeek(t)) {
      add('weekly', t, t + WEEK);
      t += WEEK;
    } else if (t % DAY === 0 && wholeDay(t)) {
      add('daily', t, t + DAY);
      t += DAY;
    } else if (cut.has(t)) {
      add('messages', Math.max(t, s), Math.min(t + HOUR, e));
      t += HOUR;
    } else {
      add('hourly', t, t + HOUR);
      t += HOUR;
    }
  }
  return pieces;
}
