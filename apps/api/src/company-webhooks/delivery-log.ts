// A webhook's delivery log (GET /webhook/{id}/deliveries, the console's screen) and its latest outcome on the
// list. Attempts live in three places: a success on its event (webhook_messages.delivered_on, status_code,
// duration_ms; migration 226) or in its batch (webhook_batches.status_codes and durations, by the event's place;
// migration 228), a failure in webhook_attempts. Each is read off its own index, newest first, and they are
// merged; the log is paged by a cursor (the console shows its first page).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { CompanyWebhookAttempt } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { decodeCursor, encodeCursor } from '../lib/list';

const LOG_SIZE = 50;
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

/** A success's row id: the event's own uuid, which its webhook-id (msg_ + 32 hex digits, `id`) carries. */
const uuidOf = (id: RawBuilder<unknown>) => sql`(substr(${id}, 5, 8) || '-' || substr(${id}, 13, 4) || '-' ||
  substr(${id}, 17, 4) || '-' || substr(${id}, 21, 4) || '-' || substr(${id}, 25, 12))::uuid`;
const eventUuid = uuidOf(sql`m.message_id`);
/** a batch event's webhook-id is derived from the batch's key and its place */
const batchEventUuid = uuidOf(sql`webhook_batch_message_id(b.batch_key, e.i - 1)`);

interface Row extends Omit<CompanyWebhookAttempt, 'created_on' | 'next_attempt_on'> {
  next_attempt_on: Date | string | null;
  created_on: Date | string;
}

/**
 * A page of the log, newest first: `per_page` attempts after the cursor's (keyset: the time to the microsecond, then
 * the id), each branch read off its own index in that order, then merged.
 */
export async function deliveryLog(
  db: Kysely<Database>,
  webhook_uuid: string,
  page: { per_page?: number; cursor?: string } = {},
): Promise<{ items: CompanyWebhookAttempt[]; next_cursor: string | null }> {
  const size = page.per_page ?? LOG_SIZE;
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const before = (at: RawBuilder<unknown>, id: RawBuilder<unknown>) =>
    after ? sql`and (${at}, ${id}) < (${after.key}::timestamptz, ${after.id}::uuid)` : sql``;
  const take = size + 1;
  const rows = await sql<Row & { created_key: string }>`select l.*, l.created_on::text as created_key from (
      (select a.attempt_uuid, m.message_id, m.type, m.sms_uuid, a.attempt, a.ok, a.status_code, a.error, a.duration_ms,
        m.state, m.next_attempt_on, a.created_on
      from webhook_attempts a join webhook_messages m on m.delivery_id = a.delivery_id
      where a.webhook_uuid = ${webhook_uuid} ${before(sql`a.created_on`, sql`a.attempt_uuid`)}
      order by a.created_on desc, a.attempt_uuid desc limit ${take})
      union all
      (select ${eventUuid}, m.message_id, m.type, m.sms_uuid, m.attempts, true, m.status_code, null, coalesce(m.duration_ms, 0),
        m.state, m.next_attempt_on, m.delivered_on
      from webhook_messages m
      where m.webhook_uuid = ${webhook_uuid} and m.delivered_on is not null ${before(sql`m.delivered_on`, eventUuid)}
      order by m.delivered_on desc, 1 desc limit ${take})
      union all
      (select ${batchEventUuid}, webhook_batch_message_id(b.batch_key, e.i - 1), b.type,
        (b.events -> (e.i - 1) ->> 'sms_uuid')::uuid, 1, true, b.status_codes[e.i], null, coalesce(b.durations[e.i], 0),
        'delivered', null, b.delivered_on
      from webhook_batches b cross join lateral generate_subscripts(b.status_codes, 1) as e(i)
      where b.webhook_uuid = ${webhook_uuid} and b.delivered_on is not null and b.status_codes[e.i] is not null
        ${before(sql`b.delivered_on`, batchEventUuid)}
      order by b.delivered_on desc, 1 desc limit ${take})
    ) l order by l.created_on desc, l.attempt_uuid desc limit ${take}`.execute(db);
  const items = rows.rows.slice(0, size);
  const last = items[items.length - 1];
  return {
    items: items.map(({ created_key: _key, ...r }) => ({
      ...r,
      created_on: iso(r.created_on) as string,
      next_attempt_on: r.state === 'pending' ? iso(r.next_attempt_on) : null,
    })),
    next_cursor: rows.rows.length > size && last ? encodeCursor(last.created_key, last.attempt_uuid) : null,
  };
}

/** The latest attempt of the webhook `w.webhook_uuid`: 'delivered', the failure's status code or 'error', and when. */
export function lastDelivery(): { status: RawBuilder<string | null>; on: RawBuilder<Date | null> } {
  const latest = (column: string) =>
    sql.raw(`(select ${column} from (
      (select case when a.ok then 'delivered' else coalesce(a.status_code::text, 'error') end as status, a.created_on as on_
        from webhook_attempts a where a.webhook_uuid = w.webhook_uuid order by a.created_on desc limit 1)
      union all
      (select 'delivered', m.delivered_on from webhook_messages m
        where m.webhook_uuid = w.webhook_uuid and m.delivered_on is not null order by m.delivered_on desc limit 1)
      union all
      (select 'delivered', b.delivered_on from webhook_batches b
        where b.webhook_uuid = w.webhook_uuid and b.delivered_on is not null order by b.delivered_on desc limit 1)
    ) l order by on_ desc limit 1)`);
  return { status: latest('status') as RawBuilder<string | null>, on: latest('on_') as RawBuilder<Date | null> };
}
