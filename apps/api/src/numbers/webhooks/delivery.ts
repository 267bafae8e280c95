// Delivers incoming messages to their numbers' webhooks: signed POSTs, retried, every attempt logged.
// The first attempt runs at once in this process; retries are durable jobs, so a restart keeps them.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/schema';
import { retryDelay } from '../../lib/outbound/backoff';
import { OutboundPoster, type OutboundPostOptions } from '../../lib/outbound/signed-post';
import { signWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';

export interface ReceivedEvent {
  sms_uuid: string;
  from: string;
  to: string;
  text: string;
  received_on: Date;
}

export interface DispatcherOptions extends Omit<OutboundPostOptions, 'urlWords' | 'withCause'> {
  /** seconds before attempts 2, 3, 4 */
  retryDelays: readonly number[];
}

/** A retry waiting in the job queue: the signed body is kept, the target is read again when it runs. */
export interface RetryJob {
  webhook_uuid: string;
  sms_uuid: string;
  body: string;
  attempt: number;
}
export type ScheduleRetry = (job: RetryJob, startAfter: Date) => Promise<unknown>;

interface Target {
  webhook_uuid: string;
  url: string;
  secret: string;
}

export class WebhookDispatcher {
  private inflight = new Set<Promise<unknown>>();
  private closed = false;
  private readonly poster: OutboundPoster;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly o: DispatcherOptions,
    private readonly scheduleRetry: ScheduleRetry,
  ) {
    this.poster = new OutboundPoster({ ...o, urlWords: 'The webhook URL' });
  }

  /** Called for every stored incoming message; returns at once, deliveries run in the background. */
  received(e: ReceivedEvent): void {
    if (this.closed) return;
    this.track(this.fanOut(e));
  }

  private async fanOut(e: ReceivedEvent): Promise<void> {
    const hooks = await this.db
      .selectFrom('did_webhooks as w')
      .innerJoin('dids as d', 'd.did_uuid', 'w.did_uuid')
      .select(['w.webhook_uuid', 'w.url', 'w.secret'])
      .where('d.did', '=', e.to)
      .where('w.is_active', '=', true)
      .execute();
    if (!hooks.length) return;
    const body = JSON.stringify({
      event: 'sms.received',
      sms_uuid: e.sms_uuid,
      from: e.from,
      to: e.to,
      text: e.text,
      received_on: e.received_on.toISOString(),
    });
    for (const h of hooks) this.track(this.attempt(h, e.sms_uuid, body, 1));
  }

  private async attempt(h: Target, sms_uuid: string, body: string, attempt: number): Promise<void> {
    const started = Date.now();
    const { ok, status_code, error } = await this.poster.post(h.url, body, (ts) => ({
      [TIMESTAMP_HEADER]: String(ts),
      [SIGNATURE_HEADER]: signWebhook(h.secret, ts, body),
    }));
    await this.db
      .insertInto('did_webhook_deliveries')
      .values({
        webhook_uuid: h.webhook_uuid,
        sms_uuid,
        attempt,
        ok,
        status_code,
        error,
        duration_ms: Date.now() - started,
      })
      .execute()
      .catch((e) => this.log.warn({ err: (e as Error).message }, 'webhook delivery not logged'));
    if (ok || this.closed) return;
    const wait = retryDelay(attempt, this.o.retryDelays);
    if (wait === null) {
      this.log.warn({ webhook: h.webhook_uuid, sms_uuid }, 'webhook delivery abandoned after its last attempt');
      return;
    }
    await this.scheduleRetry(
      { webhook_uuid: h.webhook_uuid, sms_uuid, body, attempt: attempt + 1 },
      new Date(Date.now() + wait * 1000),
    );
  }

  /** Runs a retry from the job queue; a hook deleted or switched off since then gets nothing. */
  async retry(job: RetryJob): Promise<void> {
    const h = await this.db
      .selectFrom('did_webhooks')
      .select(['webhook_uuid', 'url', 'secret'])
      .where('webhook_uuid', '=', job.webhook_uuid)
      .where('is_active', '=', true)
      .executeTakeFirst();
    if (!h || this.closed) return;
    const run = this.attempt(h, job.sms_uuid, job.body, job.attempt);
    this.track(run);
    await run;
  }

  private track(p: Promise<unknown>): void {
    const guarded = p.catch((e) => this.log.error({ err: (e as Error).message }, 'webhook delivery failed'));
    this.inflight.add(guarded);
    void guarded.finally(() => this.inflight.delete(guarded));
  }

  /** Waits for running attempts (tests read the log after this); queued retries stay queued. */
  async idle(): Promise<void> {
    while (this.inflight.size) await Promise.all([...this.inflight]);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle();
    await this.poster.close();
  }
}
