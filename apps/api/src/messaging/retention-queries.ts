// The retention pass's statements on messages (retention/pass.ts calls them through the messaging repository).
// Each works on one company's outgoing or incoming messages at a time, through the list index
// (company_uuid, is_received, created_on), in batches the caller bounds: a short transaction each, rows another
// statement holds are skipped (a receipt being applied), so sends and receipts never wait on a pass. Messages still
// to go (scheduled, queued) are neither redacted nor removed.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export interface RetentionSlice {
  company_uuid: string;
  is_received: boolean;
}

/** Past a retention cutoff and done with: what a pass may redact or remove. */
const DONE = sql`status not in ('scheduled', 'queued')`;

export const retentionQueries = {
  /**
   * Blanks the bodies (to `text`) of up to `limit` messages created in [from, to), oldest first. Answers how many
   * and the newest creation among them: the caller's next batch starts there.
   */
  async redactBatch(db: Db, slice: RetentionSlice, from: Date | null, to: Date, limit: number, text: string) {
    const { rows } = await sql<{ n: number | string; last: Date | string | null }>`
      with batch as (
        select sms_uuid, created_on from sms
        where company_uuid = ${slice.company_uuid} and is_received = ${slice.is_received}
          and created_on >= ${(from ?? new Date(0)).toISOString()}::timestamptz and created_on < ${to.toISOString()}::timestamptz
          and ${DONE} and text <> ${text}
        order by created_on limit ${limit} for update skip locked),
      done as (update sms s set text = ${text} from batch b where s.sms_uuid = b.sms_uuid returning b.created_on)
      select count(*) as n, max(created_on) as last from done`.execute(db);
    const r = rows[0];
    return { n: Number(r?.n ?? 0), last: r?.last ? new Date(r.last) : null };
  },

  /** Up to `limit` whole messages created before `before`, oldest first, locked for the caller's transaction. */
  async expiredBatch(trx: Db, slice: RetentionSlice, before: Date, limit: number) {
    const { rows } = await sql<Record<string, unknown> & { sms_uuid: string; created_on: Date }>`
      select * from sms
      where company_uuid = ${slice.company_uuid} and is_received = ${slice.is_received}
        and created_on < ${before.toISOString()}::timestamptz and ${DONE}
      order by created_on limit ${limit} for update skip locked`.execute(trx);
    return rows;
  },

  /**
   * Deletes the messages (their idempotency keys, SMPP ids, Twilio records and feedback go with them: the foreign
   * keys cascade) without taking them out of the report rollups: the report's delete trigger is off for the rest
   * of the caller's transaction (retention/migrations.ts 630). Call it inside a transaction.
   */
  async removeRetained(trx: Db, ids: string[]) {
    if (!ids.length) return 0;
    await sql`select set_config('smsc.retention_removal', 'on', true)`.execute(trx);
    const r = await trx.deleteFrom('sms').where('sms_uuid', 'in', ids).executeTakeFirst();
    await sql`select set_config('smsc.retention_removal', 'off', true)`.execute(trx);
    return Number(r.numDeletedRows);
  },
};
