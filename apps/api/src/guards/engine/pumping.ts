// Pumping detection as plain data (docs/guards.md). SMS pumping sends bursts to runs of sequential or
// adjacent numbers of one range (numbers a fraudster controls, paid per message received). Each company
// and range of numbers (the E.164 number without its last `rangeDigits` digits) has a rolling window of
// the numbers it sent to; a window that holds at least `minMessages` messages whose distinct numbers sit
// close together (at least `adjacentPercent` % of the gaps between neighbours are at most `adjacentGap`)
// is pumping. A normal campaign's numbers are scattered over many ranges and far apart within one.

import type { ShareThresholds } from './destination-share';
import type { OtpThresholds } from './otp-conversion';
import { RangeWindow } from './range-window';

/** Every pumping signal's thresholds: the adjacent-numbers burst's here, the others' in their own files. */
export interface PumpingThresholds extends ShareThresholds, OtpThresholds {
  enabled: boolean;
  windowSeconds: number;
  minMessages: number;
  rangeDigits: number;
  adjacentGap: number;
  adjacentPercent: number;
  /** days of a company's history before the window that make its usual destinations */
  baselineDays: number;
}

export const DEFAULT_THRESHOLDS: PumpingThresholds = {
  enabled: false,
  windowSeconds: 600,
  minMessages: 20,
  rangeDigits: 4,
  adjacentGap: 10,
  adjacentPercent: 80,
  destinationDigits: 4,
  sharePercent: 60,
  shareMinMessages: 30,
  premiumPricePercent: 300,
  premiumPrefixes: [],
  baselineDays: 30,
  baselineMinMessages: 100,
  otpMinMessages: 20,
  otpConfirmPercent: 30,
  otpGraceSeconds: 120,
};

/** The range a number belongs to: its E.164 form without its last `digits` digits ("+4477009001"). */
export function rangeOf(e164: string, digits: number): string {
  return e164.slice(0, Math.max(2, e164.length - digits));
}

/** Whether the numbers one range received within the window look pumped. */
export function looksPumped(numbers: bigint[], t: PumpingThresholds): boolean {
  if (numbers.length < t.minMessages) return false;
  const distinct = [...new Set(numbers)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (distinct.length < 2) return false;
  const gap = BigInt(t.adjacentGap);
  let close = 0;
  for (let i = 1; i < distinct.length; i++) if (distinct[i] - distinct[i - 1] <= gap) close++;
  return close * 100 >= t.adjacentPercent * (distinct.length - 1);
}

/** a window keeps at most this many numbers per range (enough to judge, bounded memory) */
const MAX_PER_RANGE = 1_000;
/** ranges tracked at most; the stalest go first */
const MAX_RANGES = 20_000;

/** The rolling windows of one process: add() answers the ranges that just turned into pumping. */
export class PumpingWindows {
  private windows = new Map<string, RangeWindow>();

  add(company_uuid: string, destinations: string[], t: PumpingThresholds, now = Date.now()): string[] {
    if (!t.enabled) return [];
    const since = now - t.windowSeconds * 1000;
    const gap = BigInt(t.adjacentGap);
    const touched = new Set<string>();
    for (const d of destinations) {
      const range = rangeOf(d, t.rangeDigits);
      const key = `${company_uuid}|${range}`;
      let w = this.windows.get(key);
      if (!w) {
        if (this.windows.size >= MAX_RANGES) this.prune(since);
        w = new RangeWindow();
        this.windows.set(key, w);
      }
      w.push(now, BigInt(d.replace(/\D/g, '')), gap);
      touched.add(key);
    }
    const tripped: string[] = [];
    for (const key of touched) {
      const w = this.windows.get(key) as RangeWindow;
      let drop = 0;
      while (drop < w.size && (w.at[drop] < since || w.size - drop > MAX_PER_RANGE)) drop++;
      if (drop) w.dropOldest(drop);
      const pumped = w.pumped(t);
      if (pumped && !w.tripped) tripped.push(key.slice(key.indexOf('|') + 1));
      w.tripped = pumped;
    }
    return tripped;
  }

  /** Forgets a range (its hold was released: the window starts afresh). */
  forget(company_uuid: string, range: string): void {
    this.windows.delete(`${company_uuid}|${range}`);
  }

  private prune(since: number): void {
    for (const [key, w] of this.windows) if (!w.size || w.at[w.size - 1] < since) this.windows.delete(key);
    if (this.windows.size >= MAX_RANGES) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }
}
