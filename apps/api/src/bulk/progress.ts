// A bulk's figures from the per-statement counts the sms triggers keep (bulk_deltas): reads never join the
// numbers to their messages, whatever the size of the job.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { BulkProgressFigures } from './types';

/**
 * sent = handed to the gateway; left = not handed over yet; each final state on its own (see BulkProgressFigures).
 * Sums of the per-statement counts the sms triggers keep (bulk_deltas): a read never joins the
 * numbers to their messages, whatever the size of the job.
 */
export async function progressOf(
  db: Kysely<Database>,
  ids: string[],
): Promise<Map<string, Omit<BulkProgressFigures, 'status'>>> {
  const out = new Map<string, Omit<BulkProgressFigures, 'status'>>();
  if (!ids.length) return out;
  const rows = (
    await sql<{
      bulk_uuid: string;
      total: number;
      stored: number;
      sent: number;
      delivered: number;
      failed: number;
      done: number;
      undelivered: number;
      blocked: number;
      cancelled: number;
      awaiting: number;
    }>`
    select b.bulk_uuid, b.total, coalesce(sum(d.stored), 0)::int as stored, coalesce(sum(d.sent), 0)::int as sent, coalesce(sum(d.delivered), 0)::int as delivered,
      coalesce(sum(d.failed), 0)::int as failed, coalesce(sum(d.done), 0)::int as done,
      coalesce(sum(d.undelivered), 0)::int as undelivered, coalesce(sum(d.blocked), 0)::int as blocked,
      coalesce(sum(d.cancelled), 0)::int as cancelled, coalesce(sum(d.awaiting), 0)::int as awaiting
    from bulks b left join bulk_deltas d on d.bulk_uuid = b.bulk_uuid
    where b.bulk_uuid in (${sql.join(ids)}) group by b.bulk_uuid, b.total`.execute(db)
  ).rows;
  const zero = {
    total: 0,
    sent: 0,
    delivered: 0,
    failed: 0,
    left: 0,
    awaiting: 0,
    undelivered: 0,
    blocked: 0,
    cancelled: 0,
  };
  for (const id of ids) out.set(id, { ...zero });
  for (const r of rows)
    out.set(r.bulk_uuid, {
      total: r.total,
      sent: r.sent,
      delivered: r.delivered,
      failed: r.failed - r.undelivered - r.blocked - r.cancelled,
      left: r.total - r.done,
      awaiting: r.awaiting,
      undelivered: r.undelivered,
      blocked: r.blocked,
      cancelled: r.cancelled,
    });
  return out;
}

/** How many messages of a bulk exist and how many of them still wait for the gateway. */
export async function bulkCounts(db: Kysely<Database>, bulk_uuid: string): Promise<{ stored: number; queued: number }> {
  const r = (
    await sql<{
      stored: number;
      done: number;
    }>`select coalesce(sum(stored), 0)::int as stored, coalesce(sum(done), 0)::int as done
    from bulk_deltas where bulk_uuid = ${bulk_uuid}`.execute(db)
  ).rows[0];
  return { stored: r.stored, queued: r.stored - r.done };
}

/** Sums a bulk's count rows into one (in one statement, so a concurrent read sees either form). */
export async function foldBulkDeltas(db: Kysely<Database>, bulk_uuid: string): Promise<void> {
  await sql`with d as (delete from bulk_deltas where bulk_uuid = ${bulk_uuid} returning *)
    insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done, undelivered, blocked, cancelled, awaiting)
    select ${bulk_uuid}::uuid, coalesce(sum(stored), 0), coalesce(sum(sent), 0), coalesce(sum(delivered), 0), coalesce(sum(failed), 0), coalesce(sum(done), 0),
      coalesce(sum(undelivered), 0), coalesce(sum(blocked), 0), coalesce(sum(cancelled), 0), coalesce(sum(awaiting), 0) from d`.execute(
    db,
  );
}
