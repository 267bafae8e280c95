// The pumping signals beside the adjacent-numbers burst: a sudden share of premium or unusual destinations,
// and a low conversion of one-time codes (docs/guards.md). The windows live in the process, like the burst's;
// what they need of the database (a company's usual destinations and its product's median rate, which codes
// were confirmed) is read in the background, so a send never waits for it. A trip holds through the guards'
// one hold (GuardService.hold): the same table, alerts and release.
import { sql, type Kysely } from 'kysely';
import type { PumpingSignal } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { ObservedSend } from '../messaging';
import type { PumpingThresholds } from './engine/pumping';
import {
  destinationOf,
  ShareWindows,
  suspectDestinations,
  type CompanyBaseline,
  type ShareEntry,
} from './engine/destination-share';
import { baselineOf, readBaseline, type BaselineCounts } from './baseline';
import { looksLikeOtp, lowConversion, OtpWindows } from './engine/otp-conversion';

type Company = { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null };
type Hold = (company: Company, prefix: string, signal: PumpingSignal, reason: string) => Promise<unknown>;

/** a company's usual destinations are read again after this long */
const BASELINE_TTL_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;
/**
 * a company's window is judged at most this often: single sends arrive a few at a time, and judging the
 * whole window after each would cost in proportion to the window; what arrives meanwhile is judged next
 */
const JUDGE_GAP_MS = 500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** a company's counts are kept this long after its last refresh (a company that stopped sending lets them go) */
const COUNTS_KEPT_MS = 3_600_000;

export class PumpingSignals {
  private share = new ShareWindows();
  private otp = new OtpWindows();
  private baselines = new Map<string, { at: number; b: Promise<CompanyBaseline>; counts?: BaselineCounts }>();
  /** companies whose share is being judged; `again` asks for one more run when more came meanwhile */
  private judging = new Map<string, { again: boolean }>();
  private judged = new Map<string, number>();
  /** destinations this process held (a window that stays suspect does not hold them again) */
  private held = new Set<string>();
  private pruned = Date.now();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly hold: Hold,
    private readonly track: (p: Promise<unknown>) => void,
  ) {}

  /** Messages just stored queued for a company; `t` must be enabled. */
  observe(company: Company, sent: ObservedSend[], t: PumpingThresholds, now = Date.now()): void {
    const entries: ShareEntry[] = sent.map((s) => ({
      at: now,
      e164: s.dnis,
      partMicros: Number(s.price) / Math.max(1, s.segments),
    }));
    const window = this.share.add(company.company_uuid, entries, t, now);
    if (window.length >= t.shareMinMessages) this.judgeShare(company, t);

    let codes: Set<string> | null = null;
    for (const s of sent) {
      if (!looksLikeOtp(s.text)) continue;
      const dest = destinationOf(s.dnis, t.destinationDigits);
      this.otp.add(company.company_uuid, dest, s.sms_uuid, t, now);
      (codes ??= new Set()).add(dest);
    }
    for (const dest of codes ?? []) {
      if (this.held.has(`${company.company_uuid}|${dest}`)) continue;
      const ids = this.otp.due(company.company_uuid, dest, t, now);
      if (ids.length) this.track(this.judgeOtp(company, dest, ids, t));
    }
    if (now - this.pruned > PRUNE_EVERY_MS) {
      this.pruned = now;
      this.share.prune(now, t.windowSeconds);
      this.otp.prune(now, t.windowSeconds);
      for (const [k, v] of this.baselines) if (now - v.at > COUNTS_KEPT_MS) this.baselines.delete(k);
      for (const [k, at] of this.judged) if (now - at > PRUNE_EVERY_MS) this.judged.delete(k);
    }
  }

  /** A released hold: its destination is judged afresh. */
  released(company_uuid: string, prefix: string): void {
    this.held.delete(`${company_uuid}|${prefix}`);
    this.share.forget(company_uuid, prefix);
    this.otp.forget(company_uuid, prefix);
  }

  /** The thresholds changed: usual destinations depend on them. */
  reset(): void {
    this.baselines.clear();
  }

  private baseline(company: Company, t: PumpingThresholds): Promise<CompanyBaseline> {
    const hit = this.baselines.get(company.company_uuid);
    if (hit && Date.now() - hit.at < BASELINE_TTL_MS) return hit.b;
    // the last counts, to read only what entered and left the history since
    const entry: { at: number; b: Promise<CompanyBaseline>; counts?: BaselineCounts } = {
      at: Date.now(),
      b: readBaseline(this.db, company, t, Date.now(), hit?.counts).then((counts) => {
        entry.counts = counts;
        return baselineOf(counts);
      }),
    };
    this.baselines.set(company.company_uuid, entry);
    // a failed read is tried again by the next judgement
    entry.b.catch(() => {
      if (this.baselines.get(company.company_uuid) === entry) this.baselines.delete(company.company_uuid);
    });
    return entry.b;
  }

  private judgeShare(company: Company, t: PumpingThresholds): void {
    const running = this.judging.get(company.company_uuid);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.judging.set(company.company_uuid, state);
    const run = async () => {
      try {
        do {
          const wait = (this.judged.get(company.company_uuid) ?? 0) + JUDGE_GAP_MS - Date.now();
          if (wait > 0) await sleep(wait);
          state.again = false;
          this.judged.set(company.company_uuid, Date.now());
          const b = await this.baseline(company, t);
          const window = this.share.add(company.company_uuid, [], t);
          const dests = suspectDestinations(window, b, t).filter((d) => !this.held.has(`${company.company_uuid}|${d}`));
          if (!dests.length) continue;
          const reason = `${shareOf(window, dests, t)} of the last ${window.length} messages went to premium or unusual destinations`;
          for (const d of dests) {
            this.held.add(`${company.company_uuid}|${d}`);
            await this.hold(company, d, 'premium_share', reason);
          }
        } while (state.again);
      } finally {
        this.judging.delete(company.company_uuid);
      }
    };
    this.track(run());
  }

  private async judgeOtp(company: Company, dest: string, ids: string[], t: PumpingThresholds): Promise<void> {
    const confirmed =
      (
        await sql<{ n: number }>`select count(*)::int as n from sms_feedback
          where sms_uuid = any(${ids}::uuid[]) and outcome = 'confirmed'`.execute(this.db)
      ).rows[0]?.n ?? 0;
    if (!lowConversion(ids.length, confirmed, t)) return;
    const key = `${company.company_uuid}|${dest}`;
    if (this.held.has(key)) return;
    this.held.add(key);
    await this.hold(
      company,
      dest,
      'otp_conversion',
      `${confirmed} of ${ids.length} one-time codes sent there were used (under ${t.otpConfirmPercent}%)`,
    );
  }
}

/** The share of the window that went to `dests`, as "72%". */
function shareOf(window: ShareEntry[], dests: string[], t: PumpingThresholds): string {
  const set = new Set(dests);
  const n = window.filter((m) => set.has(destinationOf(m.e164, t.destinationDigits))).length;
  return `${Math.round((n * 100) / Math.max(1, window.length))}%`;
}
