// Reports migrations (ids 080–089), appended at the end of MIGRATIONS.
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

const KEY = 'company_uuid uuid, reseller_uuid uuid, user_uuid uuid, number text, vendor_product_uuid uuid, network text, status text not null';
const SUMS = 'messages bigint not null, segments bigint not null, price bigint not null, cost bigint not null';
const KEY_COLS = 'company_uuid, reseller_uuid, user_uuid, number, vendor_product_uuid, network, status';

/** One side of a change, summed: sign 1 for new rows, -1 for old rows. */
const side = (rows: string, sign: 1 | -1, where = '') => `
  insert into report_deltas (hour, ${KEY_COLS}, messages, segments, price, cost)
  select date_trunc('hour', r.created_on, 'UTC'), r.company_uuid, r.reseller_uuid, r.user_uuid,
    case when r.is_received then r.dnis else r.ani end, r.vendor_product_uuid, r.mobile_network_name, r.status,
    ${sign} * count(*), ${sign} * sum(r.segments), ${sign} * sum(coalesce(r.price, 0)), ${sign} * sum(coalesce(r.cost, 0))
  from ${rows} r ${where}
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

// The migration runner splits on ';', so the function body travels as an E'' string whose
// semicolons are written \\073 (octal for ';'); PostgreSQL turns them back before compiling it.
const quoted = `E'${BODY.replace(/'/g, "''").replace(/;/g, '\\073')}'`;

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
];
