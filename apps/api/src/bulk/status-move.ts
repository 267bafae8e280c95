// A bulk's status moved by hand (run, hold, stop), as the state machine allows, once however many race.
import { sql, type Kysely } from 'kysely';
import type { BulkStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { bulkMovableFrom, nextBulkStatus, type BulkAction } from './engine/state';

/** Moves the bulk by `action`; 409 when its status does not allow it. */
export async function moveBulk(db: Kysely<Database>, bulk_uuid: string, action: BulkAction): Promise<BulkStatus> {
  const current = await db
    .selectFrom('bulks')
    .select(['status', 'send_at', 'started_on'])
    .where('bulk_uuid', '=', bulk_uuid)
    .executeTakeFirst();
  if (!current) throw notFound('Bulk');
  const waiting = !current.started_on && !!current.send_at && current.send_at.getTime() > Date.now() + 1000;
  const next = nextBulkStatus(current.status, action, waiting);
  if (!next.ok) throw new HttpError(409, next.message);
  // a move by hand replaces a hold the job took for its balance
  const set: Record<string, unknown> = { status: next.to, hold_reason: null };
  if (next.to === 'running') set.started_on = sql`coalesce(started_on, now())`;
  if (next.to === 'stopped' || next.to === 'finished') set.finished_on = new Date();
  // The guard makes two racing requests move once; the loser hears the state it lost to.
  const done = await db
    .updateTable('bulks')
    .set(set)
    .where('bulk_uuid', '=', bulk_uuid)
    .where('status', 'in', bulkMovableFrom(action))
    .returning('status')
    .executeTakeFirst();
  if (!done) return moveBulk(db, bulk_uuid, action);
  return next.to;
}
