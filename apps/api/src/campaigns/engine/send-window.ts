// Send windows: quiet hours in the recipient's time zone. The zone comes from the NANP area code's
// state (numbers/nanp.ts knows it) and falls back to the company's zone.

/** The zone most of each state or province lives in (a state split between zones takes its larger part). */
const STATE_ZONES: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago', CA: 'America/Los_Angeles',
  CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York', DC: 'America/New_York', FL: 'America/New_York',
  GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Boise', IL: 'America/Chicago', IN: 'America/Indiana/Indianapolis',
  IA: 'America/Chicago', KS: 'America/Chicago', KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York',
  MD: 'America/New_York', MA: 'America/New_York', MI: 'America/Detroit', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles', NH: 'America/New_York',
  NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York', NC: 'America/New_York', ND: 'America/Chicago',
  OH: 'America/New_York', OK: 'America/Chicago', OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York',
  SC: 'America/New_York', SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York', WI: 'America/Chicago',
  WY: 'America/Denver', AB: 'America/Edmonton', BC: 'America/Vancouver', MB: 'America/Winnipeg', NB: 'America/Moncton',
  NL: 'America/St_Johns', NS: 'America/Halifax', NT: 'America/Yellowknife', ON: 'America/Toronto', QC: 'America/Toronto',
  SK: 'America/Regina',
};

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
 * A number's zone: its area code's state's (stateOfNpa answers the state code of a NANP area code),
 * else the fallback (the company's).
 */
export function zoneOfNumber(e164: string, stateOfNpa: (npa: string) => string | null | undefined, fallback: string): string {
  const m = /^\+1([2-9][0-9]{2})[2-9][0-9]{6}$/.exec(e164);
  const state = m ? stateOfNpa(m[1]) : null;
  return (state && STATE_ZONES[state]) || fallback;
}

export interface QuietHours { start: string; end: string }

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Local wall-clock minutes and seconds of an instant in a zone. */
function localClock(at: Date, zone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }).formatToParts(at);
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
 * The first instant at or after `at` outside the quiet hours in `zone`. A daylight-saving shift
 * inside the wait is corrected by checking again.
 */
export function nextSendTime(at: Date, zone: string, quiet: QuietHours | null): Date {
  if (!quiet) return at;
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

/** Recipients grouped by the instant they may first receive a message (one job per group). */
export function sendGroups<T extends { number: string }>(recipients: readonly T[], opts: {
  now: Date; start_at: Date | null; quiet: QuietHours | null; zoneOf(number: string): string;
}): { send_at: Date; recipients: T[] }[] {
  const start = opts.start_at && opts.start_at > opts.now ? opts.start_at : opts.now;
  const groups = new Map<number, T[]>();
  const zoneTimes = new Map<string, number>();
  for (const r of recipients) {
    const zone = opts.zoneOf(r.number);
    let at = zoneTimes.get(zone);
    if (at === undefined) { at = nextSendTime(start, zone, opts.quiet).getTime(); zoneTimes.set(zone, at); }
    const list = groups.get(at) ?? [];
    list.push(r);
    groups.set(at, list);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0]).map(([at, list]) => ({ send_at: new Date(at), recipients: list }));
}
