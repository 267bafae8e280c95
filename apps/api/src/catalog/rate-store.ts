// The catalog's statements on single rates, for their handlers (catalog/routes/rates.ts). `owned` is the caller's
// filter over the rate's table or vendor owner (`rateOwned`); `visible` the tenancy filter the function names.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { RateListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { priceText, rateColumns, rateSelect } from './routes/rate-query';

type Db = Kysely<Database>;

/** The rate with its table's type and owner (the table's or the vendor's) when `owned`, or undefined. */
export const ownedRate = (db: Db, id: string, owned: Expression<SqlBool>) =>
  rateSelect(db)
    .select([
      ...rateColumns,
      priceText,
      'rt.rate_table_type',
      sql<string | null>`coalesce(rt.reseller_uuid, v.reseller_uuid)`.as('owner'),
    ])
    .where('rates.rate_uuid', '=', id)
    .where(owned)
    .executeTakeFirst();

export function listRates(db: Db, owned: Expression<SqlBool>, q: RateListQuery) {
  let list = rateSelect(db).where(owned);
  // Spec §7: items without a vendor product name are dropped, i.e. the list is of vendor rates,
  // unless the caller asks for a rate table's own (selling) rates.
  if (q.rate_table_uuid || q.rate_table_type) {
    if (q.rate_table_uuid) list = list.where('rates.rate_table_uuid', '=', q.rate_table_uuid);
    if (q.rate_table_type) list = list.where('rt.rate_table_type', '=', q.rate_table_type);
  } else list = list.where('vp.vendor_product_name', 'is not', null);
  if (q.vendor_product_uuid) list = list.where('rates.vendor_product_uuid', '=', q.vendor_product_uuid);
  if (q.vendor_uuid) list = list.where('v.vendor_uuid', '=', q.vendor_uuid);
  if (q.type) list = list.where('vp.type', 'ilike', wildcard(q.type));
  if (q.mobile_network_uuid) list = list.where('rates.mobile_network_uuid', '=', q.mobile_network_uuid);
  if (q.code)
    list = q.code.includes('*')
      ? list.where('rates.code', 'like', q.code.replace(/\*/g, '%'))
      : list.where('rates.code', '=', q.code);
  if (q.country_name) list = list.where('rates.country_name', 'ilike', wildcard(q.country_name));
  const { col, dir } = ordering(q, ['code', 'price', 'effective_from', 'country_name', 'created_on'] as const, 'code');
  return listPage(
    q,
    list
      .select([...rateColumns, priceText])
      .orderBy(`rates.${col}`, dir)
      .orderBy('rates.rate_uuid'),
    list,
  );
}

/** The rate table's type when `visible` (over `reseller_uuid`) lets the caller name it, or undefined. */
export const visibleRateTableType = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db
    .selectFrom('rate_tables')
    .select('rate_table_type')
    .where('rate_table_uuid', '=', id)
    .where(visible)
    .executeTakeFirst();

/** The vendor product's id when `visible` (over `v.reseller_uuid`, its vendor's owner) lets the caller name it. */
export const visibleVendorProductId = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db
    .selectFrom('vendor_products as vp')
    .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .select('vp.vendor_product_uuid')
    .where('vp.vendor_product_uuid', '=', id)
    .where(visible)
    .executeTakeFirst();

/** The new rate's id. */
export const insertRate = async (db: Db, values: Insertable<Database['rates']>) =>
  (await db.insertInto('rates').values(values).returning('rate_uuid').executeTakeFirstOrThrow()).rate_uuid;

export const updateRate = (db: Db, rate_uuid: string, set: Updateable<Database['rates']>) =>
  db.updateTable('rates').set(set).where('rate_uuid', '=', rate_uuid).execute();

export const deleteRate = (db: Db, rate_uuid: string) =>
  db.deleteFrom('rates').where('rate_uuid', '=', rate_uuid).execute();
