// The SMS lists at 1,000,000 messages, and single-send throughput through the built-in SMSC simulator.
// For PGlite (on disk, in a temporary directory) and PostgreSQL (DATABASE_URL or BENCH_DATABASE_URL,
// in a fresh schema dropped at the end), it seeds SMS_ROWS messages (default 1,000,000) with SQL, then
// times the outgoing log's first page, a deep page (by offset and by cursor) and filtered searches as
// the demo company admin, and sends SMS_SENDS messages (default 2,000) through POST /sms with the
// simulator delivering every one (DLRs settled through the ledger).
// Usage: npm run bench:sms  (SMS_ROWS, SMS_SENDS, SMS_MODES=pglite,postgres to change the run)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { post } from '../../apps/api/src/billing';
import { messagingOf, SmscSimulator } from '../../apps/api/src/messaging';
import { GUARDS_ON } from './guards-setup';
import {
  benchDatabaseUrl,
  cpuMeter,
  demoCompanies,
  machineLine,
  percentile,
  postSmsConcurrently,
  startBenchApp,
} from './support';

const ROWS = Number(process.env.SMS_ROWS ?? 1_000_000);
const SENDS = Number(process.env.SMS_SENDS ?? 2_000);
const CONCURRENCY = 20;
const CHUNK = 100_000;
const WARMUPS = 3;
const RUNS = 30;
const PG_URL = benchDatabaseUrl('postgres://postgres@127.0.0.1:5432/bench_sms');
const MODES = (process.env.SMS_MODES ?? 'pglite,postgres').split(',');

interface Row {
  mode: string;
  call: string;
  rows: number;
  p50: number;
  p95: number;
  max: number;
}
const log = (s: string) => console.error(s);

/**
 * 1M messages in bulk: 40% Acme (the demo reseller's company), 30% Globex, the rest spread over the other
 * companies; one in ten incoming; 90 days of history; 200,000 distinct destinations.
 */
export async function seedMessages(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const { acme, globex, others, acmeUsers } = await demoCompanies(app);
  const [, acmeUser] = acmeUsers;
  const ids = sql.raw(`array[${others.map((c) => `'${c.company_uuid}'::uuid`).join(',')}]`);
  const resellers = sql.raw(
    `array[${others.map((c) => (c.reseller_uuid ? `'${c.reseller_uuid}'::uuid` : 'null::uuid')).join(',')}]`,
  );
  const n = others.length;
  for (let start = 0; start < ROWS; start += CHUNK) {
    const end = Math.min(ROWS, start + CHUNK) - 1;
    const t0 = performance.now();
    await sql`
      insert into sms (company_uuid, reseller_uuid, user_uuid, is_received, ani, dnis, text, status, segments, encoding, price, cost, currency, created_on, sent_on, delivered_on)
      select
        case when g % 10 < 4 then ${acme.company_uuid}::uuid when g % 10 < 7 then ${globex.company_uuid}::uuid else (${ids})[(1 + g % ${n})::int] end,
        case when g % 10 < 4 then ${acme.reseller_uuid}::uuid when g % 10 < 7 then null else (${resellers})[(1 + g % ${n})::int] end,
        case when g % 10 < 4 and g % 3 = 0 then ${acmeUser}::uuid else null end,
        ((g / 10) % 10 = 0),
        case when (g / 10) % 10 = 0 then '+1415' || (2 + (g::bigint * 7919) % 200000 / 25000)::text || lpad(((g::bigint * 7919) % 25000)::text, 6, '0') else '+12125552301' end,
        case when (g / 10) % 10 = 0 then '+12125552301' else '+1415' || (2 + (g::bigint * 7919) % 200000 / 25000)::text || lpad(((g::bigint * 7919) % 25000)::text, 6, '0') end,
        'Bench message ' || g,
        case when (g / 10) % 10 = 0 then 'received' when g % 50 = 1 then 'undelivered' when g % 97 = 2 then 'blocked' else 'delivered' end,
        1, 'GSM-7', 12000, 6000, 'USD',
        now() - ((${ROWS} - g) * interval '7776 milliseconds'),
        now() - ((${ROWS} - g) * interval '7776 milliseconds'),
        now() - ((${ROWS} - g) * interval '7776 milliseconds') + interval '3 seconds'
      from generate_series(${start}::int, ${end}::int) g`.execute(db);
    log(`  rows ${start}..${end} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  // a settled table, as autovacuum keeps it on PostgreSQL (PGlite has no autovacuum: see README)
  await sql`vacuum analyze sms`.execute(db);
}

async function timeCall(
  app: FastifyInstance,
  headers: Record<string, string>,
  url: string,
): Promise<{ times: number[]; rows: number; body: { next_cursor?: string | null } }> {
  const get = () => app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers });
  for (let i = 0; i < WARMUPS; i++) await get();
  const times: number[] = [];
  let res = await get();
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    res = await get();
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  }
  times.sort((a, b) => a - b);
  const body = res.json();
  return { times, rows: body.items.length, body };
}

async function throughput(app: FastifyInstance, headers: Record<string, string>, mode: string): Promise<string[]> {
  const { gateway } = messagingOf(app);
  if (!(gateway instanceof SmscSimulator)) throw new Error('the simulator is not the gateway');
  const acme = await app.db
    .selectFrom('companies')
    .select('company_uuid')
    .where('company_name', '=', 'Acme')
    .executeTakeFirstOrThrow();
  await app.db.transaction().execute((trx) =>
    post(trx, {
      account: { company_uuid: acme.company_uuid },
      amount: 1_000_000_000n,
      kind: 'adjustment',
      cause_type: 'bench',
      cause_id: randomBytes(4).toString('hex'),
    }),
  );
  const startedCount = await app.db
    .selectFrom('sms')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'delivered')
    .executeTakeFirstOrThrow();
  const cpu = cpuMeter();
  const t0 = performance.now();
  const refused = await postSmsConcurrently(app, headers, {
    cursor: { next: 0 },
    upTo: SENDS,
    concurrency: CONCURRENCY,
    text: (i) => `Throughput ${i}`,
  });
  const accepted = performance.now() - t0;
  await gateway.drain();
  const delivered = performance.now() - t0;
  const cpuMs = cpu();
  const done = await app.db
    .selectFrom('sms')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('status', '=', 'delivered')
    .executeTakeFirstOrThrow();
  const settled = await app.db
    .selectFrom('ledger_entries')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('kind', '=', 'sms_charge')
    .executeTakeFirstOrThrow();
  return [
    `${mode}: ${SENDS} sends (${CONCURRENCY} at a time), ${refused} refused: accepted ${(SENDS / (accepted / 1000)).toFixed(0)} msg/s; ` +
      `delivered with DLRs settled ${(SENDS / (delivered / 1000)).toFixed(0)} msg/s (${done.n - startedCount.n} delivered, ${settled.n} sms_charge entries); ` +
      `API process CPU ${(cpuMs / SENDS).toFixed(2)} ms a message; ${machineLine()}`,
  ];
}

async function runMode(mode: string): Promise<{ rows: Row[]; lines: string[] }> {
  const bench = await startBenchApp(
    mode,
    'sms',
    {
      // every message is delivered at once: the figure is the pipeline's, not a made-up latency
      messaging: { gatewaySecret: 'bench', simLatencyMs: 0, simFailureRate: 0, simAutoDeliver: true },
    },
    PG_URL,
  );
  const app = bench.app;
  try {
    log(`[${mode}] seeding ${ROWS} messages`);
    const t0 = performance.now();
    await seedMessages(app);
    log(`[${mode}] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const acme = await bench.signIn('acme-admin@example.com');
    const admin = await bench.signIn('admin@example.com');
    // a cursor half-way through Acme's outgoing messages: what "next page" costs that deep
    const acmeCo = await app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Acme')
      .executeTakeFirstOrThrow();
    const mid = await app.db
      .selectFrom('sms')
      .select([sql<string>`created_on::text`.as('k'), 'sms_uuid'])
      .where('company_uuid', '=', acmeCo.company_uuid)
      .where('is_received', '=', false)
      .orderBy('created_on', 'desc')
      .orderBy('sms_uuid', 'desc')
      .offset(Math.floor(ROWS * 0.18))
      .limit(1)
      .executeTakeFirstOrThrow();
    const cursor = Buffer.from(`${mid.k}|${mid.sms_uuid}`).toString('base64url');
    const h = (123_451 * 7919) % 200000;
    const dnis = `%2B1415${2 + Math.floor(h / 25000)}${String(h % 25000).padStart(6, '0')}`;
    const calls: [string, Record<string, string>, string][] = [
      ['outgoing log, first page (company admin)', acme, '/log/report'],
      ['outgoing list, first page (system admin, all)', admin, '/sms/list?is_received=false'],
      ['outgoing list, deep page 999 by offset', acme, '/sms/list?is_received=false&page=999'],
      ['outgoing list, deep page by cursor (~180k in)', acme, `/sms/list?is_received=false&cursor=${cursor}`],
      ['filtered: one destination number', acme, `/sms/list?is_received=false&dnis=*${dnis}*`],
      ['filtered: status undelivered', acme, '/log/report?status=undelivered'],
      ['both directions, first page (SMS center)', acme, '/sms/list'],
      ['filtered: text contains (no text index)', acme, '/log/report?sms_content=*message 99999*'],
      ['incoming log, first page', acme, '/log/mo_report'],
    ];
    const rows: Row[] = [];
    for (const [call, headers, url] of calls) {
      const r = await timeCall(app, headers, url);
      rows.push({
        mode,
        call,
        rows: r.rows,
        p50: percentile(r.times, 50),
        p95: percentile(r.times, 95),
        max: r.times[r.times.length - 1],
      });
      log(
        `[${mode}] ${call}: p50 ${percentile(r.times, 50).toFixed(1)} ms, p95 ${percentile(r.times, 95).toFixed(1)} ms`,
      );
    }
    await bench.setUpGuards(acmeCo.company_uuid);
    const lines = await throughput(app, acme, `${mode}, guards ${GUARDS_ON ? 'on' : 'off'}`);
    log(lines.join('\n'));
    return { rows, lines };
  } finally {
    await bench.close();
  }
}

function printTable(rows: Row[]): void {
  const head = ['mode', 'call', 'rows', 'p50 ms', 'p95 ms', 'max ms'];
  const body = rows.map((r) => [r.mode, r.call, String(r.rows), r.p50.toFixed(1), r.p95.toFixed(1), r.max.toFixed(1)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const b of body) console.log(line(b));
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  const lines: string[] = [];
  for (const mode of MODES) {
    const r = await runMode(mode);
    rows.push(...r.rows);
    lines.push(...r.lines);
  }
  console.log(`SMS lists at ${ROWS.toLocaleString('en-US')} messages (${RUNS} runs each after ${WARMUPS} warm-ups)`);
  printTable(rows);
  for (const l of lines) console.log(l);
}

// run as a script (npm run bench:sms), not when another tool imports seedMessages
if (/bench[\\/]sms\.ts$/.test(process.argv[1] ?? '')) {
  main().catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
