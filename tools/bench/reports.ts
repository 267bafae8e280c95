// Reports at 1,000,000 messages over 30 days, on PGlite (on disk, temp dir) and PostgreSQL
// (REPORTS_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/reports_bench, created if missing,
// in a throwaway schema). Seeds the messages with SQL (the sms triggers write the rollup deltas as in
// production), folds them, then prints p50/p95 of the dashboard and every report call, and the streamed
// CSV export of the whole outgoing log: time to first byte, rows, total time and the server's peak RSS.
// Usage: npm run bench:reports  (REPORT_ROWS, REPORT_MODES=pglite,postgres, REPORT_RUNS)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { build } from '../../apps/api/src/app';
import { connect } from '../../apps/api/src/db/connect';
import { migrate } from '../../apps/api/src/db/migrations';
import { loadSecretKey, secretBox } from '../../apps/api/src/lib/secret-box';
import { ensureDatabase } from './ensure-database';
import { seedReportRows } from './reports-seed';
import { percentile } from './support';

const PASSWORD = 'bench-demo-pass-123';
const ROWS = Number(process.env.REPORT_ROWS ?? 1_000_000);
const RUNS = Number(process.env.REPORT_RUNS ?? 30);
const WARMUPS = 3;
const CHUNK = 100_000;
const DAYS = 30;
const PG_URL = process.env.REPORTS_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/reports_bench';
const KEEP = process.env.REPORT_KEEP_SCHEMA;
const MODES = (process.env.REPORT_MODES ?? 'pglite,postgres').split(',');
const log = (s: string) => console.error(s);

async function timeCall(app: FastifyInstance, headers: Record<string, string>, url: string) {
  const get = () => app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers });
  for (let i = 0; i < WARMUPS; i++) {
    const res = await get();
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  const times: number[] = [];
  let rows = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await get();
    times.push(performance.now() - t0);
    rows = res.json().items?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), rows };
}

/**
 * The whole outgoing log as CSV over real HTTP: time to first byte (5 downloads dropped after their
 * first bytes: the server stops at its next batch), then one whole download for rows, time and peak RSS.
 */
async function exportCsv(app: FastifyInstance, token: string, mode: string): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const headers = { authorization: `Bearer ${token}` };
  const url = `${address}${API_PREFIX}/log/report?format=csv`;
  // the process's first fetch loads and compiles the HTTP client (seconds at load): not the server's time
  await (await fetch(`${address}${API_PREFIX}/payment_term/list?per_page=1`, { headers })).text();
  const firsts: number[] = [];
  for (let i = 0; i < 5; i++) {
    const ac = new AbortController();
    const t0 = performance.now();
    const res = await fetch(url, { headers, signal: ac.signal });
    await res.body?.getReader().read();
    firsts.push(performance.now() - t0);
    ac.abort();
    // the dropped download's batch in flight still finishes in this process (client and server share it):
    // let it, so the next sample times a first byte and not that batch
    await new Promise((r) => setTimeout(r, 3_000));
  }
  firsts.sort((a, b) => a - b);
  let peak = process.memoryUsage().rss;
  const base = peak;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  const t0 = performance.now();
  // REPORT_CSV_MAX: stop reading (and drop the download) after that many rows, on a slow machine
  const max = Number(process.env.REPORT_CSV_MAX ?? Infinity);
  const whole = new AbortController();
  const res = await fetch(url, { headers, signal: whole.signal });
  const reader = res.body?.getReader();
  if (!reader) throw new Error('no body');
  let first = 0;
  let lines = 0;
  // RSS every 100,000 rows: flat memory shows as a plateau, a leak as a climb with the row count
  const marks: string[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (!first) first = performance.now() - t0;
    for (const b of value)
      if (b === 10 && ++lines % 100_000 === 0)
        marks.push(`${lines / 1000}k ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)}`);
    if (lines > max) {
      whole.abort();
      break;
    }
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  return (
    `${mode}: CSV export of the outgoing log (system admin): ${(lines - 1).toLocaleString('en-US')} rows${lines > max ? ' (then dropped)' : ''}; first byte p50 ${percentile(firsts, 50).toFixed(0)} ms, ` +
    `max ${firsts[firsts.length - 1].toFixed(0)} ms of 5 (whole download's ${first.toFixed(0)} ms); all ${(total / 1000).toFixed(1)} s; ` +
    `RSS ${(base / 2 ** 20).toFixed(0)} → peak ${(peak / 2 ** 20).toFixed(0)} MB (by rows: ${marks.join(', ')} MB); load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`
  );
}

async function runMode(mode: string) {
  const pg = mode === 'postgres';
  if (pg) await ensureDatabase(PG_URL);
  const dir = pg ? undefined : mkdtempSync(path.join(tmpdir(), 'bench-reports-'));
  // REPORT_KEEP_SCHEMA=name keeps a seeded PostgreSQL schema between runs (to profile without reseeding)
  const dbSchema = pg ? KEEP || `bench_${randomBytes(6).toString('hex')}` : undefined;
  // PGlite opened and migrated here, outside the app's plugin time-out (a loaded machine took over 120 s)
  const sharedDb = pg ? undefined : await connect({ dataDir: dir });
  // the key the app loads from beside the same data directory (migration 013 seals SMSC passwords with it)
  const key = dir ? loadSecretKey({ dataDir: dir }, log) : undefined;
  if (sharedDb && key)
    await migrate(sharedDb, { secrets: { smscPassword: secretBox(key, 'smsc_connections.password') } });
  const app = await build({
    dataDir: dir,
    databaseUrl: pg ? PG_URL : undefined,
    dbSchema,
    demoPassword: PASSWORD,
    seed: true,
    webRoot: '/nonexistent-web-root',
    demoTraffic: false,
    sharedDb,
  });
  const out: { mode: string; call: string; rows: number; p50: number; p95: number }[] = [];
  try {
    const have =
      pg && KEEP ? Number((await sql<{ n: string }>`select count(*) as n from sms`.execute(app.db)).rows[0].n) : 0;
    if (have < ROWS) {
      log(`[${mode}] seeding ${ROWS} messages`);
      const t0 = performance.now();
      await seedReportRows(app, { rows: ROWS, days: DAYS, chunk: CHUNK });
      log(`[${mode}] seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    }
    const token = async (email: string) =>
      (await app.inject({ method: 'POST', url: `${API_PREFIX}/auth`, payload: { email, password: PASSWORD } })).json()
        .token as string;
    const admin = { authorization: `Bearer ${await token('admin@example.com')}` };
    const acme = { authorization: `Bearer ${await token('acme-admin@example.com')}` };
    const reseller = { authorization: `Bearer ${await token('reseller@example.com')}` };
    const now = new Date();
    const month = `start_time=${new Date(now.getTime() - DAYS * 86_400_000).toISOString()}&end_time=${now.toISOString()}`;
    const week = `start_time=${new Date(now.getTime() - 7 * 86_400_000).toISOString()}&end_time=${now.toISOString()}`;
    const calls: [string, Record<string, string>, string][] = [
      // the floor under the machine's load: sign-in checks and one tiny query, no report
      ['floor: 1-row list, no report (admin)', admin, '/payment_term/list?per_page=1'],
      ['dashboard 24 hour (system admin)', admin, '/dashboard'],
      ['dashboard 7 day (company admin)', acme, '/dashboard?interval=7%20day'],
      ['dashboard 30 day (reseller)', reseller, '/dashboard?interval=30%20day'],
      ['stat/report 30 d by day (admin)', admin, `/stat/report?${month}&step=day`],
      ['stat/report 7 d by hour (admin)', admin, `/stat/report?${week}&step=hour`],
      ['all-client-vendor 30 d (admin)', admin, `/stat/report?${month}&step=total&group=company,vendor`],
      [
        'specific-client by day 30 d (admin)',
        admin,
        `/stat/report?${month}&step=day&group=company,vendor&company_name=Acme`,
      ],
      ['expand-into-users 30 d (admin)', admin, `/stat/report?${month}&step=total&group=company,user,vendor`],
      ['number report 7 d (company admin)', acme, `/stat/report?${week}&step=total&group=number`],
      ['destination 7 d (company admin)', acme, `/stat/report?${week}&step=total&group=network`],
      ['usage-report 30 d by day (company admin)', acme, `/stat/report?${month}&step=day&group=user`],
      [
        'log/report aggregated 30 d (admin)',
        admin,
        `/log/report?${month}&step=day&group=vendor&fields=messages,revenue,cost,margin`,
      ],
      [
        'log/report dnis_prefix 1 d (raw messages)',
        admin,
        `/log/report?step=total&dnis_prefix=14155&start_time=${new Date(now.getTime() - 86_400_000).toISOString()}`,
      ],
      ['sms/report by company 30 d (admin)', admin, '/sms/report?group_by_company=true'],
      ['sms/reseller/report month (reseller)', reseller, '/sms/reseller/report?group_by_company=true'],
      ['sms/recipient/report 30 d (company admin)', acme, '/sms/recipient/report'],
    ];
    // REPORT_ONLY=word runs only the calls whose label holds it; REPORT_CSV=0 skips the export
    for (const [call, headers, url] of calls.filter(
      ([c]) => !process.env.REPORT_ONLY || c.includes(process.env.REPORT_ONLY),
    )) {
      const r = await timeCall(app, headers, url);
      out.push({ mode, call, ...r });
      log(
        `[${mode}] ${call}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms (${r.rows} rows; load ${loadavg()[0].toFixed(1)})`,
      );
    }
    const csv = process.env.REPORT_CSV === '0' ? [] : [await exportCsv(app, admin.authorization.slice(7), mode)];
    csv.forEach((l) => log(l));
    return { rows: out, lines: csv };
  } finally {
    if (dbSchema && !KEEP) await sql.raw(`drop schema if exists ${dbSchema} cascade`).execute(app.db);
    await app.close();
    await sharedDb?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const rows: Awaited<ReturnType<typeof runMode>>['rows'] = [];
  const lines: string[] = [];
  for (const mode of MODES) {
    const r = await runMode(mode);
    rows.push(...r.rows);
    lines.push(...r.lines);
  }
  console.log(
    `Reports at ${ROWS.toLocaleString('en-US')} messages over ${DAYS} days (${RUNS} runs each after ${WARMUPS} warm-ups); load average at the end ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const w = Math.max(...rows.map((r) => r.call.length));
  console.log(`${'mode'.padEnd(8)} | ${'call'.padEnd(w)} | ${'rows'.padStart(5)} | p50 ms | p95 ms`);
  for (const r of rows)
    console.log(
      `${r.mode.padEnd(8)} | ${r.call.padEnd(w)} | ${String(r.rows).padStart(5)} | ${r.p50.toFixed(1).padStart(6)} | ${r.p95.toFixed(1).padStart(6)}`,
    );
  for (const l of lines) console.log(l);
}

// exits when done: with PGlite opened by the bench, a handle stayed open after the last figure (18:12 run)
main().then(
  () => process.exit(),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
