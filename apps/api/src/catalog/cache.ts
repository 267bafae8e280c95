import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { compileCatalog, type CatalogRows, type CompiledCatalog } from './engine';

/** Reads every catalog row the engine needs (plain data in, so the engine stays free of the database). */
export async function loadCatalogRows(db: Kysely<Database>): Promise<CatalogRows> {
  const [networks, networkPrefixes, products, rateTables, routes, vendorProducts, rates] = await Promise.all([
    db
      .selectFrom('mobile_networks')
      .select(['mobile_network_uuid', 'network_name', 'iso3', 'iso2', 'mcc', 'mnc'])
      .execute(),
    db.selectFrom('network_prefixes').select(['prefix', 'mobile_network_uuid']).execute(),
    db
      .selectFrom('products')
      .select([
        'product_uuid',
        'status',
        'rate_table_uuid',
        'routing_uuid',
        'number_lookup',
        sql<string | null>`lookup_cost::text`.as('lookup_cost'),
      ])
      .execute(),
    db.selectFrom('rate_tables').select(['rate_table_uuid', 'rate_table_type']).execute(),
    db
      .selectFrom('routes')
      .select(['routing_uuid', 'code', 'mobile_network_uuid', 'vendor_product_uuid', 'is_pinned'])
      .orderBy('position')
      .execute(),
    db
      .selectFrom('vendor_products')
      .innerJoin('vendors', 'vendors.vendor_uuid', 'vendor_products.vendor_uuid')
      .select([
        'vendor_product_uuid',
        'vendor_product_name',
        sql<boolean>`vendor_products.status = 'active' and vendors.status = 'active'`.as('active'),
      ])
      .execute(),
    // price as text: numeric must never pass through a float on its way to micro-units
    db
      .selectFrom('rates')
      .select([
        'rate_table_uuid',
        'vendor_product_uuid',
        'code',
        'mobile_network_uuid',
        sql<string>`price::text`.as('price'),
        'effective_from',
        'ceases_on',
        'charge_basis',
      ])
      .execute(),
  ]);
  return { networks, networkPrefixes, products, rateTables, routes, vendorProducts, rates };
}

/** Every catalog write calls this in its transaction, so every process sees the version move. */
export async function bumpCatalogVersion(db: Kysely<Database> | Transaction<Database>): Promise<void> {
  await db
    .updateTable('catalog_version')
    .set({ version: sql`version + 1`, changed_on: sql`now()` })
    .where('id', '=', 1)
    .execute();
}

/**
 * The compiled catalog of one process. A quote reads the version row at most once per `checkEveryMs`
 * (other processes' writes show up within that time; on a real PostgreSQL a NOTIFY could shorten it)
 * and recompiles when it moved; this process's own writes call `invalidate()` and are seen at once.
 */
export class CatalogCache {
  private compiled: CompiledCatalog | null = null;
  private version: string | null = null;
  private checkedAt = 0;
  private loading: Promise<CompiledCatalog> | null = null;
  reloads = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkEveryMs = 1000,
  ) {}

  invalidate(): void {
    this.checkedAt = 0;
  }

  async current(): Promise<CompiledCatalog> {
    if (this.compiled && Date.now() - this.checkedAt < this.checkEveryMs) return this.compiled;
    // One load at a time: concurrent quotes wait for the same compile.
    if (!this.loading) this.loading = this.refresh().finally(() => (this.loading = null));
    return this.loading;
  }

  private async refresh(): Promise<CompiledCatalog> {
    const row = await this.db
      .selectFrom('catalog_version')
      .select(sql<string>`version::text`.as('version'))
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    this.checkedAt = Date.now();
    if (this.compiled && row.version === this.version) return this.compiled;
    const rows = await loadCatalogRows(this.db);
    this.compiled = compileCatalog(rows);
    this.version = row.version;
    this.reloads++;
    return this.compiled;
  }
}
