// What other domains read of resellers: names by id, whether one exists, the demo reseller the seeds look up,
// the platform product a reseller buys by, and the name an account's owner goes by.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** reseller_uuid → name, for the ids given. */
export async function resellerNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('resellers')
    .select(['reseller_uuid', 'reseller_name'])
    .where('reseller_uuid', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.reseller_uuid, r.reseller_name]));
}

/** Whether a reseller of this id exists (an id taken from a request before anything is written for it). */
export const resellerExists = async (db: Db, reseller_uuid: string): Promise<boolean> =>
  !!(await db
    .selectFrom('resellers')
    .select('reseller_uuid')
    .where('reseller_uuid', '=', reseller_uuid)
    .executeTakeFirst());

/** The id of the reseller of this name (the seeds find the demo reseller so). */
export async function resellerNamed(db: Db, reseller_name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('resellers')
    .select('reseller_uuid')
    .where('reseller_name', '=', reseller_name)
    .executeTakeFirst();
  return row?.reseller_uuid;
}

/** The platform product a reseller pays the platform by (its cost), or null when it has none. */
export async function resellerCostProduct(db: Db, reseller_uuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('resellers')
    .select('platform_product_uuid')
    .where('reseller_uuid', '=', reseller_uuid)
    .executeTakeFirst();
  return row?.platform_product_uuid ?? null;
}

/** The name an account's owner goes by: the company's, or the reseller's for its own account ('' when gone). */
export async function ownerName(
  db: Db,
  owner: { company_uuid: string | null; reseller_uuid: string | null },
): Promise<string> {
  const name = owner.company_uuid
    ? (
        await db
          .selectFrom('companies')
          .select('company_name')
          .where('company_uuid', '=', owner.company_uuid)
          .executeTakeFirst()
      )?.company_name
    : (
        await db
          .selectFrom('resellers')
          .select('reseller_name')
          .where('reseller_uuid', '=', owner.reseller_uuid)
          .executeTakeFirst()
      )?.reseller_name;
  return name ?? '';
}
