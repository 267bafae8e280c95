import type { CompiledCatalog, CompiledRoute, RateBook, RateVersions } from './compile';
import { fromMicros } from './money';
import type { Quote, QuoteRequest, RouteChoice } from './types';

/** E.164 without the plus: 7 to 15 digits, no leading zero. The API checks numbers fully with libphonenumber first. */
const E164 = /^[1-9]\d{6,14}$/;

/** Strips what people type around a number ("+", spaces, dashes, dots, brackets). */
export function digitsOf(dnis: string): string {
  return dnis.replace(/[\s+\-().]/g, '');
}

/** The index of the version in effect at `at` (the newest whose date has come), -1 when none has or it is a closure. */
function effective(v: RateVersions | undefined, at: number): number {
  if (!v) return -1;
  for (let i = 0; i < v.from.length; i++) if (v.from[i] <= at) return v.micros[i] >= 0 ? i : -1;
  return -1;
}

const inEffect = (v: RateVersions, at: number) => effective(v, at) >= 0;

/** A price found in a book: micro-units, and whether it is charged on submit. */
interface Found {
  micros: number;
  onSubmit: boolean;
}
const NONE: Found = { micros: -1, onSubmit: false };
const found = (v: RateVersions, i: number): Found => ({ micros: v.micros[i], onSubmit: v.onSubmit?.[i] ?? false });

/** A book's price for a number: its mobile network's rate when `networkFirst` and there is one, else the longest code in effect. */
function priceIn(book: RateBook, digits: string, network: string | null, networkFirst: boolean, at: number): Found {
  if (networkFirst && network) {
    const v = book.byNetwork.get(network);
    const i = effective(v, at);
    if (v && i >= 0) return found(v, i);
  }
  const hit = book.byCode.longest(digits, inEffect, at);
  return hit ? found(hit, effective(hit, at)) : NONE;
}

/**
 * The catalog's network for a lookup's MCC/MNC, or null when the catalog has none by that code. A few codes name a
 * network in several territories (310-260: T-Mobile in the US, Puerto Rico and the Virgin Islands): the one of the
 * number's country (`iso2`) is chosen, else the first.
 */
export function networkOfMccMnc(
  catalog: CompiledCatalog,
  mcc: string | null,
  mnc: string | null,
  iso2?: string | null,
): string | null {
  const list = mcc && mnc ? catalog.networksByMccMnc.get(`${mcc}-${mnc}`) : undefined;
  if (!list) return null;
  return (list.length > 1 && iso2 ? list.find((n) => n.iso2 === iso2) : undefined)?.id ?? list[0].id;
}

/**
 * A product's price for one part to a number at `at` (micro-units), or null when it has none: the
 * selling side of quote() alone, for a product that prices but never routes (a reseller's wholesale
 * product: the platform's rates, the reseller's own routing carries the message).
 */
export function priceFor(
  catalog: CompiledCatalog,
  productUuid: string,
  dnis: string,
  at: Date | number,
): number | null {
  const digits = digitsOf(dnis);
  if (!E164.test(digits)) return null;
  const product = catalog.products.get(productUuid);
  const table =
    product && product.status === 'active' && product.rate_table_uuid
      ? catalog.rateTables.get(product.rate_table_uuid)
      : undefined;
  if (!table) return null;
  const when = typeof at === 'number' ? at : at.getTime();
  const networkUuid = catalog.networkPrefixes.longest(digits) ?? null;
  const p = priceIn(table.book, digits, networkUuid, table.type === 'mobile_network', when).micros;
  return p < 0 ? null : p;
}

/**
 * Prices and routes one message. Pure: the answer depends only on the compiled catalog, the number and
 * the time. The selling price comes from the product's rate table (a mobile-network table prices by
 * the number's network, falling back to codes; a prefix table by the longest code). The route comes
 * from the product's routing: the routes for the number's network, or else those of the longest
 * matching code. The number's network is the one a lookup found (req.networkUuid), else its prefix's; pinned
 * routes are tried first, the rest cheapest first; a vendor product with no cost in effect for the number is
 * skipped. A vendor product the route quality demoted for the number's country comes after all of those (cheapest
 * first among the demoted): still a last resort when nothing else can carry the message. No price or no route is a
 * reason, never a guess.
 */
export function quote(catalog: CompiledCatalog, req: QuoteRequest): Quote {
  const digits = digitsOf(req.dnis);
  if (!E164.test(digits)) return { ok: false, reason: 'bad_number', network: null };
  const at = req.at === undefined ? Date.now() : typeof req.at === 'number' ? req.at : req.at.getTime();
  const networkUuid = req.networkUuid || (catalog.networkPrefixes.longest(digits) ?? null);
  const network = networkUuid ? (catalog.networks.get(networkUuid) ?? null) : null;

  const product = catalog.products.get(req.productUuid);
  const table =
    product && product.status === 'active' && product.rate_table_uuid
      ? catalog.rateTables.get(product.rate_table_uuid)
      : undefined;
  const selling = table ? priceIn(table.book, digits, networkUuid, table.type === 'mobile_network', at) : NONE;
  const priceMicros = selling.micros;
  if (priceMicros < 0) return { ok: false, reason: 'no_price', network };

  const routing = product?.routing_uuid ? catalog.routings.get(product.routing_uuid) : undefined;
  let candidates: CompiledRoute[] | undefined;
  if (routing) {
    candidates = networkUuid ? routing.byNetwork.get(networkUuid) : undefined;
    if (!candidates?.length) candidates = routing.byCode.longest(digits);
  }
  const pinned: (RouteChoice & { micros: number })[] = [];
  const rest: (RouteChoice & { micros: number })[] = [];
  let lastResort: (RouteChoice & { micros: number })[] | null = null;
  // the number's country, looked up once and only when a candidate is demoted somewhere
  let country: string | undefined | null = null;
  const floor = req.minMarginMicros ?? null;
  let belowFloor = 0;
  for (const route of candidates ?? []) {
    const vp = catalog.vendorProducts.get(route.vendorProductUuid);
    if (!vp || !vp.active) continue;
    // Vendor decks quote by network where they can: that is the price the vendor bills.
    const micros = priceIn(vp.book, digits, networkUuid, true, at).micros;
    if (micros < 0) continue;
    // Sent at a loss (or under the floor) is never the pick, pinned or not.
    if (floor !== null && priceMicros - micros < floor) {
      belowFloor++;
      continue;
    }
    const choice: RouteChoice & { micros: number } = {
      vendorProductUuid: route.vendorProductUuid,
      vendorProductName: vp.name,
      cost: fromMicros(micros),
      pinned: route.pinned,
      demoted: false,
      micros,
    };
    if (catalog.demoted !== null) {
      const demotedIn = catalog.demoted.get(route.vendorProductUuid);
      if (demotedIn !== undefined) {
        if (country === null) country = catalog.countries?.longest(digits);
        if (country !== undefined && demotedIn.has(country)) {
          choice.demoted = true;
          (lastResort ??= []).push(choice);
          continue;
        }
      }
    }
    (route.pinned ? pinned : rest).push(choice);
  }
  rest.sort((a, b) => a.micros - b.micros);
  let ordered = pinned.concat(rest);
  if (lastResort) ordered = ordered.concat(lastResort.sort((a, b) => a.micros - b.micros));
  if (!ordered.length) return { ok: false, reason: belowFloor ? 'below_margin' : 'no_route', network };
  const first = ordered[0];
  return {
    ok: true,
    network,
    price: fromMicros(priceMicros),
    priceMicros,
    chargeBasis: selling.onSubmit ? 'submit' : 'delivery',
    vendorProductUuid: first.vendorProductUuid,
    vendorProductName: first.vendorProductName,
    cost: first.cost,
    costMicros: first.micros,
    margin: fromMicros(priceMicros - first.micros),
    marginMicros: priceMicros - first.micros,
    routes: ordered.map((r) => ({
      vendorProductUuid: r.vendorProductUuid,
      vendorProductName: r.vendorProductName,
      cost: r.cost,
      pinned: r.pinned,
      demoted: r.demoted,
    })),
  };
}
