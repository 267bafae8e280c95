// The catalog's statements on vendors and vendor products, for their handlers (catalog/routes/vendors.ts).
// `visible` is the caller's tenancy filter (`rowsOf`) over the vendor's owner column the function names.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { VendorListQuery, VendorProductListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';

type Db = Kysely<Database>;

/** `visible` over `vendors.reseller_uuid`. */
export function listVendors(db: Db, visible: Expression<SqlBool>, q: VendorListQuery) {
  let list = db.selectFrom('vendors').where(visible);
  if (q.vendor_name) list = list.where('vendor_name', 'ilike', wildcard(q.vendor_name));
  if (q.vendor_type) list = list.where('vendor_type', 'ilike', wildcard(q.vendor_type));
  if (q.status) list = list.where('status', '=', q.status);
  const { col, dir } = ordering(q, ['vendor_name', 'vendor_type', 'status', 'created_on'] as const, 'vendor_name');
  return listPage(q, list.selectAll().orderBy(col, dir).orderBy('vendor_uuid'), list);
}

/** The vendor when `visible` (over `reseller_uuid`) lets the caller see it, or undefined. */
export const visibleVendor = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db.selectFrom('vendors').selectAll().where('vendor_uuid', '=', id).where(visible).executeTakeFirst();

/** Whether the caller may name this vendor: its id when `visible` (over `reseller_uuid`) lets it, or undefined. */
export const visibleVendorId = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db.selectFrom('vendors').select('vendor_uuid').where('vendor_uuid', '=', id).where(visible).executeTakeFirst();

export const insertVendor = (db: Db, values: Insertable<Database['vendors']>) =>
  db.insertInto('vendors').values(values).returningAll().executeTakeFirstOrThrow();

/** The updated vendor, or undefined when the caller may not see it (`visible` over `reseller_uuid`). */
export const updateVendor = (db: Db, id: string, visible: Expression<SqlBool>, set: Updateable<Database['vendors']>) =>
  db.updateTable('vendors').set(set).where('vendor_uuid', '=', id).where(visible).returningAll().executeTakeFirst();

/** The deleted vendor, or undefined when the caller may not see it (`visible` over `reseller_uuid`). */
export const deleteVendor = (db: Db, id: string, visible: Expression<SqlBool>) =>
  db.deleteFrom('vendors').where('vendor_uuid', '=', id).where(visible).returningAll().executeTakeFirst();

/** The vendor's owner (null: the system's, or no such vendor). */
export const vendorOwner = async (db: Db, vendor_uuid: string) =>
  (await db.selectFrom('vendors').select('reseller_uuid').where('vendor_uuid', '=', vendor_uuid).executeTakeFirst())
    ?.reseller_uuid ?? null;

// Vendor products belong to their vendor's owner: `visible` goes over `v.reseller_uuid`.
const productSelect = (db: Db) =>
  db
    .selectFrom('vendor_products as vp')
    .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .select([
      'vp.vendor_product_uuid',
      'vp.vendor_uuid',
      'v.vendor_name',
      'vp.vendor_product_name',
      'vp.type',
      'vp.mobile_network_uuid',
      'vp.status',
      'vp.created_on',
      sql<number>`(select count(*)::int from rates r where r.vendor_product_uuid = vp.vendor_product_uuid)`.as(
        'rate_count',
      ),
    ]);

/** The vendor product with its vendor's name and rate count, when `visible` (over `v.reseller_uuid`), or undefined. */
export const visibleProduct = (db: Db, id: string, visible: Expression<SqlBool>) =>
  productSelect(db).where('vp.vendor_product_uuid', '=', id).where(visible).executeTakeFirst();

/** `visible` over `v.reseller_uuid`. */
export function listVendorProducts(db: Db, visible: Expression<SqlBool>, q: VendorProductListQuery) {
  let list = db
    .selectFrom('vendor_products as vp')
    .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .where(visible);
  if (q.vendor_uuid) list = list.where('vp.vendor_uuid', '=', q.vendor_uuid);
  if (q.type) list = list.where('vp.type', 'ilike', wildcard(q.type));
  if (q.vendor_product_name) list = list.where('vp.vendor_product_name', 'ilike', wildcard(q.vendor_product_name));
  const { col, dir } = ordering(q, ['vendor_product_name', 'type', 'created_on'] as const, 'vendor_product_name');
  const ids = list.select('vp.vendor_product_uuid');
  return listPage(
    q,
    productSelect(db)
      .where('vp.vendor_product_uuid', 'in', ids)
      .orderBy(`vp.${col}`, dir)
      .orderBy('vp.vendor_product_uuid'),
    list,
  );
}

/** Whether the mobile network exists. */
export const networkExists = async (db: Db, id: string) =>
  !!(await db
    .selectFrom('mobile_networks')
    .select('mobile_network_uuid')
    .where('mobile_network_uuid', '=', id)
    .executeTakeFirst());

/** The new vendor product's id. */
export const insertVendorProduct = async (db: Db, values: Insertable<Database['vendor_products']>) =>
  (await db.insertInto('vendor_products').values(values).returning('vendor_product_uuid').executeTakeFirstOrThrow())
    .vendor_product_uuid;

export const updateVendorProduct = (db: Db, id: string, set: Updateable<Database['vendor_products']>) =>
  db.updateTable('vendor_products').set(set).where('vendor_product_uuid', '=', id).execute();

export const deleteVendorProduct = (db: Db, id: string) =>
  db.deleteFrom('vendor_products').where('vendor_product_uuid', '=', id).execute();
