// Accounts' statements on resellers for the admin's reseller routes (list, edit, delete, CSV import); what other
// domains read of resellers is reseller-reads.ts. Each takes the executor first, so a call joins a transaction.
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import type { ResellerListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';

type Db = Kysely<Database>;
type Resellers = Database['resellers'];

export function listResellers(db: Db, q: ResellerListQuery) {
  let base = db.selectFrom('resellers');
  if (q.reseller_name) base = base.where('reseller_name', 'ilike', wildcard(q.reseller_name));
  const { col, dir } = ordering(q, ['reseller_name', 'created_on'] as const, 'reseller_name');
  return listPage(q, base.selectAll().orderBy(col, dir).orderBy('reseller_uuid'), base);
}

/** The reseller, or undefined when there is none of this id. */
export const resellerRow = (db: Db, reseller_uuid: string) =>
  db.selectFrom('resellers').selectAll().where('reseller_uuid', '=', reseller_uuid).executeTakeFirst();

/** The reseller locked for the rest of the transaction `trx` (undefined when there is none of this id). */
export const lockReseller = (trx: Db, reseller_uuid: string) =>
  trx.selectFrom('resellers').selectAll().where('reseller_uuid', '=', reseller_uuid).forUpdate().executeTakeFirst();

export const insertReseller = (db: Db, values: Insertable<Resellers>) =>
  db.insertInto('resellers').values(values).returningAll().executeTakeFirstOrThrow();

/** The updated reseller, or undefined when there is none of this id. */
export const updateReseller = (db: Db, reseller_uuid: string, set: Updateable<Resellers>) =>
  db.updateTable('resellers').set(set).where('reseller_uuid', '=', reseller_uuid).returningAll().executeTakeFirst();

export async function deleteReseller(db: Db, reseller_uuid: string): Promise<void> {
  await db.deleteFrom('resellers').where('reseller_uuid', '=', reseller_uuid).execute();
}

/** The first `limit` of a reseller's companies by name, each with the count of them all (none: an empty list). */
export const resellerCompanies = (db: Db, reseller_uuid: string, limit: number) =>
  db
    .selectFrom('companies')
    .select(['company_name', (eb) => eb.fn.countAll<string>().over().as('total')])
    .where('reseller_uuid', '=', reseller_uuid)
    .orderBy('company_name')
    .limit(limit)
    .execute();

/** A reseller already named one of `names`, compared without case, or undefined when none is. */
export const resellerNamedAmong = (db: Db, names: string[]) =>
  db
    .selectFrom('resellers')
    .select('reseller_name')
    .where(
      sql<string>`lower(reseller_name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .executeTakeFirst();

export async function insertResellersNamed(db: Db, names: string[]): Promise<void> {
  await db
    .insertInto('resellers')
    .values(names.map((reseller_name) => ({ reseller_name })))
    .execute();
}
