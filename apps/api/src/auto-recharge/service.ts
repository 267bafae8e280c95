// Auto-recharge: when a committed charge leaves a company's balance below its threshold, one job per
// crossing charges its saved card (./attempt.ts). The crossing is claimed with one conditional UPDATE
// (armed → not armed, crossing + 1), so however many charges, checks and API nodes see the balance go
// below at once, only one of them queues the job; the job's key (company, crossing, try) is the
// attempt's idempotency key with the card provider.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { Jobs } from '../jobs';
import { accountOf, type BillingRepository } from '../billing';
import type { CardCharger } from './charger';
import { runAttempt, type RechargeJob } from './attempt';
import { AUTO_RECHARGE_MAX_FAILURES } from '@smsc/shared-contract';

export const RECHARGE_JOB = 'auto-recharge';
/** how long the set of companies with auto-recharge on is trusted (another node's change shows within it) */
const WATCH_TTL_MS = 5000;

export const jobKey = (j: RechargeJob) => `recharge:${j.company_uuid}:${j.crossing}:${j.try}`;

export class RechargeService {
  /** between a failed charge and the next try of the same crossing */
  retryDelaySeconds = 600;
  readonly maxFailures = AUTO_RECHARGE_MAX_FAILURES;
  private watched: { at: number; companies: Set<string> } = { at: 0, companies: new Set() };
  private loading: Promise<void> | null = null;
  private checks = new Map<string, { again: boolean }>();
  private pending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: Pick<Jobs, 'send'>,
    private readonly billing: BillingRepository,
    /** swappable: Stripe's with a key, the offline one without (and in tests) */
    public charger: CardCharger,
  ) {}

  /** Reads which companies have auto-recharge on (at start, and when this node changes one). */
  async reload(): Promise<void> {
    const rows = await this.db.selectFrom('auto_recharge').select('company_uuid').where('enabled', '=', true).execute();
    this.watched = { at: Date.now(), companies: new Set(rows.map((r) => r.company_uuid)) };
  }

  /**
   * After a committed charge of a company (the guards' 'charged' event): a company without auto-recharge
   * costs a set lookup; one with it gets one check at a time (charges meanwhile ask for one more run).
   */
  charged(company_uuid: string): void {
    if (Date.now() - this.watched.at > WATCH_TTL_MS && !this.loading) {
      this.loading = this.reload().finally(() => {
        this.loading = null;
      });
      this.track(this.loading);
    }
    if (!this.watched.companies.has(company_uuid)) return;
    const running = this.checks.get(company_uuid);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    this.checks.set(company_uuid, state);
    const run = async () => {
      try {
        do {
          state.again = false;
          await this.check(company_uuid);
        } while (state.again);
      } finally {
        this.checks.delete(company_uuid);
      }
    };
    this.track(run());
  }

  /**
   * Queues a recharge when the balance (less pending holds) is below the threshold and the crossing is not
   * claimed yet; re-arms once the balance is seen at or above it again. Answers the crossing it queued.
   */
  async check(company_uuid: string): Promise<number | null> {
    const r = (
      await sql<{ enabled: boolean; armed: boolean; threshold: string; left: string }>`
      select r.enabled, r.armed, r.threshold::text as threshold, (a.balance - a.reserved)::text as left
      from auto_recharge r join ${accountOf(sql.val(company_uuid))} a on true
      where r.company_uuid = ${company_uuid}`.execute(this.db)
    ).rows[0];
    if (!r?.enabled) return null;
    const below = BigInt(r.left) < BigInt(r.threshold);
    if (below && r.armed) {
      const claimed = (
        await sql<{ crossing: number }>`update auto_recharge set armed = false, crossing = crossing + 1
          where company_uuid = ${company_uuid} and armed and enabled returning crossing`.execute(this.db)
      ).rows[0];
      if (!claimed) return null;
      const job: RechargeJob = { company_uuid, crossing: claimed.crossing, try: 1 };
      await this.jobs.send(RECHARGE_JOB, job, { singletonKey: jobKey(job) });
      return claimed.crossing;
    }
    if (!below && !r.armed)
      await sql`update auto_recharge set armed = true where company_uuid = ${company_uuid} and not armed`.execute(
        this.db,
      );
    return null;
  }

  /** The job: one attempt of a crossing; a failure queues the next try until the failure limit. */
  async run(job: RechargeJob): Promise<void> {
    const outcome = await runAttempt(this.db, this.billing, this.charger, job, this.maxFailures);
    if (outcome === 'succeeded') {
      this.log.info({ company_uuid: job.company_uuid, crossing: job.crossing }, 'auto-recharge charged');
      // the balance is likely above the threshold again: the next crossing may be claimed
      await this.check(job.company_uuid);
    } else if (outcome === 'retry') {
      const next = { ...job, try: job.try + 1 };
      await this.jobs.send(RECHARGE_JOB, next, {
        singletonKey: jobKey(next),
        startAfter: new Date(Date.now() + this.retryDelaySeconds * 1000),
      });
    } else if (outcome === 'disabled') {
      this.watched.companies.delete(job.company_uuid);
      this.log.warn({ company_uuid: job.company_uuid }, 'auto-recharge turned itself off after failed charges');
    }
  }

  private track(p: Promise<unknown>): void {
    const safe = p.catch((e: Error) => this.log.error({ err: e.message }, 'an auto-recharge check failed'));
    this.pending.add(safe);
    void safe.finally(() => this.pending.delete(safe));
  }

  /** Background checks this service started; settled() waits for them (tests, close). */
  async settled(): Promise<void> {
    while (this.pending.size) await Promise.all([...this.pending]);
  }
}
