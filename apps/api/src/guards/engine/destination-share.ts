// The "sudden share of premium or unusual destinations" signal as plain data (docs/guards.md). Pumping
// through a company's sign-up or OTP form sends its traffic to numbers the fraudster is paid for: high-priced
// (premium) destinations, or destinations the company never served. One company's traffic over a rolling
// window is judged as a whole: when enough of it goes to such destinations, each of them is held.

/** The thresholds of this signal (the `pumping_*` settings of the same names). */
export interface ShareThresholds {
  enabled: boolean;
  windowSeconds: number;
  /** digits after the + that name a destination: 4 makes "+4477009001" the destination "+4477" */
  destinationDigits: number;
  sharePercent: number;
  shareMinMessages: number;
  /** a part priced at least this % of the product's median rate is premium */
  premiumPricePercent: number;
  /** prefixes flagged premium whatever their price */
  premiumPrefixes: string[];
  baselineMinMessages: number;
}

/** What a company usually does, read from its history before the window (guards/signals.ts). */
export interface CompanyBaseline {
  /** the median rate of one part in the company's product (micro-units); null: no rates */
  medianPartMicros: number | null;
  /** destinations (destinationOf) the company sent to, and how many messages in all */
  destinations: Set<string>;
  messages: number;
  /** of those messages, how many went to premium destinations */
  premiumMessages: number;
}

/** One message of the window: its number and what one part of it costs the company. */
export interface ShareEntry {
  at: number;
  e164: string;
  partMicros: number;
}

/** The destination a number belongs to: its first `digits` digits after the plus ("+4477"). */
export function destinationOf(e164: string, digits: number): string {
  return e164.slice(0, 1 + digits);
}

/** Premium: flagged, or priced at least premiumPricePercent % of the product's median part. */
export function isPremium(e164: string, partMicros: number, b: CompanyBaseline, t: ShareThresholds): boolean {
  if (t.premiumPrefixes.some((p) => e164.startsWith(p))) return true;
  return (
    b.medianPartMicros !== null &&
    b.medianPartMicros > 0 &&
    partMicros * 100 >= t.premiumPricePercent * b.medianPartMicros
  );
}

/** Unusual: a destination outside the company's history, once it has enough history to have a usual. */
export function isUnusual(destination: string, b: CompanyBaseline, t: ShareThresholds): boolean {
  return b.messages >= t.baselineMinMessages && !b.destinations.has(destination);
}

/**
 * The destinations to hold for one company's window: when at least shareMinMessages messages are in it and
 * at least sharePercent % of them went to premium or unusual destinations, every such destination in it
 * (the most used first). Premium counts only as a jump: a company whose usual traffic is at least that share
 * premium (a business in a high-priced country) is judged on unusual destinations alone.
 */
export function suspectDestinations(window: ShareEntry[], b: CompanyBaseline, t: ShareThresholds): string[] {
  if (!t.enabled || window.length < t.shareMinMessages) return [];
  const premiumIsUsual = b.messages > 0 && b.premiumMessages * 100 >= t.sharePercent * b.messages;
  const counts = new Map<string, number>();
  let suspect = 0;
  for (const m of window) {
    const dest = destinationOf(m.e164, t.destinationDigits);
    const odd = isUnusual(dest, b, t) || (!premiumIsUsual && isPremium(m.e164, m.partMicros, b, t));
    if (!odd) continue;
    suspect++;
    counts.set(dest, (counts.get(dest) ?? 0) + 1);
  }
  if (suspect * 100 < t.sharePercent * window.length) return [];
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([d]) => d);
}

/** A company's window keeps at most this many messages (enough to judge a share, bounded memory). */
const MAX_PER_COMPANY = 5_000;

/** The rolling windows of one process, one per company. */
export class ShareWindows {
  private windows = new Map<string, ShareEntry[]>();

  /** Adds a company's messages and answers its window (oldest dropped); nothing is kept when off. */
  add(company_uuid: string, entries: ShareEntry[], t: ShareThresholds, now = Date.now()): ShareEntry[] {
    if (!t.enabled) return [];
    let w = this.windows.get(company_uuid);
    if (!w) this.windows.set(company_uuid, (w = []));
    w.push(...entries);
    const since = now - t.windowSeconds * 1000;
    let drop = 0;
    while (drop < w.length && (w[drop].at < since || w.length - drop > MAX_PER_COMPANY)) drop++;
    if (drop) w.splice(0, drop);
    return w;
  }

  /** Forgets a destination's messages (its hold was released: it is judged afresh). */
  forget(company_uuid: string, prefix: string): void {
    const w = this.windows.get(company_uuid);
    if (w)
      this.windows.set(
        company_uuid,
        w.filter((m) => !m.e164.startsWith(prefix)),
      );
  }

  /** Drops windows whose newest message left the window (called now and then, not per message). */
  prune(now: number, windowSeconds: number): void {
    const since = now - windowSeconds * 1000;
    for (const [k, w] of this.windows) if (!w.length || w[w.length - 1].at < since) this.windows.delete(k);
  }
}
