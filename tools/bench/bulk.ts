// Bulk sending: the accept time of a 100,000-number job (POST /bulk answers before anything is sent)
// and the sustained messages/s of a running job through the whole pipeline (checks, price, hold,
// gateway, delivery report, settlement), on PostgreSQL and PGlite, with CPU and memory.
// Then, per size in BULK_LIVE_SIZES (default 10,000 and 100,000), a running job watched like the screens do: the time
// to its first sent message, the latency of GET /bulk/{id}/report polls while it runs (other requests must interleave
// with the job's chunks, above all on PGlite's single connection), and how fast a hold answers and takes effect.
// Usage: npm run bench:bulk  (BULK_SENDS=20000, BULK_MODES=postgres,pglite, BULK_LIVE_SIZES=10000,100000, BULK_LIVE_SECONDS=20,
// BULK_ACCEPT=100000 (0 skips), BENCH_GUARDS=on|off (tools/bench/guards-setup.ts), BENCH_DATABASE_URL)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { API_PREFIX } from '@smsc/shared-contract';
import { bulkOf } from '../../apps/api/src/bulk';
import { GUARDS_ON } from './guards-setup';
import { benchDatabaseUrl, benchNumbers, startBenchApp } from './support';

/** BULK_ACCEPT=0 skips the accept runs (scheduled, they never reach the send pipeline's guards) */
const ACCEPT = Number(process.env.BULK_ACCEPT ?? 100_000);
const SENDS = Number(process.env.BULK_SENDS ?? 20_000);
const PG_URL = benchDatabaseUrl();
const MODES = (process.env.BULK_MODES ?? 'postgres,pglite').split(',');
const LIVE_SIZES = (process.env.BULK_LIVE_SIZES ?? '10000,100000').split(',').filter(Boolean).map(Number);
const LIVE_SECONDS = Number(process.env.BULK_LIVE_SECONDS ?? 20);
const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))] ?? 0;
const log = (s: string) => console.error(s);
const numbers = benchNumbers;

async function runMode(mode: string): Promise<string[]> {
  const bench = await startBenchApp(
    mode,
    'bulk',
    {
      // the simulator reports every message 50 ms after the hand-over: the figure is the pipeline's
      messaging: { gatewaySecret: 'bench', simLatencyMs: 50, simFailureRate: 0, simAutoDeliver: true },
    },
    PG_URL,
  );
  const { app } = bench;
  const out: string[] = [];
  try {
    const headers = await bench.signIn('acme-admin@example.com');
    const acme = await bench.fundCompany('Acme', 100_000_000_000n);
    await bench.setUpGuards(acme);
    log(`[${mode}] guards ${GUARDS_ON ? 'on' : 'off'}`);

    // 1. accept: 100,000 numbers as JSON, scheduled an hour ahead so nothing is sent meanwhile
    const accepts: number[] = [];
    for (let run = 0; run < (ACCEPT ? 3 : 0); run++) {
      const body = {
        ani: '+12125552301',
        text: 'Accept bench',
        numbers: numbers(ACCEPT, 2_000_000 + run * 100_000),
        send_at: new Date(Date.now() + 3600_000).toISOString(),
      };
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url: `${API_PREFIX}/bulk`, headers, payload: body });
      accepts.push(performance.now() - t0);
      if (res.statusCode !== 201) throw new Error(`accept: ${res.statusCode} ${res.body}`);
    }
    out.push(
      `${mode}: accept of ${ACCEPT.toLocaleString('en-US')} numbers (POST /bulk, JSON): ${accepts.map((a) => `${(a / 1000).toFixed(2)} s`).join(', ')}`,
    );
    log(out[out.length - 1]);

    // 2. throughput: a running job of SENDS messages until every report is settled
    const cpu0 = process.cpuUsage();
    let rssMax = process.memoryUsage().rss;
    const t0 = performance.now();
    const { bulk_uuid } = await bulkOf(app).create({
      company_uuid: acme,
      user_uuid: null,
      ani: '+12125552301',
      text: 'Throughput bench',
      recipients: numbers(SENDS, 5_000_000).map((number) => ({ number })),
    });
    let handedAt = 0;
    for (;;) {
      await new Promise((r) => setTimeout(r, 250));
      rssMax = Math.max(rssMax, process.memoryUsage().rss);
      const p = await bulkOf(app).progress(bulk_uuid);
      if (!handedAt && p.left === 0) handedAt = performance.now();
      if (p.status === 'finished' && p.delivered + p.failed === p.total) break;
    }
    const secs = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const settled = (
      await sql<{
        n: number;
      }>`select count(*)::int as n from ledger_entries e join sms s on e.cause_id = s.sms_uuid::text where s.bulk_uuid = ${bulk_uuid} and e.kind = 'sms_charge'`.execute(
        app.db,
      )
    ).rows[0].n;
    out.push(
      `${mode}: ${SENDS.toLocaleString('en-US')} messages handed over in ${((handedAt - t0) / 1000).toFixed(1)} s, all delivered with DLRs settled in ${secs.toFixed(1)} s: ` +
        `${(SENDS / secs).toFixed(0)} msg/s sustained (${settled} charges); API process CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, ${((cpu.user + cpu.system) / 1e3 / SENDS).toFixed(2)} ms a message ` +
        `(${(((cpu.user + cpu.system) / 1e6 / secs) * 100).toFixed(0)}% of one core), RSS max ${(rssMax / 2 ** 20).toFixed(0)} MiB, load average ${loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')}`,
    );
    log(out[out.length - 1]);

    // 3. live: a running job of each size, polled like the report screen, then held
    for (const size of LIVE_SIZES) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/bulk`,
        headers,
        payload: { ani: '+12125552301', text: `Live ${size}`, numbers: numbers(size, 6_000_000 + size) },
      });
      if (res.statusCode !== 201) throw new Error(`live: ${res.statusCode} ${res.body}`);
      const id = res.json().bulk_uuid;
      const lat: number[] = [];
      const t1 = performance.now();
      let firstSent = 0;
      let sent = 0;
      while (performance.now() - t1 < LIVE_SECONDS * 1000) {
        const q0 = performance.now();
        const r = await app.inject({ method: 'GET', url: `${API_PREFIX}/bulk/${id}/report?per_page=10`, headers });
        lat.push(performance.now() - q0);
        sent = r.json().bulk.progress.sent;
        if (sent > 0 && !firstSent) firstSent = performance.now() - t1;
        if (r.json().bulk.status === 'finished') break;
        await new Promise((z) => setTimeout(z, 250));
      }
      const h0 = performance.now();
      const held = await app.inject({ method: 'POST', url: `${API_PREFIX}/bulk/${id}/hold`, headers });
      const holdMs = performance.now() - h0;
      // the chunk in hand when the hold came may still go out; nothing after it
      await new Promise((z) => setTimeout(z, 1500));
      const a = await bulkOf(app).progress(id);
      await new Promise((z) => setTimeout(z, 2000));
      const b = await bulkOf(app).progress(id);
      out.push(
        `${mode}: live ${size.toLocaleString('en-US')} numbers: first sent after ${(firstSent / 1000).toFixed(1)} s, ${sent} sent in ${LIVE_SECONDS} s; ` +
          `report polls p50 ${pct(lat, 50).toFixed(0)} ms, p95 ${pct(lat, 95).toFixed(0)} ms, max ${Math.max(...lat).toFixed(0)} ms (${lat.length}); ` +
          `hold answered ${held.statusCode} in ${holdMs.toFixed(0)} ms, ${b.sent - a.sent} sent after it settled; load average ${loadavg()
            .map((l) => l.toFixed(1))
            .join(' ')}`,
      );
      log(out[out.length - 1]);
    }
  } finally {
    await bench.close();
  }
  return out;
}

async function main() {
  const lines: string[] = [];
  for (const mode of MODES) lines.push(...(await runMode(mode)));
  console.log(lines.join('\n'));
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
