// Delivers the outbox (webhook_batches, the events of one sms statement for one webhook; webhook_messages, one
// row each for retries, status callbacks, publish() and the test action; outcomes.ts reads and writes both):
// claims due events under a lease (one webhook_leases row a pass, claims serialised by an advisory lock), so
// several API processes never send one row at the same time and a process that dies mid-delivery leaves it
// to the next after the lease; POSTs each through the shared outbound POST (lib/outbound: the address
// policy, the pinned agent), logs every attempt, and on failure schedules the next attempt with exponential
// backoff until the attempts are spent. At-least-once: a receiver deduplicates by webhook-id, which every
// attempt of one row repeats.
import type { Kysely } from 'kysely';
import type { Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import { BLOCK_REASON_WORDS, type BlockReason } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { Pipelining, Resolve } from '../lib/outbound/pinned-agent';
import type { PipelinePolicyOptions } from '../lib/outbound/pipeline-policy';
import { OutboundPoster, type PostOutcome } from '../lib/outbound/signed-post';
import { ID_HEADER, signPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';
import { claimEvents, writeOutcomes, type Attempted, type Claimed } from './outcomes';

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

export type AttemptOutcome = PostOutcome;

const LEASE_SECONDS = 120;

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
    const done: Attempted[] = [];
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

  private claim(limit: number, only?: string): Promise<Claimed[]> {
    return claimEvents(this.db, limit, LEASE_SECONDS, only);
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

  /** The outcomes of attempts; an event not recorded keeps its lease and is tried again after it (at least once). */
  private async recordAll(done: Attempted[]): Promise<void> {
    if (!done.length) return;
    try {
      for (const id of await writeOutcomes(this.db, done, this.o))
        this.log.warn({ delivery: id }, 'company webhook delivery abandoned');
    } catch (e) {
      this.log.warn({ err: (e as Error).message, rows: done.length }, 'company webhook attempts not recorded');
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await this.pass?.catch(() => undefined);
    await this.poster.close();
  }
}
