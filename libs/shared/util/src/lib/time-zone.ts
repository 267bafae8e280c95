/**
 * The one time zone rule of the console: every date and time is shown in the signed-in account's
 * zone (its company's time zone, else the browser's), in one format, with the zone named. The shell
 * sets the zone once the account is known (setDisplayZone); formatters read it at render time.
 * Everything goes through Intl with an explicit zone, so no result depends on the machine's zone and
 * daylight-saving changes come out right (Intl knows the zone's rules for each instant).
 */

let accountZone: string | null = null;
const listeners = new Set<() => void>();

/** A zone name Intl knows (IANA, e.g. Europe/Berlin). */
export function isTimeZone(zone: string | null | undefined): zone is string {
  if (!zone) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export const browserZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The zone the console shows times in: the account's when it has a valid one, else the browser's. */
export const displayZone = (): string => accountZone ?? browserZone();

/** Sets (or, with null, clears) the account's zone; an unknown name falls back to the browser's. */
export function setDisplayZone(zone: string | null | undefined): void {
  const next = isTimeZone(zone) ? zone : null;
  if (next === accountZone) return;
  accountZone = next;
  listeners.forEach((l) => l());
}

/** For useSyncExternalStore: re-render what shows times when the zone changes. */
export function subscribeDisplayZone(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface ZonedParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partFormat(zone: string): Intl.DateTimeFormat {
  let f = partFormats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(zone, f);
  }
  return f;
}

/** The wall-clock reading of an instant in a zone. */
export function zonedParts(instant: Date, zone: string): ZonedParts {
  const out: Record<string, number> = {};
  for (const p of partFormat(zone).formatToParts(instant)) if (p.type !== 'literal') out[p.type] = Number(p.value);
  // some engines write midnight as 24 even with h23
  return {
    year: out['year'],
    month: out['month'],
    day: out['day'],
    hour: out['hour'] % 24,
    minute: out['minute'],
    second: out['second'],
  };
}

/** How far the zone's clock is ahead of UTC at an instant, in milliseconds. */
export function zoneOffsetMs(instant: Date, zone: string): number {
  const p = zonedParts(instant, zone);
  const wall = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return wall - Math.floor(instant.getTime() / 1000) * 1000;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The calendar day ('YYYY-MM-DD') an instant falls on in a zone. */
export function zonedDay(instant: Date, zone: string = displayZone()): string {
  const p = zonedParts(instant, zone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/**
 * The instant a wall-clock reading ('YYYY-MM-DDTHH:mm' or 'YYYY-MM-DD HH:mm') names in a zone: what a
 * time picked on a calendar means. A reading skipped by a clock change moves on by the gap (02:30 on
 * a spring-forward night is 03:30); a repeated one is its first occurrence.
 */
export function zonedTimeToInstant(reading: string, zone: string = displayZone()): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2}))?$/.exec(reading);
  if (!m) return new Date(NaN);
  const wall = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4] ?? 0), Number(m[5] ?? 0));
  // the zone's offsets a day and a half either side (no zone changes its clock twice in three days):
  // the reading is one of the two instants they give, the earlier that reads back as asked
  const before = wall - zoneOffsetMs(new Date(wall - 36 * 3_600_000), zone);
  const after = wall - zoneOffsetMs(new Date(wall + 36 * 3_600_000), zone);
  const valid = [before, after].filter((t) => formatsAs(t, zone, wall));
  // none: the reading fell in a spring-forward gap; the offset before the change moves it on by the gap
  return new Date(valid.length ? Math.min(...valid) : before);
}

function formatsAs(t: number, zone: string, wall: number): boolean {
  const p = zonedParts(new Date(t), zone);
  return Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) === wall;
}

/**
 * The instant a calendar day ('YYYY-MM-DD') starts in a zone: what a "from" day filter means. On a
 * day whose midnight is skipped by a clock change, the first instant of that day.
 */
export function startOfZonedDay(day: string, zone: string = displayZone()): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return new Date(NaN);
  return zonedTimeToInstant(day, zone);
}

/** The instant the next day starts: an exclusive "to" for a day filter (days are 23–25 hours). */
export function endOfZonedDay(day: string, zone: string = displayZone()): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!m) return new Date(NaN);
  const next = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + 1));
  return startOfZonedDay(next.toISOString().slice(0, 10), zone);
}

/** A column or field title with the zone its times are in, e.g. "Time (Europe/Berlin)". */
export const withZone = (title: string, zone: string = displayZone()): string => `${title} (${zone})`;

// ICU still names a few zones by their former names; people look for today's (both are the same zone to Intl and
// to the server's database)
const RENAMED: Record<string, string> = {
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Rangoon': 'Asia/Yangon',
  'Europe/Kiev': 'Europe/Kyiv',
  'America/Godthab': 'America/Nuuk',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
};

/** A zone under the name people know it by today (Asia/Calcutta → Asia/Kolkata). */
export const currentZoneName = (zone: string): string => RENAMED[zone] ?? zone;

/** "UTC+05:30", "UTC-08:00" or "UTC": how far a zone's clock is from UTC at an instant. */
export function utcOffsetText(zone: string, at: Date = new Date()): string {
  const minutes = Math.round(zoneOffsetMs(at, zone) / 60_000);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  return `UTC${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The zones a person may choose from: every IANA zone the runtime knows (by today's names) and UTC, each labelled
 * with its offset now, "Asia/Kolkata (UTC+05:30)". A zone in use that the list lacks is kept, so it still shows.
 */
export function timeZoneChoices(keep?: string | null, at: Date = new Date()): { value: string; label: string }[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = new Set(['UTC', ...known.map(currentZoneName)]);
  if (keep && isTimeZone(keep)) names.add(keep);
  return [...names]
    .filter((z) => isTimeZone(z))
    .sort((a, b) => (a === 'UTC' ? -1 : b === 'UTC' ? 1 : a.localeCompare(b)))
    .map((z) => ({ value: z, label: z === 'UTC' ? 'UTC' : `${z} (${utcOffsetText(z, at)})` }));
}
