// The reports' pure math: input parsing (interval, range, step, groups, fields), which rollup table
// answers which part of a range, time buckets, and the delta/fold arithmetic the triggers and the fold
// perform in SQL (mirrored here so its rules are tested without a database).
import {
  REPORT_FIELDS,
  REPORT_GROUPS,
  REPORT_MAX_DAYS,
  REPORT_STEPS,
  type ReportField,
  type ReportGroup,
  type ReportStep,
} from '@smsc/shared-contract';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A bad input: the route answers 400 with this message. */
export class ReportInputError extends Error {}

const UNITS: Record<string, number> = {
  minute: 60_000,
  hour: HOUR,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
  year: 365 * DAY,
};

/** '24 hour', '7 days', '1 month' → milliseconds (at most a year; at least an hour). */
export function parseInterval(text: string): number {
  const m = /^\s*(\d{1,4})\s*(minute|hour|day|week|month|year)s?\s*$/i.exec(text);
  if (!m) throw new ReportInputError(`interval: say a number and a unit, like '24 hour' or '7 day' (got '${text}')`);
  const ms = Number(m[1]) * UNITS[m[2].toLowerCase()];
  if (ms < HOUR) throw new ReportInputError('interval: at least one hour');
  if (ms > REPORT_MAX_DAYS * DAY) throw new ReportInputError(`interval: at most ${REPORT_MAX_DAYS} days`);
  return ms;
}

const floorTo = (t: number, unit: number) => Math.floor(t / unit) * unit;
const ceilTo = (t: number, unit: number) => Math.ceil(t / unit) * unit;

export interface Range {
  start: Date;
  end: Date;
}

/**
 * The range a report covers, widened to whole hours (rollups are hourly): start rounds down, end up.
 * Without a start it reaches back `defaultMs` from the end; without an end it runs to now.
 */
export function resolveRange(
  startText: string | undefined,
  endText: string | undefined,
  now: Date,
  defaultMs: number,
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
  return { start: new Date(floorTo(start, HOUR)), end: new Date(ceilTo(end, HOUR)) };
}

/** A date-only bound ('2026-11-01') means that whole day (UTC): date_lte includes the day it names. */
export function dayBounds(gte: string | undefined, lte: string | undefined): { start?: string; end?: string } {
  const dateOnly = /^\d{4}-\d{2}-\d{2}$/;
  const end = lte && dateOnly.test(lte) ? new Date(Date.parse(`${lte}T00:00:00Z`) + DAY).toISOString() : lte;
  return { start: gte, end };
}

/** The month holding `now` (UTC): the reseller report's default range, day 01 to the month's last day. */
export function monthOf(now: Date): Range {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return { start: new Date(start), end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)) };
}

export function parseStep(text: string | undefined, fallback: ReportStep = 'hour'): ReportStep {
  if (!text) return fallback;
  if (!(REPORT_STEPS as readonly string[]).includes(text))
    throw new ReportInputError(`step: one of ${REPORT_STEPS.join(', ')}`);
  return text as ReportStep;
}

function names<T extends string>(param: string, text: string | undefined, known: readonly T[]): T[] {
  if (!text) return [];
  const list = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.find((s) => !(known as readonly string[]).includes(s));
  if (bad) throw new ReportInputError(`${param}: unknown '${bad}' (one of ${known.join(', ')})`);
  return [...new Set(list)] as T[];
}
export const parseGroups = (text: string | undefined): ReportGroup[] => names('group', text, REPORT_GROUPS);
export const parseFields = (text: string | undefined): ReportField[] => {
  const list = names('fields', text, REPORT_FIELDS);
  return list.length ? list : [...REPORT_FIELDS];
};

/** Hourly buckets over a 30-day range would be 720 per group: a step this fine needs a shorter range. */
export function checkStepFits(range: Range, step: ReportStep): void {
  if (step === 'hour' && range.end.getTime() - range.start.getTime() > 31 * DAY)
    throw new ReportInputError('step: hour covers at most 31 days; choose day or longer');
}

export interface Segment {
  table: 'hourly' | 'daily';
  from: Date;
  to: Date;
}

/**
 * Which rollup answers which part of the range: whole UTC days from the daily rollup, the ragged
 * edges from the hourly one. A step of an hour needs hours throughout.
 */
export function planRange(range: Range, step: ReportStep): Segment[] {
  const s = range.start.getTime();
  const e = range.end.getTime();
  if (step === 'hour') return [{ table: 'hourly', from: range.start, to: range.end }];
  const d0 = ceilTo(s, DAY);
  const d1 = floorTo(e, DAY);
  if (d0 >= d1) return [{ table: 'hourly', from: range.start, to: range.end }];
  const out: Segment[] = [];
  if (s < d0) out.push({ table: 'hourly', from: range.start, to: new Date(d0) });
  out.push({ table: 'daily', from: new Date(d0), to: new Date(d1) });
  if (d1 < e) out.push({ table: 'hourly', from: new Date(d1), to: range.end });
  return out;
}

/** The start of the bucket holding t (UTC; weeks start on Monday, as PostgreSQL's date_trunc). */
export function bucketStart(t: Date, step: Exclude<ReportStep, 'total'>): Date {
  const ms = t.getTime();
  if (step === 'hour') return new Date(floorTo(ms, HOUR));
  if (step === 'day') return new Date(floorTo(ms, DAY));
  if (step === 'month') return new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), 1));
  const day = floorTo(ms, DAY);
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday = 0
  return new Date(day - weekday * DAY);
}

/** Every bucket of the range in order (charts show the empty ones as zero). */
export function steps(range: Range, step: ReportStep): Date[] {
  if (step === 'total') return [];
  const out: Date[] = [];
  let t = bucketStart(range.start, step);
  while (t < range.end) {
    out.push(t);
    t =
      step === 'month'
        ? new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth() + 1, 1))
        : new Date(t.getTime() + (step === 'hour' ? HOUR : step === 'day' ? DAY : 7 * DAY));
  }
  return out;
}

// ---- the delta arithmetic (the triggers and the fold do this in SQL) ----

/** The reported face of a message: what its rollup key and sums are made of. */
export interface MessageFace {
  created_on: Date;
  company_uuid: string | null;
  status: string;
  is_received: boolean;
  ani: string;
  dnis: string;
  vendor_product_uuid: string | null;
  network: string | null;
  segments: number;
  price: bigint;
  cost: bigint;
}
export interface Delta {
  key: string;
  messages: number;
  segments: number;
  price: bigint;
  cost: bigint;
}

/** The rollup key of a message: the hour it was created in, and its dimensions. */
export const keyOf = (m: MessageFace) =>
  [
    bucketStart(m.created_on, 'hour').toISOString(),
    m.company_uuid,
    m.is_received ? m.dnis : m.ani,
    m.vendor_product_uuid,
    m.network,
    m.status,
  ].join('|');

/** A message's change as deltas: minus its old face, plus its new one; nothing when its face is unchanged. */
export function messageDeltas(before: MessageFace | null, after: MessageFace | null): Delta[] {
  const same =
    before &&
    after &&
    keyOf(before) === keyOf(after) &&
    before.segments === after.segments &&
    before.price === after.price &&
    before.cost === after.cost;
  if (same) return [];
  const out: Delta[] = [];
  if (before)
    out.push({
      key: keyOf(before),
      messages: -1,
      segments: -before.segments,
      price: -before.price,
      cost: -before.cost,
    });
  if (after)
    out.push({ key: keyOf(after), messages: 1, segments: after.segments, price: after.price, cost: after.cost });
  return out;
}

/** Folds deltas into rollups (a map by key); rows that sum to nothing disappear. */
export function fold(rollups: Map<string, Omit<Delta, 'key'>>, deltas: Delta[]): Map<string, Omit<Delta, 'key'>> {
  const out = new Map(rollups);
  for (const d of deltas) {
    const r = out.get(d.key) ?? { messages: 0, segments: 0, price: 0n, cost: 0n };
    const next = {
      messages: r.messages + d.messages,
      segments: r.segments + d.segments,
      price: r.price + d.price,
      cost: r.cost + d.cost,
    };
    if (next.messages === 0 && next.segments === 0 && next.price === 0n && next.cost === 0n) out.delete(d.key);
    else out.set(d.key, next);
  }
  return out;
}

/** Which figure a status counts in. */
export const STATUS_FIGURE: Record<
  string,
  'delivered' | 'undelivered' | 'failed' | 'pending' | 'blocked' | 'received'
> = {
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  scheduled: 'pending',
  queued: 'pending',
  sent: 'pending',
  blocked: 'blocked',
  cancelled: 'blocked',
  received: 'received',
};
