// What the rate-change domain reads and writes of the catalog's decks (a rate table's sell prices or a
// vendor product's costs): the rates in effect at a date, who the deck prices for, and the writing of
// an approved change set. Part of the catalog's repository (repository.ts), so no other domain names rates.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { ofReseller, visibleRows, type CallerScope } from '../lib/tenancy';
import { bumpCatalogVersion } from './cache';

type Db = Kysely<Database> | Transaction<Database>;

/** Whose rates: a rate table's or a vendor product's deck. */
export interface DeckOwner {
  rate_table_uuid?: string;
  vendor_product_uuid?: string;
}

export interface DeckOwnerRow {
  name: string;
  reseller_uuid: string | null;
  /** a rate table's type (a prefix table prices by code only); null for a vendor deck */
  table_type: 'prefix' | 'mobile_network' | null;
}

/** A key's change as written: a new price from a date, or its closure from a date. */
export interface DeckWrite {
  code: string | null;
  mobile_network_uuid: string | null;
  country_name: string | null;
  /** null closes the key */
  price: string | null;
  at: Date;
}

const ownerIs = (o: DeckOwner) =>
  o.rate_table_uuid ? sql`rate_table_uuid = ${o.rate_table_uuid}` : sql`vendor_product_uuid = ${o.vendor_product_uuid}`;
const keyOf = sql`coalesce('c' || code, 'n' || mobile_network_uuid::text)`;

export interface DeckRepository {
  /** the deck if the caller may see it (the admin any, a reseller its own), with its name and owner */
  visibleDeck(db: Db, scope: CallerScope, owner: DeckOwner): Promise<DeckOwnerRow | undefined>;
  /** the deck's rate of each key in effect at `at` (closed keys left out) */
  deckRates(
    db: Db,
    owner: DeckOwner,
    at: Date,
  ): Promise<{ code: string | null; mobile_network_uuid: string | null; country_name: string | null; price: string }[]>;
  /** the products that sell by this rate table, with their names */
  productsPricedBy(db: Db, rate_table_uuid: string): Promise<{ product_uuid: string; product_name: string }[]>;
  /** product names by id */
  productNames(db: Db, ids: string[]): Promise<Map<string, string>>;
  /**
   * Writes an approved change: a new price is a version from its date (a later version of the key planned
   * on or after it gives way, a planned closure after it is lifted); a closure ends the key from its date.
   * Moves the catalog's version, so every process reloads.
   */
  writeDeck(trx: Transaction<Database>, owner: DeckOwner, writes: DeckWrite[]): Promise<void>;
}

export const deckRepository: DeckRepository = {
  async visibleDeck(db, scope, owner) {
    if (owner.rate_table_uuid)
      return db
        .selectFrom('rate_tables')
        .select(['rate_table_name as name', 'reseller_uuid', 'rate_table_type as table_type'])
        .where('rate_table_uuid', '=', owner.rate_table_uuid)
        .where(visibleRows(scope, ofReseller('rate_tables.reseller_uuid')))
        .executeTakeFirst();
    return db
      .selectFrom('vendor_products as vp')
      .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
      .select([
        sql<string>`vp.vendor_product_name || ' (' || v.vendor_name || ')'`.as('name'),
        'v.reseller_uuid',
        sql<null>`null`.as('table_type'),
      ])
      .where('vp.vendor_product_uuid', '=', owner.vendor_product_uuid ?? '')
      .where(visibleRows(scope, ofReseller('v.reseller_uuid')))
      .executeTakeFirst();
  },

  async deckRates(db, owner, at) {
    const when = at.toISOString();
    const { rows } = await sql<{
      code: string | null;
      mobile_network_uuid: string | null;
      country_name: string | null;
      price: string;
    }>`select distinct on (${keyOf}) code, mobile_network_uuid, country_name, price::text as price
      from rates where ${ownerIs(owner)} and effective_from <= ${when}::timestamptz
        and (ceases_on is null or ceases_on > ${when}::timestamptz)
      order by ${keyOf}, effective_from desc`.execute(db);
    return rows;
  },

  async productsPricedBy(db, rate_table_uuid) {
    return db
      .selectFrom('products')
      .select(['product_uuid', 'product_name'])
      .where('rate_table_uuid', '=', rate_table_uuid)
      .execute();
  },

  async productNames(db, ids) {
    if (!ids.length) return new Map();
    const rows = await db
      .selectFrom('products')
      .select(['product_uuid', 'product_name'])
      .where('product_uuid', 'in', ids)
      .execute();
    return new Map(rows.map((r) => [r.product_uuid, r.product_name]));
  },

  async writeDeck(trx, owner, writes) {
    for (let i = 0; i < writes.length; i += 5000) {
      const c = writes.slice(i, i + 5000);
      const cols = sql`unnest(${c.map((w) => w.code)}::text[], ${c.map((w) => w.mobile_network_uuid)}::uuid[],
        ${c.map((w) => w.price)}::numeric[], ${c.map((w) => w.at.toISOString())}::timestamptz[],
        ${c.map((w) => w.country_name)}::text[]) as w(code, net, price, at, country)`;
      const wKey = sql`coalesce('c' || w.code, 'n' || w.net::text)`;
      const rKey = sql`coalesce('c' || r.code, 'n' || r.mobile_network_uuid::text)`;
      const rOwner = owner.rate_table_uuid
        ? sql`r.rate_table_uuid = ${owner.rate_table_uuid}`
        : sql`r.vendor_product_uuid = ${owner.vendor_product_uuid}`;
      // versions planned on or after the change's date give way to it
      await sql`delete from rates r using ${cols} where ${rOwner} and ${rKey} = ${wKey} and r.effective_from >= w.at`.execute(
        trx,
      );
      // a new price lifts a closure planned after it; a closure ends every version still open
      await sql`update rates r set ceases_on = case when w.price is null then w.at else null end from ${cols}
        where ${rOwner} and ${rKey} = ${wKey}
          and (case when w.price is null then r.ceases_on is null or r.ceases_on > w.at else r.ceases_on > w.at end)`.execute(
        trx,
      );
      await sql`insert into rates (rate_table_uuid, vendor_product_uuid, code, mobile_network_uuid, price, effective_from, country_name)
        select ${owner.rate_table_uuid ?? null}::uuid, ${owner.vendor_product_uuid ?? null}::uuid, w.code, w.net, w.price, w.at, w.country
        from ${cols} where w.price is not null`.execute(trx);
    }
    await bumpCatalogVersion(trx);
  },
};
