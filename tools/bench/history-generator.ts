// A big message history, fast (issue 51 item 4): HISTORY_COMPANIES companies (default 1,000) and HISTORY_ROWS
// messages (default 100,000,000) spread evenly over the last HISTORY_DAYS days (default 90), written by set-based
// `insert … select … from generate_series` in chunks of HISTORY_CHUNK rows, oldest first, so the sms triggers write
// the report deltas as in production; then the deltas are folded and the table analysed. One in ten incoming; a
// few vendor products and networks; mostly delivered. A company's share follows a rough power law (company k gets
// about 1/k of the traffic of the first), as real platforms do.
//
// Used by `npm run bench:history` (tools/bench/history.ts), or alone on a schema of its own:
//   HISTORY_DATABASE_URL=postgres://… HISTORY_SCHEMA=hist HISTORY_ROWS=5000000 npx tsx tools/bench/history-generator.ts
import { performance } from 'node:perf_hooks';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../apps/api/src/db/schema';
import { foldDeltas } from '../../apps/api/src/reports';

const log = (s: string) => console.error(s);

export interface HistorySize {
  rows: number;
  days: number;
  companies: number;
  chunk: number;
}

export const historySize = (): HistorySize => ({
  rows: Number(process.env.HISTORY_ROWS ?? 100_000_000),
  days: Number(process.env.HISTORY_DAYS ?? 90),
  companies: Number(process.env.HISTORY_COMPANIES ?? 1_000),
  chunk: Number(process.env.HISTORY_CHUNK ?? 500_000),
});

/** The bench companies, created when missing ("History 0001" …), with their ids in order. */
export async function historyCompanies(db: Kysely<Database>, n: number): Promise<string[]> {
  await sql`insert into companies (company_name, prepay)
    select 'History ' || lpad(g::text, 4, '0'), true from generate_series(1, ${n}::int) g
    where not exists (select 1 from companies c where c.company_name = 'History ' || lpad(g::text, 4, '0'))`.execute(
    db,
  );
  const rows = await db
    .selectFrom('companies')
    .select('company_uuid')
    .where('company_name', 'like', 'History %')
    .orderBy('company_name')
    .limit(n)
    .execute();
  return rows.map((r) => r.company_uuid);
}

/** Writes the history; answers the seconds it took. */
export async function generateHistory(db: Kysely<Database>, size: HistorySize): Promise<number> {
  const started = performance.now();
  const companies = await historyCompanies(db, size.companies);
  const vps = await db.selectFrom('vendor_products').select(['vendor_product_uuid', 'vendor_product_name']).execute();
  if (!vps.length) throw new Error('no vendor products seeded');
  const list = (xs: string[], type: string) =>
    sql.raw(`array[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]::${type}[]`);
  const ids = list(companies, 'uuid');
  const vpIds = list(
    vps.map((v) => v.vendor_product_uuid),
    'uuid',
  );
  const vpNames = list(
    vps.map((v) => v.vendor_product_name),
    'text',
  );
  // company k of n by a power law: k = floor(n ^ u) for u uniform in [0, 1) (hashed from the row number)
  const n = companies.length;
  const spanMs = size.days * 86_400_000;
  for (let start = 0; start < size.rows; start += size.chunk) {
    const end = Math.min(size.rows, start + size.chunk) - 1;
    const t0 = performance.now();
    await sql`
      insert into sms (company_uuid, is_received, ani, dnis, text, status, segments, encoding, price, cost, currency,
        vendor_product_uuid, vendor_product_name, mobile_network_name, created_on, sent_on, delivered_on)
      select (${ids})[least(${n}, floor(power(${n}::float8, ((g::bigint * 2654435761) % 1000003) / 1000003.0))::int)],
        g % 10 = 0,
        case when g % 10 = 0 then '+1415' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0') else '+12125552301' end,
        case when g % 10 = 0 then '+12125552301' else '+1415' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0') end,
        'History message ' || g,
        case when g % 10 = 0 then 'received' when g % 50 = 1 then 'undelivered' when g % 89 = 3 then 'failed'
          else 'delivered' end,
        1 + (g % 7 = 0)::int, 'GSM-7', 12000, 6000, 'USD',
        (${vpIds})[(1 + (g / 3) % ${vps.length})::int], (${vpNames})[(1 + (g / 3) % ${vps.length})::int],
        'Network ' || ((g / 3) % 12), t.at, t.at, t.at + interval '3 seconds'
      from generate_series(${start}::bigint, ${end}::bigint) g,
        lateral (select now() - ${spanMs}::float8 * (${size.rows} - g) / ${size.rows} * interval '1 millisecond' as at) t`.execute(
      db,
    );
    log(
      `  rows ${start.toLocaleString('en')}..${end.toLocaleString('en')} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  const t0 = performance.now();
  await foldDeltas(db);
  log(`  folded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sql`vacuum analyze sms`.execute(db);
  return (performance.now() - started) / 1000;
}

// Alone: fills HISTORY_SCHEMA (migrated and seeded first by the app) on HISTORY_DATABASE_URL.
if (process.argv[1]?.endsWith('history-generator.ts')) {
  void (async () => {
    const { build } = await import('../../apps/api/src/app');
    const url = process.env.HISTORY_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/history_bench';
    const { ensureDatabase } = await import('./ensure-database');
    await ensureDatabase(url);
    const app = await build({
      databaseUrl: url,
      dbSchema: process.env.HISTORY_SCHEMA || 'history',
      seed: true,
      demoTraffic: false,
      webRoot: '/nonexistent-web-root',
      retention: { everySeconds: 0 },
    });
    try {
      const size = historySize();
      log(`generating ${size.rows.toLocaleString('en')} messages over ${size.days} days, ${size.companies} companies`);
      log(`done in ${(await generateHistory(app.db, size)).toFixed(1)} s`);
    } finally {
      await app.close();
    }
  })().then(
    () => process.exit(0),
    (e) => {
      console.error(e);
      process.exit(1);
    },
  );
}
