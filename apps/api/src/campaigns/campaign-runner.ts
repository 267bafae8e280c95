// Runs, holds and stops campaigns through the bulk job engine, and reads their progress.
import { sql, type Kysely, type Updateable } from 'kysely';
import type { CampaignAction, CampaignStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { fillText } from '@smsc/shared-util';
import { HttpError } from '../lib/http-error';
import { approvedTemplate, recipientRows } from '../messaging-content';
import { zonesOfPrefix } from '../numbers';
import { campaignMove } from './engine/state';
import { nextSendTime, sendGroups, zoneOfNumber } from './engine/send-window';
import { companySenders, groupNumbers } from './queries';
import { type BulkPort } from './bulk-port';
import { campaignProgress, campaignWaitFor, quietHours } from './campaign-progress';
import { byZone, recipientFields, unfilledFor } from './run-recipients';

interface CampaignRow {
  campaign_uuid: string;
  company_uuid: string;
  status: CampaignStatus;
  text: string | null;
  sms_template_uuid: string | null;
  ani: string | null;
  ani_group_uuid: string | null;
  quiet_start: string | null;
  quiet_end: string | null;
  time_zone: string;
  start_at: Date | null;
  values?: Record<string, string> | null;
}

export class CampaignRunner {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly port: () => BulkPort | null,
  ) {}

  private bulk(): BulkPort {
    const p = this.port();
    if (!p) throw new HttpError(503, 'Bulk sending is not available on this server, so campaigns cannot run yet');
    return p;
  }

  /** Moves the campaign's state only if nobody moved it meanwhile (two clicks, two tabs): 409 otherwise. */
  private async claim(
    c: CampaignRow,
    to: CampaignStatus,
    extra: Updateable<Database['campaigns']> = {},
  ): Promise<void> {
    const row = await this.db
      .updateTable('campaigns')
      .set({ status: to, updated_on: new Date(), ...extra })
      .where('campaign_uuid', '=', c.campaign_uuid)
      .where('status', '=', c.status)
      .returning('campaign_uuid')
      .executeTakeFirst();
    if (!row) throw new HttpError(409, 'The campaign changed meanwhile; reload it and try again');
  }

  /** `reason` is the automatic hold's explanation, written with the move so nobody reads one without the other. */
  async act(
    c: CampaignRow,
    action: CampaignAction,
    user_uuid: string | null,
    reason: string | null = null,
  ): Promise<void> {
    const move = campaignMove(c.status, action);
    if (!move.ok) throw new HttpError(409, move.message);
    const jobs = await this.db
      .selectFrom('campaign_jobs')
      .select('bulk_uuid')
      .where('campaign_uuid', '=', c.campaign_uuid)
      .execute();
    if (action === 'run' && (c.status === 'draft' || !jobs.length)) return this.start(c, user_uuid);
    const bulk = this.bulk();
    // a person's move clears an earlier automatic reason
    await this.claim(c, move.to, {
      pause_reason: reason,
      ...(move.to === 'stopped' ? { finished_on: new Date() } : {}),
    });
    for (const j of jobs) {
      try {
        if (action === 'hold') await bulk.hold(j.bulk_uuid);
        else if (action === 'stop') await bulk.stop(j.bulk_uuid);
        else await bulk.run(j.bulk_uuid);
      } catch (e) {
        // A job already finished (or stopped) has nothing to hold or run: the campaign's other jobs still move.
        if (!(e instanceof HttpError && e.statusCode === 409)) throw e;
      }
    }
  }

  /** The text to send and a check that the campaign can send at all (409 naming what is missing). */
  private async sendable(c: CampaignRow): Promise<string> {
    let text = c.text;
    if (c.sms_template_uuid) {
      const t = await approvedTemplate(this.db, c.company_uuid, c.sms_template_uuid);
      if (!t.ok) throw new HttpError(409, t.message);
      text = t.text;
    }
    if (!text) throw new HttpError(409, 'The campaign has no text; write one or pick an approved template');
    if (!c.ani && !c.ani_group_uuid)
      throw new HttpError(409, 'The campaign has no sender; pick a number or an ANI group');
    return text;
  }

  /** One bulk job of the campaign for recipients of one zone, recorded so hold, stop and the quiet hours reach it. */
  private async makeJob(
    c: CampaignRow,
    text: string,
    user_uuid: string | null,
    g: { send_at: Date; zone: string; recipients: { number: string; recipient_name: string | null }[] },
    now: Date,
    held: boolean,
  ) {
    const { bulk_uuid } = await this.bulk().create({
      company_uuid: c.company_uuid,
      user_uuid,
      text,
      campaign_uuid: c.campaign_uuid,
      ...(c.ani_group_uuid ? { ani_group_uuid: c.ani_group_uuid } : { ani: c.ani as string }),
      recipients: g.recipients.map((r) => {
        const fields = recipientFields(c, r);
        return Object.keys(fields).length ? { number: r.number, fields } : { number: r.number };
      }),
      ...(g.send_at.getTime() > now.getTime() ? { send_at: g.send_at } : {}),
      ...(held ? { start_held: true } : {}),
    });
    await this.db
      .insertInto('campaign_jobs')
      .values({
        campaign_uuid: c.campaign_uuid,
        bulk_uuid,
        send_at: g.send_at,
        recipients: g.recipients.length,
        time_zone: g.zone,
      })
      .execute();
  }

  /**
   * draft → running: checks it can send, then one bulk job per first-send instant and recipient zone
   * (quiet hours per zone, also while the job runs: see waitFor).
   */
  private async start(c: CampaignRow, user_uuid: string | null): Promise<void> {
    this.bulk();
    const text = await this.sendable(c);
    // checked before the state moves, so a number the company gave up since is a 400 that changes nothing
    if (c.ani && !c.ani_group_uuid) await companySenders(this.db, c.company_uuid, [c.ani], 'ani');
    if (c.ani_group_uuid && !(await groupNumbers(this.db, c.company_uuid, c.ani_group_uuid)).length) {
      throw new HttpError(409, "The campaign's ANI group has no sending numbers");
    }
    const recipients = await this.db
      .selectFrom('campaign_recipients')
      .leftJoin(
        recipientRows(this.db).as('recipients'),
        'recipients.recipient_uuid',
        'campaign_recipients.recipient_uuid',
      )
      .select(['campaign_recipients.number', 'recipients.recipient_name'])
      .where('campaign_recipients.campaign_uuid', '=', c.campaign_uuid)
      .orderBy('campaign_recipients.created_on')
      .orderBy('campaign_recipients.number')
      .execute();
    if (!recipients.length) throw new HttpError(409, 'The campaign has no recipients');
    unfilledFor(c, text, recipients);
    const now = new Date();
    const quiet = quietHours(c);
    const zoneOf = (n: string) => zoneOfNumber(n, zonesOfPrefix, c.time_zone, quiet, now);
    const groups = sendGroups(recipients, { now, start_at: c.start_at, quiet, zoneOf }).flatMap((g) =>
      byZone(g, zoneOf),
    );
    await this.claim(c, 'running', { started_on: now });
    let made = 0;
    try {
      for (const g of groups) {
        await this.makeJob(c, text, user_uuid, g, now, false);
        made++;
      }
    } catch (e) {
      // Nothing made: back where it was. Some jobs made: they keep their ids (campaign_jobs) so hold and stop reach them.
      await this.db
        .updateTable('campaigns')
        .set({ status: made ? 'held' : c.status })
        .where('campaign_uuid', '=', c.campaign_uuid)
        .execute();
      throw e;
    }
  }

  /**
   * A number that opted in (a keyword) to a campaign already running or held gets the campaign's
   * message in a job of its own: at once, or when its quiet hours end, or when the campaign runs again.
   */
  async optIn(campaign_uuid: string, number: string): Promise<void> {
    const c = await this.db
      .selectFrom('campaigns')
      .select([
        'campaign_uuid',
        'company_uuid',
        'status',
        'text',
        'sms_template_uuid',
        'ani',
        'ani_group_uuid',
        'quiet_start',
        'quiet_end',
        'time_zone',
        'start_at',
        'created_by',
        sql<Record<string, string>>`coalesce(placeholder_values, '{}'::jsonb)`.as('values'),
      ])
      .where('campaign_uuid', '=', campaign_uuid)
      .executeTakeFirst();
    if (!c || (c.status !== 'running' && c.status !== 'held') || !this.port()) return;
    const text = await this.sendable(c);
    // a keyword's number has no name: a text that needs one is not sent to it with "{name}" in it
    if (fillText(text, { number, ...recipientFields(c, { recipient_name: null }) }).missing.length) return;
    const now = new Date();
    const zone = zoneOfNumber(number, zonesOfPrefix, c.time_zone, quietHours(c), now);
    const start = c.start_at && c.start_at > now ? c.start_at : now;
    await this.makeJob(
      c,
      text,
      c.created_by,
      { send_at: nextSendTime(start, zone, quietHours(c)), zone, recipients: [{ number, recipient_name: null }] },
      now,
      c.status === 'held',
    );
  }

  /**
   * The quiet hours while a campaign's job runs (the bulk engine asks before each chunk): when the
   * job's zone is in them, the instant they end there; null when it may send now.
   */
  waitFor(bulk_uuid: string, campaign_uuid: string, now = new Date()): Promise<Date | null> {
    return campaignWaitFor(this.db, bulk_uuid, campaign_uuid, now);
  }

  /**
   * The sum of the campaign's jobs' progress; a running campaign whose every job is done becomes
   * finished here (whoever reads it first: the list, the record, the dashboard).
   */
  progress(c: { campaign_uuid: string; status: CampaignStatus; finished_on: Date | null }) {
    return campaignProgress(this.db, this.port(), c);
  }
}
