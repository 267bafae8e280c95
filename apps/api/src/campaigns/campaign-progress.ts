// Reading a campaign's runs: the sum of its jobs' progress, and when a job held by quiet hours sends next.
import type { Kysely } from 'kysely';
import type { CampaignProgress, CampaignStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { nextSendTime } from './engine/send-window';
import { isJobDone, type BulkPort, type BulkProgress } from './bulk-port';

/** A campaign's quiet hours, or null when it has none. */
export function quietHours(c: { quiet_start: string | null; quiet_end: string | null }) {
  return c.quiet_start && c.quiet_end ? { start: c.quiet_start, end: c.quiet_end } : null;
}

/**
 * The quiet hours while a campaign's job runs (the bulk engine asks before each chunk): when the
 * job's zone is in them, the instant they end there; null when it may send now.
 */
export async function campaignWaitFor(
  db: Kysely<Database>,
  bulk_uuid: string,
  campaign_uuid: string,
  now = new Date(),
): Promise<Date | null> {
  const row = await db
    .selectFrom('campaign_jobs')
    .innerJoin('campaigns', 'campaigns.campaign_uuid', 'campaign_jobs.campaign_uuid')
    .select([
      'campaign_jobs.time_zone',
      'campaigns.time_zone as company_zone',
      'campaigns.quiet_start',
      'campaigns.quiet_end',
    ])
    .where('campaign_jobs.bulk_uuid', '=', bulk_uuid)
    .where('campaign_jobs.campaign_uuid', '=', campaign_uuid)
    .executeTakeFirst();
  const quiet = row && quietHours(row);
  if (!row || !quiet) return null;
  const at = nextSendTime(now, row.time_zone ?? row.company_zone, quiet);
  return at.getTime() > now.getTime() ? at : null;
}

/**
 * The sum of the campaign's jobs' progress; a running campaign whose every job is done becomes
 * finished here (whoever reads it first: the list, the record, the dashboard).
 */
export async function campaignProgress(
  db: Kysely<Database>,
  port: BulkPort | null,
  c: {
    campaign_uuid: string;
    status: CampaignStatus;
    finished_on: Date | null;
  },
): Promise<CampaignProgress | null> {
  const jobs = await db
    .selectFrom('campaign_jobs')
    .select(['bulk_uuid', 'send_at'])
    .where('campaign_uuid', '=', c.campaign_uuid)
    .execute();
  if (!jobs.length || !port) return null;
  const each = await Promise.all(jobs.map((j) => port.progress(j.bulk_uuid)));
  const sum = each.reduce(
    (a, p) => ({
      total: a.total + p.total,
      sent: a.sent + p.sent,
      delivered: a.delivered + p.delivered,
      failed: a.failed + p.failed,
      blocked: a.blocked + p.blocked,
      left: a.left + p.left,
    }),
    { total: 0, sent: 0, delivered: 0, failed: 0, blocked: 0, left: 0 },
  );
  if (c.status === 'running' && each.every(isJobDone)) {
    const done = await db
      .updateTable('campaigns')
      .set({ status: 'finished', finished_on: new Date() })
      .where('campaign_uuid', '=', c.campaign_uuid)
      .where('status', '=', 'running')
      .returning(['status', 'finished_on'])
      .executeTakeFirst();
    if (done) Object.assign(c, done);
  }
  return c.status === 'running' ? { ...sum, waiting_until: await waitingUntil(db, c.campaign_uuid, jobs, each) } : sum;
}

/** When a running campaign whose every unfinished job waits (for its start or its quiet hours) sends next; null when one may send now. */
async function waitingUntil(
  db: Kysely<Database>,
  campaign_uuid: string,
  jobs: { bulk_uuid: string; send_at: Date | null }[],
  each: BulkProgress[],
  now = new Date(),
): Promise<string | null> {
  const waits: Date[] = [];
  for (const [i, j] of jobs.entries()) {
    const p = each[i];
    if (isJobDone(p) || p.status === 'held' || p.status === 'stopped') continue;
    const at =
      p.status === 'scheduled'
        ? j.send_at && j.send_at > now
          ? j.send_at
          : null
        : await campaignWaitFor(db, j.bulk_uuid, campaign_uuid, now);
    if (!at) return null;
    waits.push(at);
  }
  return waits.length ? new Date(Math.min(...waits.map((w) => w.getTime()))).toISOString() : null;
}
