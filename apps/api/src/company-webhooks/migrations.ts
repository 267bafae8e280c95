// Company webhook migrations (ids 220–229), spread at the end of MIGRATIONS.
// Every status change of a message is published from one place: statement triggers on sms write its events into
// the outbox (since 228 one webhook_batches row per statement and webhook, status callbacks a webhook_messages row
// each), in the transaction that changed the message. Whatever path moved it
// (a single send, a bulk batch, a delivery-report batch, the scheduler, lost-receipt expiry), the event is
// stored exactly when the change commits and never when it rolls back: the table is a transactional outbox
// that the dispatcher (dispatcher.ts) drains with retries. A company without webhooks or callbacks pays one
// empty join per statement.

/** A body for a plpgsql function; the migration runner splits on ';', so they are written as \073. */
const quoted = (body: string) => `E'${body.replace(/'/g, "''").replace(/;/g, '\\073')}'`;

/**
 * The outbox rows for the changed messages in `changed` (columns of sms plus previous_status): one per active
 * company webhook subscribed to the event, and one per message with a status_callback (status events only).
 */
/** An event's data, from a changed message `n` (columns of sms plus previous_status). */
const PAYLOAD = `jsonb_strip_nulls(jsonb_build_object('sms_uuid', n.sms_uuid, 'status', n.status,
    'previous_status', n.previous_status, 'from', n.ani, 'to', n.dnis, 'segments', n.segments,
    'block_reason', n.block_reason, 'status_message', n.status_message, 'bulk_uuid', n.bulk_uuid,
    'text', case when n.is_received then n.text end)) as payload`;

function eventRows(changed: string): string {
  const type = `case when n.is_received then 'message.received' else 'message.status' end`;
  const payload = PAYLOAD.replace(/ as payload$/, '');
  return `insert into webhook_messages (company_uuid, webhook_uuid, callback_url, sms_uuid, type, payload)
    select n.company_uuid, w.webhook_uuid, null, n.sms_uuid, ${type}, ${payload}
      from ${changed} n join company_webhooks w on w.company_uuid = n.company_uuid and w.is_active
      where (${type}) = any(w.events)
    union all
    select n.company_uuid, null, n.status_callback, n.sms_uuid, 'message.status', ${payload}
      from ${changed} n where n.status_callback is not null and not n.is_received`;
}

/** Events of one statement for one webhook in one row, up to this many (a huge statement makes several rows). */
const BATCH_EVENTS = 500;

/**
 * Since migration 228: the changed messages' events for company webhooks as webhook_batches rows, one per
 * (webhook, event type) and up to BATCH_EVENTS events, and the status_callback events one row each as before.
 */
function eventBatches(changed: string): string {
  const type = `case when n.is_received then 'message.received' else 'message.status' end`;
  return `insert into webhook_batches (company_uuid, webhook_uuid, type, size, events)
    select x.company_uuid, x.webhook_uuid, x.type, count(*), jsonb_agg(x.payload)
      from (select n.company_uuid, w.webhook_uuid, ${type} as type, ${PAYLOAD},
          row_number() over (partition by w.webhook_uuid) as rn
        from ${changed} n join company_webhooks w on w.company_uuid = n.company_uuid and w.is_active
        where (${type}) = any(w.events)) x
      group by x.company_uuid, x.webhook_uuid, x.type, (x.rn - 1) / ${BATCH_EVENTS};
    insert into webhook_messages (company_uuid, webhook_uuid, callback_url, sms_uuid, type, payload)
      select n.company_uuid, null, n.status_callback, n.sms_uuid, 'message.status', ${PAYLOAD}
        from ${changed} n where n.status_callback is not null and not n.is_received`;
}

/**
 * The body of sms_webhook_events(): `write` given the changed messages (columns of sms plus previous_status) of an
 * insert (every row new) or of an update (the rows whose status changed). Migration 220 wrote one row per event,
 * 228 one per statement and webhook.
 */
const eventsTrigger = (write: (changed: string) => string, exit = '') =>
  quoted(`begin${exit && `\n        ${exit}`}
        if tg_op = 'INSERT' then
          ${write('(select r.*, null::text as previous_status from new_rows r)')};
        else
          ${write(`(select r.*, o.status as previous_status from new_rows r join old_rows o on o.sms_uuid = r.sms_uuid
            where o.status is distinct from r.status)`)};
        end if;
        return null;
      end`);

export const COMPANY_WEBHOOK_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '220_company_webhooks',
    ddl: `
      create table company_webhooks (webhook_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, url text not null,
        events text[] not null, secret text not null, is_active boolean not null default true, description text,
        created_on timestamptz not null default now());
      create index company_webhooks_company_idx on company_webhooks (company_uuid);
      create table company_callback_secrets (company_uuid uuid primary key references companies on delete cascade,
        secret text not null, created_on timestamptz not null default now());
      alter table sms add column status_callback text;
      create table webhook_messages (delivery_id bigserial primary key,
        message_id text not null unique default 'msg_' || replace(gen_random_uuid()::text, '-', ''),
        company_uuid uuid not null references companies on delete cascade,
        webhook_uuid uuid references company_webhooks on delete cascade, callback_url text, sms_uuid uuid,
        type text not null, payload jsonb not null, occurred_on timestamptz not null default now(),
        state text not null default 'pending' check (state in ('pending','delivered','failed')),
        attempts integer not null default 0, next_attempt_on timestamptz not null default now(), lease_until timestamptz,
        check ((webhook_uuid is null) <> (callback_url is null)));
      create index webhook_messages_due_idx on webhook_messages (next_attempt_on) where state = 'pending';
      create index webhook_messages_webhook_idx on webhook_messages (webhook_uuid, delivery_id desc);
      create table webhook_attempts (attempt_uuid uuid primary key default gen_random_uuid(),
        delivery_id bigint not null references webhook_messages on delete cascade,
        webhook_uuid uuid references company_webhooks on delete cascade, company_uuid uuid not null,
        attempt integer not null, ok boolean not null, status_code integer, error text, duration_ms integer not null,
        created_on timestamptz not null default now());
      create index webhook_attempts_webhook_idx on webhook_attempts (webhook_uuid, created_on desc);
      create index webhook_attempts_delivery_idx on webhook_attempts (delivery_id);
      create function sms_webhook_events() returns trigger language plpgsql as ${eventsTrigger(eventRows)};
      create trigger sms_webhook_insert after insert on sms referencing new table as new_rows
        for each statement execute function sms_webhook_events();
      create trigger sms_webhook_update after update on sms referencing old table as old_rows new table as new_rows
        for each statement execute function sms_webhook_events()`,
  },
  {
    // The dispatcher's claim, oldest due first, read off an index in that order. With the row counts the planner
    // had (the table analysed small, or few rows pending when it was), it bitmap-scanned and sorted every pending
    // row on each pass: ~10 ms a pass with 30,000 events waiting, most of PostgreSQL's cost of delivering them.
    // Bitmap scans are off in the claim so the ordered index scan stops at the batch whatever the estimates say;
    // JIT too, which a disabled plan's cost would otherwise set off.
    id: '225_webhook_claim',
    ddl: `
      drop index webhook_messages_due_idx;
      create index webhook_messages_due_idx on webhook_messages (next_attempt_on, delivery_id) where state = 'pending';
      create function claim_webhook_messages(n integer, lease_seconds integer) returns setof webhook_messages
        language sql set enable_bitmapscan = off set jit = off as ${quoted(`
        update webhook_messages set lease_until = now() + make_interval(secs => lease_seconds), attempts = attempts + 1
        where delivery_id in (select delivery_id from webhook_messages where state = 'pending' and next_attempt_on <= now()
          and (lease_until is null or lease_until < now()) order by next_attempt_on, delivery_id limit n
          for update skip locked)
        returning *`)}`,
  },
  {
    // What an event costs PostgreSQL, cut at its mechanism (docs/webhooks.md, "What an event costs"):
    // - The claim's `limit n` is a parameter in the function, so its plan is generic: the planner took n for a
    //   tenth of the table and hash-joined the claimed ids against a sequential scan of every event ever written
    //   (delivered ones included), ~4,000 pages a claim with 60,000 rows. `= any(array(...))` makes the outer
    //   update a primary-key lookup of the claimed ids, whatever the estimate.
    // - A successful attempt is recorded on the event itself (delivered_on, status_code, duration_ms), in the
    //   update that marks it delivered anyway; webhook_attempts keeps the failures only, so an event delivered
    //   at once writes no second row, no uuid key and no two foreign-key checks. The delivery log reads both.
    //   Successes already logged move onto their events.
    // - fillfactor 70 leaves room on each page, so the claim (lease_until and attempts: no indexed column)
    //   is a HOT update that writes no index entry.
    // - message_id's unique index was written on every row version and read by nothing: the id is 122 random
    //   bits, as unique as every uuid key here.
    // - The webhook index is keyed by delivered_on, which the log sorts by; the delivered update writes its
    //   entry anyway (state leaves the due index's predicate, so that update cannot be HOT).
    id: '226_webhook_event_costs',
    ddl: `
      alter table webhook_messages set (fillfactor = 70);
      alter table webhook_messages add column delivered_on timestamptz, add column status_code integer,
        add column duration_ms integer;
      update webhook_messages m set delivered_on = a.created_on, status_code = a.status_code, duration_ms = a.duration_ms
        from webhook_attempts a where a.delivery_id = m.delivery_id and a.ok;
      delete from webhook_attempts where ok;
      alter table webhook_messages drop constraint if exists webhook_messages_message_id_key;
      drop index webhook_messages_webhook_idx;
      create index webhook_messages_webhook_idx on webhook_messages (webhook_uuid, delivered_on);
      create or replace function claim_webhook_messages(n integer, lease_seconds integer) returns setof webhook_messages
        language sql set enable_bitmapscan = off set jit = off as ${quoted(`
        update webhook_messages set lease_until = now() + make_interval(secs => lease_seconds), attempts = attempts + 1
        where delivery_id = any(array(select delivery_id from webhook_messages where state = 'pending'
          and next_attempt_on <= now() and (lease_until is null or lease_until < now())
          order by next_attempt_on, delivery_id limit n for update skip locked))
        returning *`)}`,
  },
  {
    // What an event cost PostgreSQL after 226, cut again (docs/webhooks.md, "What an event costs"):
    // - A claim no longer writes its events. It locked each row (a WAL record) and updated it with its lease
    //   (a second row version, half of them not HOT, so entries in every index), only for the outcome to write a
    //   third version moments later. Now a pass's lease is one row of webhook_leases naming the events it holds
    //   (written by the claim, deleted by the outcome statement), and the attempt is counted by the outcome.
    //   Claims take a transaction-level advisory lock, so each one's snapshot sees every lease committed before
    //   it: two nodes never hold one event. A lease's events are due again when it expires (a node that died).
    //   lease_until is still honoured, for rows an older node claimed the old way during an upgrade. The events
    //   are read inside the function, after the claim: the calling statement's snapshot is older and would miss
    //   an event committed in between, leaving it leased and unsent until the lease ran out. The payload and the
    //   time come as the text the body carries, not as values the driver would parse only to be written out.
    // - The event rows' two foreign keys checked their parent (a lookup and a row lock) for every event the sms
    //   triggers wrote, to serve only the deletes of a webhook or a company. Statement triggers on those deletes
    //   remove the events instead, one statement per delete.
    id: '227_webhook_leases',
    ddl: `
      create table webhook_leases (lease_id bigserial primary key, until timestamptz not null, ids bigint[] not null);
      create function claim_webhook_batch(n integer, lease_seconds integer, only_id bigint)
        returns table (lease_id bigint, delivery_id bigint, message_id text, company_uuid uuid, webhook_uuid uuid,
          callback_url text, type text, payload text, occurred_on text, attempts integer, url text, secret text,
          is_active boolean)
        language plpgsql set enable_bitmapscan = off set jit = off set plan_cache_mode = force_custom_plan
        as ${quoted(`#variable_conflict use_column
      declare
        got bigint[];
        lid bigint;
      begin
        perform pg_advisory_xact_lock(hashtext('smsc-webhook-claim'), hashtext(current_schema()));
        delete from webhook_leases l where l.until < now();
        if only_id is null then
          got := array(select m.delivery_id from webhook_messages m where m.state = 'pending'
            and m.next_attempt_on <= now() and (m.lease_until is null or m.lease_until < now())
            and m.delivery_id not in (select unnest(l.ids) from webhook_leases l)
            order by m.next_attempt_on, m.delivery_id limit n);
        else
          got := array(select m.delivery_id from webhook_messages m where m.delivery_id = only_id and m.state = 'pending'
            and (m.lease_until is null or m.lease_until < now())
            and m.delivery_id not in (select unnest(l.ids) from webhook_leases l));
        end if;
        if cardinality(got) = 0 then
          return;
        end if;
        insert into webhook_leases as l (until, ids) values (now() + make_interval(secs => lease_seconds), got)
          returning l.lease_id into lid;
        return query select lid, m.delivery_id, m.message_id, m.company_uuid, m.webhook_uuid, m.callback_url, m.type,
          m.payload::text, to_char(m.occurred_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), m.attempts + 1, coalesce(w.url, m.callback_url), coalesce(w.secret, s.secret),
          coalesce(w.is_active, true)
          from webhook_messages m left join company_webhooks w on w.webhook_uuid = m.webhook_uuid
            left join company_callback_secrets s on m.webhook_uuid is null and s.company_uuid = m.company_uuid
          where m.delivery_id = any(got) order by m.delivery_id;
      end`)};
      alter table webhook_messages drop constraint if exists webhook_messages_company_uuid_fkey,
        drop constraint if exists webhook_messages_webhook_uuid_fkey;
      create function webhook_events_of_deleted_webhooks() returns trigger language plpgsql as ${quoted(`begin
        delete from webhook_messages m using gone g where m.webhook_uuid = g.webhook_uuid;
        return null;
      end`)};
      create trigger company_webhooks_events_delete after delete on company_webhooks referencing old table as gone
        for each statement execute function webhook_events_of_deleted_webhooks();
      create function webhook_events_of_deleted_companies() returns trigger language plpgsql as ${quoted(`begin
        delete from webhook_messages m using gone g where m.company_uuid = g.company_uuid;
        return null;
      end`)};
      create trigger companies_webhook_events_delete after delete on companies referencing old table as gone
        for each statement execute function webhook_events_of_deleted_companies()`,
  },
  {
    // One outbox row per statement and webhook instead of one per event (docs/webhooks.md, "What an event
    // costs"). The events the sms triggers wrote were a heap row, three index entries and four WAL records each
    // inside the message's own transaction, and the delivered update wrote a second version with two more
    // entries: with delivery cut to a few µs an event, the outbox row was most of what webhooks cost. Now the
    // events of one statement for one webhook (a bulk chunk, a batch of receipts) are one webhook_batches row
    // holding their payloads, and a pass writes one update per batch: the status codes and times of its
    // deliveries as arrays. Only an event whose first attempt failed gets a webhook_messages row of its own (its
    // retries, its attempt rows), with the webhook-id it was first sent with. A batch event's webhook-id is
    // derived from the batch's random key and its place, so every attempt repeats it.
    // Status callbacks (a URL per message) and the events publish() writes stay one row each.
    id: '228_webhook_batches',
    ddl: `
      create table webhook_batches (batch_id bigserial primary key, batch_key uuid not null default gen_random_uuid(),
        company_uuid uuid not null, webhook_uuid uuid not null, type text not null, size integer not null,
        events jsonb not null, occurred_on timestamptz not null default now(),
        state text not null default 'pending' check (state in ('pending', 'done')), delivered_on timestamptz,
        status_codes integer[], durations integer[]);
      create index webhook_batches_due_idx on webhook_batches (batch_id) where state = 'pending';
      create index webhook_batches_webhook_idx on webhook_batches (webhook_uuid, delivered_on);
      alter table webhook_leases add column batch_ids bigint[] not null default '{}';
      create function webhook_batch_message_id(batch_key uuid, idx integer) returns text
        language sql immutable parallel safe as $$select 'msg_' || md5(batch_key::text || ':' || idx)$$;
      create or replace function sms_webhook_events() returns trigger language plpgsql as ${eventsTrigger(eventBatches)};
      create function claim_webhook_events(n integer, lease_seconds integer, only_id bigint)
        returns table (lease_id bigint, delivery_id bigint, batch_id bigint, idx integer, message_id text,
          company_uuid uuid, webhook_uuid uuid, callback_url text, type text, payload text, occurred_on text,
          attempts integer, url text, secret text, is_active boolean)
        language plpgsql set enable_bitmapscan = off set jit = off set plan_cache_mode = force_custom_plan
        as ${quoted(`#variable_conflict use_column
      declare
        got bigint[] := '{}';
        bids bigint[] := '{}';
        taken integer := 0;
        lid bigint;
      begin
        perform pg_advisory_xact_lock(hashtext('smsc-webhook-claim'), hashtext(current_schema()));
        delete from webhook_leases l where l.until < now();
        if only_id is null then
          bids := array(select x.batch_id from (select b.batch_id, sum(b.size) over (order by b.batch_id) - b.size as before
              from webhook_batches b where b.state = 'pending'
                and b.batch_id not in (select unnest(l.batch_ids) from webhook_leases l)
              order by b.batch_id limit n) x where x.before < n);
          taken := coalesce((select sum(b.size) from webhook_batches b where b.batch_id = any(bids)), 0);
          if taken < n then
            got := array(select m.delivery_id from webhook_messages m where m.state = 'pending'
              and m.next_attempt_on <= now() and (m.lease_until is null or m.lease_until < now())
              and m.delivery_id not in (select unnest(l.ids) from webhook_leases l)
              order by m.next_attempt_on, m.delivery_id limit n - taken);
          end if;
        else
          got := array(select m.delivery_id from webhook_messages m where m.delivery_id = only_id and m.state = 'pending'
            and (m.lease_until is null or m.lease_until < now())
            and m.delivery_id not in (select unnest(l.ids) from webhook_leases l));
        end if;
        if cardinality(got) = 0 and cardinality(bids) = 0 then
          return;
        end if;
        insert into webhook_leases as l (until, ids, batch_ids)
          values (now() + make_interval(secs => lease_seconds), got, bids) returning l.lease_id into lid;
        -- in the order the events happened (a pass sends them in this order, 50 at a time)
        return query select * from (select lid, null::bigint, b.batch_id, (e.i - 1)::integer, webhook_batch_message_id(b.batch_key, (e.i - 1)::integer),
            b.company_uuid, b.webhook_uuid, null::text, b.type, e.payload::text,
            to_char(b.occurred_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 1, w.url, w.secret,
            coalesce(w.is_active, false)
          from webhook_batches b cross join lateral jsonb_array_elements(b.events) with ordinality as e(payload, i)
            left join company_webhooks w on w.webhook_uuid = b.webhook_uuid
          where b.batch_id = any(bids)
          union all
          select lid, m.delivery_id, null::bigint, null::integer, m.message_id, m.company_uuid, m.webhook_uuid,
            m.callback_url, m.type, m.payload::text,
            to_char(m.occurred_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), m.attempts + 1,
            coalesce(w.url, m.callback_url), coalesce(w.secret, s.secret), coalesce(w.is_active, true)
          from webhook_messages m left join company_webhooks w on w.webhook_uuid = m.webhook_uuid
            left join company_callback_secrets s on m.webhook_uuid is null and s.company_uuid = m.company_uuid
          where m.delivery_id = any(got)) as x(l, d, b, i, mid, co, wh, cb, t, p, o, a, u, sec, act)
          order by x.o, x.b, x.i, x.d;
      end`)};
      create or replace function webhook_events_of_deleted_webhooks() returns trigger language plpgsql as ${quoted(`begin
        delete from webhook_messages m using gone g where m.webhook_uuid = g.webhook_uuid;
        delete from webhook_batches b using gone g where b.webhook_uuid = g.webhook_uuid;
        return null;
      end`)};
      create or replace function webhook_events_of_deleted_companies() returns trigger language plpgsql as ${quoted(`begin
        delete from webhook_messages m using gone g where m.company_uuid = g.company_uuid;
        delete from webhook_batches b using gone g where b.company_uuid = g.company_uuid;
        return null;
      end`)}`,
  },
  {
    // A batch event's webhook-id, inlined where it is used: 228's body wrote `text || integer`, an operator only
    // stable (any type's output function), so the planner would not inline a function declared immutable and
    // ran it as a call of its own for every event a claim hands out and every row the log shows (~1.2 µs each,
    // pg_stat_statements counted it as a statement). The text is the same: the integer's text either way.
    id: '229_webhook_batch_id_inlined',
    ddl: `
      create or replace function webhook_batch_message_id(batch_key uuid, idx integer) returns text
        language sql immutable parallel safe as $$select 'msg_' || md5(batch_key::text || ':' || idx::text)$$`,
  },
  {
    // Batched delivery, a webhook's choice (docs/webhooks.md, "Batched delivery"): its events go up to 100 a
    // request in one signed envelope instead of one request each. The claim answers whether each event's
    // webhook takes batches. A function of its own rather than 228's replaced: its answer has one more column,
    // and a node not yet upgraded keeps calling 228's while the others run this one.
    id: '230_webhook_batched_delivery',
    ddl: `
      alter table company_webhooks add column batched boolean not null default false;
      create function claim_webhook_deliveries(n integer, lease_seconds integer, only_id bigint)
        returns table (lease_id bigint, delivery_id bigint, batch_id bigint, idx integer, message_id text,
          company_uuid uuid, webhook_uuid uuid, callback_url text, type text, payload text, occurred_on text,
          attempts integer, url text, secret text, is_active boolean, batched boolean)
        language plpgsql set enable_bitmapscan = off set jit = off set plan_cache_mode = force_custom_plan
        as ${quoted(`#variable_conflict use_column
      declare
        got bigint[] := '{}';
        bids bigint[] := '{}';
        taken integer := 0;
        lid bigint;
      begin
        perform pg_advisory_xact_lock(hashtext('smsc-webhook-claim'), hashtext(current_schema()));
        delete from webhook_leases l where l.until < now();
        if only_id is null then
          bids := array(select x.batch_id from (select b.batch_id, sum(b.size) over (order by b.batch_id) - b.size as before
              from webhook_batches b where b.state = 'pending'
                and b.batch_id not in (select unnest(l.batch_ids) from webhook_leases l)
              order by b.batch_id limit n) x where x.before < n);
          taken := coalesce((select sum(b.size) from webhook_batches b where b.batch_id = any(bids)), 0);
          if taken < n then
            got := array(select m.delivery_id from webhook_messages m where m.state = 'pending'
              and m.next_attempt_on <= now() and (m.lease_until is null or m.lease_until < now())
              and m.delivery_id not in (select unnest(l.ids) from webhook_leases l)
              order by m.next_attempt_on, m.delivery_id limit n - taken);
          end if;
        else
          got := array(select m.delivery_id from webhook_messages m where m.delivery_id = only_id and m.state = 'pending'
            and (m.lease_until is null or m.lease_until < now())
            and m.delivery_id not in (select unnest(l.ids) from webhook_leases l));
        end if;
        if cardinality(got) = 0 and cardinality(bids) = 0 then
          return;
        end if;
        insert into webhook_leases as l (until, ids, batch_ids)
          values (now() + make_interval(secs => lease_seconds), got, bids) returning l.lease_id into lid;
        -- in the order the events happened (a pass sends them in this order, 50 at a time)
        return query select * from (select lid, null::bigint, b.batch_id, (e.i - 1)::integer, webhook_batch_message_id(b.batch_key, (e.i - 1)::integer),
            b.company_uuid, b.webhook_uuid, null::text, b.type, e.payload::text,
            to_char(b.occurred_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 1, w.url, w.secret,
            coalesce(w.is_active, false), coalesce(w.batched, false)
          from webhook_batches b cross join lateral jsonb_array_elements(b.events) with ordinality as e(payload, i)
            left join company_webhooks w on w.webhook_uuid = b.webhook_uuid
          where b.batch_id = any(bids)
          union all
          select lid, m.delivery_id, null::bigint, null::integer, m.message_id, m.company_uuid, m.webhook_uuid,
            m.callback_url, m.type, m.payload::text,
            to_char(m.occurred_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), m.attempts + 1,
            coalesce(w.url, m.callback_url), coalesce(w.secret, s.secret), coalesce(w.is_active, true),
            coalesce(w.batched, false)
          from webhook_messages m left join company_webhooks w on w.webhook_uuid = m.webhook_uuid
            left join company_callback_secrets s on m.webhook_uuid is null and s.company_uuid = m.company_uuid
          where m.delivery_id = any(got)) as x(l, d, b, i, mid, co, wh, cb, t, p, o, a, u, sec, act, bat)
          order by x.o, x.b, x.i, x.d;
      end`)}`,
  },
];

/**
 * Since migration 510 a webhook may be scoped to one number (did_uuid, the DID webhooks of /did/webhook): it gets
 * only the incoming messages sent to that number. The others get every event of the company they subscribed to.
 */
function scopedEventBatches(changed: string): string {
  const type = `case when n.is_received then 'message.received' else 'message.status' end`;
  return `insert into webhook_batches (company_uuid, webhook_uuid, type, size, events)
    select x.company_uuid, x.webhook_uuid, x.type, count(*), jsonb_agg(x.payload)
      from (select n.company_uuid, w.webhook_uuid, ${type} as type, ${PAYLOAD},
          row_number() over (partition by w.webhook_uuid) as rn
        from ${changed} n join company_webhooks w on w.company_uuid = n.company_uuid and w.is_active
        where (${type}) = any(w.events)
          and (w.did_uuid is null or exists (select 1 from dids d where d.did_uuid = w.did_uuid and d.did = n.dnis))) x
      group by x.company_uuid, x.webhook_uuid, x.type, (x.rn - 1) / ${BATCH_EVENTS};
    insert into webhook_messages (company_uuid, webhook_uuid, callback_url, sms_uuid, type, payload)
      select n.company_uuid, null, n.status_callback, n.sms_uuid, 'message.status', ${PAYLOAD}
        from ${changed} n where n.status_callback is not null and not n.is_received`;
}

/**
 * Issue 47 item 3, one webhook system: a DID webhook becomes a company webhook subscribed to message.received
 * and scoped to its number, so it is signed (Standard Webhooks), claimed, retried and logged like the others.
 * legacy_signature: the webhook also carries the old x-smsc-timestamp/x-smsc-signature headers and the old
 * body fields until the deprecation date in docs/webhooks.md. Rows of numbers no company holds cannot become
 * company webhooks (their messages belong to no company, so nothing was sent on a company's behalf) and are
 * dropped with the old tables. A number that changes hands loses its webhooks: the old holder's endpoint must
 * not receive the new holder's messages. Appended to db/migrations.ts (ids 510–519).
 */
export const DID_WEBHOOKS_AS_SUBSCRIPTIONS = {
  id: '510_did_webhooks_as_subscriptions',
  ddl: `
    alter table company_webhooks add column did_uuid uuid references dids on delete cascade;
    alter table company_webhooks add column legacy_signature boolean not null default false;
    create index company_webhooks_did_idx on company_webhooks (did_uuid) where did_uuid is not null;
    insert into company_webhooks (webhook_uuid, company_uuid, url, events, secret, is_active, created_on, did_uuid,
        legacy_signature)
      select w.webhook_uuid, d.company_uuid, w.url, '{message.received}', w.secret, w.is_active, w.created_on,
        w.did_uuid, true
      from did_webhooks w join dids d on d.did_uuid = w.did_uuid where d.company_uuid is not null;
    drop table did_webhook_deliveries;
    drop table did_webhooks;
    create or replace function sms_webhook_events() returns trigger language plpgsql as ${eventsTrigger(scopedEventBatches)};
    create function did_webhooks_follow_holder() returns trigger language plpgsql as ${quoted(`begin
      delete from company_webhooks w where w.did_uuid = new.did_uuid
        and w.company_uuid is distinct from new.company_uuid;
      return null;
    end`)};
    create trigger dids_webhooks_follow_holder after update of company_uuid on dids for each row
      when (old.company_uuid is distinct from new.company_uuid) execute function did_webhooks_follow_holder()`,
};

/**
 * Issue 51 (ids 670–679): a statement whose messages carry no status_callback and whose companies have no active
 * webhook returns before building its events, whose joins and window ran on every SMPP or API batch for nothing.
 * Whatever the statement (an insert, an update moving a status or not), those two are the only ways an event is
 * written, so the test drops no event.
 */
export const WEBHOOK_EVENTS_EXIT = {
  id: '673_webhook_events_exit',
  ddl: `create or replace function sms_webhook_events() returns trigger language plpgsql as ${eventsTrigger(
    scopedEventBatches,
    `if not exists (select 1 from new_rows n where n.status_callback is not null)
          and not exists (select 1 from company_webhooks w
            where w.company_uuid in (select n.company_uuid from new_rows n) and w.is_active) then
          return null;
        end if;`,
  )}`,
};
