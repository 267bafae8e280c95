// What every API benchmark starts with: the real app on a fresh database (a PostgreSQL schema of its own,
// dropped afterwards, or a PGlite data directory, removed afterwards), signed in as a demo user, a
// company with money, and the machine's load to print beside each figure (a shared machine's figures
// mean little without it).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import type { FastifyInstance } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { build, type BuildOptions } from '../../apps/api/src/app';
import { post } from '../../apps/api/src/billing';
import { ensureDatabase } from './ensure-database';
import { GUARDS_ON, setUpGuards } from './guards-setup';

export const BENCH_PASSWORD = 'bench-demo-pass-123';

/** The PostgreSQL a benchmark uses: BENCH_DATABASE_URL, else DATABASE_URL, else `fallback`. */
export const benchDatabaseUrl = (fallback = 'postgres://postgres@127.0.0.1:5432/test') =>
  process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || fallback;

export interface BenchApp {
  app: FastifyInstance;
  mode: 'postgres' | 'pglite';
  /** a bearer header of a seeded user */
  signIn(email: string): Promise<{ authorization: string }>;
  /** the seeded company's id, credited with `micro` (an adjustment entry) */
  fundCompany(company_name: string, micro: bigint): Promise<string>;
  /** BENCH_GUARDS (guards-setup.ts): on gives the company one of each guard, off leaves it bare */
  setUpGuards(company_uuid: string): Promise<void>;
  /** closes the app, then drops its schemas or removes its data directory */
  close(): Promise<void>;
}

/**
 * The app with the demo seed (no demo traffic or billing) on a fresh database for `mode` ('postgres' or
 * 'pglite'), with `options` over that; `tag` names the schema or directory (bench_<tag>_…).
 */
export async function startBenchApp(
  mode: string,
  tag: string,
  options: BuildOptions,
  databaseUrl = benchDatabaseUrl(),
): Promise<BenchApp> {
  const pg = mode === 'postgres';
  if (pg) await ensureDatabase(databaseUrl);
  const dir = pg ? undefined : mkdtempSync(path.join(tmpdir(), `bench-${tag}-`));
  const dbSchema = pg ? `bench_${tag}_${randomBytes(4).toString('hex')}` : undefined;
  const app = await build({
    dataDir: dir,
    databaseUrl: pg ? databaseUrl : undefined,
    dbSchema,
    guardsEnabled: GUARDS_ON,
    demoPassword: BENCH_PASSWORD,
    seed: true,
    webRoot: '/nonexistent-web-root',
    demoTraffic: false,
    demoBilling: false,
    ...options,
  });
  return {
    app,
    mode: pg ? 'postgres' : 'pglite',
    async signIn(email) {
      const auth = await app.inject({
        method: 'POST',
        url: `${API_PREFIX}/auth`,
        payload: { email, password: BENCH_PASSWORD },
      });
      if (auth.statusCode !== 200) throw new Error(`sign-in of ${email}: ${auth.statusCode} ${auth.body}`);
      return { authorization: `Bearer ${auth.json().token}` };
    },
    async fundCompany(company_name, micro) {
      const { company_uuid } = await app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', company_name)
        .executeTakeFirstOrThrow();
      await app.db.transaction().execute((trx) =>
        post(trx, {
          account: { company_uuid },
          amount: micro,
          kind: 'adjustment',
          cause_type: 'bench',
          cause_id: tag,
        }),
      );
      return company_uuid;
    },
    setUpGuards: (company_uuid) => setUpGuards(app, BENCH_PASSWORD, company_uuid),
    async close() {
      await app.close();
      if (dbSchema) {
        // the job queue (pg-boss) keeps its tables in <schema>_jobs
        const c = new Client({ connectionString: databaseUrl });
        await c.connect();
        await c.query(`drop schema if exists ${dbSchema} cascade; drop schema if exists ${dbSchema}_jobs cascade`);
        await c.end();
      }
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The demo companies the benches write for: Acme (the demo reseller's), Globex (direct) and the others. */
export interface DemoCompanies {
  acme: DemoCompany;
  globex: DemoCompany;
  others: DemoCompany[];
  /** acme-admin's and acme-user's ids, in that order */
  acmeUsers: string[];
}
export type DemoCompany = { company_uuid: string; company_name: string; reseller_uuid: string | null };

/** Reads the seeded demo companies and Acme's two users (throws when the seed is missing). */
export async function demoCompanies(app: FastifyInstance): Promise<DemoCompanies> {
  const cos = await app.db
    .selectFrom('companies')
    .select(['company_uuid', 'company_name', 'reseller_uuid'])
    .orderBy('company_name')
    .execute();
  const acme = cos.find((c) => c.company_name === 'Acme');
  const globex = cos.find((c) => c.company_name === 'Globex');
  if (!acme || !globex) throw new Error('demo companies missing');
  const users = await app.db
    .selectFrom('users')
    .select('uuid')
    .where('email', 'in', ['acme-admin@example.com', 'acme-user@example.com'])
    .orderBy('email')
    .execute();
  return {
    acme,
    globex,
    others: cos.filter((c) => c !== acme && c !== globex),
    acmeUsers: users.map((u) => u.uuid),
  };
}

/**
 * CPU milliseconds this process used since the call, when asked: on a shared machine a rate swings with
 * the other work, the CPU a message costs much less.
 */
export function cpuMeter(): () => number {
  const start = process.cpuUsage();
  return () => {
    const d = process.cpuUsage(start);
    return (d.user + d.system) / 1000;
  };
}

/** The load average (1, 5, 15 min) as printed beside a figure. */
export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** The load and the cores, for a figure's line. */
export const machineLine = () => `load average ${loadAverage()} on ${availableParallelism()} cores`;

/** `n` distinct US mobile-looking numbers from `base` (five area codes in turn). */
export const benchNumbers = (n: number, base: number) =>
  Array.from(
    { length: n },
    (_, i) => `+1${['415', '650', '408', '510', '925'][i % 5]}${String(base + Math.floor(i / 5)).padStart(7, '0')}`,
  );

/**
 * CPU seconds (user + system) spent so far by the processes named `name` on this machine (PostgreSQL's
 * backends: "postgres"), read from /proc; null where there is no /proc. A backend that exits between two
 * readings takes its share with it, so read it around a run whose connections stay open.
 */
export function processCpuSeconds(name: string): number | null {
  let ticks = 0;
  try {
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const close = stat.lastIndexOf(')');
        if (stat.slice(stat.indexOf('(') + 1, close) !== name) continue;
        const fields = stat.slice(close + 2).split(' ');
        // utime and stime are fields 14 and 15 of stat, 12 and 13 after the name
        ticks += Number(fields[11]) + Number(fields[12]);
      } catch {
        // the process ended meanwhile
      }
    }
  } catch {
    return null;
  }
  // the kernel's clock tick is 100 Hz on every Linux this runs on
  return ticks / 100;
}

/** CPU seconds (user + system) one process has used so far, from /proc; 0 when it is gone or unknown. */
export function pidCpuSeconds(pid: number | null): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The p-th percentile of `sorted` (ascending), nearest rank. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/**
 * POST /sms, `concurrency` at a time, for sends number `cursor.next` up to `upTo` (the cursor moves on, so a
 * bench can send in rounds); each to a Chicago number of its own (mod 10,000) with `text(i)`. Answers how many
 * were refused.
 */
export async function postSmsConcurrently(
  app: FastifyInstance,
  headers: Record<string, string>,
  o: { cursor: { next: number }; upTo: number; concurrency: number; text: (i: number) => string },
): Promise<number> {
  let refused = 0;
  await Promise.all(
    Array.from({ length: o.concurrency }, async () => {
      while (o.cursor.next < o.upTo) {
        const i = o.cursor.next++;
        const res = await app.inject({
          method: 'POST',
          url: `${API_PREFIX}/sms`,
          headers,
          payload: { ani: '+12125552301', dnis: `+1312555${String(i % 10000).padStart(4, '0')}`, text: o.text(i) },
        });
        if (res.statusCode !== 201) refused++;
      }
    }),
  );
  return refused;
}
