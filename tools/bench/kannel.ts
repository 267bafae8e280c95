// Kannel as the gateway, measured: sustained MT through the API pipeline (POST /sms: checks, rating,
// the charge hold, the insert), Kannel's smsbox and bearerbox, SMPP to the carrier simulator, and every
// delivery receipt back through the dlr-url and settled in the ledger. The carrier simulator runs in a process of its
// own (kannel-carrier.ts), so each part's CPU per message is printed apart. PostgreSQL (BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/kannel_bench, created when missing, a throwaway schema).
// The load is one POST /bulk job of KANNEL_SENDS numbers (the bulk engine hands them to the pipeline
// in batches); KANNEL_VIA=sms drives KANNEL_CONCURRENCY concurrent POST /sms instead (in-process inject).
//   npm run bench:kannel              KANNEL_SENDS (default 5000 bulk / 3000 sms), KANNEL_CONCURRENCY (default 50)
//   npm run bench:kannel -- --faults  kills bearerbox mid-job (SIGKILL) and starts it again: counts
//                                     lost, failed and duplicated messages at the carrier
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { messagingOf } from '../../apps/api/src/messaging';
import { bulkOf } from '../../apps/api/src/bulk';
import type { KannelGateway } from '../../apps/api/src/kannel';
import { startKannelHarness, type KannelHarness } from '../../apps/api/src/kannel/harness';
import { waitFor } from '../../apps/api/src/kannel/stack';
import { machineLine, pidCpuSeconds as cpuOf, processCpuSeconds, startBenchApp } from './support';
import { pgBackendCpu } from './pg-backend-cpu';
import { metricsSummary } from './kannel-metrics';
import { startCarrier, type Carrier } from './kannel-carrier-client';

const FAULTS = process.argv.includes('--faults');
const VIA = FAULTS ? 'sms' : process.env.KANNEL_VIA === 'sms' ? 'sms' : 'bulk';
const SENDS = Number(process.env.KANNEL_SENDS ?? (FAULTS ? 600 : VIA === 'bulk' ? 5000 : 3000));
const CONCURRENCY = Number(process.env.KANNEL_CONCURRENCY ?? 50);
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kannel_bench';
const log = (s: string) => console.error(s);

async function setup(k: KannelHarness, carrier: Carrier) {
  // the demo traffic stays: the message table the bench writes into is not an empty one
  const bench = await startBenchApp(
    'postgres',
    'kannel',
    { demoTraffic: true, messaging: { gatewaySecret: k.secret, kannel: k.settings } },
    PG_URL,
  );
  const { app } = bench;
  await app.listen({ port: k.apiPort, host: '127.0.0.1' });
  const admin = await bench.signIn('admin@example.com');
  const acme = await bench.signIn('acme-admin@example.com');
  // enough money for the run: the demo company's balance would stop it with no_money
  await bench.fundCompany('Acme', 1_000_000_000n);
  const vendor = await app.db
    .selectFrom('vendor_products')
    .select('vendor_uuid')
    .where('vendor_product_name', '=', 'Route Co Standard')
    .executeTakeFirstOrThrow();
  const made = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}/smsc_connection`,
    headers: admin,
    payload: {
      smsc_id: 'carrier-a',
      api_adapter_id: 'smpp',
      host: '127.0.0.1',
      port: carrier.port,
      system_id: 'console',
      password: 'secret42',
      vendor_uuid: vendor.vendor_uuid,
    },
  });
  if (made.statusCode !== 201) throw new Error(`connection: ${made.body}`);
  log(
    (
      await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/gateway`,
        headers: admin,
        payload: { command: 'restart' },
      })
    ).json().message,
  );
  await waitFor('carrier-a bound', async () => (await carrier.sessions()) > 0, 15_000);
  return { bench, app, acme };
}

async function counts(app: FastifyInstance, tag: string) {
  const rows = await app.db
    .selectFrom('sms')
    .select(['status', sql<number>`count(*)::int`.as('n')])
    .where('text', 'like', `${tag}%`)
    .where('is_received', '=', false)
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
}

async function run() {
  // the harness's own carrier stays idle: Kannel binds to the one in its own process
  const k = await startKannelHarness({ log });
  const carrier = await startCarrier();
  const { bench, app, acme } = await setup(k, carrier);
  const load0 = machineLine();
  const tag = `bench ${randomBytes(3).toString('hex')}`;
  const gateway = messagingOf(app).gateway as KannelGateway;
  // PostgreSQL's commits in this database (the bench's own polls among them): a batch's fixed statements show here
  const commits = async () =>
    Number(
      (
        await sql<{
          n: string;
        }>`select xact_commit::text as n from pg_stat_database where datname = current_database()`.execute(app.db)
      ).rows[0].n,
    );
  const commits0 = await commits();
  const backends = await pgBackendCpu(PG_URL); // this database's alone: a shared server runs others' work too
  const cpu0 = {
    node: process.cpuUsage(),
    bb: cpuOf(k.boxes.pid('bearerbox')),
    sb: cpuOf(k.boxes.pid('smsbox')),
    carrier: cpuOf(carrier.pid),
    pg: processCpuSeconds('postgres') ?? 0,
  };
  const t0 = performance.now();
  let next = 0,
    accepted = 0,
    refused = 0,
    killedAt = -1,
    outageMs = 0;
  const refusals = new Map<string, number>();
  // bulk: one job; every message carries the same text, so the carrier's copies are told apart by number
  const numberOf = (i: number) =>
    `+1${['415', '650', '408', '510', '925'][i % 5]}${String(5_000_000 + Math.floor(i / 5)).padStart(7, '0')}`;
  let handedAt = 0;
  let bulkId = '';
  // /metrics as a scraper sees it over HTTP: once with half of the receipts in, and once at the end
  const metricsUrl = `http://127.0.0.1:${k.apiPort}/metrics`;
  let midScrape: Promise<string> | null = null;
  const scrapeAtHalf = (settled: number) => {
    if (!midScrape && settled >= SENDS / 2) midScrape = fetch(metricsUrl).then((r) => r.text());
  };
  const viaBulk = async () => {
    const res = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/bulk`,
      headers: acme,
      payload: {
        ani: '+12125552301',
        text: `${tag} bulk`,
        numbers: Array.from({ length: SENDS }, (_, i) => numberOf(i)),
      },
    });
    if (res.statusCode !== 201) throw new Error(`POST /bulk: ${res.statusCode} ${res.body}`);
    const id = res.json().bulk_uuid as string;
    bulkId = id;
    log(`POST /bulk accepted ${SENDS} numbers in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      const p = await bulkOf(app).progress(id);
      scrapeAtHalf(p.delivered + p.failed);
      if (p.left === 0) {
        accepted = p.total - p.failed;
        refused = p.failed;
        handedAt = performance.now();
        return;
      }
      if (p.status !== 'running') throw new Error(`bulk ${p.status} with ${p.left} left`);
    }
  };
  const worker = async () => {
    while (next < SENDS) {
      const i = next++;
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/sms`,
        headers: acme,
        payload: {
          ani: '+12125552301',
          dnis: `+1415555${String(1000 + (i % 9000)).padStart(4, '0')}`,
          text: `${tag} ${i}`,
        },
      });
      if (res.statusCode === 201 && res.json().sms.status !== 'failed') accepted++;
      else {
        refused++;
        const why =
          res.statusCode === 201 ? res.json().sms.status_message : `${res.statusCode} ${res.json().error?.message}`;
        refusals.set(why, (refusals.get(why) ?? 0) + 1);
      }
      if (FAULTS && killedAt < 0 && accepted >= SENDS / 3) {
        killedAt = accepted;
        const down = performance.now();
        k.boxes.killBearerbox();
        log(`bearerbox killed (SIGKILL) after ${accepted} accepted`);
        void (async () => {
          await new Promise((r) => setTimeout(r, 2000));
          await k.boxes.startBearerbox();
          // smsbox may quit when its bearerbox goes: start it again then
          if (!k.boxes.running('smsbox')) await k.boxes.startSmsbox();
          outageMs = performance.now() - down;
          log(`bearerbox back after ${(outageMs / 1000).toFixed(1)} s`);
        })();
      }
    }
  };
  if (VIA === 'bulk') await viaBulk();
  else await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const tAccepted = handedAt || performance.now();
  let c: Record<string, number> = {};
  // a bulk's own progress is a few rows of counts; the per-status count over the message table (a scan with LIKE) is
  // for the POST /sms runs only, and only once a second: every 250 ms it took one of PostgreSQL's two cores from the run
  await waitFor(
    'every receipt settled',
    async () => {
      if (bulkId) {
        const p = await bulkOf(app).progress(bulkId);
        scrapeAtHalf(p.delivered + p.failed);
        if (p.delivered + p.failed < p.total) return false;
      }
      c = await counts(app, tag);
      return (c.delivered ?? 0) + (c.undelivered ?? 0) + (c.failed ?? 0) >= SENDS;
    },
    180_000,
    bulkId ? 250 : 1000,
  ).catch((e) => log(`${(e as Error).message}: ${JSON.stringify(c)}`));
  const tSettled = performance.now();
  const cpu = {
    node: (process.cpuUsage(cpu0.node).user + process.cpuUsage(cpu0.node).system) / 1e6,
    bb: cpuOf(k.boxes.pid('bearerbox')) - cpu0.bb,
    sb: cpuOf(k.boxes.pid('smsbox')) - cpu0.sb,
    carrier: cpuOf(carrier.pid) - cpu0.carrier,
    pg: await backends.stop(),
    pgAll: (processCpuSeconds('postgres') ?? 0) - cpu0.pg,
  };
  const load1 = machineLine();
  // the statistics collector reports a backend's commits when it idles, within a second
  await new Promise((r) => setTimeout(r, 1500));
  const commitsPerMessage = +((await commits()) - commits0) / SENDS;
  const metrics = {
    at_half: midScrape ? metricsSummary(await midScrape) : 'not scraped (a POST /sms run)',
    at_end: metricsSummary(await (await fetch(metricsUrl)).text()),
  };
  const atCarrier = await carrier.submitted(tag);
  const unique = new Set(atCarrier.map((m) => (VIA === 'bulk' ? m.to : m.text))).size;
  const secs = (tSettled - t0) / 1000;
  console.log(
    JSON.stringify(
      {
        mode: FAULTS ? 'faults' : 'bench',
        via: VIA === 'bulk' ? 'POST /bulk' : 'POST /sms',
        sends: SENDS,
        concurrency: VIA === 'bulk' ? undefined : CONCURRENCY,
        database: 'postgresql',
        accepted,
        refused,
        refusals: Object.fromEntries(refusals),
        statuses: c,
        accepted_per_s: Math.round(SENDS / ((tAccepted - t0) / 1000)),
        settled_per_s: Math.round(SENDS / secs),
        seconds_to_accept: +((tAccepted - t0) / 1000).toFixed(1),
        seconds_to_settle: +secs.toFixed(1),
        at_carrier: atCarrier.length,
        unique_at_carrier: unique,
        sent_twice: atCarrier.length - unique,
        lost: SENDS - refused - unique,
        gateway_retries: gateway.retried,
        bearerbox_killed_after: FAULTS ? killedAt : undefined,
        outage_s: FAULTS ? +(outageMs / 1000).toFixed(1) : undefined,
        machine: { at_start: load0, at_end: load1 },
        cpu_seconds: {
          api: +cpu.node.toFixed(1),
          carrier_simulator: +cpu.carrier.toFixed(1),
          bearerbox: +cpu.bb.toFixed(1),
          smsbox: +cpu.sb.toFixed(1),
          postgresql: +cpu.pg.toFixed(1),
          every_postgres_process: +cpu.pgAll.toFixed(1),
        },
        // CPU per message of each part; ours = API + PostgreSQL
        cpu_ms_per_message: Object.fromEntries(
          Object.entries({
            api: cpu.node,
            carrier_simulator: cpu.carrier,
            bearerbox: cpu.bb,
            smsbox: cpu.sb,
            postgresql: cpu.pg,
            kannel: cpu.bb + cpu.sb,
            ours: cpu.node + cpu.pg,
          }).map(([k, v]) => [k, +((v * 1000) / SENDS).toFixed(3)]),
        ),
        wall_seconds: +secs.toFixed(1),
        postgresql_commits_per_message: +commitsPerMessage.toFixed(3),
        metrics,
      },
      null,
      2,
    ),
  );
  await bench.close();
  await carrier.close();
  await k.close();
}

run().catch((e) => {
  console.error(e);
  process.exit(1);
});
