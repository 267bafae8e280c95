// The catalog's statements for rate files (catalog/routes/rate-export.ts and rate-import.ts): the deck or table a
// caller may export or import into, the rates a page at a time, the networks by mcc-mnc.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export type RateFileOwner = { rate_table_uuid: string } | { vendor_product_uuid: string };

/**
 * One page of an owner's rates for the CSV, keyset on the code (empty for a network's rate), then the id:
 * the rows after `after`, at most `limit`.
 */
export function rateFilePage(db: Db, owner: RateFileOwner, after: { code: string; id: string } | null, limit: number) {
  let q = db
    .selectFrom('rates')
    .leftJoin('mobile_networks as mn', 'mn.mobile_network_uuid', 'rates.mobile_network_uuid')
    .select([
      'rates.rate_uuid',
      'rates.code',
      'rates.mobile_network_uuid',
      sql<string>`rates.price::text`.as('price'),
      'rates.effective_from',
      'mn.mcc',
      'mn.mnc',
      'mn.network_name',
      'rates.country_name',
      sql<string>`coalesce(rates.code, '')`.as('sort_code'),
    ]);
  q =
    'rate_table_uuid' in owner
      ? q.where('rates.rate_table_uuid', '=', owner.rate_table_uuid)
      : q.where('rates.vendor_product_uuid', '=', owner.vendor_product_uuid);
  if (after)
    q = q.where(sql<boolean>`(coalesce(rates.code, ''), rates.rate_uuid) > (${after.code}, ${after.id}::uuid)`);
  return q
    .orderBy(sql`coalesce(rates.code, '')`)
    .orderBy('rates.rate_uuid')
    .limit(limit)
    .execute();
}

/** The rate table's id and name when `visible` (over `reseller_uuid`) lets the caller see it, or undefined. */
export const namedRateTable = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db
    .selectFrom('rate_tables')
    .select(['rate_table_uuid', 'rate_table_name'])
    .where('rate_table_uuid', '=', id)
    .where(visible)
    .executeTakeFirst();

/** The vendor product's id and name when `visible` (over `v.reseller_uuid`) lets the caller see it, or undefined. */
export const namedVendorProduct = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db
    .selectFrom('vendor_products as vp')
    .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .select(['vp.vendor_product_uuid', 'vp.vendor_product_name'])
    .where('vp.vendor_product_uuid', '=', id)
    .where(visible)
    .executeTakeFirst();

/** The rate table's id and type when `visible` (over `reseller_uuid`) lets the caller see it, or undefined. */
export const typedRateTable = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db
    .selectFrom('rate_tables')
    .select(['rate_table_uuid', 'rate_table_type'])
    .where('rate_table_uuid', '=', id)
    .where(visible)
    .executeTakeFirst();

/** Every mobile network's id by its mcc and mnc. */
export const networkCodes = (db: Db) =>
  db.selectFrom('mobile_networks').select(['mobile_network_uuid', 'mcc', 'mnc']).execute();
