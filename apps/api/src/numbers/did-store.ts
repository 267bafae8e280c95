// Numbers' statements on the inventory (dids) for the number routes. `scope` is the caller's visible numbers
// (rowsOf with DID_OWNERS). Each takes the executor first, so a call joins the caller's transaction.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { DidListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering } from '../lib/list';
import { didsQuery } from './queries';

type Db = Kysely<Database>;
type Dids = Database['dids'];
type Query = ReturnType<typeof didsQuery>;

function filtered(base: Query, q: DidListQuery & { user_id?: string }): Query {
  let b = base;
  if (q.did) b = b.where('dids.did', 'like', `%${q.did.replace(/[^0-9]/g, '')}%`);
  if (q.country_uuid) b = b.where('dids.country_uuid', '=', q.country_uuid);
  if (q.type) b = b.where('dids.type', '=', q.type);
  if (q.did_type) b = b.where('dids.did_type', '=', q.did_type);
  if (q.area_code) b = b.where('dids.area_code', '=', q.area_code);
  if (q.is_assigned !== undefined) b = b.where(sql<boolean>`(dids.company_uuid is not null) = ${q.is_assigned}`);
  if (q.is_toll_free !== undefined) b = b.where('dids.is_toll_free', '=', q.is_toll_free);
  if (q.vendor) b = b.where('dids.vendor_uuid', '=', q.vendor);
  if (q.reseller) b = b.where('dids.reseller_uuid', '=', q.reseller);
  if (q.company_uuid) b = b.where('dids.company_uuid', '=', q.company_uuid);
  if (q.user_id) b = b.where('dids.user_uuid', '=', q.user_id);
  return b;
}

/** A page of the numbers in scope: all of them, those given to a company (`assigned`) or those in stock (`free`). */
export function listDids(
  db: Db,
  scope: Expression<SqlBool>,
  q: DidListQuery & { user_id?: string },
  held?: 'assigned' | 'free',
) {
  let base = didsQuery(db).where(scope);
  if (held === 'assigned') base = base.where('dids.company_uuid', 'is not', null);
  if (held === 'free') base = base.where('dids.company_uuid', 'is', null);
  const b = filtered(base, q);
  const { col, dir } = ordering(q, ['did', 'created_on', 'area_code'] as const, 'created_on', 'desc');
  return listPage(q, b.orderBy(`dids.${col}`, dir).orderBy('dids.did_uuid'), b.clearSelect());
}

/** The number as the API shows it, once the caller is known to see it. */
export const didById = (db: Db, did_uuid: string) =>
  didsQuery(db).where('dids.did_uuid', '=', did_uuid).executeTakeFirstOrThrow();

/** The stored row as it is (the audit log's before and after). */
export const storedDid = (db: Db, did_uuid: string) =>
  db.selectFrom('dids').selectAll().where('did_uuid', '=', did_uuid).executeTakeFirst();

/** A new number; its id, or undefined when the number is already in the inventory. */
export async function insertDid(db: Db, values: Insertable<Dids>): Promise<string | undefined> {
  const row = await db
    .insertInto('dids')
    .values(values)
    .onConflict((oc) => oc.column('did').doNothing())
    .returning('did_uuid')
    .executeTakeFirst();
  return row?.did_uuid;
}

export async function updateDid(db: Db, did_uuid: string, set: Updateable<Dids>): Promise<void> {
  await db.updateTable('dids').set(set).where('did_uuid', '=', did_uuid).execute();
}

/** Deletes the number if in scope; the row it was, or undefined. */
export const deleteDidInScope = (db: Db, scope: Expression<SqlBool>, did_uuid: string) =>
  db.deleteFrom('dids').where('did_uuid', '=', did_uuid).where(scope).returningAll().executeTakeFirst();

/** Deletes those of the numbers in scope; the ids deleted. */
export const deleteDidsInScope = (db: Db, scope: Expression<SqlBool>, did_uuids: string[]) =>
  db.deleteFrom('dids').where(scope).where('did_uuid', 'in', did_uuids).returning('did_uuid').execute();
