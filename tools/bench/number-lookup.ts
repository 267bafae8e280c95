// Number lookup in the routing path (issue 49 item 5, docs/number-lookup.md): what a lookup adds to a message with
// the cache warm, and the rating engine's throughput with routes by MCC/MNC. The real app on a fresh database
// (LOOKUP_MODES: pglite, postgres), Globex's product with lookup on and routes by MCC/MNC for the German and British
// networks beside its code routes; LOOKUP_NUMBERS (2,000) German, British and US numbers looked up once through
// the built-in simulator (its latency, 30 ms a request), then every message judged by the send pipeline (evaluate():
// sender, opt-outs, guards, the lookup, the rating engine) with its lookup and without, in turns, so the machine's
// other load falls on both alike. Prints p50/p95 of both and the p95 added, for answers in this node's memory and
// for answers only in the number_lookups table (another node's), the added cost a message of 500-message batches
// (bulk, SMPP), and the provider calls the warm runs made (0 expected). Then runs tools/bench/rating.ts.
// Goals: p95 added ≤ 5 ms, rating ≥ 200,000 lookups/s. Run: npm run bench:number-lookup
import { execFileSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { API_PREFIX } from '@smsc/shared-contract';
import { messagingOf } from '../../apps/api/src/messaging';
import { numberLookupOf } from '../../apps/api/src/number-lookup';
import { machineLine, startBenchApp, type BenchApp } from './support';

const NUMBERS = Number(process.env.LOOKUP_NUMBERS ?? 2000);
const MODES = (process.env.LOOKUP_MODES ?? 'pglite,postgres').split(',');
const SENDER = '+13125552401';

/** Distinct numbers of the simulator's ranges (none of its magic endings): DE and UK mobiles, US numbers. */
function numbers(n: number): string[] {
  const de = ['49151', '49152', '49155', '49160', '49172', '49176'];
  const uk = ['44740', '44741', '44742', '44743'];
  return Array.from({ length: n }, (_, i) => {
    const serial = 10_000_000 + i * 37;
    if (i % 3 === 0) return `+${de[i % de.length]}${serial}`;
    if (i % 3 === 1) return `+${uk[i % uk.length]}${String(serial).slice(1)}`;
    return `+1212${String(2_000_000 + i * 13).padStart(7, '0')}`;
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};
const ms = (v: number) => `${v.toFixed(2)} ms`;

/** Globex's product with lookup on, and its routing given routes by MCC/MNC for the DE and UK networks. */
async function setUp(b: BenchApp) {
  const admin = await b.signIn('admin@example.com');
  const call = async (method: 'GET' | 'PATCH', url: string, payload?: object) => {
    const r = await b.app.inject({ method, url: `${API_PREFIX}${url}`, headers: admin, payload });
    if (r.statusCode >= 300) throw new Error(`${method} ${url}: ${r.statusCode} ${r.body}`);
    return r.json();
  };
  const globex = await b.fundCompany('Globex', 1_000_000_000n);
  const { product_uuid } = await b.app.db
    .selectFrom('companies')
    .select('product_uuid')
    .where('company_uuid', '=', globex)
    .executeTakeFirstOrThrow();
  const product = await call('PATCH', `/product/${product_uuid}`, { number_lookup: true });
  const routing = await call('GET', `/routing/${product.routing_uuid}`);
  const nets = await b.app.db
    .selectFrom('mobile_networks')
    .select('mobile_network_uuid')
    .where((eb) =>
      eb.or([
        eb.and([eb('mcc', '=', '262'), eb('mnc', 'in', ['01', '02', '03'])]),
        eb.and([eb('mcc', '=', '234'), eb('mnc', 'in', ['10', '15', '20', '30'])]),
      ]),
    )
    .execute();
  const vendors = [...new Set(routing.routes.map((r: { vendor_product_uuid: string }) => r.vendor_product_uuid))];
  await call('PATCH', `/routing/${product.routing_uuid}`, {
    routes: [
      ...routing.routes.map((r: { code: string; vendor_product_uuid: string; is_pinned: boolean }) => ({
        code: r.code,
        vendor_product_uuid: r.vendor_product_uuid,
        is_pinned: r.is_pinned,
      })),
      ...nets.flatMap((n) =>
        vendors.map((v) => ({ mobile_network_uuid: n.mobile_network_uuid, vendor_product_uuid: v })),
      ),
    ],
  });
  return globex;
}

async function runMode(mode: string): Promise<string[]> {
  const b = await startBenchApp(mode, 'lookup', { numberLookup: { simLatencyMs: 30 } });
  try {
    const globex = await setUp(b);
    const { messaging } = messagingOf(b.app);
    const lookups = numberLookupOf(b.app);
    const company = await messaging.facts.company(globex);
    const list = numbers(NUMBERS);
    const warm0 = performance.now();
    for (let i = 0; i < list.length; i += 500) await lookups.lookup(list.slice(i, i + 500));
    const warmMs = performance.now() - warm0;
    const calls0 = lookups.stats.providerCalls;
    const evaluate = (dnis: string, lookup: boolean) =>
      messaging.pipeline.evaluate(company, { ani: SENDER, dnis, text: 'Lookup bench', lookup });
    // the JIT and the statement caches warm on both paths first
    for (const n of list.slice(0, 200)) {
      await evaluate(n, true);
      await evaluate(n, false);
    }
    const run = async (forget: boolean) => {
      const on: number[] = [];
      const off: number[] = [];
      let routedByLookup = 0;
      for (const [i, n] of list.entries()) {
        const order = i % 2 ? [true, false] : [false, true];
        for (const withLookup of order) {
          if (withLookup && forget) lookups.forgetMemory();
          const t0 = performance.now();
          const e = await evaluate(n, withLookup);
          (withLookup ? on : off).push(performance.now() - t0);
          if (withLookup && e.lookup?.note.routed_by === 'lookup') routedByLookup++;
        }
      }
      return { on, off, routedByLookup };
    };
    const line = (label: string, r: Awaited<ReturnType<typeof run>>) =>
      `${mode}, ${label}: with lookup p50 ${ms(pct(r.on, 50))} / p95 ${ms(pct(r.on, 95))}, without p50 ${ms(pct(r.off, 50))} / p95 ${ms(pct(r.off, 95))}; p95 added ${ms(pct(r.on, 95) - pct(r.off, 95))}, p50 added ${ms(pct(r.on, 50) - pct(r.off, 50))} (goal p95 ≤ 5 ms); ${r.routedByLookup} of ${r.on.length} routed by the looked-up network`;
    const memory = await run(false);
    const table = await run(true);
    // the batch path (bulk, SMPP): 500 messages judged at once, with and without their lookups
    const items = list.slice(0, 500).map((dnis) => ({ ani: SENDER, dnis, text: 'Lookup bench' }));
    const batchOn: number[] = [];
    const batchOff: number[] = [];
    for (let r = 0; r < 6; r++)
      for (const lookup of r % 2 ? [true, false] : [false, true]) {
        const t0 = performance.now();
        await messaging.pipeline.judge(company, items, { lookup });
        (lookup ? batchOn : batchOff).push((performance.now() - t0) / items.length);
      }
    const calls = lookups.stats.providerCalls - calls0;
    return [
      `${mode}: ${list.length.toLocaleString('en')} numbers looked up cold in ${warmMs.toFixed(0)} ms (${calls0} provider requests); ${machineLine()}`,
      line('answers in memory', memory),
      line('answers in the table only (another node)', table),
      `${mode}, batches of 500: ${ms(pct(batchOn, 50))} with lookup, ${ms(pct(batchOff, 50))} without a message (median of 3 each): added ${ms(pct(batchOn, 50) - pct(batchOff, 50))} a message`,
      `${mode}: provider requests during the warm runs: ${calls} (a warm cache makes none)`,
    ];
  } finally {
    await b.close();
  }
}

async function main() {
  const lines: string[] = [];
  for (const mode of MODES) lines.push(...(await runMode(mode)));
  console.log(lines.join('\n'));
  console.log('rating engine with MCC/MNC routes (tools/bench/rating.ts):');
  const rating = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', 'tools/bench/rating.ts'], {
    encoding: 'utf8',
  });
  console.log(rating.trim());
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
