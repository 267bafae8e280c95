// Rate CSV import: posts a 100,000-row rate CSV (codes, prices, effective dates) into a new rate table
// through POST /rate_table/{id}/import and prints the time of the call (parse, checks, insert, one
// transaction). Goal: ≤ 10 s on PostgreSQL. Run: DATABASE_URL=postgres://... npm run bench:rate-import
// (without DATABASE_URL it measures the embedded PGlite).
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { build } from '../../apps/api/src/app';
import { CatalogCache } from '../../apps/api/src/catalog/cache';

const ROWS = 100_000;
const PASSWORD = 'bench-demo-pass-123';

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dbSchema = databaseUrl ? `bench_${randomBytes(4).toString('hex')}` : undefined;
  const app = await build({
    dataDir: 'memory',
    databaseUrl,
    dbSchema,
    demoPassword: PASSWORD,
    webRoot: '/nonexistent-web-root',
  });
  try {
    const auth = await app.inject({
      method: 'POST',
      url: '/api_smsc/v1/auth',
      payload: { email: 'admin@example.com', password: PASSWORD },
    });
    const headers = { authorization: `Bearer ${auth.json().token}` };
    const table = await app.inject({
      method: 'POST',
      url: '/api_smsc/v1/rate_table',
      headers,
      payload: { rate_table_name: 'Bench import', rate_table_type: 'prefix' },
    });
    const id = table.json().rate_table_uuid;
    const lines = ['code,price,effective_from'];
    for (let i = 0; i < ROWS; i++)
      lines.push(`${44_000_000 + i},0.${String(10_000 + (i % 90_000)).padStart(6, '0')},2026-0${1 + (i % 9)}-01`);
    const csv = lines.join('\n');
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: `/api_smsc/v1/rate_table/${id}/import`,
      headers,
      payload: { csv },
    });
    const seconds = (performance.now() - t0) / 1000;
    if (res.statusCode !== 201) throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const t1 = performance.now();
    // a fresh cache, as another process would compile the catalog after the change
    const compiled = await new CatalogCache(app.db).current();
    const reloadMs = performance.now() - t1;
    console.log(`database: ${databaseUrl ? 'PostgreSQL' : 'PGlite (embedded)'}`);
    console.log(
      `import: ${res.json().imported.toLocaleString('en')} rows (${(csv.length / 1024 / 1024).toFixed(1)} MB CSV) in ${seconds.toFixed(2)} s (goal ≤ 10 s on PostgreSQL)`,
    );
    console.log(
      `catalog reload after the import: ${compiled.rateCount.toLocaleString('en')} rates compiled in ${reloadMs.toFixed(0)} ms`,
    );
  } finally {
    if (dbSchema) await sql.raw(`drop schema ${dbSchema} cascade`).execute(app.db);
    await app.close();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
