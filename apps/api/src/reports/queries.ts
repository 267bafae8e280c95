// Report queries over the rollups (migration 080): the fold, and one aggregate query shape every
// report call uses. Reads take the folded rollups plus the deltas not folded yet, so figures are exact
// at any moment; which rollup answers which part of a range, in the caller's zone, is report-clock.ts's plan.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ReportGroup, ReportRow, ReportStep } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { productsOfVendor, vendorProductRows, vendorRows } from '../catalog';
import { formatMoney } from '../lib/money';
import { wildcard } from '../lib/list';
import type { Range } from './engine';
import { planRange, type Segment } from './report-clock';
import { DESTINATION_DIGITS, DESTINATION_SQL, destinationOf } from './destination';
import { accountsRepository, companyRows, resellerRows, userRows } from '../accounts';
import { NARROW_PROJECTIONS, neededDims, pickProjection, type Projection } from './projections';
import { type CallerScope, type TenantColumns, visibleRows } from '../lib/tenancy';

const KEY_COLS = 'company_uuid, reseller_uuid, user_uuid, number, vendor_product_uuid, network, status';

/**
 * Moves every committed delta into the hourly and daily rollups in one statement. Deltas committed
 * while it runs are not visible to its delete and stay for the next fold, so each counts once.
 */
export async function foldDeltas(db: Kysely<Database>): Promise<number> {
  const add = (t: string) =>
    `messages = ${t}.messages + excluded.messages, segments = ${t}.segments + excluded.segments, price = ${t}.price + excluded.price, cost = ${t}.cost + excluded.cost, wholesale = ${t}.wholesale + excluded.wholesale, lookup = ${t}.lookup + excluded.lookup`;
  // the narrower rollups take the same deltas, summed to their own keys, in the same statement
  const narrow = NARROW_PROJECTIONS.map((p: Projection, i) => {
    const key = [...p.dims, 'status'].join(', ');
    return `, h${i} as (insert into ${p.hourly} (hour, ${key}, messages, segments, price, cost, wholesale, lookup)
      select hour, ${key}, sum(m), sum(sg), sum(p), sum(c), sum(w), sum(lk) from s group by hour, ${key}
      on conflict on constraint ${p.hourly}_key do update set ${add(p.hourly)} returning 1),
    d${i} as (insert into ${p.daily} (day, ${key}, messages, segments, price, cost, wholesale, lookup)
      select date_trunc('day', hour, 'UTC'), ${key}, sum(m), sum(sg), sum(p), sum(c), sum(w), sum(lk) from s group by 1, ${key}
      on conflict on constraint ${p.daily}_key do update set ${add(p.daily)} returning 1)${
        p.weekly
          ? `, w${i} as (insert into ${p.weekly} (week, ${key}, messages, segments, price, cost, wholesale, lookup)
      select date_trunc('week', hour, 'UTC'), ${key}, sum(m), sum(sg), sum(p), sum(c), sum(w), sum(lk) from s group by 1, ${key}
      on conflict on constraint ${p.weekly}_key do update set ${add(p.weekly)} returning 1)`
          : ''
      }`;
  }).join('');
  // a data-modifying CTE runs whether or not it is read; counting them keeps the answer honest
  const counts = NARROW_PROJECTIONS.map(
    (p, i) =>
      `(select count(*) from h${i}) + (select count(*) from d${i})${p.weekly ? ` + (select count(*) from w${i})` : ''}`,
  ).join(' + ');
  const r = await sql<{ n: number }>`
    with d as (delete from report_deltas returning *),
    s as (select hour, ${sql.raw(KEY_COLS)}, sum(messages) m, sum(segments) sg, sum(price) p, sum(cost) c, sum(wholesale) w, sum(lookup) lk from d group by hour, ${sql.raw(KEY_COLS)}),
    h as (insert into report_hourly (hour, ${sql.raw(KEY_COLS)}, messages, segments, price, cost, wholesale, lookup)
      select hour, ${sql.raw(KEY_COLS)}, m, sg, p, c, w, lk from s
      on conflict on constraint report_hourly_key do update set ${sql.raw(add('report_hourly'))}
      returning 1),
    dd as (insert into report_daily (day, ${sql.raw(KEY_COLS)}, messages, segments, price, cost, wholesale, lookup)
      select date_trunc('day', hour, 'UTC'), ${sql.raw(KEY_COLS)}, sum(m), sum(sg), sum(p), sum(c), sum(w), sum(lk) from s group by 1, ${sql.raw(KEY_COLS)}
      on conflict on constraint report_daily_key do update set ${sql.raw(add('report_daily'))}
      returning 1)${sql.raw(narrow)}
    select (select count(*) from h)::int as n, ((select count(*) from dd) + ${sql.raw(counts || '0')})::int as others`.execute(
    db,
  );
  return r.rows[0]?.n ?? 0;
}

export interface ReportFilters {
  company_uuid?: string;
  reseller_uuid?: string;
  vendor_uuid?: string;
  company_name?: string;
  number?: string;
  /** destinations are not in the rollups: with a prefix the report reads messages (sms_dnis_idx) instead */
  dnis_prefix?: string;
}

/**
 * Every message as a relation (messaging's `smsRows`, handed by the caller from `app.messagingRepository`): the
 * reports read the hours their rollups do not cover through it, and cannot import messaging (whose log export
 * answers through the reports).
 */
export type Messages = RawBuilder<unknown>;

export interface ReportArgs {
  scope: CallerScope;
  range: Range;
  step: ReportStep;
  /** the IANA zone whose days, weeks and months the buckets are (accounts/account-zone.ts: the caller's) */
  zone: string;
  groups: ReportGroup[];
  filters: ReportFilters;
  showCost: boolean;
  limit?: number;
  offset?: number;
  /** order by a figure, biggest first, instead of by time and group */
  top?: 'messages' | 'revenue';
}

const digitsOnly = (text: string) => text.replace(/[^+0-9]/g, '');

/** Rollups and messages both carry the company, its reseller and the sender. */
const ROLLUP_OWNERS: TenantColumns = { company: 'company_uuid', companyReseller: 'reseller_uuid', user: 'user_uuid' };

export function whereOf(scope: CallerScope, f: ReportFilters): RawBuilder<boolean> {
  const parts: RawBuilder<boolean>[] = [sql`${visibleRows(scope, ROLLUP_OWNERS)}`];
  if (f.company_uuid) parts.push(sql`company_uuid = ${f.company_uuid}`);
  if (f.reseller_uuid) parts.push(sql`reseller_uuid = ${f.reseller_uuid}`);
  if (f.vendor_uuid) parts.push(sql`vendor_product_uuid in ${productsOfVendor(f.vendor_uuid)}`);
  if (f.company_name) parts.push(sql`company_uuid in ${accountsRepository.companiesNamed(wildcard(f.company_name))}`);
  if (f.number) parts.push(sql`number like ${`${digitsOnly(f.number)}%`}`);
  return parts.length ? (sql.join(parts, sql` and `) as RawBuilder<boolean>) : sql<boolean>`true`;
}

/** The rollup that answers a report: the smallest projection holding the dimensions it reads. */
export const projectionOf = (a: ReportArgs): Projection => pickProjection(neededDims(a));

/** Our number of a message, as the rollups key it: the sender of an outgoing one, the receiver of an incoming one. */
const OUR_NUMBER = 'case when is_received then dnis else ani end';

/**
 * Messages as rollup rows, each at its own instant (t): what answers the hours a zone's day starts inside (the
 * number filter then reads our number, as the rollups do), and a report over a destination prefix (destinations
 * are not in the rollups; its number filter is the sender's, `ani`). The network column is the rollups' key.
 */
function messageRows(
  a: ReportArgs,
  messages: Messages,
  windows: Segment[],
  numberColumn = OUR_NUMBER,
): RawBuilder<unknown> {
  const within = sql.join(
    windows.map((w) => sql`(created_on >= ${w.from} and created_on < ${w.to})`),
    sql` or `,
  );
  const prefix = a.filters.dnis_prefix;
  const where = whereOf(a.scope, { ...a.filters, number: undefined });
  // is_received named with both values: the list indexes lead with it before created_on
  return sql`select created_on as t, company_uuid, reseller_uuid, user_uuid,
      ${sql.raw(OUR_NUMBER)} as number, vendor_product_uuid, ${sql.raw(DESTINATION_SQL)} as network, status,
      1 as messages, segments, coalesce(price, 0) as price, coalesce(cost, 0) as cost, coalesce(wholesale_cost, 0) as wholesale,
      coalesce(lookup_cost, 0) as lookup
      from ${messages} r ${sql.raw(DESTINATION_DIGITS)}
      where is_received in (false, true) and (${within})${prefix ? sql` and dnis like ${`+${prefix.replace(/\D/g, '')}%`}` : sql``}
      and ${where}${a.filters.number ? sql` and ${sql.raw(numberColumn)} like ${`${digitsOnly(a.filters.number)}%`}` : sql``}`;
}

/** The rows of the range's segments: rollups plus unfolded deltas, or messages, time column t. */
function sources(a: ReportArgs, messages: Messages): RawBuilder<unknown> {
  if (a.filters.dnis_prefix)
    return messageRows(a, messages, [{ table: 'messages', from: a.range.start, to: a.range.end }], 'ani');
  const where = whereOf(a.scope, a.filters);
  const p = projectionOf(a);
  const cols = sql.raw(
    [...p.dims, 'status', 'messages', 'segments', 'price', 'cost', 'wholesale', 'lookup'].join(', '),
  );
  const plan = planRange(a.range, a.step, a.zone, Boolean(p.weekly));
  const rolled = plan.filter((seg) => seg.table !== 'messages');
  const parts = rolled.map((seg) =>
    seg.table === 'weekly' && p.weekly
      ? sql`select week as t, ${cols} from ${sql.table(p.weekly)} where week >= ${seg.from} and week < ${seg.to} and ${where}`
      : seg.table === 'daily'
        ? sql`select day as t, ${cols} from ${sql.table(p.daily)} where day >= ${seg.from} and day < ${seg.to} and ${where}`
        : sql`select hour as t, ${cols} from ${sql.table(p.hourly)} where hour >= ${seg.from} and hour < ${seg.to} and ${where}`,
  );
  // the unfolded deltas of every rolled-up segment in one read (by report_deltas_hour_idx), not one read each
  if (rolled.length) {
    const within = sql.join(
      rolled.map((seg) => sql`(hour >= ${seg.from} and hour < ${seg.to})`),
      sql` or `,
    );
    parts.push(sql`select hour as t, ${cols} from report_deltas where (${within}) and ${where}`);
  }
  const cut = plan.filter((seg) => seg.table === 'messages');
  // the messages' columns named as the projection's, so the parts line up in the union
  if (cut.length) parts.push(sql`select t, ${cols} from (${messageRows(a, messages, cut)}) m`);
  return sql.join(parts, sql` union all `);
}

/** A row's bucket: its UTC hour by hour, else the start of its day, week or month on the zone's clock. */
function bucketOf(a: ReportArgs): RawBuilder<unknown> {
  if (a.step === 'total') return sql`null::timestamptz`;
  if (a.step === 'hour') return sql`date_trunc('hour', x.t, 'UTC')`;
  return sql`date_trunc(${sql.lit(a.step)}, x.t, ${a.zone})`;
}

/** SQL of each group: the column grouped on, its alias, and the join that names it (after grouping). */
// the names come through their owners' relations (accounts' and the catalog's rows), joined after grouping
const GROUP_SQL: Record<ReportGroup, { key: string; alias: string; join?: RawBuilder<unknown>; names?: string }> = {
  company: {
    key: 'x.company_uuid',
    alias: 'company_uuid',
    join: sql`left join ${companyRows} co on co.company_uuid = u.company_uuid`,
    names: 'co.company_name',
  },
  reseller: {
    key: 'x.reseller_uuid',
    alias: 'reseller_uuid',
    join: sql`left join ${resellerRows} re on re.reseller_uuid = u.reseller_uuid`,
    names: 're.reseller_name',
  },
  user: {
    key: 'x.user_uuid',
    alias: 'user_uuid',
    join: sql`left join ${userRows} us on us.uuid = u.user_uuid`,
    names: 'us.full_name as user_name',
  },
  vendor: {
    key: 'vp.vendor_uuid',
    alias: 'vendor_uuid',
    join: sql`left join ${vendorRows} ve on ve.vendor_uuid = u.vendor_uuid`,
    names: 've.vendor_name',
  },
  vendor_product: {
    key: 'x.vendor_product_uuid',
    alias: 'vendor_product_uuid',
    join: sql`left join ${vendorProductRows} vpn on vpn.vendor_product_uuid = u.vendor_product_uuid`,
    names: 'vpn.vendor_product_name',
  },
  network: { key: 'x.network', alias: 'network' },
  number: { key: 'x.number', alias: 'number' },
  status: { key: 'x.status', alias: 'status' },
};

const SUMS = `
  sum(x.messages) filter (where x.status <> 'received')::bigint as messages,
  sum(x.segments) filter (where x.status <> 'received')::bigint as segments,
  sum(x.messages) filter (where x.status = 'delivered')::bigint as delivered,
  sum(x.messages) filter (where x.status = 'undelivered')::bigint as undelivered,
  sum(x.messages) filter (where x.status = 'failed')::bigint as failed,
  sum(x.messages) filter (where x.status in ('scheduled','queued','sent'))::bigint as pending,
  sum(x.messages) filter (where x.status in ('blocked','cancelled'))::bigint as blocked,
  sum(x.messages) filter (where x.status = 'received')::bigint as received,
  sum(x.price) filter (where x.status = 'delivered')::bigint as revenue,
  sum(x.cost) filter (where x.status = 'delivered')::bigint as cost,
  sum(x.wholesale) filter (where x.status = 'delivered')::bigint as wholesale,
  sum(x.lookup)::bigint as lookup`;

type Raw = Record<string, unknown> & { is_total: number; total_rows: string | number | bigint };

/**
 * A wide report without parallel workers (issue 51). PostgreSQL planned its union of rollup reads as a Parallel Append
 * under a Gather Merge (the rows pass through shared memory, sorted, before one process aggregates them): 30 days by
 * company over 1,000 companies (22,000 rows) ran 39–55 ms so and 24–30 ms in one process (EXPLAIN ANALYZE, load 3–4 on
 * 2 cores); with several reports at once (the dashboard's three) the workers only queue for the same cores. A table's
 * parallel_workers does not stop a Parallel Append of plain index scans; calling a parallel-unsafe function (migration
 * 680's report_serial, true) does, without a round trip of its own.
 */
const serially = (a: ReportArgs) => (wide(a) ? sql` where report_serial()` : sql``);

/** The aggregate of a report: every group row (ordered, paged) and, first, the grand total (is_total = 1). */
export function reportQuery(a: ReportArgs, messages: Messages) {
  // the bucket is computed once in a sub-select: grouping on an expression with a bound zone would not match
  // the same expression in the select list (each bound parameter is a parameter of its own)
  const bucket = 'x.bucket';
  const g = a.groups.map((k) => GROUP_SQL[k]);
  const keys = [bucket, ...g.map((k) => k.key)];
  const select = [`${bucket} as time`, ...g.map((k) => `${k.key} as ${k.alias}`)].join(', ');
  const vendorJoin = a.groups.includes('vendor')
    ? sql`left join ${vendorProductRows} vp on vp.vendor_product_uuid = x.vendor_product_uuid`
    : sql``;
  const order = a.top ? `${a.top} desc nulls last` : ['time', ...g.map((k) => k.alias)].join(', ');
  const names = g
    .filter((k) => k.names)
    .map((k) => `, ${k.names}`)
    .join('');
  const named = g.flatMap((k) => (k.join ? [k.join] : []));
  const joins = named.length ? sql.join(named, sql` `) : sql``;
  return sql<Raw>`
    with agg as (
      select ${sql.raw(select)}, ${sql.raw(SUMS)}, grouping(${sql.raw(keys.join(', '))})::int as is_total
      from (select ${bucketOf(a)} as bucket, x.* from (${sources(a, messages)}) x) x ${vendorJoin}
      group by grouping sets ((${sql.raw(keys.join(', '))}), ())
      having sum(x.messages) <> 0 or grouping(${sql.raw(keys.join(', '))}) <> 0
    ), page as (
      select *, row_number() over (order by ${sql.raw(order)}) as rn from agg where is_total = 0 order by ${sql.raw(order)} limit ${a.limit ?? 100_000} offset ${a.offset ?? 0}
    )
    select u.*${sql.raw(names)}, (select count(*) from agg where is_total = 0) as total_rows
    from (select *, 0::bigint as rn from agg where is_total <> 0 union all select * from page) u ${joins}${serially(a)}
    order by u.is_total desc, u.rn`;
}

/**
 * A report over every company of the platform or of a reseller from a rollup whose rows grow with companies (not the
 * rollup by reseller): tens of thousands of rows to aggregate.
 */
const wide = (a: ReportArgs) =>
  !('company_uuid' in a.scope) &&
  !a.filters.company_uuid &&
  !a.filters.dnis_prefix &&
  projectionOf(a).name !== 'reseller';

/** One page of a report plus its grand total and the number of rows. */
export async function reportRows(
  db: Kysely<Database>,
  a: ReportArgs,
  messages: Messages,
): Promise<{ rows: ReportRow[]; totals: ReportRow; total: number }> {
  const rows = (await reportQuery(a, messages).execute(db)).rows;
  const total = rows.find((r) => r.is_total !== 0);
  return {
    rows: rows.filter((r) => r.is_total === 0).map((r) => toRow(r, a.showCost)),
    totals: toRow(total ? { ...total, time: null } : { time: null }, a.showCost),
    total: Number(rows[0]?.total_rows ?? 0),
  };
}

const n = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const big = (v: unknown) => (v === null || v === undefined ? 0n : BigInt(v as string));

export function toRow(r: Record<string, unknown>, showCost: boolean): ReportRow {
  const { is_total: _t, total_rows: _n, rn: _r, ...rest } = r;
  void _t;
  void _n;
  void _r;
  const revenue = big(r.revenue);
  const cost = big(r.cost);
  const out: Record<string, unknown> = { ...rest };
  out.time = r.time ? new Date(r.time as string).toISOString() : null;
  if ('network' in r) Object.assign(out, destinationOf(r.network));
  for (const k of ['messages', 'segments', 'delivered', 'undelivered', 'failed', 'pending', 'blocked', 'received'])
    out[k] = n(r[k]);
  out.revenue = formatMoney(revenue);
  // a number lookup is paid when the provider answers it, whatever becomes of the message (docs/number-lookup.md)
  const lookup = big(r.lookup);
  delete out.lookup;
  out.cost = showCost ? formatMoney(cost) : null;
  out.lookup_cost = showCost ? formatMoney(lookup) : null;
  out.margin = showCost ? formatMoney(revenue - cost - lookup) : null;
  const wholesale = big(r.wholesale);
  delete out.wholesale;
  out.platform_cost = showCost ? formatMoney(wholesale) : null;
  out.reseller_margin = showCost ? formatMoney(revenue - wholesale) : null;
  return out as ReportRow;
}
