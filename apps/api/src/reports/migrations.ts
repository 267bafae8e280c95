// Reports migrations (ids 080–089), appended at the end of MIGRATIONS.
import { PROJECTIONS_081, PROJECTIONS, type Projection } from './projections';
import { DESTINATION_DIGITS, DESTINATION_SQL, diallingPrefixes } from './destination';
//
// Rollups without contention: statement-level triggers on sms append signed deltas (+1 for a row's new
// state, −1 for its old one) to report_deltas, pre-summed per statement, so a bulk insert or a batch of
// delivery reports writes a handful of delta rows and concurrent senders never wait on a shared rollup
// row. A fold (reports/queries.ts: foldDeltas, run on a timer) moves the deltas into the hourly and
// daily rollups; reads add the deltas not folded yet, so a report is always exact.
//
// A message counts in the hour it was CREATED: a late delivery report moves its counts between
// statuses inside that hour, never into the hour the report arrived.
//
// The key: hour × company × reseller × user × number (ours: the sender of an outgoing message, the
// receiver of an incoming one) × vendor product × destination network × status. "unique nulls not
// distinct" (PostgreSQL 15+) lets a message without a vendor product or network fold like any other.

const KEY =
  'company_uuid uuid, reseller_uuid uuid, user_uuid uuid, number text, vendor_product_uuid uuid, network text, status text not null';
const SUMS = 'messages bigint not null, segments bigint not null, price bigint not null, cost bigint not null';
const KEY_COLS = 'company_uuid, reseller_uuid, user_uuid, number, vendor_product_uuid, network, status';

/** One side of a change, summed: sign 1 for new rows, -1 for old rows. */
const side = (
  rows: string,
  sign: 1 | -1,
  where = '',
  network = 'r.mobile_network_name',
  join = '',
  wholesale = false,
  lookup = false,
) => `
  insert into report_deltas (hour, ${KEY_COLS}, messages, segments, price, cost${wholesale ? ', wholesale' : ''}${lookup ? ', lookup' : ''})
  select date_trunc('hour', r.created_on, 'UTC'), r.company_uuid, r.reseller_uuid, r.user_uuid,
    case when r.is_received then r.dnis else r.ani end, r.vendor_product_uuid, ${network}, r.status,
    ${sign} * count(*), ${sign} * sum(r.segments), ${sign} * sum(coalesce(r.price, 0)), ${sign} * sum(coalesce(r.cost, 0))${
      wholesale ? `, ${sign} * sum(coalesce(r.wholesale_cost, 0))` : ''
    }${lookup ? `, ${sign} * sum(coalesce(r.lookup_cost, 0))` : ''}
  from ${rows} r ${join} ${where}
  group by 1, 2, 3, 4, 5, 6, 7, 8`;

// An update that touches no reported column (sent_on, smsc_id...) writes no delta.
const CHANGED = `where r.sms_uuid in (select n.sms_uuid from new_rows n join old_rows o using (sms_uuid)
  where (o.status, o.company_uuid, o.reseller_uuid, o.user_uuid, o.ani, o.dnis, o.is_received, o.vendor_product_uuid, o.mobile_network_name,
    o.segments, o.price, o.cost, o.created_on) is distinct from (n.status, n.company_uuid, n.reseller_uuid, n.user_uuid, n.ani, n.dnis,
    n.is_received, n.vendor_product_uuid, n.mobile_network_name, n.segments, n.price, n.cost, n.created_on))`;

const BODY = `begin
  if tg_op = 'INSERT' then ${side('new_rows', 1)};
  elsif tg_op = 'UPDATE' then ${side('old_rows', -1, CHANGED)}; ${side('new_rows', 1, CHANGED)};
  else ${side('old_rows', -1)};
  end if;
  return null;
end`;

// A PL/pgSQL body, dollar-quoted (the migrator sends a migration's DDL whole, semicolons and all).
const quote = (body: string) => `$body$${body}$body$`;
const quoted = quote(BODY);

/** A message's reported columns: an update writes deltas only for rows where one of them changed. */
const REPORTED = [
  'status',
  'company_uuid',
  'reseller_uuid',
  'user_uuid',
  'ani',
  'dnis',
  'is_received',
  'vendor_product_uuid',
  'mobile_network_name',
  'segments',
  'price',
  'cost',
  'created_on',
];
const CHANGED_PAIRS = `from old_rows o join new_rows n using (sms_uuid)
  where (${REPORTED.map((c) => `o.${c}`).join(', ')}) is distinct from (${REPORTED.map((c) => `n.${c}`).join(', ')})`;

// 082: an update's deltas from a join of old and new rows by id (each side once), where 080 matched
// every old row against a join of new and old (an IN over a join). PL/pgSQL plans a trigger's
// statements once, on the first call's transition tables (often a row or two), so that plan was nested
// loops: a 250-report batch spent 100-260 ms in it, and delivery reports through Kannel stalled near
// 450 msg/s on PostgreSQL. The function runs without nested loops (hash joins whatever the first call
// saw) and without JIT (disabled nested loops cost 1e10 in the planner's eyes, which set off JIT
// compilation, ~300 ms, on every call).
const BODY_082 = `begin
  if tg_op = 'INSERT' then ${side('new_rows', 1)};
  elsif tg_op = 'UPDATE' then
    ${side(`(select o.* ${CHANGED_PAIRS})`, -1)};
    ${side(`(select n.* ${CHANGED_PAIRS})`, 1)};
  else ${side('old_rows', -1)};
  end if;
  return null;
end`;

// 250: the network column becomes the destination (country from the dialling code, and the network):
// destination.ts. The rollups are rebuilt from the messages, so old rows gain their country too.
const destinationSide = (rows: string, sign: 1 | -1) => side(rows, sign, '', DESTINATION_SQL, DESTINATION_DIGITS);
const BODY_250 = `begin
  if tg_op = 'INSERT' then ${destinationSide('new_rows', 1)};
  elsif tg_op = 'UPDATE' then
    ${destinationSide(`(select o.* ${CHANGED_PAIRS})`, -1)};
    ${destinationSide(`(select n.* ${CHANGED_PAIRS})`, 1)};
  else ${destinationSide('old_rows', -1)};
  end if;
  return null;
end`;
const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

// 272: the rollups also sum what resellers pay the platform (sms.wholesale_cost, billing/wholesale.ts), on top of
// 250's destination.
const wholesaleSide = (rows: string, sign: 1 | -1) => side(rows, sign, '', DESTINATION_SQL, DESTINATION_DIGITS, true);
const REPORTED_272 = [...REPORTED, 'wholesale_cost'];
const PAIRS_272 = `from old_rows o join new_rows n using (sms_uuid)
  where (${REPORTED_272.map((c) => `o.${c}`).join(', ')}) is distinct from (${REPORTED_272.map((c) => `n.${c}`).join(', ')})`;
const BODY_272 = `begin
  if tg_op = 'INSERT' then ${wholesaleSide('new_rows', 1)};
  elsif tg_op = 'UPDATE' then
    ${wholesaleSide(`(select o.* ${PAIRS_272})`, -1)};
    ${wholesaleSide(`(select n.* ${PAIRS_272})`, 1)};
  else ${wholesaleSide('old_rows', -1)};
  end if;
  return null;
end`;

// 583: the rollups also sum what number lookups cost (sms.lookup_cost, docs/number-lookup.md), on top of 272's.
const lookupSide = (rows: string, sign: 1 | -1) =>
  side(rows, sign, '', DESTINATION_SQL, DESTINATION_DIGITS, true, true);
const REPORTED_583 = [...REPORTED_272, 'lookup_cost'];
const PAIRS_583 = `from old_rows o join new_rows n using (sms_uuid)
  where (${REPORTED_583.map((c) => `o.${c}`).join(', ')}) is distinct from (${REPORTED_583.map((c) => `n.${c}`).join(', ')})`;
const BODY_583 = `begin
  if tg_op = 'INSERT' then ${lookupSide('new_rows', 1)};
  elsif tg_op = 'UPDATE' then
    ${lookupSide(`(select o.* ${PAIRS_583})`, -1)};
    ${lookupSide(`(select n.* ${PAIRS_583})`, 1)};
  else ${lookupSide('old_rows', -1)};
  end if;
  return null;
end`;
const ROLLUPS = [
  'report_deltas',
  'report_hourly',
  'report_daily',
  ...PROJECTIONS_081.flatMap((p) => [p.hourly, p.daily]),
];

export const REPORTS_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '080_report_rollups',
    ddl: `
      create table report_deltas (id bigserial primary key, hour timestamptz not null, ${KEY}, ${SUMS});
      create table report_hourly (hour timestamptz not null, ${KEY}, ${SUMS},
        constraint report_hourly_key unique nulls not distinct (hour, ${KEY_COLS}));
      create table report_daily (day timestamptz not null, ${KEY}, ${SUMS},
        constraint report_daily_key unique nulls not distinct (day, ${KEY_COLS}));
      create index report_hourly_company_idx on report_hourly (company_uuid, hour);
      create index report_hourly_reseller_idx on report_hourly (reseller_uuid, hour);
      create index report_daily_company_idx on report_daily (company_uuid, day);
      create index report_daily_reseller_idx on report_daily (reseller_uuid, day);
      create function report_sms_delta() returns trigger language plpgsql as ${quoted};
      create trigger sms_report_insert after insert on sms referencing new table as new_rows
        for each statement execute function report_sms_delta();
      create trigger sms_report_update after update on sms referencing old table as old_rows new table as new_rows
        for each statement execute function report_sms_delta();
      create trigger sms_report_delete after delete on sms referencing old table as old_rows
        for each statement execute function report_sms_delta();
      insert into report_deltas (hour, ${KEY_COLS}, messages, segments, price, cost)
        select date_trunc('hour', r.created_on, 'UTC'), r.company_uuid, r.reseller_uuid, r.user_uuid,
          case when r.is_received then r.dnis else r.ani end, r.vendor_product_uuid, r.mobile_network_name, r.status,
          count(*), sum(r.segments), sum(coalesce(r.price, 0)), sum(coalesce(r.cost, 0))
        from sms r group by 1, 2, 3, 4, 5, 6, 7, 8`,
  },
  {
    // Narrower rollups (projections.ts), backfilled from the folded full rollup; deltas not folded yet
    // reach every rollup at the next fold. A projection added later needs a migration of its own.
    id: '081_report_projections',
    ddl: PROJECTIONS_081.map(projectionDdl).join(';\n'),
  },
  {
    id: '082_report_delta_hash_join',
    ddl: `create or replace function report_sms_delta() returns trigger language plpgsql set enable_nestloop = off set jit = off as ${quote(BODY_082)}`,
  },
  {
    id: '250_report_destination_country',
    ddl: [
      `create table dialling_prefixes (prefix text primary key, iso2 text not null)`,
      `insert into dialling_prefixes (prefix, iso2) values ${diallingPrefixes()
        .map((p) => `(${literal(p.prefix)}, ${literal(p.iso2)})`)
        .join(', ')}`,
      `create or replace function report_sms_delta() returns trigger language plpgsql set enable_nestloop = off set jit = off as ${quote(BODY_250)}`,
      `delete from report_deltas`,
      ...ROLLUPS.map((t) => `delete from ${t}`),
      destinationSide('sms', 1),
    ].join(';\n'),
  },
  {
    // Messages carry no wholesale cost before this migration (the column is 271's), so nothing to backfill.
    id: '272_report_wholesale',
    ddl: [
      ...ROLLUPS.map((t) => `alter table ${t} add column wholesale bigint not null default 0`),
      `create or replace function report_sms_delta() returns trigger language plpgsql set enable_nestloop = off set jit = off as ${quote(BODY_272)}`,
    ].join(';\n'),
  },
];

/**
 * Issue 49 item 5: the lookup cost column of every rollup and the trigger that fills it. Placed at the end of the
 * list (db/migrations.ts), after the sms column it reads (messaging/migrations.ts 582); no message has a lookup
 * cost before it, so nothing to backfill.
 */
export const REPORTS_LOOKUP_MIGRATION = {
  id: '583_report_lookup_cost',
  ddl: [
    ...ROLLUPS.map((t) => `alter table ${t} add column lookup bigint not null default 0`),
    `create or replace function report_sms_delta() returns trigger language plpgsql set enable_nestloop = off set jit = off as ${quote(BODY_583)}`,
  ].join(';\n'),
};

function projectionDdl(p: Projection): string {
  const key = [...p.dims, 'status'].join(', ');
  const cols = [
    ...p.dims.map((d) => (d === 'number' || d === 'network' ? `${d} text` : `${d} uuid`)),
    'status text not null',
  ].join(', ');
  const sums = 'sum(messages), sum(segments), sum(price), sum(cost)';
  return [
    `create table ${p.hourly} (hour timestamptz not null, ${cols}, ${SUMS}, constraint ${p.hourly}_key unique nulls not distinct (hour, ${key}))`,
    `create table ${p.daily} (day timestamptz not null, ${cols}, ${SUMS}, constraint ${p.daily}_key unique nulls not distinct (day, ${key}))`,
    `create index ${p.hourly}_company_idx on ${p.hourly} (company_uuid, hour)`,
    `create index ${p.hourly}_reseller_idx on ${p.hourly} (reseller_uuid, hour)`,
    `create index ${p.daily}_company_idx on ${p.daily} (company_uuid, day)`,
    `create index ${p.daily}_reseller_idx on ${p.daily} (reseller_uuid, day)`,
    `insert into ${p.hourly} (hour, ${key}, messages, segments, price, cost) select hour, ${key}, ${sums} from report_hourly group by hour, ${key}`,
    `insert into ${p.daily} (day, ${key}, messages, segments, price, cost) select day, ${key}, ${sums} from report_daily group by day, ${key}`,
    // PGlite has no autovacuum to gather the new tables' statistics
    `analyze ${p.hourly}`,
    `analyze ${p.daily}`,
  ].join(';\n');
}

const RESELLER = PROJECTIONS.find((p) => p.name === 'reseller') as Projection;
const ALL_SUMS = 'messages, segments, price, cost, wholesale, lookup';
const summed = ALL_SUMS.split(', ')
  .map((c) => `sum(${c})`)
  .join(', ');

/**
 * Issue 51: the reports of the system admin and of a reseller over all its companies read 650's rollup by reseller
 * (projections.ts). Backfilled from the folded full rollup, never from sms: retention has removed messages whose
 * counts the rollups keep (docs/retention.md). Deltas not folded yet reach it at the next fold, as every projection's.
 * The deltas' index: each report reads the deltas of its range, and a seq scan crossed every row the folds left
 * dead (739,000 after 1M messages where no autovacuum runs), 60–200 ms a report.
 */
const RESELLER_MIGRATION = {
  id: '650_report_reseller_rollup',
  ddl: [
    `create table ${RESELLER.hourly} (hour timestamptz not null, reseller_uuid uuid, status text not null, ${SUMS},
      wholesale bigint not null default 0, lookup bigint not null default 0,
      constraint ${RESELLER.hourly}_key unique nulls not distinct (hour, reseller_uuid, status))`,
    `create table ${RESELLER.daily} (day timestamptz not null, reseller_uuid uuid, status text not null, ${SUMS},
      wholesale bigint not null default 0, lookup bigint not null default 0,
      constraint ${RESELLER.daily}_key unique nulls not distinct (day, reseller_uuid, status))`,
    `insert into ${RESELLER.hourly} (hour, reseller_uuid, status, ${ALL_SUMS})
      select hour, reseller_uuid, status, ${summed} from report_hourly group by hour, reseller_uuid, status`,
    `insert into ${RESELLER.daily} (day, reseller_uuid, status, ${ALL_SUMS})
      select day, reseller_uuid, status, ${summed} from report_daily group by day, reseller_uuid, status`,
    `create index report_deltas_hour_idx on report_deltas (hour)`,
    // PGlite has no autovacuum to gather the new tables' statistics
    `analyze ${RESELLER.hourly}`,
    `analyze ${RESELLER.daily}`,
  ].join(';\n'),
};

const OWNER_KEY = 'company_uuid, reseller_uuid, user_uuid, status';

/**
 * Issue 51: a report over weeks of many companies (30 days by company for the system admin) reads whole UTC weeks
 * from a weekly rollup by company and user (report-clock.ts: planRange), 1,000 companies × 4 weeks instead of × 29
 * days. Backfilled from the folded daily rollup by owner (never from sms, as 650).
 */
const WEEKLY_OWNER_MIGRATION = {
  id: '651_report_weekly_owner',
  ddl: [
    `create table report_weekly_owner (week timestamptz not null, company_uuid uuid, reseller_uuid uuid, user_uuid uuid,
      status text not null, ${SUMS}, wholesale bigint not null default 0, lookup bigint not null default 0,
      constraint report_weekly_owner_key unique nulls not distinct (week, ${OWNER_KEY}))`,
    `create index report_weekly_owner_company_idx on report_weekly_owner (company_uuid, week)`,
    `create index report_weekly_owner_reseller_idx on report_weekly_owner (reseller_uuid, week)`,
    `insert into report_weekly_owner (week, ${OWNER_KEY}, ${ALL_SUMS})
      select date_trunc('week', day, 'UTC'), ${OWNER_KEY}, ${summed} from report_daily_owner
      group by date_trunc('week', day, 'UTC'), ${OWNER_KEY}`,
    `analyze report_weekly_owner`,
  ].join(';\n'),
};

const PREFIX_SUMS = ['segments', 'price', 'cost', 'wholesale_cost', 'lookup_cost'];

/**
 * 583's side with the country looked up once per 4-digit prefix instead of once per row: the rows are summed by key
 * and left(digits, 4) first (the longest dialling prefix is 4 digits, so it names the country alone), then by
 * destination. The per-row lookup (4 index probes and a sort) was ~70% of the trigger's time; an SMPP batch to one
 * country now pays one lookup a statement. Same delta rows as 583.
 */
const prefixSide = (rows: string, sign: 1 | -1) => `
  insert into report_deltas (hour, ${KEY_COLS}, messages, segments, price, cost, wholesale, lookup)
  select g.hour, g.company_uuid, g.reseller_uuid, g.user_uuid, g.number, g.vendor_product_uuid,
    coalesce((select p.iso2 from dialling_prefixes p where p.prefix in (left(g.p4, 1), left(g.p4, 2), left(g.p4, 3), g.p4)
      order by length(p.prefix) desc limit 1), '') || '|' || coalesce(g.mobile_network_name, ''), g.status,
    ${sign} * sum(g.messages), ${PREFIX_SUMS.map((c) => `${sign} * sum(g.${c})`).join(', ')}
  from (select date_trunc('hour', r.created_on, 'UTC') as hour, r.company_uuid, r.reseller_uuid, r.user_uuid,
      case when r.is_received then r.dnis else r.ani end as number, r.vendor_product_uuid,
      left(ltrim(case when r.is_received then r.ani else r.dnis end, '+'), 4) as p4, r.mobile_network_name, r.status,
      count(*) as messages, sum(r.segments) as segments,
      ${PREFIX_SUMS.slice(1)
        .map((c) => `sum(coalesce(r.${c}, 0)) as ${c}`)
        .join(', ')}
    from ${rows} r group by 1, 2, 3, 4, 5, 6, 7, 8, 9) g
  group by 1, 2, 3, 4, 5, 6, 7, 8`;
const BODY_670 = `begin
  if tg_op = 'INSERT' then ${prefixSide('new_rows', 1)};
  elsif tg_op = 'UPDATE' then
    ${prefixSide(`(select o.* ${PAIRS_583})`, -1)};
    ${prefixSide(`(select n.* ${PAIRS_583})`, 1)};
  else ${prefixSide('old_rows', -1)};
  end if;
  return null;
end`;

/** Issue 51: PostgreSQL's CPU per message in the sms triggers (ids 670–679). */
const PREFIX_MIGRATION = {
  id: '670_report_delta_by_prefix',
  ddl: `create or replace function report_sms_delta() returns trigger language plpgsql set enable_nestloop = off set jit = off as ${quote(BODY_670)}`,
};

export const REPORTS_SPEED_MIGRATIONS = [RESELLER_MIGRATION, WEEKLY_OWNER_MIGRATION];
export const REPORTS_TRIGGER_MIGRATIONS = [PREFIX_MIGRATION];

/**
 * Issue 51: a report over every company is planned without parallel workers when it calls this function
 * (queries.ts: serially). PostgreSQL plans no parallel step anywhere in a query that calls a parallel-unsafe
 * function; a plpgsql body is never inlined, so the marker stays in the query the planner checks. Called once a
 * query (no column in its arguments), where `set local` in a transaction cost three more round trips.
 */
export const REPORTS_SERIAL_MIGRATION = {
  id: '680_report_serial',
  ddl: `create function report_serial() returns boolean language plpgsql stable parallel unsafe as $body$begin return true; end$body$`,
};
