// The guards' service: what the send pipeline asks through its guard port (messaging/guard-port.ts),
// over the guards' tables. The decisions themselves are the plain functions of ./engine.
import { EventEmitter } from 'node:events';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { PUMPING_SIGNAL_WORDS, type PumpingSignal } from '@smsc/shared-contract';
import type { AccountSpend, ChargedAccount, GuardView, ObservedSend, SendGuards } from '../messaging';
import { formatMoney } from '../billing';
import { effectiveLimits, fastRoom, periodsOf, spendRoom } from './engine/limits';
import { guardViewOf } from './guard-view';
import { DEFAULT_THRESHOLDS, PumpingWindows, type PumpingThresholds } from './engine/pumping';
import { alertPumping, loadThresholds } from './alerts';
import { PumpingSignals } from './signals';
import { guardFigures, limitsOf, spendFigures } from './queries';
import { lowBalanceState, markAlerted } from './low-balance';
import type { GuardEvents } from './events';

export type { BalanceLowEvent, GuardEvents, PumpingHeldEvent } from './events';

const VIEW_TTL_MS = 2000;
type SendingCompany = { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null };
const micro = (v: string | null) => (v === null ? null : BigInt(v));

interface Cached {
  at: number;
  view: GuardView | null;
  lowThreshold: bigint | null;
  /** the low-balance alert was given for the current crossing (company_guards.low_balance_alerted) */
  alerted: boolean;
  /** the limits in effect */
  limits: { daily: bigint | null; monthly: bigint | null };
}

export class GuardService implements SendGuards {
  /** 'balance.low' once per crossing of a company's threshold; 'pumping.held' when a range is held */
  readonly events = new EventEmitter<GuardEvents>();
  private cache = new Map<string, Cached>();
  private windows = new PumpingWindows();
  /** the share of premium or unusual destinations, and one-time-code conversion */
  private signals: PumpingSignals;
  private thresholds: { at: number; t: PumpingThresholds } = { at: 0, t: DEFAULT_THRESHOLDS };
  private loadingThresholds: Promise<void> | null = null;
  private pending = new Set<Promise<unknown>>();
  private lowChecks = new Map<string, { again: boolean }>();
  /** set on PostgreSQL: the windows are fed from the stored traffic, not by observe() */
  private observer: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    /** off: the pipeline runs as if there were no guards (GUARDS_ENABLED=false, the bench's comparison) */
    readonly enabled: boolean,
  ) {
    this.signals = new PumpingSignals(
      db,
      (c, prefix, signal, reason) => this.hold(c, prefix, reason, signal),
      (p) => this.track(p),
    );
  }

  /** Forgets what was cached of a company (its guards changed in this process). */
  invalidate(company_uuid?: string): void {
    if (company_uuid) this.cache.delete(company_uuid);
    else this.cache.clear();
    this.thresholds.at = 0;
  }

  async view(company: SendingCompany): Promise<GuardView | null> {
    if (!this.enabled) return null;
    return (await this.cached(company)).view;
  }

  private async cached(company: SendingCompany): Promise<Cached> {
    const hit = this.cache.get(company.company_uuid);
    if (hit && Date.now() - hit.at < VIEW_TTL_MS) return hit;
    const r = await guardFigures(this.db, company);
    const limits = effectiveLimits(limitsOf(r));
    const view = guardViewOf(r, limits.daily !== null || limits.monthly !== null);
    const entry: Cached = {
      at: Date.now(),
      view,
      lowThreshold: micro(r.low),
      alerted: !!r.alerted,
      limits,
    };
    this.cache.set(company.company_uuid, entry);
    return entry;
  }

  /** how many spend checks read the limits and spend in their transaction (the rest answered from the lock's spend) */
  spendReads = 0;

  async spendRoom(
    trx: Transaction<Database>,
    company_uuid: string,
    need?: bigint,
    spent?: AccountSpend,
  ): Promise<bigint | null> {
    if (!this.enabled) return null;
    // the spend as the account lock read it is exact (every node's stores committed before it was granted);
    // only the limits come from the cache, and the last fifth of each is always read: no round trip
    const c = this.cache.get(company_uuid);
    if (c && need !== undefined && spent && Date.now() - c.at < VIEW_TTL_MS) {
      const { day, monthStart } = periodsOf(new Date());
      const today = spent.day !== null && spent.day >= day ? spent.today : 0n;
      const month = spent.day !== null && spent.day >= monthStart ? spent.month : 0n;
      const fast = fastRoom(c.limits, { today, month });
      if (fast !== null && fast >= need) return fast;
    }
    // the caller holds the company's account lock (guard-port.ts), so this statement, begun after it was
    // granted, sees every earlier store of the company committed; no lock of the guards' own is needed
    this.spendReads++;
    const r = await spendFigures(trx, company_uuid);
    if (!r) return null;
    return spendRoom(effectiveLimits(limitsOf(r)), { today: BigInt(r.today), month: BigInt(r.month) });
  }

  spendRecord(company_uuid: string, amount: bigint): RawBuilder<unknown> | null {
    if (!this.enabled || amount <= 0n) return null;
    // a node whose clock is behind the row's day adds to the later day: the limits err on the strict side
    const { day, monthStart } = periodsOf(new Date());
    const a = sql`${amount.toString()}::bigint`;
    return sql`spent_day = case when spend_day >= ${day}::date then spent_day + ${a} else ${a} end,
      spent_month = case when spend_day >= ${monthStart}::date then spent_month + ${a} else ${a} end,
      spend_day = greatest(spend_day, ${day}::date)`;
  }

  observe(company: SendingCompany, sent: ObservedSend[]): void {
    if (this.enabled && !this.observer) this.feed(company, sent, Date.now());
  }

  /**
   * Where the pumping windows are fed from: the stores of this process (the embedded database), or on
   * PostgreSQL a reader of what every node stored (observer.ts), run by the node that leads its role;
   * `catchUp` feeds all stored so far when this node leads (settled() waits for it).
   */
  feedFromStoredTraffic(catchUp: () => Promise<void>): void {
    this.observer = catchUp;
  }

  pumpingEnabled(): boolean {
    if (Date.now() - this.thresholds.at > VIEW_TTL_MS) this.refreshThresholds();
    return this.enabled && this.thresholds.t.enabled;
  }

  windowSeconds(): number {
    return this.thresholds.t.windowSeconds;
  }

  /** Messages stored queued at `now` (ms) go into the company's pumping windows and signals. */
  feed(company: SendingCompany, sent: ObservedSend[], now: number): void {
    const t = this.thresholds;
    if (Date.now() - t.at > VIEW_TTL_MS) this.refreshThresholds();
    if (!t.t.enabled) return;
    const burst = this.windows.add(
      company.company_uuid,
      sent.map((s) => s.dnis),
      t.t,
      now,
    );
    const why = `at least ${t.t.adjacentPercent}% of the numbers sent to are at most ${t.t.adjacentGap} apart`;
    for (const prefix of burst) this.track(this.hold(company, prefix, why));
    this.signals.observe(company, sent, t.t, now);
  }

  afterCharge(company_uuid: string, account?: ChargedAccount): void {
    this.events.emit('charged', company_uuid);
    if (!this.enabled) return;
    const hit = this.cache.get(company_uuid);
    if (account && hit) {
      // the account as the hold left it decides: on the side of the threshold the alert was last left at,
      // nothing to read or write (the common case, every charge of a company)
      if (account.low_balance_threshold === null) return;
      const below = account.balance - account.reserved < account.low_balance_threshold;
      if (below === hit.alerted) return;
    }
    // a company without a threshold costs nothing here (its threshold rides on the cached view)
    else if (hit && hit.lowThreshold === null) return;
    // one check of a company at a time: charges that land meanwhile ask for one more run, not one each
    const running = this.lowChecks.get(company_uuid);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.lowChecks.set(company_uuid, state);
    const run = async () => {
      try {
        do {
          state.again = false;
          await this.notifyLowBalance(company_uuid);
        } while (state.again);
      } finally {
        this.lowChecks.delete(company_uuid);
      }
    };
    this.track(run());
  }

  /**
   * The low-balance alert: when the company's balance (less what its pending messages hold) is below its
   * threshold and was not before, 'balance.low' is emitted on `events` once (the company webhooks subscribe
   * there); it is re-armed when the balance is seen above the threshold again. The mail of the crossing is the
   * billing ledger's (the same outbox, the low_balance template), sent once per crossing as the charge posts.
   * Answers whether the company is below its threshold now (the console's banner).
   */
  async notifyLowBalance(company_uuid: string): Promise<boolean> {
    const a = await lowBalanceState(this.db, company_uuid);
    if (!a) return false;
    const below = a.left < a.threshold;
    // on the side it was: nothing to write
    const flipped = below !== a.alerted && (await markAlerted(this.db, company_uuid, below));
    const hit = this.cache.get(company_uuid);
    if (hit) hit.alerted = below;
    if (below && flipped)
      this.events.emit('balance.low', {
        company_uuid,
        balance: formatMoney(a.left),
        threshold: formatMoney(a.threshold),
        currency: a.currency,
        at: new Date(),
      });
    return below;
  }

  /** Holds a company's traffic to a range of numbers and alerts (once: a range already held is left as is). */
  async hold(
    company: { company_uuid: string; reseller_uuid: string | null },
    prefix: string,
    reason: string,
    signal: PumpingSignal = 'sequential',
  ): Promise<string | null> {
    const row = await this.db
      .insertInto('pumping_holds')
      .values({ company_uuid: company.company_uuid, reseller_uuid: company.reseller_uuid, prefix, reason, signal })
      .onConflict((oc) => oc.columns(['company_uuid', 'prefix']).where('released_on', 'is', null).doNothing())
      .returning(['hold_uuid', 'held_on'])
      .executeTakeFirst();
    this.invalidate(company.company_uuid);
    if (!row) return null;
    this.log.warn({ company_uuid: company.company_uuid, prefix, signal }, 'traffic held: suspected SMS pumping');
    await alertPumping(this.db, company, prefix, `${PUMPING_SIGNAL_WORDS[signal]}: ${reason}`);
    this.events.emit('pumping.held', {
      company_uuid: company.company_uuid,
      prefix,
      signal,
      hold_uuid: row.hold_uuid,
      at: row.held_on,
    });
    return row.hold_uuid;
  }

  /** A released hold starts its range's window afresh. */
  released(company_uuid: string, prefix: string): void {
    this.windows.forget(company_uuid, prefix);
    this.signals.released(company_uuid, prefix);
    this.invalidate(company_uuid);
  }

  /** Reads the pumping thresholds now (at start and when the system admin changes them). */
  async reloadThresholds(): Promise<void> {
    this.thresholds = { at: Date.now(), t: await loadThresholds(this.db) };
    this.signals.reset();
  }

  private refreshThresholds(): void {
    if (this.loadingThresholds) return;
    this.loadingThresholds = loadThresholds(this.db)
      .then((t) => {
        this.thresholds = { at: Date.now(), t };
      })
      .catch((e: Error) => this.log.warn({ err: e.message }, 'guard thresholds not read'))
      .finally(() => {
        this.loadingThresholds = null;
      });
    this.track(this.loadingThresholds);
  }

  /** Background work the service started; settled() waits for it (tests, close). */
  private track(p: Promise<unknown>): void {
    const safe = p.catch((e: Error) => this.log.error({ err: e.message }, 'a guard task failed'));
    this.pending.add(safe);
    void safe.finally(() => this.pending.delete(safe));
  }

  async settled(): Promise<void> {
    await this.observer?.();
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
