// The catalog's statements on products, for their handlers (catalog/routes/products.ts). The companies a product
// prices are the accounts domain's rows: counted and listed through its repository.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { ProductListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { accountsRepository } from '../accounts';

type Db = Kysely<Database>;

const productSelect = (db: Db) =>
  db
    .selectFrom('products as p')
    .leftJoin('rate_tables as rt', 'rt.rate_table_uuid', 'p.rate_table_uuid')
    .leftJoin('routings as ro', 'ro.routing_uuid', 'p.routing_uuid')
    .select([
      'p.product_uuid',
      'p.product_name',
      'p.status',
      'p.rate_table_uuid',
      'rt.rate_table_name',
      'p.routing_uuid',
      'ro.routing_name',
      'p.reseller_uuid',
      'p.number_lookup',
      sql<string | null>`p.lookup_cost::text`.as('lookup_cost'),
      'p.created_on',
      accountsRepository.companyCountOn(sql.ref('p.product_uuid')).as('company_count'),
    ]);

/** The product as the API shows it when `visible` (over `p.reseller_uuid`) lets the caller see it, or undefined. */
export const visibleProduct = (db: Db, id: string, visible: Expression<SqlBool>) =>
  productSelect(db).where('p.product_uuid', '=', id).where(visible).executeTakeFirst();

/** `visible` over `p.reseller_uuid`. */
export function listProducts(db: Db, visible: Expression<SqlBool>, q: ProductListQuery) {
  let list = productSelect(db).where(visible);
  if (q.product_name) list = list.where('p.product_name', 'ilike', wildcard(q.product_name));
  if (q.status) list = list.where('p.status', '=', q.status);
  const { col, dir } = ordering(q, ['product_name', 'status', 'created_on'] as const, 'product_name');
  return listPage(q, list.orderBy(`p.${col}`, dir).orderBy('p.product_uuid'), db.selectFrom(list.as('l')));
}

/** The new product's id. */
export const insertProduct = async (db: Db, values: Insertable<Database['products']>) =>
  (await db.insertInto('products').values(values).returning('product_uuid').executeTakeFirstOrThrow()).product_uuid;

export const updateProduct = (db: Db, product_uuid: string, set: Updateable<Database['products']>) =>
  db.updateTable('products').set(set).where('product_uuid', '=', product_uuid).execute();

export const deleteProduct = (db: Db, product_uuid: string) =>
  db.deleteFrom('products').where('product_uuid', '=', product_uuid).execute();
