// When a reminder workflow sends next: a pure function of its first time, its repeat, the company's
// time zone and the clock.
import type { Kysely } from 'kysely';
import type { ReminderRepeat } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { accountsRepository } from '../accounts';

const DAYS: Record<Exclude<ReminderRepeat, 'none'>, number> = { daily: 1, weekly: 7 };

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  ms: number;
}

function wallClock(at: Date, zone: string): WallClock {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return {
    year: n('year'),
    month: n('month'),
    day: n('day'),
    hour: n('hour'),
    minute: n('minute'),
    second: n('second'),
    ms: at.getUTCMilliseconds(),
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function offsetAt(ms: number, zone: string): number {
  const w = wallClock(new Date(ms), zone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second, w.ms) - ms;
}

/**
 * The instant the zone's clock shows `w` moved on by `days` calendar days. A wall time that does not
 * exist that day (skipped by the spring change) is taken as the instant an hour later.
 */
function atWallClock(w: WallClock, days: number, zone: string): Date {
  const naive = Date.UTC(w.year, w.month - 1, w.day + days, w.hour, w.minute, w.second, w.ms);
  const first = naive - offsetAt(naive, zone);
  const second = naive - offsetAt(first, zone);
  if (offsetAt(second, zone) === naive - second) return new Date(second);
  return new Date(Math.max(first, second));
}

/**
 * The first run at or after `after`: remind_at itself while it is ahead; for a repeat, remind_at moved
 * on by whole days or weeks of the company's calendar, so "every day at 09:00" stays at 09:00 on the
 * company's clock when daylight saving starts or ends; null once a one-off has passed.
 */
export function nextRun(remindAt: Date, repeat: ReminderRepeat, after: Date, zone = 'UTC'): Date | null {
  if (remindAt.getTime() >= after.getTime()) return remindAt;
  if (repeat === 'none') return null;
  const step = DAYS[repeat];
  const start = wallClock(remindAt, zone);
  // a first guess from the elapsed time, then whole steps either way (a DST day is 23 or 25 hours)
  let k = Math.max(1, Math.floor((after.getTime() - remindAt.getTime()) / (step * 86_400_000)));
  while (atWallClock(start, k * step, zone).getTime() < after.getTime()) k++;
  while (k > 1 && atWallClock(start, (k - 1) * step, zone).getTime() >= after.getTime()) k--;
  return atWallClock(start, k * step, zone);
}

/** The company's time zone (UTC for a company that no longer exists: its reminders are gone with it). */
export async function companyZone(db: Kysely<Database>, company_uuid: string): Promise<string> {
  return (await accountsRepository.companyOf(db, company_uuid))?.time_zone ?? 'UTC';
}
