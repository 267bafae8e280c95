// Times two list calls of the API (a large company page and a filtered user page) on PGlite in memory
// and on a real PostgreSQL (BENCH_DATABASE_URL, in a fresh schema dropped at the end), with 10,000 extra
// companies and 20,000 extra users bulk-inserted on top of the demo seed.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { build } from '../../apps/api/src/app';
import { seedCompanies } from './seed-companies';
import { percentile } from './support';

const PASSWORD = 'bench-demo-pass-123';
const COMPANIES = 10_000;
const USERS = 20_000;
const BATCH = 1_000;
const WARMUPS = 3;
const RUNS = 30;
const PG_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const CALLS = [
  ['company list (per_page=10000)', '/company/list?per_page=10000'],
  [
    'user list (filtered, page 3)',
    '/user/list?page=3&per_page=10&user_name=*user*&is_active=true&order_by=email&order_dir=asc',
  ],
] as const;

interface Row {
  mode: string;
  call: string;
  rows: number;
  p50: number;
  p95: number;
  max: number;
  kb: number;
}

async function fill(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const companyIds = await seedCompanies(db, COMPANIES, BATCH);
  // Users are never logged in as, so one placeholder hash is enough.
  const password_hash = 'bench-placeholder-hash';
  for (let start = 0; start < USERS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, USERS - start) }, (_, k) => {
      const i = start + k;
      return {
        email: `bench-user-${String(i).padStart(5, '0')}@example.com`,
        full_name: `Bench User ${i}`,
        password_hash,
        user_type: i % 10 === 0 ? ('company_admin' as const) : ('user' as const),
        is_admin: i % 10 === 0,
        is_active: i % 5 !== 4,
        company_uuid: companyIds[i % companyIds.length],
      };
    });
    await db.insertInto('users').values(rows).execute();
  }
}

async function runMode(mode: string, databaseUrl: string | undefined): Promise<Row[]> {
  const dbSchema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
  const app = await build({
    dataDir: 'memory',
    databaseUrl,
    dbSchema,
    demoPassword: PASSWORD,
    seed: true,
    webRoot: '/nonexistent-web-root',
  });
  try {
    const t0 = performance.now();
    await fill(app);
    console.error(
      `[${mode}] inserted ${COMPANIES} companies and ${USERS} users in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
    const auth = await app.inject({
      method: 'POST',
      url: `${API_PREFIX}/auth`,
      payload: { email: 'admin@example.com', password: PASSWORD },
    });
    if (auth.statusCode !== 200) throw new Error(`login failed: ${auth.statusCode} ${auth.body}`);
    const headers = { authorization: `Bearer ${auth.json().token}` };
    const out: Row[] = [];
    for (const [call, path] of CALLS) {
      const get = () => app.inject({ method: 'GET', url: `${API_PREFIX}${path}`, headers });
      for (let i = 0; i < WARMUPS; i++) await get();
      const times: number[] = [];
      let rows = 0;
      let bytes = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        const res = await get();
        times.push(performance.now() - start);
        if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
        rows = (res.json() as { items: unknown[] }).items.length;
        bytes = res.rawPayload.length;
      }
      times.sort((a, b) => a - b);
      out.push({
        mode,
        call,
        rows,
        p50: percentile(times, 50),
        p95: percentile(times, 95),
        max: times[times.length - 1],
        kb: bytes / 1024,
      });
    }
    return out;
  } finally {
    if (dbSchema) await sql.raw(`drop schema if exists ${dbSchema} cascade`).execute(app.db);
    await app.close();
  }
}

function printTable(rows: Row[]): void {
  const head = ['mode', 'call', 'rows', 'p50 ms', 'p95 ms', 'max ms', 'resp KB'];
  const body = rows.map((r) => [
    r.mode,
    r.call,
    String(r.rows),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.max.toFixed(1),
    r.kb.toFixed(1),
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' | ');
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const b of body) console.log(line(b));
}

async function main(): Promise<void> {
  const rows: Row[] = [];
  rows.push(...(await runMode('pglite-memory', undefined)));
  rows.push(...(await runMode('postgres', PG_URL)));
  printTable(rows);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
