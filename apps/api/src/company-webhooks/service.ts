// The company webhooks service other domains use (app.companyWebhooks): publish an event to a company's
// subscribed webhooks, check an endpoint URL as at save, send a test event, and drain the outbox.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { CompanyWebhookEvent } from '@smsc/shared-contract';
import { endpointProblem, type UrlCheckOptions } from '../lib/outbound/url-check';
import type { AttemptOutcome, CompanyWebhookDispatcher } from './dispatcher';

export class CompanyWebhooks {
  constructor(
    private readonly db: Kysely<Database>,
    readonly dispatcher: CompanyWebhookDispatcher,
    private readonly urls: UrlCheckOptions,
  ) {}

  /**
   * Queues `type` with `data` for every active webhook of the company subscribed to it; answers how many
   * deliveries were queued. Pass the caller's transaction as `db` so the event exists exactly when the change
   * that caused it commits (the outbox rule). Delivery follows in the background, signed and retried.
   * Message events (message.status, message.received) are published by the sms triggers, not through here.
   */
  async publish(
    company_uuid: string,
    type: CompanyWebhookEvent | 'webhook.test',
    data: Record<string, unknown>,
    opts: { db?: Kysely<Database>; webhook_uuid?: string } = {},
  ): Promise<number> {
    const db = opts.db ?? this.db;
    let targets = db
      .selectFrom('company_webhooks')
      .select('webhook_uuid')
      .where('company_uuid', '=', company_uuid)
      .where('is_active', '=', true);
    targets = opts.webhook_uuid
      ? targets.where('webhook_uuid', '=', opts.webhook_uuid)
      : targets.where(sql<boolean>`${type} = any(events)`);
    const rows = await targets.execute();
    if (!rows.length) return 0;
    const payload = JSON.stringify(data);
    await db
      .insertInto('webhook_messages')
      .values(rows.map((r) => ({ company_uuid, webhook_uuid: r.webhook_uuid, type, payload })))
      .execute();
    return rows.length;
  }

  /** null when a customer's endpoint URL may be saved, else the reason (address policy and DNS). */
  urlProblem(url: string): Promise<string | null> {
    return endpointProblem(url, this.urls);
  }

  /**
   * null when a message of the company may carry this status_callback: the URL passes the save-time check and
   * the company has a callback signing secret (POST /webhook/callback-secret) to sign its events with.
   */
  async callbackProblem(company_uuid: string, url: string): Promise<string | null> {
    const problem = await this.urlProblem(url);
    if (problem) return `The status callback URL ${problem}`;
    const secret = await this.db
      .selectFrom('company_callback_secrets')
      .select('company_uuid')
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
    return secret
      ? null
      : 'The company has no callback signing secret yet: a company admin creates it on the Webhooks screen (POST /webhook/callback-secret)';
  }

  /** A webhook.test event to one webhook, its first attempt made now; retries follow like any event's. */
  async sendTest(webhook_uuid: string): Promise<AttemptOutcome & { message_id: string }> {
    const w = await this.db
      .selectFrom('company_webhooks')
      .select(['company_uuid', 'is_active'])
      .where('webhook_uuid', '=', webhook_uuid)
      .executeTakeFirstOrThrow();
    const row = await this.db
      .insertInto('webhook_messages')
      .values({
        company_uuid: w.company_uuid,
        webhook_uuid,
        type: 'webhook.test',
        // no platform name: a reseller's customer reads this (issue #48)
        payload: JSON.stringify({ message: 'A test event: this webhook is reachable', webhook_uuid }),
        // not due for the background pass: this request makes the first attempt itself
        next_attempt_on: new Date(Date.now() + 3600_000),
      })
      .returning(['delivery_id', 'message_id'])
      .executeTakeFirstOrThrow();
    const out = await this.dispatcher.deliverNow(String(row.delivery_id));
    return { message_id: row.message_id, ...out };
  }

  /** Failed delivery attempts of every webhook (company and DID): all time and in the last hour (/metrics). */
  async failures(): Promise<{ total: number; hour: number }> {
    const { rows } = await sql<{ total: number; hour: number }>`
      select count(*)::int as total, count(*) filter (where created_on > now() - interval '1 hour')::int as hour
      from webhook_attempts where ok = false`.execute(this.db);
    return rows[0];
  }

  /** Delivers every due event now (tests and benchmarks). */
  drain(): Promise<void> {
    return this.dispatcher.drain();
  }
}
