// The registry's moves over the database: submit hands a filing to the registry port (or to the platform's
// review), a job asks the registry for its decision after the review time, a periodic job reminds of renewals and
// expires what lapsed. Every move is a history event and an audit entry; the send check's cache is dropped on each.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { Jobs } from '../jobs';
import type { Destination, RegistrationView, SenderRegistrations } from '../messaging';
import { recordAudit, type AuditActor } from '../security';
import { HttpError } from '../lib/http-error';
import { coverOf, expiryOf, type Approved } from './engine';
import { RegistryUnavailable, type RegistryFiling, type RegistryProvider } from './registry-port';
import { addEvent, approvedOf, dueForRenewal, findRow, readEnforcement, type FilingRow } from './queries';

export const REVIEW_JOB = 'compliance-review';
export const RENEWAL_JOB = 'compliance-renewal';
/** how long a company's approvals and the enforcement setting are reused by the send check (other nodes' changes) */
const CACHE_MS = 5000;
const NOBODY: AuditActor = { uuid: null, email: null, type: null, ip: null };

export interface ReviewJob {
  filing_uuid: string;
  attempt: number;
}

export class ComplianceService implements SenderRegistrations {
  private cache = new Map<string, { at: number; approved: Approved }>();
  private enforcement: { at: number; on: boolean } | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly jobs: Jobs,
    readonly registry: RegistryProvider,
    private readonly enforcementDefault: boolean,
  ) {}

  /** Enforcement as the system admin set it, or the environment's default until then. */
  async enforced(): Promise<boolean> {
    if (this.enforcement && Date.now() - this.enforcement.at < CACHE_MS) return this.enforcement.on;
    const on = (await readEnforcement(this.db)) ?? this.enforcementDefault;
    this.enforcement = { at: Date.now(), on };
    return on;
  }

  forgetEnforcement(): void {
    this.enforcement = null;
  }

  /** The send check's view of a company (cached for CACHE_MS; a change on this node drops it at once). */
  async view(company_uuid: string): Promise<RegistrationView> {
    const enforced = await this.enforced();
    let hit = this.cache.get(company_uuid);
    if (!hit || Date.now() - hit.at >= CACHE_MS) {
      hit = { at: Date.now(), approved: await approvedOf(this.db, company_uuid) };
      this.cache.set(company_uuid, hit);
    }
    const approved = hit.approved;
    return { state: (ani: string, dest: Destination) => ({ ...coverOf(approved, ani, dest.iso2), enforced }) };
  }

  changed(company_uuid: string): void {
    this.cache.delete(company_uuid);
  }

  private async registryFiling(row: FilingRow): Promise<RegistryFiling> {
    const brand = row.brand_uuid ? await findRow(this.db, null, row.brand_uuid) : undefined;
    return {
      filing_uuid: row.filing_uuid,
      kind: row.kind,
      name: row.name,
      details: row.details,
      country: row.country,
      sender_id: row.sender_id,
      brand: brand ? { registry_ref: brand.registry_ref, status: brand.status } : null,
    };
  }

  /**
   * Sends a complete filing for review: to the registry (which acknowledges it: in review, and its decision is asked
   * for after the review time), or to the platform's own review. A registry that does not answer leaves it as it was.
   */
  async submit(row: FilingRow, actor: { email: string | null }): Promise<void> {
    let ref: string | null = null;
    let after = 0;
    if (row.reviewer === 'registry') {
      try {
        const r = await this.registry.submit(await this.registryFiling(row));
        ref = r.ref;
        after = r.decideAfterSeconds;
      } catch (e) {
        if (e instanceof RegistryUnavailable)
          throw new HttpError(503, `${e.message}: the filing was not sent, try again in a few minutes`);
        throw e;
      }
    }
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('compliance_filings')
        .set({
          status: 'in_review',
          status_reason: null,
          registry_ref: ref,
          submitted_on: new Date(),
          decided_on: null,
          updated_on: new Date(),
        })
        .where('filing_uuid', '=', row.filing_uuid)
        .execute();
      await addEvent(trx, row.filing_uuid, 'submitted', actor.email);
      await addEvent(
        trx,
        row.filing_uuid,
        'in_review',
        null,
        row.reviewer === 'platform' ? 'Waiting for the platform’s review' : `Registry reference ${ref}`,
      );
    });
    this.changed(row.company_uuid);
    if (row.reviewer === 'registry')
      await this.jobs.send<ReviewJob>(
        REVIEW_JOB,
        { filing_uuid: row.filing_uuid, attempt: 1 },
        { startAfter: new Date(Date.now() + after * 1000) },
      );
  }

  /** The review job: asks the registry for its decision on a filing still in review. */
  async review(job: ReviewJob): Promise<void> {
    const row = await findRow(this.db, null, job.filing_uuid);
    if (!row || row.status !== 'in_review' || !row.registry_ref) return;
    const d = await this.registry.decide(await this.registryFiling(row), row.registry_ref, job.attempt);
    if (d.outcome === 'pending') {
      await addEvent(this.db, row.filing_uuid, 'in_review', null, 'The registry is still reviewing');
      await this.jobs.send<ReviewJob>(
        REVIEW_JOB,
        { filing_uuid: row.filing_uuid, attempt: job.attempt + 1 },
        { startAfter: new Date(Date.now() + d.retryAfterSeconds * 1000) },
      );
      return;
    }
    await this.decide(row, d.outcome, d.outcome === 'rejected' ? d.reason : null, NOBODY);
  }

  /** Records a decision (the registry's, or the system admin's on a platform-reviewed filing). */
  async decide(row: FilingRow, outcome: 'approved' | 'rejected', reason: string | null, actor: AuditActor) {
    const now = new Date();
    const after = await this.db.transaction().execute(async (trx) => {
      const updated = await trx
        .updateTable('compliance_filings')
        .set({
          status: outcome,
          status_reason: outcome === 'rejected' ? reason : null,
          decided_on: now,
          expires_on: outcome === 'approved' ? expiryOf(row.kind, row.country, now) : null,
          reminded_on: null,
          updated_on: now,
        })
        .where('filing_uuid', '=', row.filing_uuid)
        .where('status', '=', 'in_review')
        .returningAll()
        .executeTakeFirst();
      if (updated) await addEvent(trx, row.filing_uuid, outcome, actor.email, reason);
      return updated;
    });
    if (!after) return null;
    await recordAudit(this.db, actor, 'compliance_filing', row.filing_uuid, row, after);
    this.changed(row.company_uuid);
    return after;
  }

  /** The renewal job: a reminder event for each approval expiring within 30 days, and expiry of those past it. */
  async renewals(now = new Date()): Promise<{ reminded: number; expired: number }> {
    const { remind, expire } = await dueForRenewal(this.db, now);
    for (const row of remind) {
      const after = await this.db
        .updateTable('compliance_filings')
        .set({ reminded_on: now })
        .where('filing_uuid', '=', row.filing_uuid)
        .where('reminded_on', 'is', null)
        .returningAll()
        .executeTakeFirst();
      if (!after) continue;
      const on = new Date(row.expires_on as Date).toISOString().slice(0, 10);
      await addEvent(this.db, row.filing_uuid, 'renewal_due', null, `Expires on ${on}: edit and resubmit to renew`);
      await recordAudit(this.db, NOBODY, 'compliance_filing', row.filing_uuid, row, after);
    }
    for (const row of expire) {
      const after = await this.db
        .updateTable('compliance_filings')
        .set({ status: 'expired', updated_on: now })
        .where('filing_uuid', '=', row.filing_uuid)
        .where('status', '=', 'approved')
        .returningAll()
        .executeTakeFirst();
      if (!after) continue;
      await addEvent(this.db, row.filing_uuid, 'expired', null, 'The registration lapsed: resubmit it to renew');
      await recordAudit(this.db, NOBODY, 'compliance_filing', row.filing_uuid, row, after);
      this.changed(row.company_uuid);
    }
    if (remind.length || expire.length)
      this.log.info({ reminded: remind.length, expired: expire.length }, 'registration renewals checked');
    return { reminded: remind.length, expired: expire.length };
  }
}
