// The one settlement of outgoing messages: every status move after the store (the gateway's acceptance or refusal,
// delivery reports, cancels, expiry) goes through here over an array, a single message being an array of one. A
// move is forward only (movableFrom), and the hold is settled or released in the move's transaction, with the
// reseller's wholesale charge beside a settled one.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { CompiledCatalog } from '../catalog';
import { closeMany } from '../billing';
import { chargeResellers } from './wholesale';
import { chargeMemo, movableFrom, settlementFor } from './engine/state';

/**
 * Marks handed-over messages sent in one UPDATE; a report that came first keeps its later state. A message
 * priced on submit is charged here, in the same transaction (the carrier has accepted it).
 */
export async function markSent(
  db: Kysely<Database>,
  sent: { sms_uuid: string; smsc_id: string }[],
  catalog?: CompiledCatalog,
): Promise<void> {
  if (!sent.length) return;
  await db.transaction().execute(async (trx) => {
    await lockInOrder(
      trx,
      sent.map((s) => s.sms_uuid),
    );
    // a receipt may have come first (a fast carrier on the direct gateway): the link is recorded, by the receipt
    // itself when it named one (applyReports), here otherwise
    const moved = (
      await sql<MovedRow>`update sms set status = case when sms.status = 'queued' then 'sent' else sms.status end,
      sent_on = case when sms.status = 'queued' then now() else sms.sent_on end, smsc_id = v.smsc_id
    from unnest(${sent.map((s) => s.sms_uuid)}::uuid[], ${sent.map((s) => s.smsc_id)}::text[]) as v(id, smsc_id)
    where sms.sms_uuid = v.id and (sms.status = 'queued' or sms.smsc_id is null)
    returning sms.sms_uuid, sms.reservation_uuid, sms.price::text as price, sms.status, sms.charge_basis`.execute(trx)
    ).rows;
    await settleMoved(
      trx,
      moved.filter((m) => m.status === 'sent'),
      catalog,
    );
  });
}

/**
 * Locks the messages in id order before a batch moves them. A hand-over's "sent" and a fast carrier's receipts
 * move overlapping messages at once, and each update locked its rows in its own join's order: they deadlocked
 * (bench:smpp-carrier, 2026-12-07: 1 run in 3; the aborted hand-over's chunk then waited out its lease, 246 msg/s
 * settled instead of ~2,100). A lone message needs no order (it holds no other message's lock while it waits).
 */
async function lockInOrder(trx: Transaction<Database>, ids: string[]): Promise<void> {
  if (ids.length < 2) return;
  await sql`select 1 from sms where sms_uuid = any(${ids}::uuid[]) order by sms_uuid for no key update`.execute(trx);
}

interface MovedRow {
  sms_uuid: string;
  reservation_uuid: string | null;
  price: string | null;
  status: SmsStatus;
  charge_basis: 'delivery' | 'submit';
}

/** Every hold of moved messages settled or released in a few statements (one ledger entry per charged message). */
async function settleMoved(trx: Transaction<Database>, moved: MovedRow[], catalog?: CompiledCatalog) {
  const settles = moved
    .filter((m) => m.reservation_uuid && settlementFor(m.status, m.charge_basis) === 'settle')
    .map((m) => ({
      reservation_uuid: m.reservation_uuid as string,
      charge: BigInt(m.price ?? '0'),
      cause_type: 'sms',
      cause_id: m.sms_uuid,
      memo: chargeMemo(m.charge_basis),
    }));
  const releases = moved
    .filter((m) => m.reservation_uuid && settlementFor(m.status, m.charge_basis) === 'release')
    .map((m) => m.reservation_uuid as string);
  await closeMany(trx, settles, releases);
  await chargeResellers(
    trx,
    settles.map((m) => m.cause_id),
    catalog,
  );
}

export interface Report {
  sms_uuid: string;
  to: SmsStatus;
  message?: string | null;
  /** the link the report came on, kept where the message has none yet */
  smsc_id?: string;
}
export interface Moved {
  moved: boolean;
  status: SmsStatus | null;
  /** for a moved message: seconds since it was submitted (the receipt-latency metric) */
  age_seconds?: number;
}

/**
 * Applies status moves in the caller's transaction: a forward move only (the guard is movableFrom of its
 * target), and the hold settled or released with it (and the reseller's wholesale charge with a settled one).
 * A report without a message leaves status_message as it was. A message not moved answers its current
 * status (null when there is none). The caller passes each message at most once per call.
 */
export async function applyReports(
  trx: Transaction<Database>,
  reports: Report[],
  catalog?: CompiledCatalog,
): Promise<Moved[]> {
  await lockInOrder(
    trx,
    reports.map((r) => r.sms_uuid),
  );
  const moved = (
    await sql<MovedRow & { age_seconds: number }>`
    update sms s set status = v.target,
      status_message = case when v.set_msg then v.msg else s.status_message end,
      sent_on = case when v.target = 'sent' then now() else s.sent_on end,
      delivered_on = case when v.target in ('delivered', 'undelivered', 'failed') then now() else s.delivered_on end,
      smsc_id = coalesce(s.smsc_id, v.smsc)
    from unnest(${reports.map((r) => r.sms_uuid)}::uuid[], ${reports.map((r) => r.to)}::text[], ${reports.map((r) => r.message ?? null)}::text[],
      ${reports.map((r) => r.message !== undefined)}::bool[], ${reports.map((r) => movableFrom(r.to).join(','))}::text[],
      ${reports.map((r) => r.smsc_id ?? null)}::text[]) as v(id, target, msg, set_msg, from_list, smsc)
    where s.sms_uuid = v.id and s.is_received = false and s.status = any(string_to_array(v.from_list, ','))
    returning s.sms_uuid, s.reservation_uuid, s.price::text as price, s.status, s.charge_basis,
      extract(epoch from clock_timestamp() - s.created_on)::float8 as age_seconds`.execute(trx)
  ).rows;
  const byId = new Map(moved.map((m) => [m.sms_uuid, m]));
  await settleMoved(trx, moved, catalog);
  const rest = reports.filter((r) => !byId.has(r.sms_uuid)).map((r) => r.sms_uuid);
  const current = rest.length
    ? await trx.selectFrom('sms').select(['sms_uuid', 'status']).where('sms_uuid', 'in', rest).execute()
    : [];
  const now = new Map(current.map((c) => [c.sms_uuid, c.status]));
  return reports.map((r) =>
    byId.has(r.sms_uuid)
      ? { moved: true, status: r.to, age_seconds: Number(byId.get(r.sms_uuid)?.age_seconds) }
      : { moved: false, status: now.get(r.sms_uuid) ?? null },
  );
}
