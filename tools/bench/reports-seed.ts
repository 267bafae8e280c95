// The messages the reports benchmark reads, written with SQL in chunks (the sms triggers write the rollup
// deltas as in production), then folded into the rollups.
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { foldDeltas } from '../../apps/api/src/reports';
import { demoCompanies } from './support';

const log = (s: string) => console.error(s);

/**
 * `rows` messages over the last `days` days: 40% Acme (two users, two numbers), 30% Globex, the rest over the
 * other companies; one in ten incoming; 12 destination networks, each routed to one of the vendor products;
 * mostly delivered, some undelivered, failed and blocked.
 */
export async function seedReportRows(
  app: FastifyInstance,
  { rows: ROWS, days: DAYS, chunk: CHUNK }: { rows: number; days: number; chunk: number },
): Promise<void> {
  const db = app.db;
  const { acme, globex, others, acmeUsers } = await demoCompanies(app);
  const vps = await db
    .selectFrom('vendor_products')
    .select(['vendor_product_uuid', 'vendor_product_name'])
    .orderBy('vendor_product_name')
    .execute();
  if (!vps.length) throw new Error('no vendor products seeded');
  const arr = (xs: (string | null)[], type: string) =>
    sql.raw(`array[${xs.map((x) => (x ? `'${x.replace(/'/g, "''")}'` : 'null')).join(',')}]::${type}[]`);
  const ids = arr(
    others.map((c) => c.company_uuid),
    'uuid',
  );
  const resellers = arr(
    others.map((c) => c.reseller_uuid),
    'uuid',
  );
  const vpIds = arr(
    vps.map((v) => v.vendor_product_uuid),
    'uuid',
  );
  const vpNames = arr(
    vps.map((v) => v.vendor_product_name),
    'text',
  );
  const n = others.length;
  const stepMs = Math.floor((DAYS * 86_400_000) / ROWS);
  for (let start = 0; start < ROWS; start += CHUNK) {
    const end = Math.min(ROWS, start + CHUNK) - 1;
    const t0 = performance.now();
    await sql`
      insert into sms (company_uuid, reseller_uuid, user_uuid, is_received, ani, dnis, text, status, segments, encoding, price, cost, currency,
        vendor_product_uuid, vendor_product_name, mobile_network_name, created_on, sent_on, delivered_on)
      select
        case when g % 10 < 4 then ${acme.company_uuid}::uuid when g % 10 < 7 then ${globex.company_uuid}::uuid else (${ids})[(1 + g % ${n})::int] end,
        case when g % 10 < 4 then ${acme.reseller_uuid}::uuid when g % 10 < 7 then null else (${resellers})[(1 + g % ${n})::int] end,
        case when g % 10 < 4 then (${arr(acmeUsers, 'uuid')})[(1 + (g / 10) % 2)::int] else null end,
        ((g / 10) % 10 = 0),
        case when (g / 10) % 10 = 0 then '+1415' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0') else '+121255523' || lpad(((g / 10) % 2)::text, 2, '0') end,
        case when (g / 10) % 10 = 0 then '+12125552301' else '+1415' || lpad(((g::bigint * 7919) % 10000000)::text, 7, '0') end,
        'Bench message ' || g,
        case when (g / 10) % 10 = 0 then 'received' when g % 50 = 1 then 'undelivered' when g % 97 = 2 then 'blocked' when g % 89 = 3 then 'failed' else 'delivered' end,
        1 + (g % 7 = 0)::int, 'GSM-7', 12000, 6000, 'USD',
        (${vpIds})[(1 + (g / 3) % ${vps.length})::int], (${vpNames})[(1 + (g / 3) % ${vps.length})::int],
        'Network ' || ((g / 3) % 12),
        now() - ((${ROWS} - g)::bigint * ${stepMs} * interval '1 millisecond'),
        now() - ((${ROWS} - g)::bigint * ${stepMs} * interval '1 millisecond'),
        now() - ((${ROWS} - g)::bigint * ${stepMs} * interval '1 millisecond') + interval '3 seconds'
      from generate_series(${start}::int, ${end}::int) g`.execute(db);
    log(`  rows ${start}..${end} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  }
  const t0 = performance.now();
  await foldDeltas(db);
  log(`  folded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await sql`vacuum analyze`.execute(db);
}
