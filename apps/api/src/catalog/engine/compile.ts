import { PrefixTrie } from './prefix-trie';
import { toMicros } from './money';
import type { CatalogRows } from './types';

/** The versions of one rate key, newest effective date first. */
export interface RateVersions {
  from: number[];
  micros: number[];
  /** per version: charged once the carrier accepts the message; absent when every version charges on delivery */
  onSubmit?: boolean[];
}

/** One set of rates (a rate table or a vendor deck): by code through a trie, by mobile network through a map. */
export interface RateBook {
  byCode: PrefixTrie<RateVersions>;
  byNetwork: Map<string, RateVersions>;
}

export interface CompiledRoute {
  code: string | null;
  network: string | null;
  vendorProductUuid: string;
  pinned: boolean;
}

/** A product as the engine reads it: its row, with its lookup price in micro-units (null: the configured one). */
export interface CompiledProduct {
  product_uuid: string;
  status: string;
  rate_table_uuid: string | null;
  routing_uuid: string | null;
  numberLookup: boolean;
  lookupCostMicros: number | null;
}

export interface CompiledCatalog {
  networks: Map<string, CatalogRows['networks'][number]>;
  /** the networks of what a number lookup answers: "mcc-mnc" → their ids and countries (a few codes serve territories too) */
  networksByMccMnc: Map<string, { id: string; iso2: string | null }[]>;
  networkPrefixes: PrefixTrie<string>;
  products: Map<string, CompiledProduct>;
  rateTables: Map<string, { type: 'prefix' | 'mobile_network'; book: RateBook }>;
  /** per routing: its routes by network, and by code in a trie (several routes may share a code) */
  routings: Map<string, { byNetwork: Map<string, CompiledRoute[]>; byCode: PrefixTrie<CompiledRoute[]> }>;
  vendorProducts: Map<string, { name: string; active: boolean; book: RateBook }>;
  rateCount: number;
  /** vendor product → the countries (ISO) it is demoted for; null when nothing is (quotes then skip the check) */
  demoted: Map<string, Set<string>> | null;
  /** dialling prefix → country, compiled only when something is demoted */
  countries: PrefixTrie<string> | null;
}

const newBook = (): RateBook => ({ byCode: new PrefixTrie(), byNetwork: new Map() });

/** Builds the in-memory catalog once; quotes then never touch the database. */
export function compileCatalog(rows: CatalogRows): CompiledCatalog {
  const networkPrefixes = new PrefixTrie<string>();
  for (const p of rows.networkPrefixes) networkPrefixes.set(p.prefix, p.mobile_network_uuid);

  const rateTables = new Map(
    rows.rateTables.map((t) => [t.rate_table_uuid, { type: t.rate_table_type, book: newBook() }]),
  );
  const vendorProducts = new Map(
    rows.vendorProducts.map((v) => [
      v.vendor_product_uuid,
      { name: v.vendor_product_name, active: v.active, book: newBook() },
    ]),
  );

  // Collect versions per (book, key) first, then freeze each into sorted typed arrays.
  const pending = new Map<RateBook, Map<string, [number, number, boolean][]>>();
  let rateCount = 0;
  for (const r of rows.rates) {
    const book = r.rate_table_uuid
      ? rateTables.get(r.rate_table_uuid)?.book
      : r.vendor_product_uuid
        ? vendorProducts.get(r.vendor_product_uuid)?.book
        : undefined;
    if (!book) continue;
    const key = r.code !== null ? `c${r.code}` : `n${r.mobile_network_uuid}`;
    let keys = pending.get(book);
    if (!keys) pending.set(book, (keys = new Map()));
    let versions = keys.get(key);
    if (!versions) keys.set(key, (versions = []));
    versions.push([new Date(r.effective_from).getTime(), toMicros(r.price), r.charge_basis === 'submit']);
    // a closure is a version without a price: from that date the key prices nothing (a shorter code may)
    if (r.ceases_on) versions.push([new Date(r.ceases_on).getTime(), -1, false]);
    rateCount++;
  }
  for (const [book, keys] of pending) {
    for (const [key, versions] of keys) {
      versions.sort((a, b) => b[0] - a[0]);
      const compiled: RateVersions = { from: versions.map((v) => v[0]), micros: versions.map((v) => v[1]) };
      // most keys charge on delivery alone: no array for them (a 100,000-rate catalog keeps its heap)
      if (versions.some((v) => v[2])) compiled.onSubmit = versions.map((v) => v[2]);
      if (key[0] === 'c') book.byCode.set(key.slice(1), compiled);
      else book.byNetwork.set(key.slice(1), compiled);
    }
  }

  const routings: CompiledCatalog['routings'] = new Map();
  for (const r of rows.routes) {
    let routing = routings.get(r.routing_uuid);
    if (!routing) routings.set(r.routing_uuid, (routing = { byNetwork: new Map(), byCode: new PrefixTrie() }));
    const route: CompiledRoute = {
      code: r.code,
      network: r.mobile_network_uuid,
      vendorProductUuid: r.vendor_product_uuid,
      pinned: r.is_pinned,
    };
    if (r.mobile_network_uuid) {
      const list = routing.byNetwork.get(r.mobile_network_uuid) ?? [];
      list.push(route);
      routing.byNetwork.set(r.mobile_network_uuid, list);
    } else if (r.code !== null) {
      const list = routing.byCode.get(r.code) ?? [];
      list.push(route);
      routing.byCode.set(r.code, list);
    }
  }

  const networksByMccMnc: CompiledCatalog['networksByMccMnc'] = new Map();
  for (const n of rows.networks) {
    if (!n.mcc || !n.mnc) continue;
    const key = `${n.mcc}-${n.mnc}`;
    const list = networksByMccMnc.get(key) ?? [];
    list.push({ id: n.mobile_network_uuid, iso2: n.iso2 ?? null });
    networksByMccMnc.set(key, list);
  }

  let demoted: CompiledCatalog['demoted'] = null;
  let countries: CompiledCatalog['countries'] = null;
  if (rows.demotions?.length) {
    demoted = new Map();
    for (const d of rows.demotions) {
      const set = demoted.get(d.vendor_product_uuid) ?? new Set<string>();
      set.add(d.iso2);
      demoted.set(d.vendor_product_uuid, set);
    }
    countries = new PrefixTrie<string>();
    for (const c of rows.countryCodes ?? []) countries.set(c.prefix, c.iso2);
  }

  return {
    demoted,
    countries,
    networks: new Map(rows.networks.map((n) => [n.mobile_network_uuid, n])),
    networksByMccMnc,
    networkPrefixes,
    products: new Map(
      rows.products.map((p) => [
        p.product_uuid,
        {
          product_uuid: p.product_uuid,
          status: p.status,
          rate_table_uuid: p.rate_table_uuid,
          routing_uuid: p.routing_uuid,
          numberLookup: p.number_lookup ?? false,
          lookupCostMicros: p.lookup_cost === null || p.lookup_cost === undefined ? null : toMicros(p.lookup_cost),
        },
      ]),
    ),
    rateTables,
    routings,
    vendorProducts,
    rateCount,
  };
}
