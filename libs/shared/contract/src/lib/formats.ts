import { FormatRegistry } from '@sinclair/typebox';

const DAYS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** YYYY-MM-DD naming a day that exists: no month 00 or 13, no 30 February, no year 0000. */
export function isRealDate(v: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return y >= 1 && mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && !leap(y) ? 28 : DAYS[mo - 1]);
}

/** An RFC 3339 date-time (zone required) whose day and time exist (Date.parse would roll 30 February over). */
export function isRealDateTime(v: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d+)?(Z|([+-])(\d{2}):(\d{2}))$/i.exec(v);
  if (!m || !isRealDate(m[1])) return false;
  const [h, mi, s] = [Number(m[2]), Number(m[3]), Number(m[4])];
  if (h > 23 || mi > 59 || s > 59) return false;
  return !m[7] || (Number(m[8]) <= 23 && Number(m[9]) <= 59);
}

/** The format of a date filter's bound: a real day or a real date-time (one format, so one clear message). */
export const DATE_BOUND_FORMAT = 'date-or-date-time';
export const isDateBound = (v: string) => isRealDate(v) || isRealDateTime(v);

// TypeBox's Value.Check rejects every string format it does not know. The server validates with ajv
// (whose date and date-time formats check real days too); registering the formats used here lets
// clients check the same schemas with Value.Check.
const FORMATS: Record<string, (v: string) => boolean> = {
  uuid: (v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v),
  date: isRealDate,
  'date-time': isRealDateTime,
  [DATE_BOUND_FORMAT]: isDateBound,
  email: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v),
};
for (const [name, check] of Object.entries(FORMATS)) if (!FormatRegistry.Has(name)) FormatRegistry.Set(name, check);
