// Route quality migrations (issue 49 item 4; ids 592–599, beside the catalog's 590–591).
//
// Measured from the messages themselves: a statement trigger on sms appends, for the rows a statement moved,
// pre-summed deltas per second of sending × vendor product × destination country × network: messages handed to
// the vendor (queued → sent), final receipts (→ delivered, undelivered, failed after the hand-over; not the
// lost-receipt expiry's "Expired" move) and how long each receipt took, in bins. Every time involved is the
// row's own, written by the database (sent_on, delivered_on: now() of the statements that moved it), and the
// evaluation compares them with the database's clock too: no process clock ever meets a row's time.
//
// A message counts in the second it was SENT: a late receipt adds to that second, so a window holds the outcome
// of the messages sent in it (the engine judges the ones whose receipt wait is over without a receipt as not
// delivered). The deltas are appended (concurrent statements never wait on a shared row, as the reports'
// rollups: reports/migrations.ts) and folded into buckets by each evaluation (rollup.ts).
import { LATENCY_EDGES } from './engine';
import type { Migration } from '../db/migrator';

const BINS = [...LATENCY_EDGES.map((_, i) => `l${i}`), `l${LATENCY_EDGES.length}`];
const KEY = 'vendor_product_uuid uuid not null, iso2 text not null, network text not null';
const SUMS = ['sent', 'receipts', 'delivered', ...BINS].map((c) => `${c} bigint not null default 0`).join(', ');

/** The latency bin counts of the receipts among `m` (bin i: (edge i-1, edge i] seconds; the last: longer). */
const binCounts = LATENCY_EDGES.map((edge, i) =>
  i === 0
    ? `count(*) filter (where m.receipt and m.lat <= ${edge})`
    : `count(*) filter (where m.receipt and m.lat > ${LATENCY_EDGES[i - 1]} and m.lat <= ${edge})`,
)
  .concat(`count(*) filter (where m.receipt and m.lat > ${LATENCY_EDGES[LATENCY_EDGES.length - 1]})`)
  .join(', ');

// The destination country by the longest dialling prefix (the catalog's list, which the rating engine compiles
// too: catalog/numbers.ts diallingPrefixes, kept in dialling_prefixes by reports/migrations.ts 250).
const COUNTRY = `coalesce((select p.iso2 from dialling_prefixes p
    where p.prefix in (left(m.digits, 1), left(m.digits, 2), left(m.digits, 3), left(m.digits, 4))
    order by length(p.prefix) desc limit 1), '')`;

const SMS_DELTA = `
  insert into route_quality_deltas (bucket, vendor_product_uuid, iso2, network, sent, receipts, delivered, ${BINS.join(', ')})
  select date_trunc('second', m.at), m.vendor_product_uuid, ${COUNTRY}, coalesce(m.mobile_network_name, ''),
    count(*) filter (where m.handed), count(*) filter (where m.receipt),
    count(*) filter (where m.receipt and m.status = 'delivered'), ${binCounts}
  from (
    select n.vendor_product_uuid, n.mobile_network_name, n.status, ltrim(n.dnis, '+') as digits,
      coalesce(n.sent_on, n.created_on) as at,
      (o.status = 'queued' and n.status in ('sent', 'delivered', 'undelivered')) as handed,
      (n.status in ('delivered', 'undelivered', 'failed') and (o.status = 'sent' or n.status <> 'failed')
        and coalesce(n.status_message, '') not like 'Expired: no delivery receipt%') as receipt,
      greatest(0, extract(epoch from n.delivered_on - coalesce(n.sent_on, n.created_on)))::float8 as lat
    from old_rows o join new_rows n using (sms_uuid)
    where o.status in ('queued', 'sent') and n.status is distinct from o.status
      and n.vendor_product_uuid is not null and not n.is_received and not n.sandbox
  ) m
  where m.handed or m.receipt
  group by 1, 2, 3, 4`;

// 672: SMS_DELTA with the country looked up once per 4-digit prefix (the longest dialling prefix) instead of once
// per row, as the reports' delta (reports/migrations.ts 670): the moved rows are counted by second, route, prefix
// and network first, then summed by country. A statement that moved no message to or past the hand-over (a lease,
// a vendor message id) returns before the join of its old and new rows. Same deltas as 593.
const COUNTS = ['sent', 'receipts', 'delivered', ...BINS];
const SMS_DELTA_672 = `
  if not exists (select 1 from new_rows n where n.status in ('sent', 'delivered', 'undelivered', 'failed')
      and n.vendor_product_uuid is not null and not n.is_received and not n.sandbox) then
    return null;
  end if;
  insert into route_quality_deltas (bucket, vendor_product_uuid, iso2, network, ${COUNTS.join(', ')})
  select g.bucket, g.vendor_product_uuid, ${COUNTRY.replace(/m\.digits/g, 'g.digits')}, g.network,
    ${COUNTS.map((c) => `sum(g.${c})`).join(', ')}
  from (
    select date_trunc('second', m.at) as bucket, m.vendor_product_uuid, left(m.digits, 4) as digits,
      coalesce(m.mobile_network_name, '') as network, count(*) filter (where m.handed) as sent,
      count(*) filter (where m.receipt) as receipts, count(*) filter (where m.receipt and m.status = 'delivered') as delivered,
      ${binCounts
        .split(/, (?=count)/)
        .map((c, i) => `${c} as ${BINS[i]}`)
        .join(', ')}
    ${SMS_DELTA.slice(SMS_DELTA.indexOf('from ('))}
  ) g
  group by 1, 2, 3, 4`;

// The live event of a change (live/migrations.ts shapes): kind route_quality, the route, no tenant (the system
// admin's streams alone hear it).
const LIVE_EVENT = `
  perform pg_notify('live_' || current_schema(), x.e) from (
    select jsonb_strip_nulls(jsonb_build_object('k', 'route_quality',
      'id', case when count(*) = 1 then min(n.route_quality_uuid::text) end))::text as e
    from new_rows n) x`;

export const ROUTE_QUALITY_MIGRATIONS: Migration[] = [
  {
    id: '592_route_quality',
    ddl: `
      create table route_quality_deltas (id bigserial primary key, bucket timestamptz not null, ${KEY}, ${SUMS});
      create table route_quality_buckets (span integer not null, bucket timestamptz not null, ${KEY}, ${SUMS},
        primary key (span, bucket, vendor_product_uuid, iso2, network));
      create index route_quality_buckets_bucket_idx on route_quality_buckets (bucket);
      create table route_quality (route_quality_uuid uuid primary key default gen_random_uuid(),
        vendor_product_uuid uuid not null references vendor_products on delete cascade,
        iso2 text not null check (iso2 ~ '^[A-Z]{2}$'),
        floor numeric(6,5) check (floor > 0 and floor <= 1),
        pin text not null default 'auto' check (pin in ('auto', 'on', 'off')),
        state text not null default 'active' check (state in ('active', 'demoted')),
        state_since timestamptz not null default now(), clear_since timestamptz,
        evaluated_on timestamptz, sent integer not null default 0, judged integer not null default 0,
        delivered integer not null default 0, receipts integer not null default 0,
        delivered_ratio float8, receipt_ratio float8, latency_p50 float8, latency_p95 float8,
        unique (vendor_product_uuid, iso2));
      create table route_quality_events (event_uuid uuid primary key default gen_random_uuid(),
        route_quality_uuid uuid not null references route_quality on delete cascade,
        vendor_product_uuid uuid not null, iso2 text not null,
        kind text not null check (kind in ('demoted', 'promoted', 'floor', 'pin')),
        from_state text not null, to_state text not null, reason text not null,
        judged integer, delivered_ratio float8, floor numeric(6,5), actor_email text,
        created_on timestamptz not null default now());
      create index route_quality_events_route_idx on route_quality_events (route_quality_uuid, created_on desc);
      create index route_quality_events_on_idx on route_quality_events (created_on desc)`,
  },
  {
    id: '593_route_quality_sms_trigger',
    ddl: `
      create function route_quality_sms_delta() returns trigger language plpgsql
        set enable_nestloop = off set jit = off as $body$
      begin
        ${SMS_DELTA};
        return null;
      end$body$;
      create trigger sms_route_quality after update on sms referencing old table as old_rows new table as new_rows
        for each statement execute function route_quality_sms_delta()`,
  },
  {
    id: '594_route_quality_live',
    ddl: `
      create function live_route_quality_events() returns trigger language plpgsql as $body$
      begin
        ${LIVE_EVENT};
        return null;
      end$body$;
      create trigger route_quality_events_live_insert after insert on route_quality_events
        referencing new table as new_rows for each statement execute function live_route_quality_events()`,
  },
];

/** Issue 51 (ids 670–679): PostgreSQL's CPU per message in the sms triggers. */
export const ROUTE_QUALITY_TRIGGER_MIGRATIONS: Migration[] = [
  {
    id: '672_route_quality_delta_by_prefix',
    ddl: `
      create or replace function route_quality_sms_delta() returns trigger language plpgsql
        set enable_nestloop = off set jit = off as $body$
      begin
        ${SMS_DELTA_672};
        return null;
      end$body$`,
  },
];
