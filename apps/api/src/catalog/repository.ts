// The catalog's repository: what other domains read of its tables (products, rates, vendors, vendor
// products, SMSC connections), so that no file outside the catalog names them
// (tools/eslint/api-table-owners.mjs). The catalog plugin decorates the API context with it as
// `app.catalogRepository` (`app.catalog` is the compiled catalog's cache); a query module with no app
// imports `catalogRepository` from the index. Each call takes the executor it runs on. Where another
// domain's statement filters its own rows by the catalog's, the catalog hands it a fragment
// (`productsOfVendor`) instead of a second round trip.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { ofReseller, visibleRows, type CallerScope } from '../lib/tenancy';
import type { GatewayConnection } from './smsc/gateway-control';
import { deckRepository, type DeckRepository } from './decks';
import { demotionRepository, type DemotionRepository } from './demotions';

type Db = Kysely<Database>;

/** Vendors and their products by name, as relations another domain's report joins (reports' group names). */
export const vendorRows = sql<{
  vendor_uuid: string;
  vendor_name: string;
}>`(select vendor_uuid, vendor_name from vendors)`;
export const vendorProductRows = sql<{
  vendor_product_uuid: string;
  vendor_uuid: string;
  vendor_product_name: string;
}>`(
  select vendor_product_uuid, vendor_uuid, vendor_product_name from vendor_products)`;

/** What a gateway (Kannel's configuration, the direct SMPP links) reads of an SMSC connection: one list for both. */
export const GATEWAY_CONNECTION_COLUMNS = [
  'smsc_connection_uuid',
  'smsc_id',
  'vendor_uuid',
  'api_adapter_id',
  'host',
  'port',
  'system_id',
  'password',
  'system_type',
  'url',
  'throughput',
  'window_size',
  'transceiver_mode',
  'gateway',
  'binds',
] as const;

/** The vendor's products as a sub-select: `vendor_product_uuid in ${productsOfVendor(id)}`. */
export const productsOfVendor = (vendor_uuid: string): RawBuilder<unknown> =>
  sql`(select vendor_product_uuid from vendor_products where vendor_uuid = ${vendor_uuid})`;

export interface CatalogRepository extends DeckRepository, DemotionRepository {
  productsOfVendor: typeof productsOfVendor;
  /** true when the product exists and is the platform's (no reseller's) */
  isPlatformProduct(db: Db, product_uuid: string): Promise<boolean>;
  /** true when the product exists */
  productExists(db: Db, product_uuid: string): Promise<boolean>;
  /** a product's name and owner (null: the platform's), or undefined */
  productOf(
    db: Db,
    product_uuid: string,
  ): Promise<
    | { product_uuid: string; product_name: string; reseller_uuid: string | null; rate_table_uuid: string | null }
    | undefined
  >;
  /** the median price of a part in the product's rate table, in micro-units (null: no rates) */
  medianPrice(db: Db, product_uuid: string): Promise<number | null>;
  /**
   * Each vendor product with its vendor and the messages a second its active SMSC connections may take
   * together (null: unbounded, when it has none or one of them has no throughput set).
   */
  vendorRates(db: Db): Promise<{ vendor_product_uuid: string; vendor_uuid: string; rate: number | null }[]>;
  /** the vendor products that go out over these SMSC links (by smsc_id), in smsc_id order */
  productLinks(db: Db, smsc_ids: string[]): Promise<{ vendor_product_uuid: string; smsc_id: string }[]>;
  /** the smsc_id of every active SMSC connection */
  activeLinks(db: Db): Promise<string[]>;
  /** the active SMPP connections the direct gateway carries, their passwords sealed */
  directLinks(db: Db): Promise<GatewayConnection[]>;
  /** the SMSC connection named so (any case) on a vendor the caller may see, spelt as stored */
  visibleLink(db: Db, scope: CallerScope, smsc_id: string): Promise<string | undefined>;
  /** the vendor if the caller may see it (the admin any, a reseller its own) */
  visibleVendor(db: Db, scope: CallerScope, vendor_uuid: string): Promise<string | undefined>;
  /** a vendor product by its name (the seeds) */
  vendorProductNamed(
    db: Db,
    name: string,
  ): Promise<{ vendor_product_uuid: string; vendor_product_name: string } | undefined>;
}

export const catalogRepository: CatalogRepository = {
  ...deckRepository,
  ...demotionRepository,
  productsOfVendor,

  async isPlatformProduct(db, product_uuid) {
    const p = await db
      .selectFrom('products')
      .select('reseller_uuid')
      .where('product_uuid', '=', product_uuid)
      .executeTakeFirst();
    return !!p && p.reseller_uuid === null;
  },

  async productExists(db, product_uuid) {
    const p = await db
      .selectFrom('products')
      .select('product_uuid')
      .where('product_uuid', '=', product_uuid)
      .executeTakeFirst();
    return !!p;
  },

  productOf: (db, product_uuid) =>
    db
      .selectFrom('products')
      .select(['product_uuid', 'product_name', 'reseller_uuid', 'rate_table_uuid'])
      .where('product_uuid', '=', product_uuid)
      .executeTakeFirst(),

  async medianPrice(db, product_uuid) {
    const { rows } = await sql<{ m: number | null }>`
      select (percentile_cont(0.5) within group (order by r.price) * 1000000)::float8 as m
      from rates r join products p on p.rate_table_uuid = r.rate_table_uuid where p.product_uuid = ${product_uuid}`.execute(
      db,
    );
    return rows[0]?.m ?? null;
  },

  async vendorRates(db) {
    const { rows } = await sql<{ vendor_product_uuid: string; vendor_uuid: string; rate: number | null }>`
      select vp.vendor_product_uuid, vp.vendor_uuid,
        case when count(c.smsc_connection_uuid) = 0 or bool_or(c.throughput is null) then null else sum(c.throughput)::int end as rate
      from vendor_products vp left join smsc_connections c on c.vendor_uuid = vp.vendor_uuid and c.status = 'active'
      group by vp.vendor_product_uuid, vp.vendor_uuid`.execute(db);
    return rows;
  },

  async productLinks(db, smsc_ids) {
    if (!smsc_ids.length) return [];
    return db
      .selectFrom('vendor_products as vp')
      .innerJoin('smsc_connections as c', 'c.vendor_uuid', 'vp.vendor_uuid')
      .select(['vp.vendor_product_uuid', 'c.smsc_id'])
      .where('c.smsc_id', 'in', smsc_ids)
      .orderBy('c.smsc_id')
      .execute();
  },

  async activeLinks(db) {
    const rows = await db.selectFrom('smsc_connections').select('smsc_id').where('status', '=', 'active').execute();
    return rows.map((r) => r.smsc_id);
  },

  async directLinks(db) {
    return db
      .selectFrom('smsc_connections')
      .select(GATEWAY_CONNECTION_COLUMNS)
      .where('status', '=', 'active')
      .where('gateway', '=', 'direct')
      .where('api_adapter_id', '=', 'smpp')
      .orderBy('smsc_id')
      .execute();
  },

  async visibleLink(db, scope, smsc_id) {
    const row = await db
      .selectFrom('smsc_connections as c')
      .leftJoin('vendors as v', 'v.vendor_uuid', 'c.vendor_uuid')
      .select('c.smsc_id')
      .where(sql<boolean>`lower(c.smsc_id) = lower(${smsc_id})`)
      .where(visibleRows(scope, ofReseller('v.reseller_uuid')))
      .executeTakeFirst();
    return row?.smsc_id;
  },

  async visibleVendor(db, scope, vendor_uuid) {
    const row = await db
      .selectFrom('vendors')
      .select('vendor_uuid')
      .where('vendor_uuid', '=', vendor_uuid)
      .where(visibleRows(scope, ofReseller('vendors.reseller_uuid')))
      .executeTakeFirst();
    return row?.vendor_uuid;
  },

  async vendorProductNamed(db, name) {
    return db
      .selectFrom('vendor_products')
      .select(['vendor_product_uuid', 'vendor_product_name'])
      .where('vendor_product_name', '=', name)
      .executeTakeFirst();
  },
};
