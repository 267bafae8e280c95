// The route quality rollups (migrations.ts): the deltas the sms trigger appends are folded into 1-second buckets,
// compacted as they age (1 minute after 15 minutes, 15 minutes after 2 hours, gone after 25 hours), and read
// back as window sums for the engine. Every time compared here is the database's: the rows' own times, and `now`,
// which the caller read from the database (date_trunc to milliseconds, so it passes through a JS Date unchanged).
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { LATENCY_BINS, type WindowSums } from './engine';

type Db = Kysely<Database> | Transaction<Database>;

const BINS = Array.from({ length: LATENCY_BINS }, (_, i) => `l${i}`);
const SUMMED = ['sent', 'receipts', 'delivered', ...BINS];
const COLS = sql.raw(SUMMED.join(', '));
const SUMS = sql.raw(SUMMED.map((c) => `sum(${c})`).join(', '));
const ADD = sql.raw(SUMMED.map((c) => `${c} = route_quality_buckets.${c} + excluded.${c}`).join(', '));
const KEY = sql.raw('vendor_product_uuid, iso2, network');

/** The database's clock now, to the millisecond (what a JS Date holds exactly). */
export async function databaseNow(db: Db): Promise<Date> {
  const { rows } = await sql<{ now: Date }>`select date_trunc('milliseconds', clock_timestamp()) as now`.execute(db);
  return new Date(rows[0].now);
}

/** Moves rows of `from` (a statement answering rollup rows) into buckets of `span` seconds starting at `bucket`. */
const into = (span: number, bucket: string, from: ReturnType<typeof sql>) => sql`
  with d as (${from})
  insert into route_quality_buckets (span, bucket, ${KEY}, ${COLS})
  select ${span}, ${sql.raw(bucket)}, ${KEY}, ${SUMS} from d group by 2, 3, 4, 5
  on conflict (span, bucket, vendor_product_uuid, iso2, network) do update set ${ADD}`;

/**
 * Folds the deltas committed so far into buckets and compacts the old ones; answers how many buckets it wrote.
 * Run by one evaluation at a time (its advisory lock); appends that commit meanwhile wait for the next fold.
 */
export async function fold(db: Db, now: Date): Promise<number> {
  const moved = await sql`
    with d as (delete from route_quality_deltas returning *)
    insert into route_quality_buckets (span, bucket, ${KEY}, ${COLS})
    select 1, bucket, ${KEY}, ${SUMS} from d group by 2, 3, 4, 5
    on conflict (span, bucket, vendor_product_uuid, iso2, network) do update set ${ADD}`.execute(db);
  await into(
    60,
    `date_trunc('minute', bucket)`,
    sql`delete from route_quality_buckets where span = 1 and bucket < ${now}::timestamptz - interval '15 minutes' returning *`,
  ).execute(db);
  await into(
    900,
    `to_timestamp(floor(extract(epoch from bucket) / 900) * 900)`,
    sql`delete from route_quality_buckets where span = 60 and bucket < ${now}::timestamptz - interval '2 hours' returning *`,
  ).execute(db);
  await sql`delete from route_quality_buckets where bucket < ${now}::timestamptz - interval '25 hours'`.execute(db);
  return Number(moved.numAffectedRows ?? 0);
}

export interface SumsRow {
  vendor_product_uuid: string;
  iso2: string;
  /** '' when the rows are summed per route (no network key) */
  network: string;
  /** one per window asked, in the order asked */
  windows: WindowSums[];
}

/**
 * The sums of each route (or each route × network with `byNetwork`) over windows ending at `now`, the part past
 * the receipt wait apart (engine.ts). `withDeltas` adds the deltas not folded yet (a screen's read between two
 * evaluations); the evaluation folds first and reads the buckets alone.
 */
export async function windowSums(
  db: Db,
  now: Date,
  o: {
    windowsMs: number[];
    receiptWaitMs: number;
    byNetwork: boolean;
    withDeltas: boolean;
    /** only these routes */
    keys?: { vendor_product_uuid: string; iso2: string }[];
  },
): Promise<SumsRow[]> {
  const at = sql`${now}::timestamptz`;
  const due = sql`${at} - ${o.receiptWaitMs} * interval '1 millisecond'`;
  const cols = o.windowsMs.flatMap((ms, w) => {
    const inside = sql`r.bucket >= ${at} - ${ms} * interval '1 millisecond'`;
    const past = sql`${inside} and r.bucket + r.span * interval '1 second' <= ${due}`;
    const f = (expr: string, where: typeof inside, name: string) =>
      sql`coalesce(sum(${sql.raw(expr)}) filter (where ${where}), 0)::float8 as ${sql.ref(`${name}_${w}`)}`;
    return [
      f('r.sent', inside, 's'),
      f('r.receipts', inside, 'r'),
      f('r.delivered', inside, 'd'),
      f('r.sent', past, 'sd'),
      f('r.receipts', past, 'rd'),
      ...BINS.map((b) => f(`r.${b}`, inside, b)),
    ];
  });
  const longest = Math.max(...o.windowsMs);
  const only = o.keys
    ? sql`and (vendor_product_uuid, iso2) in (select * from unnest(${o.keys.map((k) => k.vendor_product_uuid)}::uuid[],
        ${o.keys.map((k) => k.iso2)}::text[]))`
    : sql``;
  const rows = sql`select span, bucket, ${KEY}, ${COLS} from route_quality_buckets
    where bucket >= ${at} - ${longest} * interval '1 millisecond' ${only}`;
  const from = o.withDeltas
    ? sql`(${rows} union all select 1, bucket, ${KEY}, ${COLS} from route_quality_deltas where true ${only}) r`
    : sql`(${rows}) r`;
  const network = o.byNetwork ? sql`r.network` : sql`''`;
  const { rows: out } = await sql<Record<string, string | number>>`
    select r.vendor_product_uuid, r.iso2, ${network} as network, ${sql.join(cols)}
    from ${from} group by 1, 2, 3`.execute(db);
  return out.map((row) => ({
    vendor_product_uuid: String(row.vendor_product_uuid),
    iso2: String(row.iso2),
    network: String(row.network),
    windows: o.windowsMs.map((_, w) => ({
      sent: Number(row[`s_${w}`]),
      receipts: Number(row[`r_${w}`]),
      delivered: Number(row[`d_${w}`]),
      sentDue: Number(row[`sd_${w}`]),
      receiptsDue: Number(row[`rd_${w}`]),
      latency: BINS.map((b) => Number(row[`${b}_${w}`])),
    })),
  }));
}
