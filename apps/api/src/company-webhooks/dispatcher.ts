// Delivers the webhook_messages outbox (rows written by the sms triggers, publish() and the test action):
// claims due rows under a lease (one webhook_leases row a pass, claims serialised by an advisory lock), so
// several API processes never send one row at the same time and a process that dies mid-delivery leaves it
// to the next after the lease; POSTs each through the shared outbound POST (lib/outbound: the address
// policy, the pinned agent), logs every attempt, and on failure schedules the next attempt with exponential
// backoff until the attempts are spent. At-least-once: a receiver deduplicates by webhook-id, which every
// attempt of one row repeats.
import { sql, type Kysely } from 'kysely';
import type { Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import { BLOCK_REASON_WORDS, type BlockReason } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { Pipelining, Resolve } from '../lib/outbound/pinned-agent';
import type { PipelinePolicyOptions } from '../lib/outbound/pipeline-policy';
import { backoff } from '../lib/outbound/backoff';
import { OutboundPoster, type PostOutcome } from '../lib/outbound/signed-post';
import { ID_HEADER, signPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';

export interface CompanyWebhookOptions {
  /** loopback/private targets (tests, closed networks): WEBHOOK_ALLOW_PRIVATE */
  allowPrivate: boolean;
  timeoutMs: number;
  /** seconds before the second attempt; each later wait is four times the one before */
  retryBaseSeconds: number;
  maxAttempts: number;
  /** how often due rows are looked for (COMPANY_WEBHOOK_POLL_MS); 0: only drain() delivers (tests) */
  pollMs: number;
  /** rows claimed (and their outcomes written) per pass */
  batch: number;
  /** deliveries in flight at once within a pass (default 50): what one endpoint may see in parallel */
  inFlight?: number;
  /** days finished events are kept (COMPANY_WEBHOOK_RETENTION_DAYS); 0 keeps them */
  retentionDays?: number;
  fetch: (url: string, init: RequestInit & { dispatcher?: Dispatcher; idempotent?: boolean }) => Promise<Response>;
  resolve?: Resolve;
  /** pipelined deliveries to endpoints that answer fast (COMPANY_WEBHOOK_PIPELINE_DEPTH); null: never */
  pipelining?: (Pipelining & { policy?: Partial<PipelinePolicyOptions> }) | null;
}

interface Claimed {
  /** the webhook_leases row that holds this event until its outcome is written */
  lease_id: string;
  delivery_id: string;
  message_id: string;
  company_uuid: string;
  webhook_uuid: string | null;
  callback_url: string | null;
  type: string;
  /** jsonb's text */
  payload: string;
  /** ISO 8601 in UTC with milliseconds, as the body's timestamp */
  occurred_on: string;
  attempts: number;
  url: string | null;
  secret: string | null;
  is_active: boolean | null;
}

export type AttemptOutcome = PostOutcome;

const LEASE_SECONDS = 120;

/**
 * A condition that is always true and makes the statement's own transaction commit without waiting for its WAL
 * to reach the disk. The dispatcher's claims and outcomes may be lost by a database crash (the last ~0.6 s of
 * them): their events are then claimed and sent again with the same webhook-id, which receivers deduplicate
 * anyway (at least once). A synchronous commit cost PostgreSQL ~0.2 ms of CPU here, and a pass makes two.
 * The events themselves are written in the transaction of the change that caused them, durable as it is.
 */
const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true)) = 'off'`;

/**
 * The Standard Webhooks body: type, timestamp of the event, data (a blocked message's reason also in words).
 * `payload` as PostgreSQL wrote it (jsonb's text) goes into the body as it is: parsing it into an object and
 * writing it out again cost more than the rest of the body.
 */
export function eventBody(row: Pick<Claimed, 'type' | 'payload' | 'occurred_on'>): string {
  const timestamp = row.occurred_on;
  if (!row.payload.includes('"block_reason"'))
    return `{"type":${JSON.stringify(row.type)},"timestamp":"${timestamp}","data":${row.payload}}`;
  const data = JSON.parse(row.payload) as Record<string, unknown>;
  const reason = data.block_reason as BlockReason | undefined;
  if (reason && BLOCK_REASON_WORDS[reason]) data.block_reason_words = BLOCK_REASON_WORDS[reason];
  return JSON.stringify({ type: row.type, timestamp, data });
}

/** A PostgreSQL array literal of plain values (digits, words, ISO times): what pg would build, at less cost. */
const arrayLiteral = (values: (string | number | null)[]) => `{${values.map((v) => v ?? 'NULL').join(',')}}`;

export class CompanyWebhookDispatcher {
  private readonly poster: OutboundPoster;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  private pass: Promise<number> | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly o: CompanyWebhookOptions,
  ) {
    this.poster = new OutboundPoster({
      ...o,
      pipelining: o.pipelining ?? undefined,
      urlWords: 'The URL',
      withCause: true,
    });
  }

  start(): void {
    if (this.o.pollMs > 0) this.schedule(this.o.pollMs);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.runOnce()
        .then((n) => this.schedule(n >= this.o.batch ? 0 : this.o.pollMs))
        .catch((e) => {
          this.log.error({ err: (e as Error).message }, 'company webhook pass failed');
          this.schedule(this.o.pollMs);
        });
    }, ms);
  }

  /** One pass (never two at once in this process): claims due rows and delivers them. Answers how many. */
  runOnce(): Promise<number> {
    this.pass ??= this.deliverDue().finally(() => (this.pass = null));
    return this.pass;
  }

  /** Delivers until nothing is due (tests and the benchmark; retries not yet due stay pending). */
  async drain(): Promise<void> {
    while ((await this.runOnce()) > 0 && !this.closed);
  }

  private async deliverDue(): Promise<number> {
    if (this.closed) return 0;
    const rows = await this.claim(this.o.batch);
    // a pass's outcomes are written together, in one statement: the database's cost of a pass is mostly its
    // statements and commits, not its rows, so a pass claims more rows than it sends at once
    const done: { r: Claimed; out: AttemptOutcome; duration_ms: number }[] = [];
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const r = rows[next++];
        done.push({ r, ...(await this.send(r)) });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.inFlight ?? 50, rows.length) }, worker));
    await this.recordAll(done);
    return rows.length;
  }

  private async claim(limit: number, only?: string): Promise<Claimed[]> {
    // claim_webhook_batch (migration 227): oldest due first, none another node holds, under one lease row
    const r = await sql<Claimed>`select lease_id::text as lease_id, delivery_id::text as delivery_id, message_id,
        company_uuid, webhook_uuid, callback_url, type, payload, occurred_on, attempts, url, secret, is_active
      from claim_webhook_batch(${limit}, ${LEASE_SECONDS}, ${only ?? null}::bigint) where ${ASYNC_COMMIT}`.execute(
      this.db,
    );
    return r.rows;
  }

  /** The first attempt of one row now (the console's "send test event"); later ones follow the backoff. */
  async deliverNow(delivery_id: string): Promise<AttemptOutcome> {
    const [row] = await this.claim(1, delivery_id);
    if (!row) return { ok: false, status_code: null, error: 'The event is no longer pending' };
    return this.attempt(row);
  }

  private async attempt(r: Claimed): Promise<AttemptOutcome> {
    const sent = await this.send(r);
    await this.recordAll([{ r, ...sent }]);
    return sent.out;
  }

  /** One POST of one row, signed; never throws (a refusal or a network error is the outcome). */
  private async send(r: Claimed): Promise<{ out: AttemptOutcome; duration_ms: number }> {
    const started = Date.now();
    let out: AttemptOutcome;
    if (!r.url || !r.secret || !r.is_active) {
      const error = !r.secret ? 'The company has no callback signing secret' : 'The webhook was switched off';
      out = { ok: false, status_code: null, error };
    } else {
      const secret = r.secret;
      const body = eventBody(r);
      out = await this.poster.post(r.url, body, (ts) => ({
        [ID_HEADER]: r.message_id,
        [TIMESTAMP_HEADER]: String(ts),
        [SIGNATURE_HEADER]: signPayload(secret, r.message_id, ts, body),
      }));
    }
    return { out, duration_ms: Date.now() - started };
  }

  /** The outcomes of attempts; a row not recorded keeps its lease and is tried again after it (at least once). */
  private async recordAll(done: { r: Claimed; out: AttemptOutcome; duration_ms: number }[]): Promise<void> {
    if (!done.length) return;
    try {
      await this.record(done);
    } catch (e) {
      this.log.warn({ err: (e as Error).message, rows: done.length }, 'company webhook attempts not recorded');
    }
  }

  private async record(done: { r: Claimed; out: AttemptOutcome; duration_ms: number }[]): Promise<void> {
    const now = Date.now();
    const next = done.map(({ r, out, duration_ms }) => {
      const wait = out.ok
        ? null
        : backoff(r.attempts, { baseSeconds: this.o.retryBaseSeconds, maxAttempts: this.o.maxAttempts });
      const state = out.ok ? 'delivered' : wait === null ? 'failed' : 'pending';
      const at = wait === null ? null : new Date(now + wait * 1000).toISOString();
      const code = out.ok ? out.status_code : null;
      return { id: r.delivery_id, state, at, code, ms: out.ok ? duration_ms : null, n: r.attempts };
    });
    // One statement, so the failures and the outcomes are written atomically with no transaction around them:
    // each round trip costs a pass more than the rows it writes. A success is recorded on its event, in the
    // update that marks it delivered anyway; only failures get an attempt row (the delivery log reads both).
    const failed = done.filter((d) => !d.out.ok);
    const logged = failed.length
      ? sql`logged as (insert into webhook_attempts (delivery_id, webhook_uuid, company_uuid, attempt, ok, status_code,
          error, duration_ms) values ${sql.join(
            failed.map(
              ({ r, out, duration_ms }) =>
                sql`(${r.delivery_id}::bigint, ${r.webhook_uuid}::uuid, ${r.company_uuid}::uuid, ${r.attempts}::int,
                  false, ${out.status_code}::int, ${out.error?.slice(0, 500) ?? null}::text, ${duration_ms}::int)`,
            ),
          )}),`
      : sql``;
    // the outcomes as six arrays: six parameters whatever the batch, not six a row
    const col = (f: (n: (typeof next)[number]) => string | number | null) => arrayLiteral(next.map(f));
    // the leases go with the outcomes: an event is never free and unrecorded at once
    const leases = arrayLiteral([...new Set(done.map((d) => d.r.lease_id))]);
    await sql`with ${logged} released as (delete from webhook_leases where lease_id = any(${leases}::bigint[])),
      outcomes as (select * from unnest(${col((n) => n.id)}::bigint[], ${col((n) => n.state)}::text[],
        ${col((n) => n.at)}::timestamptz[], ${col((n) => n.code)}::int[], ${col((n) => n.ms)}::int[],
        ${col((n) => n.n)}::int[]) as v(id, state, at, code, ms, n))
      update webhook_messages m set state = v.state, attempts = v.n, next_attempt_on = coalesce(v.at, m.next_attempt_on),
        delivered_on = case when v.state = 'delivered' then now() end, status_code = v.code, duration_ms = v.ms
      from outcomes v where m.delivery_id = v.id and ${ASYNC_COMMIT}`.execute(this.db);
    for (const n of next)
      if (n.state === 'failed') this.log.warn({ delivery: n.id }, 'company webhook delivery abandoned');
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pass?.catch(() => undefined);
    await this.poster.close();
  }
}
