// The message history at size (issue 51): fills a PostgreSQL schema with tools/bench/history-generator.ts (sizes
// from HISTORY_ROWS, HISTORY_DAYS, HISTORY_COMPANIES; default 100 million over 90 days across 1,000 companies) and
// prints, at that size: the SMS list's first page and a filtered page, a message by id, reports, each p50/p95 over
// HISTORY_RUNS calls, and one retention pass (the platform's defaults set to redact the oldest day's bodies and
// archive then remove the oldest day's messages) with the latency of single-row inserts into sms made meanwhile
// (a pass must not block sends).
// Usage: HISTORY_ROWS=2000000 npm run bench:history   (HISTORY_DATABASE_URL, HISTORY_KEEP_SCHEMA=name to reuse a fill,
// HISTORY_REPORT_END=ISO instant the reports' range ends at)
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { build } from '../../apps/api/src/app';
import { retentionOf } from '../../apps/api/src/retention';
import { ensureDatabase } from './ensure-database';
import { generateHistory, historyCompanies, historySize } from './history-generator';
import { percentile } from './support';

const PASSWORD = 'bench-demo-pass-123';
const RUNS = Number(process.env.HISTORY_RUNS ?? 50);
const URL_ = process.env.HISTORY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/history_bench';
const KEEP = process.env.HISTORY_KEEP_SCHEMA;
const log = (s: string) => console.error(s);
const ms = (n: number) => n.toFixed(1).padStart(7);

async function timed(app: FastifyInstance, headers: Record<string, string>, urls: string[]) {
  const get = (url: string) => app.inject({ method: 'GET', url: `${API_PREFIX}${url}`, headers });
  for (const url of urls.slice(0, 3)) {
    const res = await get(url);
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  }
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const res = await get(urls[i % urls.length]);
    times.push(performance.now() - t0);
    if (res.statusCode !== 200) throw new Error(`${urls[i % urls.length]}: ${res.statusCode}`);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function main() {
  const size = historySize();
  await ensureDatabase(URL_);
  const dbSchema = KEEP || `hist_${randomBytes(6).toString('hex')}`;
  const archiveDir = mkdtempSync(path.join(tmpdir(), 'bench-history-archive-'));
  const app = await build({
    databaseUrl: URL_,
    dbSchema,
    demoPassword: PASSWORD,
    seed: true,
    demoTraffic: false,
    webRoot: '/nonexistent-web-root',
    retention: { everySeconds: 0, archiveDir },
  });
  const lines: string[] = [];
  try {
    const have = Number((await sql<{ n: string }>`select count(*) as n from sms`.execute(app.db)).rows[0].n);
    if (have < size.rows) {
      log(`generating ${size.rows.toLocaleString('en')} messages over ${size.days} days, ${size.companies} companies`);
      const s = await generateHistory(app.db, size);
      lines.push(
        `generated ${size.rows.toLocaleString('en')} messages in ${s.toFixed(1)} s (${Math.round(size.rows / s).toLocaleString('en')} rows/s, report deltas folded, analysed)`,
      );
    }
    const rows = Number((await sql<{ n: string }>`select count(*) as n from sms`.execute(app.db)).rows[0].n);
    const bytes = (await sql<{ b: string }>`select pg_total_relation_size('sms') as b`.execute(app.db)).rows[0].b;
    lines.push(`sms: ${rows.toLocaleString('en')} rows, ${(Number(bytes) / 2 ** 30).toFixed(2)} GiB with indexes`);
    const token = (
      await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/auth`,
        payload: { email: 'admin@example.com', password: PASSWORD },
      })
    ).json().token as string;
    const admin = { authorization: `Bearer ${token}` };
    const [top, , third] = await historyCompanies(app.db, size.companies);
    // HISTORY_REPORT_END: the instant the reports' 30 days end (default now). Their cost depends on the hour: a
    // range that does not start or end on a UTC midnight reads its edge days' hours from the hourly rollups, so a
    // run at 23:30 UTC reads one hour and a run at 16:00 reads 25; a fixed end compares runs made at other hours.
    const now = process.env.HISTORY_REPORT_END ? new Date(process.env.HISTORY_REPORT_END) : new Date();
    const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
    const month = `start_time=${new Date(now.getTime() - 30 * 86_400_000).toISOString()}&end_time=${now.toISOString()}`;
    const ids = (
      await sql<{
        sms_uuid: string;
      }>`select sms_uuid from sms tablesample system (0.1) repeatable (51) limit 200`.execute(app.db)
    ).rows.map((r) => r.sms_uuid);
    const calls: [string, string[]][] = [
      ['SMS list, first page (system admin, all companies)', ['/sms/list?per_page=10']],
      ['SMS list, first page of one company', [`/sms/list?per_page=10&company_uuid=${top}`]],
      [
        'SMS list, filtered page (company, undelivered, outgoing, last 7 days)',
        [
          `/sms/list?per_page=10&company_uuid=${third}&status=undelivered&is_received=false&created_on_gte=${week}`,
          `/sms/list?per_page=10&company_uuid=${top}&status=undelivered&is_received=false&created_on_gte=${week}`,
        ],
      ],
      ['a message by id', ids.map((id) => `/sms/${id}`)],
      ['report 30 d by day (system admin)', [`/stat/report?${month}&step=day`]],
      ['report 30 d by company (system admin)', [`/stat/report?${month}&step=total&group=company`]],
      ['report 30 d by day, one company', [`/stat/report?${month}&step=day&company_uuid=${top}`]],
    ];
    for (const [label, urls] of calls) {
      const r = await timed(app, admin, urls);
      lines.push(`${label.padEnd(72)} p50 ${ms(r.p50)} ms  p95 ${ms(r.p95)} ms`);
      log(lines.at(-1) as string);
    }

    // one pass: the oldest day's bodies redacted, the oldest day archived and removed, for every company
    const put = await app.inject({
      method: 'PUT',
      url: `${API_PREFIX}/retention/settings`,
      headers: admin,
      payload: { redact_after_days: size.days - 2, remove_after_days: size.days - 1, archive: true },
    });
    if (put.statusCode !== 200) throw new Error(`retention settings: ${put.statusCode} ${put.body}`);
    const inserts: number[] = [];
    let passing = true;
    const writer = (async () => {
      while (passing) {
        const t0 = performance.now();
        await sql`insert into sms (company_uuid, ani, dnis, text, status, segments)
          values (${top}, '+12125552301', '+14155550100', 'during the pass', 'delivered', 1)`.execute(app.db);
        inserts.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const t0 = performance.now();
    const pass = await retentionOf(app).run('admin');
    const took = (performance.now() - t0) / 1000;
    passing = false;
    await writer;
    inserts.sort((a, b) => a - b);
    lines.push(
      `retention pass: ${took.toFixed(1)} s for ${pass.companies} companies: ${pass.redacted.toLocaleString('en')} bodies redacted, ` +
        `${pass.removed.toLocaleString('en')} removed (${pass.archived.toLocaleString('en')} archived); ${inserts.length} inserts meanwhile: ` +
        `p50 ${percentile(inserts, 50).toFixed(1)} ms, p95 ${percentile(inserts, 95).toFixed(1)} ms, max ${inserts[inserts.length - 1]?.toFixed(1)} ms` +
        (pass.error ? `; ERROR ${pass.error}` : ''),
    );
  } finally {
    if (!KEEP) await sql.raw(`drop schema if exists ${dbSchema} cascade`).execute(app.db);
    await app.close();
    rmSync(archiveDir, { recursive: true, force: true });
  }
  console.log(
    `Message history at ${size.rows.toLocaleString('en')} messages over ${size.days} days, ${size.companies} companies ` +
      `(PostgreSQL; ${RUNS} calls each after 3 warm-ups; load ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
  );
  for (const l of lines) console.log(l);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
