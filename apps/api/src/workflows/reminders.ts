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
   * next_run_at, which makes older jobs stale). Each number goes through the SMS pipeline; a blocked
   * message is stored with its reason and the others still go. Then the next run is queued.
   */
  async fire(data: {
    reminder_workflow_uuid?: unknown;
    at?: unknown;
  }): Promise<{ sent: number; blocked: number } | null> {
    if (typeof data.reminder_workflow_uuid !== 'string' || typeof data.at !== 'string') return null;
    const at = new Date(data.at);
    const claimed = await this.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('reminder_workflows')
        .selectAll()
        .where('reminder_workflow_uuid', '=', data.reminder_workflow_uuid as string)
        .where('is_active', '=', true)
        .where('next_run_at', '=', at)
        .forUpdate()
        .executeTakeFirst();
      if (!row) return null;
      // Move next_run_at first, so a retried or duplicated job for this time finds nothing to do.
      const after = new Date(Math.max(Date.now(), at.getTime() + 1));
      const next = nextRun(row.remind_at, row.repeat, after, await companyZone(trx, row.company_uuid));
      await trx
        .updateTable('reminder_workflows')
        .set({ last_run_at: at, next_run_at: next })
        .where('reminder_workflow_uuid', '=', row.reminder_workflow_uuid)
        .execute();
      return { ...row, next_run_at: next };
    });
    if (!claimed) return null;
    let sent = 0;
    let blocked = 0;
    for (const dnis of claimed.numbers) {
      try {
        await this.messaging.send({
          company_uuid: claimed.company_uuid,
          user_uuid: claimed.created_by,
          ani: claimed.ani,
          dnis,
          text: claimed.text,
          values: { number: dnis },
        });
        sent++;
      } catch (e) {
        blocked++;
        this.log.warn(
          { reason: (e as Error).message, reminder_workflow_uuid: claimed.reminder_workflow_uuid },
          'reminder message not sent',
        );
      }
    }
    await this.schedule(claimed);
    return { sent, blocked };
  }
}
