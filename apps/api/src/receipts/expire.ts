// Lost-receipt reconciliation. A message handed to the gateway waits in "sent" for its delivery
// report; when the report never comes (smsbox died with bearerbox before it relayed it, the carrier
// dropped it, the simulator's timer died with the process) the message would stay "sent" and its
// charge held forever. After a configurable time it is treated as the SMSC's own EXPIRED receipt
// would be: undelivered (SMPP's EXPIRED is Kannel's type 2, which the pipeline maps to undelivered),
// and the hold is released by the same rule and code as any undelivered report (messaging/batch.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { applyReports, smsRows } from '../messaging';

export interface ExpiryOptions {
  /** a message "sent" longer than this without a receipt is expired */
  afterSeconds: number;
  /** messages moved per transaction */
  batchSize?: number;
  /** at most this many per call (a job must end well within its 60 s expiry); the next run goes on */
  maxPerRun?: number;
}

export const expiryMessage = (afterSeconds: number) =>
  `Expired: no delivery receipt within ${afterSeconds % 3600 === 0 ? `${afterSeconds / 3600} h` : afterSeconds % 60 === 0 ? `${afterSeconds / 60} min` : `${afterSeconds} s`}`;

/**
 * Moves every outgoing message that has been "sent" for longer than `afterSeconds` to undelivered and
 * releases its hold; answers how many moved. Idempotent and safe beside live reports: each move is
 * applyReports' guarded UPDATE (only from a state that may move), so a receipt that lands at the same
 * moment wins or loses as a whole and the hold is closed once.
 */
export async function expireLostReceipts(
  db: Kysely<Database>,
  o: ExpiryOptions,
): Promise<{ expired: number; more: boolean }> {
  const batchSize = o.batchSize ?? 500;
  const maxPerRun = o.maxPerRun ?? 20_000;
  const cutoff = sql<Date>`now() - ${o.afterSeconds} * interval '1 second'`;
  const message = expiryMessage(o.afterSeconds);
  let expired = 0;
  for (let seen = 0; seen < maxPerRun;) {
    // created_on ≤ sent_on, so the in-flight index (created_on where queued or sent) narrows the scan
    const rows = await db
      .selectFrom(smsRows.as('sms'))
      .select('sms_uuid')
      .where('status', '=', 'sent')
      .where('is_received', '=', false)
      .where('created_on', '<', cutoff)
      .where(sql<Date>`coalesce(sent_on, created_on)`, '<', cutoff)
      .orderBy('created_on')
      .limit(Math.min(batchSize, maxPerRun - seen))
      .execute();
    if (!rows.length) return { expired, more: false };
    seen += rows.length;
    const moved = await db.transaction().execute((trx) =>
      applyReports(
        trx,
        rows.map((r) => ({ sms_uuid: r.sms_uuid, to: 'undelivered' as const, message })),
      ),
    );
    expired += moved.filter((m) => m.moved).length;
    if (rows.length < batchSize) return { expired, more: false };
  }
  return { expired, more: true };
}
