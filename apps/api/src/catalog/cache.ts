import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { compileCatalog, type CatalogRows, type CompiledCatalog } from './engine';
import { diallingPrefixes } from './numbers';

/** Reads every catalog row the engine needs (plain data in, so the engine stays free of the database). */
export async function loadCatalogRows(db: Kysely<Database>): Promise<CatalogRows> {
  // the route quality's demotions, read beside the rest and awaited below (a failure of the others first must not
  // leave this one's rejection unheard)
  const demoted = db.selectFrom('route_demotions').select(['vendor_product_uuid', 'iso2']).execute();
  demoted.catch(() => undefined);
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
  return {
    ...{ networks, networkPrefixes, products, rateTables, routes, vendorProducts, rates },
    demotions: await demoted,
    countryCodes: diallingPrefixes(),
  };
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
 * (other processes' writes show up within that time, sooner where a notification of the move arrives and
 * calls `invalidate()`); this process's own writes call `invalidate()` and are seen at once: the next
 * `current()` reads the version again, and a load that began before the invalidation is not handed out
 * for it (it may have read the rows before the write committed).
 */
export class CatalogCache {
  private compiled: CompiledCatalog | null = null;
  private version: string | null = null;
  private checkedAt = 0;
  private loading: Promise<CompiledCatalog> | null = null;
  /** moves on every invalidate(): a load answers only the callers of its own generation */
  private generation = 0;
  private loadingGeneration = -1;
  reloads = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkEveryMs = 1000,
  ) {}

  invalidate(): void {
    this.checkedAt = 0;
    this.generation++;
  }

  async current(): Promise<CompiledCatalog> {
    if (this.compiled && Date.now() - this.checkedAt < this.checkEveryMs) return this.compiled;
    // One load at a time: concurrent quotes wait for the same compile; one that started before an
    // invalidation is followed by a fresh one for those who came after it.
    if (!this.loading || this.loadingGeneration !== this.generation) {
      const generation = this.generation;
      const before = this.loading?.catch(() => undefined) ?? Promise.resolve();
      const load = before
        .then(() => this.refresh(generation))
        .finally(() => {
          if (this.loading === load) this.loading = null;
        });
      this.loading = load;
      this.loadingGeneration = generation;
    }
    return this.loading;
  }

  private async refresh(generation: number): Promise<CompiledCatalog> {
    const row = await this.db
      .selectFrom('catalog_version')
      .select(sql<string>`version::text`.as('version'))
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    // an invalidation while the version was read leaves the check due: the next quote reads it again
    if (generation === this.generation) this.checkedAt = Date.now();
    if (this.compiled && row.version === this.version) return this.compiled;
    const rows = await loadCatalogRows(this.db);
    this.compiled = compileCatalog(rows);
    this.version = row.version;
    this.reloads++;
    return this.compiled;
  }
}
