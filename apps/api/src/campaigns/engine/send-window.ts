// Send windows: quiet hours in the recipient's time zone. The zones come from the number's prefix
// (per-exchange data, so Knoxville 865 is Eastern and El Paso 915 Mountain although their states are
// not); a prefix that spans several zones may be sent to only when it is outside quiet hours in all of
// them. An unknown prefix falls back to the company's zone.

/** Several zones of one prefix travel as one string (a group key, and what a campaign job stores). */
export const ZONE_SEPARATOR = '&';

/** True when the runtime knows the IANA zone name. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A number's send zone: every zone its prefix spans (zonesOfPrefix), joined by ZONE_SEPARATOR, else the
 * fallback (the company's). With quiet hours, zones that never share a moment outside them (a country
 * code spanning half the globe) give way to the fallback too, so a message is never held for ever.
 */
export function zoneOfNumber(
  e164: string,
  zonesOfPrefix: (e164: string) => readonly string[] | null | undefined,
  fallback: string,
  quiet: QuietHours | null = null,
  now = new Date(),
): string {
  const zones = [...new Set(zonesOfPrefix(e164) ?? [])].filter(isTimeZone).sort();
  if (!zones.length) return fallback;
  if (zones.length > 1 && quiet && !nextInAll(now, zones, quiet)) return fallback;
  return zones.join(ZONE_SEPARATOR);
}

export interface QuietHours {
  start: string;
  end: string;
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Local wall-clock minutes and seconds of an instant in a zone. */
function localClock(at: Date, zone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const n = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: n('hour') * 60 + n('minute'), seconds: n('second') };
}

/** Minutes still to wait at local minute m inside quiet hours [start, end) (which may cross midnight); 0 outside. */
export function quietWait(m: number, quiet: QuietHours): number {
  const s = minutesOf(quiet.start);
  const e = minutesOf(quiet.end);
  if (s === e) return 0;
  const inside = s < e ? m >= s && m < e : m >= s || m < e;
  return inside ? (e - m + 1440) % 1440 : 0;
}

/**
 * The first instant at or after `at` outside the quiet hours in one zone. A daylight-saving shift
 * inside the wait is corrected by checking again.
 */
function nextInZone(at: Date, zone: string, quiet: QuietHours): Date {
  let t = at;
  for (let i = 0; i < 3; i++) {
    const { minutes, seconds } = localClock(t, zone);
    const wait = quietWait(minutes, quiet);
    if (!wait) return t;
    t = new Date(t.getTime() + wait * 60_000 - seconds * 1000 - (t.getTime() % 1000));
    // Clocks sprang forward during the wait: we landed past the end of quiet hours, so step back to it.
    const over = (localClock(t, zone).minutes - minutesOf(quiet.end) + 1440) % 1440;
    if (over > 0 && over <= 180) t = new Date(t.getTime() - over * 60_000);
  }
  return t;
}

/**
 * The first instant at or after `at` outside the quiet hours in every one of `zones`, or null when they
 * share none within a week. Each round moves to the latest end of quiet hours among the zones; it stops
 * when no zone moves it further.
 */
function nextInAll(at: Date, zones: readonly string[], quiet: QuietHours): Date | null {
  let t = at;
  for (let round = 0; round < 4 * zones.length + 4; round++) {
    let latest = t;
    for (const zone of zones) {
      const next = nextInZone(t, zone, quiet);
      if (next.getTime() > latest.getTime()) latest = next;
    }
    if (latest.getTime() === t.getTime()) return t;
    if (latest.getTime() - at.getTime() > 7 * 86_400_000) return null;
    t = latest;
  }
  return null;
}

/**
 * The first instant at or after `at` outside the quiet hours in `zone`, which may name several zones
 * (ZONE_SEPARATOR): then outside them in all. Zones that share no such instant (zoneOfNumber keeps
 * them out) are taken by their first.
 */
export function nextSendTime(at: Date, zone: string, quiet: QuietHours | null): Date {
  if (!quiet) return at;
  const zones = zone.split(ZONE_SEPARATOR);
  return nextInAll(at, zones, quiet) ?? nextInZone(at, zones[0], quiet);
}

/** Recipients grouped by the instant they may first receive a message (one job per group). */
export function sendGroups<T extends { number: string }>(
  recipients: readonly T[],
  opts: {
    now: Date;
    start_at: Date | null;
    quiet: QuietHours | null;
    zoneOf(number: string): string;
  },
): { send_at: Date; recipients: T[] }[] {
  const start = opts.start_at && opts.start_at > opts.now ? opts.start_at : opts.now;
  const groups = new Map<number, T[]>();
  const zoneTimes = new Map<string, number>();
  for (const r of recipients) {
    const zone = opts.zoneOf(r.number);
    let at = zoneTimes.get(zone);
    if (at === undefined) {
      at = nextSendTime(start, zone, opts.quiet).getTime();
      zoneTimes.set(zone, at);
    }
    const list = groups.get(at) ?? [];
    list.push(r);
    groups.set(at, list);
  }
  return [...groups.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([at, list]) => ({ send_at: new Date(at), recipients: list }));
}
