// The reports' pure math: input parsing (interval, step, groups, fields), UTC time buckets, and the delta/fold
// arithmetic the triggers and the fold perform in SQL (mirrored here so its rules are tested without a database).
// Ranges and which rollup answers which part of one, in the caller's zone, are report-clock.ts's.
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

export interface Range {
  start: Date;
  end: Date;
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
