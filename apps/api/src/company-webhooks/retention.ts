// Finished webhook events (delivered, or failed after their last attempt) are kept for the delivery log for
// COMPANY_WEBHOOK_RETENTION_DAYS, then deleted with their attempt rows (on delete cascade). Without it the
// events table grows by about three rows a message for ever, and every claim and log read pays for it.
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';

/** rows deleted per statement: short transactions, so a sweep never holds many row locks at once */
export const SWEEP_BATCH = 5000;

/**
 * Deletes up to `limit` finished events that occurred before `before`, oldest first, and answers how many.
 * Rows another node is sweeping are skipped, so nodes may sweep at the same time (the dispatcher holds only
 * pending events, under its lease rows, and a sweep never takes those).
 */
export async function sweepFinished(db: Kysely<Database>, before: Date, limit = SWEEP_BATCH): Promise<number> {
  // Ids grow with time, so the first event at or after the cut-off bounds the scan: without the bound, a sweep
  // with fewer than `limit` rows left would read the whole table (every recent event) to fill its limit.
  const r = await sql`delete from webhook_messages where delivery_id in (
      select delivery_id from webhook_messages where state <> 'pending' and occurred_on < ${before}
        and delivery_id < coalesce((select min(delivery_id) from webhook_messages where occurred_on >= ${before}),
          9223372036854775807)
      order by delivery_id limit ${limit} for update skip locked)`.execute(db);
  const deleted = Number(r.numAffectedRows ?? 0);
  if (deleted >= limit) return deleted;
  // batches (migration 228): a batch is done once each of its events was delivered or became a row of its own
  const b = await sql`delete from webhook_batches where batch_id in (
      select batch_id from webhook_batches where state = 'done' and occurred_on < ${before}
        and batch_id < coalesce((select min(batch_id) from webhook_batches where occurred_on >= ${before}),
          9223372036854775807)
      order by batch_id limit ${limit - deleted} for update skip locked)`.execute(db);
  return deleted + Number(b.numAffectedRows ?? 0);
}

export interface RetentionOptions {
  /** 0 keeps every event */
  days: number;
  /** how often a node sweeps */
  everyMs: number;
  log: FastifyBaseLogger;
}

/** Sweeps on a timer until stopped; answers the stop, which waits for a sweep in progress. */
export function startRetention(db: Kysely<Database>, o: RetentionOptions): () => Promise<void> {
  if (o.days <= 0) return async () => undefined;
  let stopped = false;
  let running: Promise<void> | null = null;
  const sweep = async () => {
    const before = new Date(Date.now() - o.days * 86_400_000);
    let total = 0;
    let n = SWEEP_BATCH;
    while (n === SWEEP_BATCH && !stopped) {
      n = await sweepFinished(db, before);
      total += n;
    }
    if (total) o.log.info({ deleted: total, before }, 'company webhook events past their retention deleted');
  };
  const timer = setInterval(() => {
    running ??= sweep()
      .catch((e: Error) => o.log.warn({ err: e.message }, 'company webhook retention sweep failed'))
      .finally(() => (running = null));
  }, o.everyMs);
  timer.unref();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
