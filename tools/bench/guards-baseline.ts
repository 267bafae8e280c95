// The premium/unusual signal's history read (apps/api/src/guards/baseline.ts): a company with BASELINE_ROWS
// (120,000) messages over the last 30 days, read whole and then refreshed 10 minutes later by slices, as the
// signal does every 10 minutes; wall time and this process's CPU (PGlite runs in it) of each, on PGlite and
// PostgreSQL. Usage: npm run bench:guards-baseline  (BASELINE_ROWS, BASELINE_MODES=pglite,postgres,
// BENCH_DATABASE_URL)
import { performance } from 'node:perf_hooks';
import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { connect } from '../../apps/api/src/db/connect';
import { migrate } from '../../apps/api/src/db/migrations';
import type { Database } from '../../apps/api/src/db/schema';
import { readBaseline, type BaselineCounts } from '../../apps/api/src/guards/baseline';
import { DEFAULT_THRESHOLDS } from '../../apps/api/src/guards/engine/pumping';
import { SCRATCH_MIGRATION_CONTEXT } from '../../apps/api/src/testing/scratch-db';
import { benchDatabaseUrl, loadAverage } from './support';

const ROWS = Number(process.env.BASELINE_ROWS ?? 120_000);
const MODES = (process.env.BASELINE_MODES ?? 'pglite,postgres').split(',');
const REPEAT = 5;

async function runMode(mode: string): Promise<string> {
  const url = mode === 'postgres' ? benchDatabaseUrl() : undefined;
  const schema = `bench_baseline_${randomBytes(4).toString('hex')}`;
  const db: Kysely<Database> = await connect(url ? { databaseUrl: url, schema } : { dataDir: 'memory' });
  try {
    await migrate(db, SCRATCH_MIGRATION_CONTEXT);
    const co = await sql<{ id: string }>`insert into companies (company_name) values ('Baseline bench')
      returning company_uuid::text as id`.execute(db);
    const company = { company_uuid: co.rows[0].id, product_uuid: null };
    const now = Date.now();
    // spread evenly over 30 days, to 400 area codes
    await sql`insert into sms (company_uuid, ani, dnis, text, status, segments, price, created_on)
      select ${company.company_uuid}, '+12125552301', '+1' || (200 + i % 400)::text || lpad((i % 9999999)::text, 7, '0'),
        'Bench', 'delivered', 1, 12000, ${new Date(now)}::timestamptz - (i * (30 * 86400.0 / ${ROWS})) * interval '1 second'
      from generate_series(1, ${ROWS}) i`.execute(db);
    await sql`analyze sms`.execute(db);
    const time = async (f: () => Promise<BaselineCounts>) => {
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      const c = await f();
      const cpu = process.cpuUsage(cpu0);
      return { c, ms: performance.now() - t0, cpuMs: (cpu.user + cpu.system) / 1000 };
    };
    const full: number[] = [];
    const sliced: number[] = [];
    let fullCpu = 0;
    let slicedCpu = 0;
    let messages = 0;
    for (let i = 0; i < REPEAT; i++) {
      const at = now + i * 10 * 60_000;
      const a = await time(() => readBaseline(db, company, DEFAULT_THRESHOLDS, at - 10 * 60_000));
      const b = await time(() => readBaseline(db, company, DEFAULT_THRESHOLDS, at, a.c));
      if (b.c.read !== 'slices') throw new Error('the refresh read the whole history');
      const check = await readBaseline(db, company, DEFAULT_THRESHOLDS, at);
      const sum = (c: BaselineCounts) => [...c.byDest.values()].reduce((s, v) => s + v.n, 0);
      if (sum(check) !== sum(b.c) || check.byDest.size !== b.c.byDest.size)
        throw new Error('the slices disagree with a full read');
      messages = sum(b.c);
      full.push(a.ms);
      sliced.push(b.ms);
      fullCpu += a.cpuMs;
      slicedCpu += b.cpuMs;
    }
    const range = (xs: number[]) => `${Math.min(...xs).toFixed(1)}–${Math.max(...xs).toFixed(1)} ms`;
    return (
      `${mode}: ${ROWS.toLocaleString('en-US')} messages in 30 days (${messages.toLocaleString('en-US')} in the history): ` +
      `full read ${range(full)} (process CPU ${(fullCpu / REPEAT).toFixed(1)} ms), ` +
      `refresh by slices 10 minutes on ${range(sliced)} (process CPU ${(slicedCpu / REPEAT).toFixed(1)} ms); ` +
      `the same counts as a full read each time; load average ${loadAverage()}`
    );
  } finally {
    if (url) await sql.raw(`drop schema ${schema} cascade`).execute(db);
    await db.destroy();
  }
}

async function main() {
  const lines: string[] = [];
  for (const mode of MODES) lines.push(await runMode(mode));
  console.log(lines.join('\n'));
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
