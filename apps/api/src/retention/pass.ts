// One retention pass (docs/retention.md): for each company whose policy (the platform's defaults, its overrides)
// asks for it, blank the bodies of its messages older than its redaction days, then archive and remove the ones
// older than its removal days. Work goes in batches of `batchSize` messages, each its own short transaction that
// skips rows another statement holds, with a turn of the event loop between batches: sends and receipts on the
// same node and database go on meanwhile. Removed messages stay counted in the reports (messaging's
// removeRetained leaves the rollups as they were).
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { MessagingRepository, RetentionSlice } from '../messaging';
import { REDACTED_TEXT } from '../lib/personal-data';
import { recordAudit } from '../security';
import { ArchiveFile } from './archive';
import { policyOf, type Policy } from './policy';
import type { RetentionOptions } from './options';
import {
  addArchive,
  beatPass,
  closeStalePasses,
  companiesWithOverrides,
  finishPass,
  markOf,
  PASS_BEAT_SECONDS,
  readDefaults,
  setMark,
  startPass,
  type CompanyPolicyRow,
  type PassCounts,
} from './store';

type Db = Kysely<Database>;
const DAY_MS = 86_400_000;
const SYSTEM = { uuid: null, email: null, type: null, ip: null };
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));
const DIRECTIONS = [false, true];

export interface PassResult extends PassCounts {
  pass_uuid: string;
  error: string | null;
}

export class RetentionRunner {
  private running: Promise<PassResult> | null = null;
  /** the pass at work on this node: what it has done so far, and when it last said so */
  private current: { pass_uuid: string; counts: PassCounts; beat: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly messages: MessagingRepository,
    private readonly options: RetentionOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Runs a pass, or joins the one this node is running. `now` is for tests (default: the clock). */
  run(started_by: 'job' | 'admin', now = new Date()): Promise<PassResult> {
    this.running ??= this.pass(started_by, now).finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(started_by: 'job' | 'admin', now: Date): Promise<PassResult> {
    const stale = await closeStalePasses(this.db);
    if (stale) this.log.warn({ passes: stale }, 'retention passes that stopped mid-way closed as failed');
    const pass_uuid = await startPass(this.db, started_by);
    const counts: PassCounts = { companies: 0, redacted: 0, removed: 0, archived: 0 };
    this.current = { pass_uuid, counts, beat: Date.now() };
    let error: string | null = null;
    try {
      const defaults = await readDefaults(this.db);
      for (const company of await companiesWithOverrides(this.db)) {
        const policy = policyOf(defaults, company);
        if (policy.redactAfterDays === null && policy.removeAfterDays === null) continue;
        counts.companies++;
        if (policy.redactAfterDays !== null)
          counts.redacted += await this.redact(company.company_uuid, cutoff(now, policy.redactAfterDays));
        if (policy.removeAfterDays !== null) {
          const { removed, archived } = await this.remove(pass_uuid, company, policy, now);
          counts.removed += removed;
          counts.archived += archived;
        }
        await this.beat(true);
      }
    } catch (e) {
      error = (e as Error).message;
      this.log.error({ err: error, pass_uuid }, 'retention pass failed');
    } finally {
      this.current = null;
    }
    await finishPass(this.db, pass_uuid, counts, error);
    await recordAudit(this.db, SYSTEM, 'retention_pass', pass_uuid, null, { started_by, ...counts, error });
    return { pass_uuid, ...counts, error };
  }

  /** Records the pass's counts so far and that it is alive: after each company, and between batches now and then. */
  private async beat(always = false): Promise<void> {
    const c = this.current;
    if (!c || (!always && Date.now() - c.beat < PASS_BEAT_SECONDS * 1000)) return;
    c.beat = Date.now();
    await beatPass(this.db, c.pass_uuid, c.counts);
  }

  /** Blanks bodies created before `before`, from where the last pass stopped (retention_marks). */
  private async redact(company_uuid: string, before: Date): Promise<number> {
    let total = 0;
    for (const is_received of DIRECTIONS) {
      const slice: RetentionSlice = { company_uuid, is_received };
      let from = await markOf(this.db, company_uuid, is_received);
      if (from && from >= before) continue;
      for (;;) {
        const { n, last } = await this.messages.redactBatch(
          this.db,
          slice,
          from,
          before,
          this.options.batchSize,
          REDACTED_TEXT,
        );
        total += n;
        // a full batch may have left rows of its last instant: the next one starts at that instant
        if (n < this.options.batchSize || !last) break;
        from = last;
        await this.beat();
        await turn();
      }
      await setMark(this.db, company_uuid, is_received, before);
    }
    return total;
  }

  /** Removes messages created before the company's removal cutoff, into one archive file when its policy says so. */
  private async remove(pass_uuid: string, company: CompanyPolicyRow, policy: Policy, now: Date) {
    const before = cutoff(now, policy.removeAfterDays as number);
    let file: ArchiveFile | null = null;
    let removed = 0;
    try {
      for (const is_received of DIRECTIONS) {
        const slice: RetentionSlice = { company_uuid: company.company_uuid, is_received };
        for (;;) {
          const batch = await this.db.transaction().execute(async (trx) => {
            const rows = await this.messages.expiredBatch(trx, slice, before, this.options.batchSize);
            if (rows.length && policy.archive) {
              file ??= await ArchiveFile.open(
                this.options.archiveDir,
                archiveName(now, company.company_uuid, pass_uuid),
              );
              await file.write(rows);
            }
            await this.messages.removeRetained(
              trx,
              rows.map((r) => r.sms_uuid),
            );
            return rows.length;
          });
          removed += batch;
          if (batch < this.options.batchSize) break;
          await this.beat();
          await turn();
        }
      }
    } catch (e) {
      await (file as ArchiveFile | null)?.abandon();
      throw e;
    }
    const written = file as ArchiveFile | null;
    if (!written) return { removed, archived: 0 };
    const bytes = await written.close();
    await addArchive(this.db, {
      pass_uuid,
      company_uuid: company.company_uuid,
      company_name: company.company_name,
      file_name: archiveName(now, company.company_uuid, pass_uuid),
      rows: written.rows,
      bytes,
      oldest: written.oldest,
      newest: written.newest,
    });
    return { removed, archived: written.rows };
  }
}

const cutoff = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The file of one pass and company, in a folder per day: `2026-12-07/sms-<company>-<pass>.csv.gz`. */
export const archiveName = (now: Date, company_uuid: string, pass_uuid: string) =>
  `${now.toISOString().slice(0, 10)}/sms-${company_uuid}-${pass_uuid}.csv.gz`;
