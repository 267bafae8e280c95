// Reminder workflows send at their times through the job engine: one job per run, carrying only the
// workflow's id and the run's time, so the company (and the sender check) always come from the row.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { MessagingService } from '../messaging';
import { companyZone, nextRun } from './next-run';
import type { JobsPort } from './jobs-port';

export const REMINDER_JOB = 'reminder-workflow';

export class Reminders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly messaging: MessagingService,
    private readonly jobs: () => JobsPort | null,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Queues the workflow's next run (a job per run; a changed time leaves the old job stale, see fire()). */
  async schedule(row: {
    reminder_workflow_uuid: string;
    next_run_at: Date | null;
    is_active: boolean;
  }): Promise<boolean> {
    const jobs = this.jobs();
    if (!jobs || !row.next_run_at || !row.is_active) return false;
    const at = row.next_run_at.toISOString();
    await jobs.send(
      REMINDER_JOB,
      { reminder_workflow_uuid: row.reminder_workflow_uuid, at },
      { startAfter: row.next_run_at, singletonKey: `${row.reminder_workflow_uuid}@${at}` },
    );
    return true;
  }

  /**
   * One run: only if the workflow still exists, is active and still means this time (an edit moves
   * next_run_at, which makes older jobs stale). Each number goes through the SMS pipeline under an idempotency
   * key of the run and the number, so a run retried after a crash mid-way (or a duplicated job) sends each
   * number once: the ones already sent answer as replays. A blocked message is stored with its reason and the
   * others still go. Only then does next_run_at move on, and the next run is queued.
   */
  async fire(data: {
    reminder_workflow_uuid?: unknown;
    at?: unknown;
  }): Promise<{ sent: number; blocked: number; replayed: number } | null> {
    if (typeof data.reminder_workflow_uuid !== 'string' || typeof data.at !== 'string') return null;
    const at = new Date(data.at);
    const row = await this.db
      .selectFrom('reminder_workflows')
      .selectAll()
      .where('reminder_workflow_uuid', '=', data.reminder_workflow_uuid)
      .where('is_active', '=', true)
      .where('next_run_at', '=', at)
      .executeTakeFirst();
    if (!row) return null;
    let sent = 0;
    let blocked = 0;
    let replayed = 0;
    const run = `reminder:${row.reminder_workflow_uuid}@${at.toISOString()}`;
    for (const dnis of row.numbers) {
      try {
        const r = await this.messaging.pipeline.send({
          company_uuid: row.company_uuid,
          user_uuid: row.created_by,
          ani: row.ani,
          dnis,
          text: row.text,
          values: { number: dnis },
          // keys belong to a user (sms_requests); a workflow whose creator is gone sends without one
          ...(row.created_by
            ? { idempotency: { user_uuid: row.created_by, key: `${run}:${dnis}`, hash: `${row.ani}|${row.text}` } }
            : {}),
        });
        if (r.replay) replayed++;
        else sent++;
      } catch (e) {
        blocked++;
        this.log.warn(
          { reason: (e as Error).message, reminder_workflow_uuid: row.reminder_workflow_uuid },
          'reminder message not sent',
        );
      }
    }
    // Moved on only if nobody else did (an edit, or a duplicate of this job finishing first): that one queued next.
    const after = new Date(Math.max(Date.now(), at.getTime() + 1));
    const claimed = await this.db.transaction().execute(async (trx) => {
      const next = nextRun(row.remind_at, row.repeat, after, await companyZone(trx, row.company_uuid));
      const moved = await trx
        .updateTable('reminder_workflows')
        .set({ last_run_at: at, next_run_at: next })
        .where('reminder_workflow_uuid', '=', row.reminder_workflow_uuid)
        .where('next_run_at', '=', at)
        .executeTakeFirst();
      return Number(moved.numUpdatedRows) ? { ...row, next_run_at: next } : null;
    });
    if (!claimed) return { sent, blocked, replayed };
    await this.schedule(claimed);
    return { sent, blocked, replayed };
  }
}
