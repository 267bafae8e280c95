// Numbers' statements for ordering and giving back numbers (the order routes): the numbers taken, an order's
// Idempotency-Key (did_orders), the ordered rows and the rows a disconnect ends. Each takes the executor first, so
// a call joins the caller's transaction (an order and a disconnect are each one).
import type { Expression, Insertable, Kysely, SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import { didsQuery } from './queries';

type Db = Kysely<Database>;

/** Which of these numbers (E.164) are in the inventory already, whoever holds them. */
export async function takenNumbers(db: Db, numbers: string[]): Promise<Set<string>> {
  if (!numbers.length) return new Set();
  const rows = await db.selectFrom('dids').select('did').where('did', 'in', numbers).execute();
  return new Set(rows.map((r) => r.did));
}

/** Claims the caller's Idempotency-Key for this order; false when an earlier order holds it. */
export async function claimOrderKey(db: Db, user_uuid: string, key: string, request_hash: string): Promise<boolean> {
  const claimed = await db
    .insertInto('did_orders')
    .values({ user_uuid, idempotency_key: key, request_hash })
    .onConflict((oc) => oc.columns(['user_uuid', 'idempotency_key']).doNothing())
    .returning('idempotency_key')
    .executeTakeFirst();
  return !!claimed;
}

/** The earlier order under the caller's key: what it asked for (hashed) and what it answered. */
export const priorOrder = (db: Db, user_uuid: string, key: string) =>
  db
    .selectFrom('did_orders')
    .select(['request_hash', 'result'])
    .where('user_uuid', '=', user_uuid)
    .where('idempotency_key', '=', key)
    .executeTakeFirstOrThrow();

/** Keeps the order's answer under the caller's key (a repeat answers it). */
export async function saveOrderResult(db: Db, user_uuid: string, key: string, items: unknown[]): Promise<void> {
  await db
    .updateTable('did_orders')
    .set({ result: JSON.stringify(items) })
    .where('user_uuid', '=', user_uuid)
    .where('idempotency_key', '=', key)
    .execute();
}

/** Inserts the ordered numbers, skipping any the inventory has; the numbers inserted. */
export const insertOrdered = (db: Db, rows: Insertable<Database['dids']>[]) =>
  db
    .insertInto('dids')
    .values(rows)
    .onConflict((oc) => oc.column('did').doNothing())
    .returning('did')
    .execute();

/** The numbers (E.164) as the API shows them, in number order. */
export const didsNumbered = (db: Db, numbers: string[]) =>
  didsQuery(db).where('dids.did', 'in', numbers).orderBy('dids.did').execute();

/** Those of the numbers in scope a company holds, locked until the caller's transaction ends. */
export const heldNumbersForUpdate = (db: Db, scope: Expression<SqlBool>, numbers: string[]) =>
  db
    .selectFrom('dids')
    .select(['did_uuid', 'did', 'source'])
    .where(scope)
    .where('company_uuid', 'is not', null)
    .where('did', 'in', numbers)
    .forUpdate()
    .execute();

/** Ordered numbers going back to their provider: their rows go. */
export async function deleteDids(db: Db, did_uuids: string[]): Promise<void> {
  await db.deleteFrom('dids').where('did_uuid', 'in', did_uuids).execute();
}

/** Numbers from stock going back to it: their company and user end. */
export async function returnToStock(db: Db, did_uuids: string[]): Promise<void> {
  await db
    .updateTable('dids')
    .set({ company_uuid: null, user_uuid: null })
    .where('did_uuid', 'in', did_uuids)
    .execute();
}
