// The StatusCallback of the Twilio-compatible resource: on each status change of a message sent with one, Twilio's
// form fields (MessageSid, MessageStatus, To, From, AccountSid, ErrorCode...) are POSTed to its URL, retried with
// exponential backoff. A small sender of its own because the body is a form, not a Standard Webhooks event; the
// POST itself is the shared outbound one (lib/outbound: address policy, pinned agent, no redirects, timeout), and
// when the company has a callback signing secret the request is signed with it like a POST /sms status_callback.
// Claims are leases (next_attempt_on moved past the lease, rows locked with skip locked), so several API processes
// never post one change twice at once; a status that changed twice between passes is posted once, as it is now.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import { TWILIO_API_VERSION, type SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { OutboundPoster } from '../lib/outbound/signed-post';
import type { OutboundPostOptions } from '../lib/outbound/signed-post';
import { PassLoop } from '../lib/pass-loop';
import { ID_HEADER, SIGNATURE_HEADER, TIMESTAMP_HEADER, callbackSecrets, signPayload } from '../company-webhooks';
import { messagingRepository } from '../messaging';
import { FINAL_TWILIO, TWILIO_STATUS_OF, accountSidOf, errorOf, messageSidOf } from './mapping';

export interface StatusCallbackOptions extends Pick<
  OutboundPostOptions,
  'allowPrivate' | 'timeoutMs' | 'fetch' | 'resolve'
> {
  /** seconds before the second attempt; each later wait is four times the one before */
  retryBaseSeconds: number;
  maxAttempts: number;
  /** how often due rows are looked for; 0: only drain() posts (tests) */
  pollMs: number;
  batch: number;
}

const LEASE_SECONDS = 120;
/** Our status as Twilio's, in SQL: a row is due when this differs from what was posted. */
const twilioStatusSql = sql<string>`case s.status ${sql.join(
  Object.entries(TWILIO_STATUS_OF).map(([ours, theirs]) => sql`when ${ours} then ${theirs}`),
  sql` `,
)} end`;

interface Due {
  sms_uuid: string;
  company_uuid: string;
  url: string;
  attempts: number;
  status: SmsStatus;
  ani: string;
  dnis: string;
  block_reason: string | null;
  status_message: string | null;
  secret: string | null;
}

/** The form Twilio posts to a StatusCallback. */
export function callbackForm(d: Due): URLSearchParams {
  const status = TWILIO_STATUS_OF[d.status];
  const f = new URLSearchParams({
    MessageSid: messageSidOf(d.sms_uuid),
    SmsSid: messageSidOf(d.sms_uuid),
    AccountSid: accountSidOf(d.company_uuid),
    MessageStatus: status,
    SmsStatus: status,
    To: d.dnis,
    From: d.ani,
    ApiVersion: TWILIO_API_VERSION,
  });
  const err = errorOf(d);
  if (err.code !== null) f.set('ErrorCode', String(err.code));
  return f;
}

export class StatusCallbacks {
  private readonly poster: OutboundPoster;
  private readonly loop: PassLoop;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly o: StatusCallbackOptions,
  ) {
    this.poster = new OutboundPoster({ ...o, urlWords: 'The StatusCallback URL', withCause: true });
    this.loop = new PassLoop(() => this.deliverDue(), { ...o, log, name: 'twilio status callback' });
  }

  /** Remembers a message's StatusCallback (its current status is posted on the next pass). */
  async register(sms_uuid: string, company_uuid: string, url: string): Promise<void> {
    await this.db
      .insertInto('twilio_status_callbacks')
      .values({ sms_uuid, company_uuid, url })
      .onConflict((oc) => oc.column('sms_uuid').doNothing())
      .execute();
  }

  start(): void {
    this.loop.start();
  }

  /** One pass (never two at once in this process); answers how many callbacks it posted. */
  runOnce(): Promise<number> {
    return this.loop.runOnce();
  }

  /** Posts until nothing is due (tests; retries not yet due stay). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  private async claim(): Promise<Due[]> {
    const { rows } = await sql<Due>`
      with due as (
        select t.sms_uuid from twilio_status_callbacks t join ${messagingRepository.messageStates} s on s.sms_uuid = t.sms_uuid
         where t.open and t.next_attempt_on <= now() and ${twilioStatusSql} is distinct from t.notified_status
         order by t.next_attempt_on limit ${this.o.batch}
         for update of t skip locked)
      update twilio_status_callbacks t set next_attempt_on = now() + make_interval(secs => ${LEASE_SECONDS})
        from due, ${messagingRepository.messageStates} s left join ${callbackSecrets} c on c.company_uuid = s.company_uuid
       where t.sms_uuid = due.sms_uuid and s.sms_uuid = t.sms_uuid
      returning t.sms_uuid, t.company_uuid, t.url, t.attempts, s.status, s.ani, s.dnis, s.block_reason,
        s.status_message, c.secret`.execute(this.db);
    return rows;
  }

  private async deliverDue(): Promise<number> {
    if (this.loop.closed) return 0;
    const rows = await this.claim();
    await Promise.all(rows.map((r) => this.deliver(r)));
    return rows.length;
  }

  private async deliver(d: Due): Promise<void> {
    const body = callbackForm(d).toString();
    const status = TWILIO_STATUS_OF[d.status];
    const id = `${messageSidOf(d.sms_uuid)}_${status}`;
    const secret = d.secret;
    const out = await this.poster.post(d.url, body, (ts) => ({
      'content-type': 'application/x-www-form-urlencoded',
      ...(secret
        ? { [ID_HEADER]: id, [TIMESTAMP_HEADER]: String(ts), [SIGNATURE_HEADER]: signPayload(secret, id, ts, body) }
        : {}),
    }));
    const attempts = d.attempts + 1;
    // posted, or the attempts for this status are spent: the status counts as told and the next change starts anew
    const settled = out.ok || attempts >= this.o.maxAttempts;
    if (!out.ok && settled) this.log.warn({ sms_uuid: d.sms_uuid, status }, 'twilio status callback abandoned');
    const wait = this.o.retryBaseSeconds * 4 ** (attempts - 1);
    await this.db
      .updateTable('twilio_status_callbacks')
      .set(
        settled
          ? {
              notified_status: status,
              open: !FINAL_TWILIO.includes(status),
              attempts: 0,
              last_error: out.error,
              next_attempt_on: new Date(),
            }
          : { attempts, last_error: out.error, next_attempt_on: new Date(Date.now() + wait * 1000) },
      )
      .where('sms_uuid', '=', d.sms_uuid)
      .execute();
  }

  async close(): Promise<void> {
    await this.loop.close();
    await this.poster.close();
  }
}
