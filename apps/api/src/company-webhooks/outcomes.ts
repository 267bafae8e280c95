// What the dispatcher reads and writes in the database: the claim (claim_webhook_deliveries, migration 230) and
// one statement per pass for every outcome. Events come from two places: webhook_batches (the events of one
// sms statement for one webhook, first attempts) and webhook_messages (one row each: retries, status
// callbacks, publish() and the test event). docs/webhooks.md, "What an event costs".
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { PostOutcome } from '../lib/outbound/signed-post';
import { backoff } from '../lib/outbound/backoff';

export interface Claimed {
  /** the webhook_leases row that holds this event until its outcome is written */
  lease_id: string;
  /** a webhook_messages row's id; null for an event of a batch */
  delivery_id: string | null;
  /** a batch's id and the event's place in it (from 0); null for a webhook_messages row */
  batch_id: string | null;
  idx: number | null;
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
  /** the webhook takes its events in batches (bodies.ts); false for a message's status_callback */
  batched: boolean;
  /** a DID webhook in its deprecation period: the old header and body fields too (legacy-signing.ts) */
  legacy: boolean;
}

export interface Attempted {
  r: Claimed;
  out: PostOutcome;
  duration_ms: number;
}

/**
 * A condition that is always true and makes the statement's own transaction commit without waiting for its WAL
 * to reach the disk. The dispatcher's claims and outcomes may be lost by a database crash (the last ~0.6 s of
 * them): their events are then claimed and sent again with the same webhook-id, which receivers deduplicate
 * anyway (at least once). A synchronous commit cost PostgreSQL ~0.2 ms of CPU here, and a pass makes two.
 * The events themselves are written in the transaction of the change that caused them, durable as it is.
 */
const ASYNC_COMMIT = sql`(select set_config('synchronous_commit', 'off', true)) = 'off'`;

/** Up to `limit` due events (whole batches first, oldest first) under one lease; `only`: that row alone. */
export async function claimEvents(
  db: Kysely<Database>,
  limit: number,
  leaseSeconds: number,
  only?: string,
): Promise<Claimed[]> {
  // the webhook's legacy flag (migration 510) joined to the claim's answer, kept in the order the claim gave
  const r = await sql<Claimed>`select c.lease_id::text as lease_id, c.delivery_id::text as delivery_id,
      c.batch_id::text as batch_id, c.idx, c.message_id, c.company_uuid, c.webhook_uuid, c.callback_url, c.type,
      c.payload, c.occurred_on, c.attempts, c.url, c.secret, c.is_active, c.batched,
      coalesce(w.legacy_signature, false) as legacy
    from claim_webhook_deliveries(${limit}, ${leaseSeconds}, ${only ?? null}::bigint) with ordinality as c
      left join company_webhooks w on w.webhook_uuid = c.webhook_uuid
    where ${ASYNC_COMMIT} order by c.ordinality`.execute(db);
  return r.rows;
}

/** A PostgreSQL array literal of plain values (digits, words, ISO times): what pg would build, at less cost. */
const arrayLiteral = (values: (string | number | null)[]) => `{${values.map((v) => v ?? 'NULL').join(',')}}`;

export interface Retry {
  retryBaseSeconds: number;
  maxAttempts: number;
}

/** An attempt's next step: delivered, due again at `at`, or failed for good. */
function nextStep(d: Attempted, now: number, o: Retry) {
  const wait = d.out.ok ? null : backoff(d.r.attempts, { baseSeconds: o.retryBaseSeconds, maxAttempts: o.maxAttempts });
  const state = d.out.ok ? 'delivered' : wait === null ? 'failed' : 'pending';
  return { state, at: wait === null ? null : new Date(now + wait * 1000).toISOString() };
}

/**
 * A pass's outcomes in one statement, so they are written atomically with no transaction around them (each
 * round trip costs a pass more than the rows it writes), and its lease dropped with them: an event is never free
 * and unrecorded at once. Answers the events given up for good.
 */
export async function writeOutcomes(db: Kysely<Database>, done: Attempted[], o: Retry): Promise<string[]> {
  const now = Date.now();
  const parts: RawBuilder<unknown>[] = [];
  const leases = arrayLiteral([...new Set(done.map((d) => d.r.lease_id))]);
  parts.push(sql`released as (delete from webhook_leases where lease_id = any(${leases}::bigint[]))`);
  const abandoned: string[] = [];

  // webhook_messages rows: a success is recorded on its event, in the update that marks it delivered; only
  // failures get an attempt row (the delivery log reads both)
  const rows = done.filter((d) => d.r.delivery_id !== null);
  if (rows.length) {
    const next = rows.map((d) => ({ d, ...nextStep(d, now, o) }));
    const col = (f: (n: (typeof next)[number]) => string | number | null) => arrayLiteral(next.map(f));
    parts.push(sql`outcomes as (select * from unnest(${col((n) => n.d.r.delivery_id)}::bigint[],
        ${col((n) => n.state)}::text[], ${col((n) => n.at)}::timestamptz[],
        ${col((n) => (n.d.out.ok ? n.d.out.status_code : null))}::int[],
        ${col((n) => (n.d.out.ok ? n.d.duration_ms : null))}::int[], ${col((n) => n.d.r.attempts)}::int[])
        as v(id, state, at, code, ms, n)),
      updated as (update webhook_messages m set state = v.state, attempts = v.n,
        next_attempt_on = coalesce(v.at, m.next_attempt_on),
        delivered_on = case when v.state = 'delivered' then now() end, status_code = v.code, duration_ms = v.ms
        from outcomes v where m.delivery_id = v.id)`);
    const failed = rows.filter((d) => !d.out.ok);
    if (failed.length)
      parts.push(sql`logged as (insert into webhook_attempts (delivery_id, webhook_uuid, company_uuid, attempt, ok,
          status_code, error, duration_ms) values ${sql.join(
            failed.map(
              ({ r, out, duration_ms }) =>
                sql`(${r.delivery_id}::bigint, ${r.webhook_uuid}::uuid, ${r.company_uuid}::uuid, ${r.attempts}::int,
                  false, ${out.status_code}::int, ${out.error?.slice(0, 500) ?? null}::text, ${duration_ms}::int)`,
            ),
          )})`);
    for (const n of next) if (n.state === 'failed') abandoned.push(n.d.r.delivery_id as string);
  }

  // batches: one update each, the answers' codes and times in the events' order (null where it failed); an
  // event that failed becomes a row of its own, due again after the backoff, with its first attempt logged
  const events = done.filter((d) => d.r.batch_id !== null);
  if (events.length) {
    const col = (f: (d: Attempted) => string | number | null) => arrayLiteral(events.map(f));
    parts.push(sql`batch_out as (select b, array_agg(code order by i) as codes, array_agg(ms order by i) as ms
        from unnest(${col((d) => d.r.batch_id)}::bigint[], ${col((d) => d.r.idx)}::int[],
          ${col((d) => (d.out.ok ? d.out.status_code : null))}::int[], ${col((d) => (d.out.ok ? d.duration_ms : null))}::int[])
          as v(b, i, code, ms) group by b),
      batches as (update webhook_batches w set state = 'done', delivered_on = now(), status_codes = v.codes,
        durations = v.ms from batch_out v where w.batch_id = v.b)`);
    const failed = events.filter((d) => !d.out.ok);
    if (failed.length) {
      const split = failed.map((d) => ({ d, ...nextStep(d, now, o) }));
      parts.push(sql`failures as (select * from (values ${sql.join(
        split.map(
          ({ d, state, at }) =>
            sql`(${d.r.batch_id}::bigint, ${d.r.idx}::int, ${d.r.message_id}::text, ${state}::text,
              ${at}::timestamptz, ${d.out.status_code}::int, ${d.out.error?.slice(0, 500) ?? null}::text,
              ${d.duration_ms}::int)`,
        ),
      )}) as f(b, i, message_id, state, at, code, error, ms)),
        split as (insert into webhook_messages (message_id, company_uuid, webhook_uuid, sms_uuid, type, payload,
            occurred_on, state, attempts, next_attempt_on)
          select f.message_id, b.company_uuid, b.webhook_uuid, (b.events -> f.i ->> 'sms_uuid')::uuid, b.type,
            b.events -> f.i, b.occurred_on, f.state, 1, coalesce(f.at, now())
          from failures f join webhook_batches b on b.batch_id = f.b
          returning delivery_id, message_id, webhook_uuid, company_uuid),
        split_logged as (insert into webhook_attempts (delivery_id, webhook_uuid, company_uuid, attempt, ok,
            status_code, error, duration_ms)
          select s.delivery_id, s.webhook_uuid, s.company_uuid, 1, false, f.code, f.error, f.ms
          from split s join failures f on f.message_id = s.message_id)`);
      for (const n of split) if (n.state === 'failed') abandoned.push(n.d.r.message_id);
    }
  }
  await sql`with ${sql.join(parts, sql`, `)} select 1 where ${ASYNC_COMMIT}`.execute(db);
  return abandoned;
}
