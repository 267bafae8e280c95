// Idempotency-Key claims of POST /sms, for the grouped single sends (send-batch.ts) and the scheduled
// ones (service.ts) alike: a key is claimed in the transaction that stores its message, linked to
// that message, or dropped when the message was refused, so a retry after a top-up may send.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/http-error';

export interface Idempotency {
  user_uuid: string;
  key: string;
  hash: string;
}

export type Claim =
  | { kind: 'claimed' }
  /** the key was used before with the same message: the first one's id */
  | { kind: 'replay'; sms_uuid: string }
  | { kind: 'error'; error: HttpError };

/** A key answers its first request for this long; after that it is a new request (as Stripe's keys). */
export const KEY_KEPT_HOURS = 24;

/** One string per caller and key. */
export const keyOf = (i: { user_uuid: string; key: string }) => `${i.user_uuid} ${i.key}`;

/**
 * Claims keys in one statement; answers each key's claim, in order. A key older than KEY_KEPT_HOURS is claimed
 * afresh. A key claimed before (or by a
 * concurrent transaction, whose commit the insert waits for) answers the first message, or 422 for a
 * different one, or 409 while the first request has not stored its message yet.
 */
export async function claimKeys(trx: Transaction<Database>, ids: Idempotency[]): Promise<Claim[]> {
  if (!ids.length) return [];
  const claimed = new Set(
    (
      await sql<{ user_uuid: string; idempotency_key: string }>`
    insert into sms_requests (user_uuid, idempotency_key, request_hash)
    select * from unnest(${ids.map((i) => i.user_uuid)}::uuid[], ${ids.map((i) => i.key)}::text[], ${ids.map((i) => i.hash)}::text[])
    on conflict (user_uuid, idempotency_key) do update
      set request_hash = excluded.request_hash, sms_uuid = null, created_on = now()
      where sms_requests.created_on < now() - make_interval(hours => ${KEY_KEPT_HOURS})
    returning user_uuid, idempotency_key`.execute(trx)
    ).rows.map((r) => `${r.user_uuid} ${r.idempotency_key}`),
  );
  const taken = ids.filter((i) => !claimed.has(keyOf(i)));
  const prior = taken.length
    ? new Map(
        (
          await sql<{ user_uuid: string; idempotency_key: string; request_hash: string; sms_uuid: string | null }>`
    select r.user_uuid, r.idempotency_key, r.request_hash, r.sms_uuid from sms_requests r
    join unnest(${taken.map((i) => i.user_uuid)}::uuid[], ${taken.map((i) => i.key)}::text[]) as k(u, key)
      on r.user_uuid = k.u and r.idempotency_key = k.key`.execute(trx)
        ).rows.map((r) => [`${r.user_uuid} ${r.idempotency_key}`, r]),
      )
    : new Map();
  // twins of one key in one call (the send batcher keeps them apart): the first claims it, the others
  // answer as a retry made while the first is in flight
  const firstOf = new Set<string>();
  return ids.map((i): Claim => {
    const k = keyOf(i);
    if (claimed.has(k) && !firstOf.has(k)) {
      firstOf.add(k);
      return { kind: 'claimed' };
    }
    const p = prior.get(k);
    if (p && p.request_hash !== i.hash)
      return { kind: 'error', error: new HttpError(422, 'This Idempotency-Key was used for a different message') };
    if (p?.sms_uuid) return { kind: 'replay', sms_uuid: p.sms_uuid };
    // Retry-After: the console's base query retries such a 409 by itself (shared-api's api.ts)
    return {
      kind: 'error',
      error: new HttpError(409, 'A request with this Idempotency-Key is still being processed; retry it', {
        'retry-after': '1',
      }),
    };
  });
}

/** Ties claimed keys to the messages stored for them. */
export async function linkKeys(
  trx: Transaction<Database>,
  links: { user_uuid: string; key: string; sms_uuid: string }[],
): Promise<void> {
  if (!links.length) return;
  await sql`update sms_requests r set sms_uuid = v.sms from unnest(${links.map((l) => l.user_uuid)}::uuid[], ${links.map((l) => l.key)}::text[], ${links.map((l) => l.sms_uuid)}::uuid[]) as v(u, key, sms)
    where r.user_uuid = v.u and r.idempotency_key = v.key`.execute(trx);
}

/** Drops claims whose message was refused: the key stays free for a retry. */
export async function dropKeys(trx: Transaction<Database>, keys: { user_uuid: string; key: string }[]): Promise<void> {
  if (!keys.length) return;
  await sql`delete from sms_requests r using unnest(${keys.map((l) => l.user_uuid)}::uuid[], ${keys.map((l) => l.key)}::text[]) as v(u, key)
    where r.user_uuid = v.u and r.idempotency_key = v.key`.execute(trx);
}
