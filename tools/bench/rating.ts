// Rating engine throughput: compiles a catalog with a 50,000-row selling rate table and a 50,000-row
// vendor deck (plus a second, smaller deck so least-cost routing has a choice) and routes by MCC/MNC for
// its 500 mobile networks (issue 49 item 5), then quotes random numbers on one core and prints lookups
// per second and the heap the compiled catalog holds: once by prefix alone, once with every other number
// carrying the network a number lookup found (a ported number routed to its real network).
// Both wall-clock and CPU-time rates are printed (the CPU figure holds on a busy machine).
// A second pass quotes the same numbers with the cheaper deck demoted by the route quality in 5 of the 20
// countries (docs/delivery-quality.md): each quote then also finds the number's country once.
// Goal: ≥ 200,000 lookups/s. Run: npm run bench:rating
import {
  compileCatalog,
  networkOfMccMnc,
  quote,
  type CatalogRows,
  type CompiledCatalog,
} from '../../apps/api/src/catalog/engine';
import { diallingPrefixes } from '../../apps/api/src/catalog/numbers';

const RATES = 50_000;
const LOOKUPS = 1_000_000;
const JAN = '2026-01-01T00:00:00Z';

/** A deterministic generator so runs compare (mulberry32). */
function rng(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = rng(42);
const COUNTRY_CODES = [
  '1',
  '44',
  '49',
  '33',
  '34',
  '39',
  '31',
  '46',
  '47',
  '48',
  '61',
  '81',
  '86',
  '91',
  '52',
  '55',
  '27',
  '234',
  '254',
  '971',
];

/** Distinct codes of 3 to 7 digits under real country codes, like a carrier's deck. */
function codes(n: number, r = rand): string[] {
  const out = new Set<string>();
  while (out.size < n) {
    const cc = COUNTRY_CODES[Math.floor(r() * COUNTRY_CODES.length)];
    const len = 1 + Math.floor(r() * 5);
    let s = cc;
    for (let i = 0; i < len; i++) s += Math.floor(r() * 10);
    out.add(s);
  }
  return [...out];
}

const priceOf = (r: () => number) => (r() * 0.09 + 0.001).toFixed(6);

/** The same rows again for the same generator state (the demoted pass rebuilds them: see main). */
function catalogRows(r = rand): CatalogRows {
  const price = () => priceOf(r);
  const sell = codes(RATES, r);
  const deck = codes(RATES, r);
  const networks = Array.from({ length: 500 }, (_, i) => ({
    mobile_network_uuid: `net-${i}`,
    network_name: `Network ${i}`,
    iso3: 'XXX',
    mcc: String(200 + Math.floor(i / 100)),
    mnc: String(i % 100).padStart(2, '0'),
  }));
  return {
    networks,
    networkPrefixes: codes(20_000, r).map((prefix, i) => ({ prefix, mobile_network_uuid: `net-${i % 500}` })),
    products: [{ product_uuid: 'bench', status: 'active', rate_table_uuid: 'sell', routing_uuid: 'routing' }],
    rateTables: [{ rate_table_uuid: 'sell', rate_table_type: 'mobile_network' }],
    routes: [
      ...COUNTRY_CODES.flatMap((code) => [
        { routing_uuid: 'routing', code, mobile_network_uuid: null, vendor_product_uuid: 'deck-a', is_pinned: false },
        { routing_uuid: 'routing', code, mobile_network_uuid: null, vendor_product_uuid: 'deck-b', is_pinned: false },
      ]),
      // a route per mobile network (MCC/MNC): chosen over the code routes for a number on that network
      ...networks.flatMap((n) => [
        {
          routing_uuid: 'routing',
          code: null,
          mobile_network_uuid: n.mobile_network_uuid,
          vendor_product_uuid: 'deck-a',
          is_pinned: false,
        },
        {
          routing_uuid: 'routing',
          code: null,
          mobile_network_uuid: n.mobile_network_uuid,
          vendor_product_uuid: 'deck-b',
          is_pinned: false,
        },
      ]),
    ],
    vendorProducts: [
      { vendor_product_uuid: 'deck-a', vendor_product_name: 'Deck A', active: true },
      { vendor_product_uuid: 'deck-b', vendor_product_name: 'Deck B', active: true },
    ],
    rates: [
      ...sell.map((code) => ({
        rate_table_uuid: 'sell',
        vendor_product_uuid: null,
        code,
        mobile_network_uuid: null,
        price: price(),
        effective_from: JAN,
      })),
      ...networks.map((n) => ({
        rate_table_uuid: 'sell',
        vendor_product_uuid: null,
        code: null,
        mobile_network_uuid: n.mobile_network_uuid,
        price: price(),
        effective_from: JAN,
      })),
      ...deck.map((code) => ({
        rate_table_uuid: null,
        vendor_product_uuid: 'deck-a',
        code,
        mobile_network_uuid: null,
        price: price(),
        effective_from: JAN,
      })),
      ...COUNTRY_CODES.map((code) => ({
        rate_table_uuid: null,
        vendor_product_uuid: 'deck-b',
        code,
        mobile_network_uuid: null,
        price: price(),
        effective_from: JAN,
      })),
      // deck B prices every network too: the vendor's price for the network a lookup found
      ...networks.map((n) => ({
        rate_table_uuid: null,
        vendor_product_uuid: 'deck-b',
        code: null,
        mobile_network_uuid: n.mobile_network_uuid,
        price: price(),
        effective_from: JAN,
      })),
    ],
  };
}

/**
 * Quotes LOOKUPS numbers on one core: wall and CPU rates, and how many priced and routed. `looked`: per number, the
 * network a lookup found (null: routed by its prefix).
 */
function measure(catalog: CompiledCatalog, numbers: string[], at: number, looked?: (string | null)[]) {
  const req = (i: number) => ({
    productUuid: 'bench',
    dnis: numbers[i % numbers.length],
    at,
    networkUuid: looked ? looked[i % numbers.length] : null,
  });
  // Warm up so the JIT has compiled the hot path before timing.
  for (let i = 0; i < 100_000; i++) quote(catalog, req(i));
  let priced = 0;
  let demotedFirst = 0;
  const cpu0 = process.cpuUsage();
  const t1 = performance.now();
  for (let i = 0; i < LOOKUPS; i++) {
    const q = quote(catalog, req(i));
    if (q.ok) {
      priced++;
      if (q.routes[0].demoted) demotedFirst++;
    }
  }
  const seconds = (performance.now() - t1) / 1000;
  // CPU time of this process too: on a shared machine wall time includes waiting for a core.
  const cpu = process.cpuUsage(cpu0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { seconds, cpuSeconds, priced, demotedFirst };
}

function main() {
  global.gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let rows: CatalogRows | null = catalogRows();
  const t0 = performance.now();
  const catalog = compileCatalog(rows);
  const compileMs = performance.now() - t0;
  rows = null;
  global.gc?.();
  const heapAfter = process.memoryUsage().heapUsed;
  // the same catalog (a generator in the state the first started from), with the demotions
  const demoted = compileCatalog({
    ...catalogRows(rng(42)),
    demotions: ['US', 'GB', 'DE', 'FR', 'IN'].map((iso2) => ({ vendor_product_uuid: 'deck-a', iso2 })),
    countryCodes: diallingPrefixes(),
  });

  const numbers = Array.from({ length: 10_000 }, () => {
    let s = COUNTRY_CODES[Math.floor(rand() * COUNTRY_CODES.length)];
    while (s.length < 11) s += Math.floor(rand() * 10);
    return s;
  });
  // every other number carries a looked-up network (its MCC/MNC resolved as the pipeline does), as ported ones would
  const looked = numbers.map((_, i) =>
    i % 2 ? networkOfMccMnc(catalog, String(200 + (i % 5)), String(i % 100).padStart(2, '0')) : null,
  );
  const at = Date.parse('2026-03-01T00:00:00Z');
  const byPrefix = measure(catalog, numbers, at);
  const byLookup = measure(catalog, numbers, at, looked);
  const withDemotions = measure(demoted, numbers, at);

  const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
  const rate = (r: ReturnType<typeof measure>) =>
    `${LOOKUPS.toLocaleString('en')} in ${r.seconds.toFixed(2)} s = ${Math.round(LOOKUPS / r.seconds).toLocaleString('en')} lookups/s wall, ${Math.round(LOOKUPS / r.cpuSeconds).toLocaleString('en')} lookups per CPU second`;
  console.log(
    `catalog: ${catalog.rateCount.toLocaleString('en')} rates (${RATES.toLocaleString('en')}-row rate table, ${RATES.toLocaleString('en')}-row vendor deck), compiled in ${compileMs.toFixed(0)} ms`,
  );
  console.log(
    `compiled catalog heap: ${global.gc ? mb(heapAfter - heapBefore) : 'run with --expose-gc for this figure'}; process RSS ${mb(process.memoryUsage().rss)}`,
  );
  const line = (label: string, r: ReturnType<typeof measure>, extra = '') =>
    console.log(`${label}: ${rate(r)} (${r.priced.toLocaleString('en')} priced and routed${extra}; goal ≥ 200,000/s)`);
  line('lookups by prefix', byPrefix);
  line('lookups, half with a looked-up network (MCC/MNC routes)', byLookup);
  line(
    'with demotions (Deck A demoted in 5 of 20 countries)',
    withDemotions,
    `, ${withDemotions.demotedFirst.toLocaleString('en')} only by a demoted route`,
  );
}

main();
