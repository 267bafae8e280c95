// What the route quality (route-quality/) reads and writes of the catalog: which vendor products are demoted for
// which destination countries (the compiled catalog tries them last, catalog/engine/quote.ts), and the names of
// the vendor products it measures. A change of demotions bumps the catalog version in the caller's transaction,
// so every process's next quote after the commit reads the new compiled catalog. Part of the catalog's
// repository (repository.ts).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { bumpCatalogVersion } from './cache';

type Db = Kysely<Database> | Transaction<Database>;

export interface DemotionChange {
  vendor_product_uuid: string;
  iso2: string;
  demoted: boolean;
}

export interface VendorProductName {
  vendor_product_uuid: string;
  vendor_product_name: string;
  vendor_uuid: string;
  vendor_name: string;
  /** the vendor's reseller (null: the platform's) */
  reseller_uuid: string | null;
}

export interface DemotionRepository {
  /**
   * Demotes or restores vendor products for countries, in the caller's transaction; answers how many changed.
   * When any did, the catalog version moves in the same transaction (never a demotion without its reload).
   */
  setDemotions(db: Db, changes: DemotionChange[]): Promise<number>;
  /** every demotion in force */
  demotions(db: Db): Promise<{ vendor_product_uuid: string; iso2: string; demoted_on: Date }[]>;
  /** the vendor products named, with their vendors (those that no longer exist are left out) */
  vendorProductsNamed(db: Db, ids: string[]): Promise<VendorProductName[]>;
}

export const demotionRepository: DemotionRepository = {
  async setDemotions(db, changes) {
    let changed = 0;
    const down = changes.filter((c) => c.demoted);
    const up = changes.filter((c) => !c.demoted);
    if (down.length) {
      const added = await db
        .insertInto('route_demotions')
        .values(down.map((c) => ({ vendor_product_uuid: c.vendor_product_uuid, iso2: c.iso2 })))
        .onConflict((oc) => oc.columns(['vendor_product_uuid', 'iso2']).doNothing())
        .returning('vendor_product_uuid')
        .execute();
      changed += added.length;
    }
    if (up.length) {
      const removed = await sql<{ vendor_product_uuid: string }>`
        delete from route_demotions d using unnest(${up.map((c) => c.vendor_product_uuid)}::uuid[],
          ${up.map((c) => c.iso2)}::text[]) as u(vp, iso2)
        where d.vendor_product_uuid = u.vp and d.iso2 = u.iso2
        returning d.vendor_product_uuid`.execute(db);
      changed += removed.rows.length;
    }
    if (changed) await bumpCatalogVersion(db);
    return changed;
  },

  demotions: (db) =>
    db
      .selectFrom('route_demotions')
      .select(['vendor_product_uuid', 'iso2', 'demoted_on'])
      .orderBy('demoted_on')
      .execute(),

  async vendorProductsNamed(db, ids) {
    if (!ids.length) return [];
    return db
      .selectFrom('vendor_products as vp')
      .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
      .select(['vp.vendor_product_uuid', 'vp.vendor_product_name', 'v.vendor_uuid', 'v.vendor_name', 'v.reseller_uuid'])
      .where('vp.vendor_product_uuid', 'in', [...new Set(ids)])
      .execute();
  },
};
