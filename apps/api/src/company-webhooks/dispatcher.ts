// Delivers the outbox (webhook_batches, the events of one sms statement for one webhook; webhook_messages, one
// row each for retries, status callbacks, publish() and the test action; outcomes.ts reads and writes both):
// claims due events under a lease (one webhook_leases row a pass, claims serialised by an advisory lock), so
// several API processes never send one row at the same time and a process that dies mid-delivery leaves it
// to the next after the lease; POSTs each (or, for a webhook that takes batches, up to 100 of its events in
// one envelope: bodies.ts) through the shared outbound POST (lib/outbound: the address policy, the pinned
// agent), logs every attempt of every event, and on failure schedules the event's next attempt with exponential
// backoff until the attempts are spent. At-least-once: a receiver deduplicates by the event's webhook-id, which
// every attempt of one event repeats (inside a batch, as the event's `id`).
import type { Kysely } from 'kysely';
import type { Dispatcher } from 'undici';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { Pipelining, Resolve } from '../lib/outbound/pinned-agent';
import type { PipelinePolicyOptions } from '../lib/outbound/pipeline-policy';
import { OutboundPoster, type PostOutcome } from '../lib/outbound/signed-post';
import { ID_HEADER, signPayload, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';
import { LEGACY_SIGNATURE_HEADER, LEGACY_TIMESTAMP_HEADER, signLegacy } from './legacy-signing';
import { batchBody, batchId, eventBody, requestsOf } from './bodies';
import { claimEvents, writeOutcomes, type Attempted, type Claimed } from './outcomes';
import { WebhookAgents } from '../branding';
import { PassLoop } from '../lib/pass-loop';

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

export class CompanyWebhookDispatcher {
  private readonly poster: OutboundPoster;
  private readonly loop: PassLoop;
  /** each company's User-Agent: its reseller's brand, or the platform's */
  private readonly agents: WebhookAgents;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
    private readonly o: CompanyWebhookOptions,
  ) {
    this.agents = new WebhookAgents(db);
    this.poster = new OutboundPoster({
      ...o,
      pipelining: o.pipelining ?? undefined,
      urlWords: 'The URL',
      withCause: true,
    });
    this.loop = new PassLoop(() => this.deliverDue(), { ...o, log, name: 'company webhook' });
  }

  start(): void {
    this.loop.start();
  }

  /** One pass (never two at once in this process): claims due rows and delivers them. Answers how many. */
  runOnce(): Promise<number> {
    return this.loop.runOnce();
  }

  /** Delivers until nothing is due (tests and the benchmark; retries not yet due stay pending). */
  drain(): Promise<void> {
    return this.loop.drain();
  }

  private async deliverDue(): Promise<number> {
    if (this.loop.closed) return 0;
    const rows = await this.claim(this.o.batch);
    // a pass's outcomes are written together, in one statement: the database's cost of a pass is mostly its
    // statements and commits, not its rows, so a pass claims more rows than it sends at once
    const done: Attempted[] = [];
    // each event of a batched request has the request's outcome: delivered together or retried one by one
    const requests = requestsOf(rows);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const group = requests[next++];
        const sent = await this.send(group);
        for (const r of group) done.push({ r, ...sent });
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.o.inFlight ?? 50, requests.length) }, worker));
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
    const sent = await this.send([r]);
    await this.recordAll([{ r, ...sent }]);
    return sent.out;
  }

  /** One signed POST of one event or one webhook's batch; never throws (a refusal or a network error is the outcome). */
  private async send(group: Claimed[]): Promise<{ out: AttemptOutcome; duration_ms: number }> {
    const started = Date.now();
    const r = group[0];
    let out: AttemptOutcome;
    if (!r.url || !r.secret || !r.is_active) {
      const error = !r.secret ? 'The company has no callback signing secret' : 'The webhook was switched off';
      out = { ok: false, status_code: null, error };
    } else {
      const secret = r.secret;
      const batched = r.batched;
      const body = batched ? batchBody(group) : eventBody(r);
      const id = batched ? batchId(group) : r.message_id;
      const userAgent = await this.agents.of(r.company_uuid);
      out = await this.poster.post(
        r.url,
        body,
        (ts) => ({
          [ID_HEADER]: id,
          [TIMESTAMP_HEADER]: String(ts),
          [SIGNATURE_HEADER]: signPayload(secret, id, ts, body),
          // a DID webhook in its deprecation period: the old header as well, over the same body
          ...(r.legacy
            ? { [LEGACY_TIMESTAMP_HEADER]: String(ts), [LEGACY_SIGNATURE_HEADER]: signLegacy(secret, ts, body) }
            : {}),
        }),
        userAgent,
      );
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
    await this.loop.close();
    await this.poster.close();
  }
}
