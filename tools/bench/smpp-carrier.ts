// The direct SMPP gateway, measured: 20,000 messages of one POST /bulk through the API pipeline (checks, rating,
// the charge hold, the insert), our SMPP client (SMPP_CARRIER_BINDS transceiver binds, a window of
// SMPP_CARRIER_WINDOW each) to the carrier simulator in a process of its own (kannel-carrier.ts, the one
// bench:kannel uses), and every receipt back as deliver_sm and settled in the ledger. Prints settled msg/s, lost
// and twice at the carrier, CPU per message of each part, and the load average (the machine is shared).
//   npm run bench:smpp-carrier                  PostgreSQL (BENCH_DATABASE_URL, default .../carrier_bench)
//   BENCH_DB=pglite npm run bench:smpp-carrier  PGlite in a temp directory
//   SMPP_CARRIER_SENDS (20000), SMPP_CARRIER_BINDS (2), SMPP_CARRIER_WINDOW (100), KANNEL_RECEIPT_DELAY_MS (20)
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { API_PREFIX } from '@smsc/shared-contract';
import { bulkOf } from '../../apps/api/src/bulk';
import { apiOf } from '../../apps/api/src/lib/api-context';
import { waitFor } from '../../apps/api/src/kannel/stack';
import { machineLine, pidCpuSeconds as cpuOf, startBenchApp } from './support';
import { pgBackendCpu } from './pg-backend-cpu';
import { startCarrier } from './kannel-carrier-client';
import { tableWrites } from './table-writes';

const SENDS = Number(process.env.SMPP_CARRIER_SENDS ?? 20_000);
const BINDS = Number(process.env.SMPP_CARRIER_BINDS ?? 2);
const WINDOW = Number(process.env.SMPP_CARRIER_WINDOW ?? 100);
const MODE = process.env.BENCH_DB === 'pglite' ? 'pglite' : 'postgres';
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/carrier_bench';
const log = (s: string) => console.error(s);

async function run() {
  const carrier = await startCarrier();
  const bench = await startBenchApp(MODE, 'carrier', { messaging: { simAutoDeliver: false } }, PG_URL);
  const { app } = bench;
  const admin = await bench.signIn('admin@example.com');
  const acme = await bench.signIn('acme-admin@example.com');
  await bench.fundCompany('Acme', 1_000_000_000n);
  const { vendor_uuid } = await app.db
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
      gateway: 'direct',
      binds: BINDS,
      window_size: WINDOW,
      host: '127.0.0.1',
      port: carrier.port,
      system_id: 'console',
      password: 'secret42',
      vendor_uuid,
    },
  });
  if (made.statusCode !== 201) throw new Error(`connection: ${made.body}`);
  const restart = await app.inject({
    method: 'POST',
    url: `${API_PREFIX}/gateway`,
    headers: admin,
    payload: { command: 'restart' },
  });
  log(restart.json().message);
  await waitFor('carrier-a bound', async () => (await carrier.sessions()) >= BINDS, 15_000);
  const link = apiOf(app).directGateway.link('carrier-a');

  const tag = `bench ${randomBytes(3).toString('hex')}`;
  const numberOf = (i: number) =>
    `+1${['415', '650', '408', '510', '925'][i % 5]}${String(5_000_000 + Math.floor(i / 5)).padStart(7, '0')}`;
  const load0 = machineLine();
  const backends = MODE === 'postgres' ? await pgBackendCpu(PG_URL) : null;
  const writes0 = MODE === 'postgres' ? await tableWrites(app) : null;
  const commits = async () =>
    MODE === 'postgres'
      ? Number(
          (
            await sql<{
              n: string;
            }>`select xact_commit::text as n from pg_stat_database where datname = current_database()`.execute(app.db)
          ).rows[0].n,
        )
      : 0;
  const commits0 = await commits();
  const cpu0 = { node: process.cpuUsage(), carrier: cpuOf(carrier.pid) };
  const t0 = performance.now();
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
  const bulkId = res.json().bulk_uuid as string;
  let handedAt = 0;
  let p = await bulkOf(app).progress(bulkId);
  await waitFor(
    'every receipt settled',
    async () => {
      p = await bulkOf(app).progress(bulkId);
      if (!handedAt && p.left === 0) handedAt = performance.now();
      return p.delivered + p.failed >= p.total;
    },
    300_000,
    250,
  ).catch((e) => log(`${(e as Error).message}: ${JSON.stringify(p)}`));
  const tSettled = performance.now();
  const used = process.cpuUsage(cpu0.node);
  const cpu = {
    api: (used.user + used.system) / 1e6,
    carrier: cpuOf(carrier.pid) - cpu0.carrier,
    pg: backends ? await backends.stop() : 0,
  };
  const load1 = machineLine();
  // PostgreSQL publishes a backend's counters within a second of its transaction
  if (MODE === 'postgres') await new Promise((r) => setTimeout(r, 1500));
  const writes = writes0 ? await tableWrites(app, writes0, SENDS) : 'PGlite: not counted';
  const commitsPerMessage = +(((await commits()) - commits0) / SENDS).toFixed(3);
  const rows = await sql<{ status: string; n: number }>`select status, count(*)::int as n from sms
    where text like ${`${tag}%`} and is_received = false group by status`.execute(app.db);
  const atCarrier = await carrier.submitted(tag);
  const unique = new Set(atCarrier.map((m) => m.to)).size;
  const secs = (tSettled - t0) / 1000;
  const perMessage = (s: number) => +((s * 1000) / SENDS).toFixed(3);
  console.log(
    JSON.stringify(
      {
        gateway: `direct SMPP, ${BINDS} binds × window ${WINDOW}`,
        database: MODE,
        sends: SENDS,
        statuses: Object.fromEntries(rows.rows.map((r) => [r.status, r.n])),
        handed_over_per_s: handedAt ? Math.round(SENDS / ((handedAt - t0) / 1000)) : null,
        settled_per_s: Math.round(SENDS / secs),
        seconds_to_settle: +secs.toFixed(1),
        at_carrier: atCarrier.length,
        sent_twice: atCarrier.length - unique,
        lost: SENDS - (p.failed ?? 0) - unique,
        link: link?.counters,
        unmatched_receipts: apiOf(app).directGateway.unmatched,
        postgresql_commits_per_message: commitsPerMessage,
        rows_written_per_message: writes,
        machine: { at_start: load0, at_end: load1 },
        cpu_seconds: {
          api: +cpu.api.toFixed(1),
          carrier_simulator: +cpu.carrier.toFixed(1),
          postgresql: +cpu.pg.toFixed(1),
        },
        cpu_ms_per_message: {
          api: perMessage(cpu.api),
          carrier_simulator: perMessage(cpu.carrier),
          postgresql: MODE === 'postgres' ? perMessage(cpu.pg) : 'in the API process (PGlite)',
          ours: perMessage(cpu.api + cpu.pg),
        },
      },
      null,
      2,
    ),
  );
  await bench.close();
  await carrier.close();
}

run().catch((e) => {
  console.error(e);
  process.exit(1);
});
