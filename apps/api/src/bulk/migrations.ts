// Bulk migrations (ids 070–074, 076, 078–079, 150–151), spread at the end of MIGRATIONS.
// bulk_recipients holds one row per number of a job: a worker claims the next rows whose sms_uuid is
// still null (FOR UPDATE SKIP LOCKED, so several workers never take the same row) and writes the
// message and the claim in one transaction: a row with an sms_uuid has its message, exactly one.
// bulk_recipients has no foreign key to bulks: checking it per row tripled the time to store 100,000
// numbers on PGlite (3.3 s instead of 1.2 s); a rule deletes a bulk's numbers with it instead
// (also when a company's deletion cascades to its bulks).
/**
 * The progress counts of bulk messages, summed per bulk with a sign: stored (a message exists), sent
 * (handed to the gateway: sent, delivered, undelivered), delivered, failed (failed, undelivered,
 * blocked, cancelled) and done (no longer waiting to go out: neither queued nor scheduled).
 */
function deltaSelect(rows: string, sign: 1 | -1): string {
  const cols = `bulk_uuid, ${sign} * count(*) as stored,
    ${sign} * count(*) filter (where status in ('sent','delivered','undelivered')) as sent,
    ${sign} * count(*) filter (where status = 'delivered') as delivered,
    ${sign} * count(*) filter (where status in ('failed','undelivered','blocked','cancelled')) as failed,
    ${sign} * count(*) filter (where status not in ('queued','scheduled')) as done`;
  return `select ${cols} from ${rows} where bulk_uuid is not null group by bulk_uuid`;
}

/** deltaSelect with a count of each final state and of messages awaiting their receipt (migration 151). */
function stateSelect(rows: string, sign: 1 | -1): string {
  const cols = `bulk_uuid, ${sign} * count(*) as stored,
    ${sign} * count(*) filter (where status in ('sent','delivered','undelivered')) as sent,
    ${sign} * count(*) filter (where status = 'delivered') as delivered,
    ${sign} * count(*) filter (where status in ('failed','undelivered','blocked','cancelled')) as failed,
    ${sign} * count(*) filter (where status not in ('queued','scheduled')) as done,
    ${sign} * count(*) filter (where status = 'undelivered') as undelivered,
    ${sign} * count(*) filter (where status = 'blocked') as blocked,
    ${sign} * count(*) filter (where status = 'cancelled') as cancelled,
    ${sign} * count(*) filter (where status = 'sent') as awaiting`;
  return `select ${cols} from ${rows} where bulk_uuid is not null group by bulk_uuid`;
}

/** A PL/pgSQL body, dollar-quoted (the migrator sends a migration's DDL whole, semicolons and all). */
const quoted = (body: string) => `$body$${body}$body$`;

/** bulk_sms_delta() since migration 151: the per-bulk counts of an insert, or of an update's new minus its old rows. */
const STATE_BODY_151 = `begin
        if tg_op = 'INSERT' then
          insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done, undelivered, blocked, cancelled, awaiting)
          ${stateSelect('new_rows', 1)};
        else
          insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done, undelivered, blocked, cancelled, awaiting)
          select bulk_uuid, 0, sum(sent)::int, sum(delivered)::int, sum(failed)::int, sum(done)::int,
            sum(undelivered)::int, sum(blocked)::int, sum(cancelled)::int, sum(awaiting)::int from (
            ${stateSelect('new_rows', 1)} union all ${stateSelect('old_rows', -1)}) d
          group by bulk_uuid having sum(sent) <> 0 or sum(delivered) <> 0 or sum(failed) <> 0 or sum(done) <> 0
            or sum(undelivered) <> 0 or sum(blocked) <> 0 or sum(cancelled) <> 0 or sum(awaiting) <> 0;
        end if;
        return null;
      end`;

export const BULK_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '070_bulk',
    ddl: `
      create table bulks (bulk_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, reseller_uuid uuid references resellers on delete set null,
        user_uuid uuid references users on delete set null,
        kind text not null default 'bulk' check (kind in ('bulk','delayed')),
        ani text, ani_group_uuid uuid, text text not null,
        status text not null check (status in ('scheduled','running','held','stopped','finished')),
        total integer not null default 0, file_name text, campaign_uuid uuid,
        send_at timestamptz, started_on timestamptz, finished_on timestamptz, created_on timestamptz not null default now(),
        check (ani is not null or ani_group_uuid is not null));
      create index bulks_company_idx on bulks (company_uuid, created_on desc);
      create index bulks_reseller_idx on bulks (reseller_uuid, created_on desc);
      create index bulks_created_idx on bulks (created_on desc);
      create index bulks_campaign_idx on bulks (campaign_uuid) where campaign_uuid is not null;
      create table bulk_recipients (bulk_uuid uuid not null, seq integer not null,
        number text not null, fields jsonb, sms_uuid uuid, lease_until timestamptz,
        primary key (bulk_uuid, seq));
      create index bulk_recipients_pending_idx on bulk_recipients (bulk_uuid, seq) where sms_uuid is null;
      create rule bulks_delete_recipients as on delete to bulks do also delete from bulk_recipients where bulk_uuid = old.bulk_uuid`,
  },
  {
    // Restart safety and progress without joins. Each bulk message names its bulk and recipient, and
    // (bulk_uuid, bulk_seq) is unique: a batch re-run after a crash cannot store a number twice. The
    // job's cursor (bulks.cursor, the last recipient taken) moves in the transaction that stores the
    // messages. bulk_lease: a queued message whose worker died before the hand-over is taken again after it.
    // Progress: statement-level triggers on sms append per-bulk signed counts to bulk_deltas (insert
    // only, so senders and delivery reports never wait on a shared row); a read sums them.
    id: '071_bulk_progress',
    ddl: `
      alter table sms add column bulk_uuid uuid;
      alter table sms add column bulk_seq integer;
      alter table sms add column bulk_lease timestamptz;
      update sms s set bulk_uuid = r.bulk_uuid, bulk_seq = r.seq from bulk_recipients r where r.sms_uuid = s.sms_uuid;
      create unique index sms_bulk_key on sms (bulk_uuid, bulk_seq) where bulk_uuid is not null;
      create index sms_bulk_queued_idx on sms (bulk_uuid, bulk_lease) where bulk_uuid is not null and status = 'queued';
      alter table bulks add column cursor integer not null default 0;
      update bulks b set cursor = coalesce((select max(seq) from bulk_recipients r where r.bulk_uuid = b.bulk_uuid and r.sms_uuid is not null), 0);
      create table bulk_deltas (id bigserial primary key, bulk_uuid uuid not null, stored integer not null, sent integer not null,
        delivered integer not null, failed integer not null, done integer not null);
      create index bulk_deltas_bulk_idx on bulk_deltas (bulk_uuid);
      drop index bulk_recipients_pending_idx;
      insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done) ${deltaSelect('sms', 1)};
      create function bulk_sms_delta() returns trigger language plpgsql as ${quoted(`begin
        if tg_op = 'INSERT' then
          insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done) ${deltaSelect('new_rows', 1)};
        else
          insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done)
          select bulk_uuid, 0, sum(sent)::int, sum(delivered)::int, sum(failed)::int, sum(done)::int from (
            ${deltaSelect('new_rows', 1)} union all ${deltaSelect('old_rows', -1)}) d
          group by bulk_uuid having sum(sent) <> 0 or sum(delivered) <> 0 or sum(failed) <> 0 or sum(done) <> 0;
        end if;
        return null;
      end`)};
      create trigger sms_bulk_insert after insert on sms referencing new table as new_rows
        for each statement execute function bulk_sms_delta();
      create trigger sms_bulk_update after update on sms referencing old table as old_rows new table as new_rows
        for each statement execute function bulk_sms_delta();
      create rule bulks_delete_deltas as on delete to bulks do also delete from bulk_deltas where bulk_uuid = old.bulk_uuid`,
  },
  {
    // A job the balance no longer covers holds itself (status held, hold_reason 'balance') and goes on after a top-up;
    // a hold by hand has no reason.
    id: '150_bulk_hold_reason',
    ddl: `alter table bulks add column hold_reason text check (hold_reason in ('balance'))`,
  },
  {
    // Every final state its own count, so a job's row and its report filters agree (failed had counted blocked,
    // undelivered and cancelled too) and "awaiting" (handed over, no receipt yet) says when a finished job is still live.
    id: '151_bulk_state_counts',
    ddl: `
      alter table bulk_deltas add column undelivered integer not null default 0;
      alter table bulk_deltas add column blocked integer not null default 0;
      alter table bulk_deltas add column cancelled integer not null default 0;
      alter table bulk_deltas add column awaiting integer not null default 0;
      insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done, undelivered, blocked, cancelled, awaiting)
      select bulk_uuid, 0, 0, 0, 0, 0, count(*) filter (where status = 'undelivered'), count(*) filter (where status = 'blocked'),
        count(*) filter (where status = 'cancelled'), count(*) filter (where status = 'sent')
      from sms where bulk_uuid is not null group by bulk_uuid;
      create or replace function bulk_sms_delta() returns trigger language plpgsql as ${quoted(STATE_BODY_151)}`,
  },
];

/**
 * Issue 51 (ids 670–679): a statement none of whose messages belongs to a bulk job returns before the insert.
 * The empty insert still ran its grouping and fired bulk_deltas' statement trigger
 * (live/migrations.ts, live_bulk_progress_events) once per SMPP or API batch, ~0.03–0.04 ms a message together.
 * An update reads its old rows too, so a message that left a bulk would still count as before (an insert trigger
 * has no old_rows: a statement naming them fails to plan there, so the test is in a branch of its own).
 */
export const BULK_TRIGGER_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '671_bulk_delta_exit',
    ddl: `create or replace function bulk_sms_delta() returns trigger language plpgsql as ${quoted(
      STATE_BODY_151.replace(
        'begin',
        `begin
        if not exists (select 1 from new_rows where bulk_uuid is not null) then
          if tg_op = 'INSERT' then
            return null;
          elsif not exists (select 1 from old_rows where bulk_uuid is not null) then
            return null;
          end if;
        end if;`,
      ),
    )}`,
  },
];
