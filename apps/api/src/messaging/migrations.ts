// Messaging migrations (ids 050–054), spread at the end of MIGRATIONS.
// The list indexes follow the scopes and orders of /sms/list and the logs: newest first within a
// company, a reseller's companies or everything, split by direction (is_received), so the first page
// and any cursor page read only the rows they show. Numbers are indexed with text_pattern_ops so a
// prefix search ("+4915%") uses them whatever the database's collation.
export const MESSAGING_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '050_messaging',
    ddl: `
      create table sms (sms_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid references companies on delete cascade, reseller_uuid uuid references resellers on delete set null,
        user_uuid uuid references users on delete set null, is_received boolean not null default false,
        ani text not null, dnis text not null, text text not null,
        status text not null check (status in ('scheduled','queued','sent','delivered','undelivered','failed','blocked','cancelled','received')),
        block_reason text, status_message text,
        segments integer not null default 0, encoding text not null default 'GSM-7' check (encoding in ('GSM-7','UCS-2')),
        price bigint, cost bigint, currency text not null default 'USD',
        vendor_product_uuid uuid references vendor_products on delete set null, vendor_product_name text, mobile_network_name text,
        recipient_uuid uuid, sms_template_uuid uuid, reservation_uuid uuid references ledger_reservations on delete set null,
        send_at timestamptz, sent_on timestamptz, delivered_on timestamptz, smsc_id text, external_id text,
        created_on timestamptz not null default now());
      create index sms_company_list_idx on sms (company_uuid, is_received, created_on desc, sms_uuid desc);
      create index sms_reseller_list_idx on sms (reseller_uuid, is_received, created_on desc, sms_uuid desc);
      create index sms_all_list_idx on sms (is_received, created_on desc, sms_uuid desc);
      create index sms_user_list_idx on sms (user_uuid, is_received, created_on desc, sms_uuid desc);
      create index sms_company_status_idx on sms (company_uuid, status, created_on desc, sms_uuid desc);
      create index sms_status_idx on sms (status, created_on desc, sms_uuid desc);
      create index sms_dnis_idx on sms (dnis text_pattern_ops, created_on desc);
      create index sms_ani_idx on sms (ani text_pattern_ops, created_on desc);
      create index sms_recipient_idx on sms (recipient_uuid) where recipient_uuid is not null;
      create index sms_scheduled_idx on sms (send_at) where status = 'scheduled';
      create index sms_in_flight_idx on sms (created_on) where status in ('queued','sent');
      create table sms_requests (user_uuid uuid not null references users on delete cascade, idempotency_key text not null,
        request_hash text not null, sms_uuid uuid references sms on delete cascade, created_on timestamptz not null default now(),
        primary key (user_uuid, idempotency_key));
      create table suppressed_numbers (suppressed_number_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, number text not null,
        source text not null default 'manual' check (source in ('manual','stop')),
        created_by uuid references users on delete set null, created_on timestamptz not null default now(),
        unique (company_uuid, number));
      create index suppressed_numbers_number_idx on suppressed_numbers (number);
      create table messaging_settings (company_uuid uuid primary key references companies on delete cascade,
        stop_reply text, start_reply text)`,
  },
  {
    // what the company's reseller paid the platform for the message (billing/wholesale.ts), for reports
    id: '271_sms_wholesale_cost',
    ddl: `alter table sms add column wholesale_cost bigint`,
  },
];

/**
 * Issue 52 item 4, opt-outs done properly (docs/opt-outs.md), applied last of all (db/migrations.ts). A STOP keeps
 * its scope on its row: `sender` ('' = every sender) and, for a reseller-wide one, the reseller whose companies it
 * blocks. The (company, number) key becomes (company, number, sender) so one company may hold a STOP per number it
 * was texted to. Every opt-in and opt-out leaves a consent event. The English replies a company had set
 * (messaging_settings.stop_reply, start_reply) move into its English keyword set.
 */
export const OPT_OUT_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '530_opt_outs',
    ddl: `
      alter table messaging_settings add column opt_out_scope text not null default 'company'
        check (opt_out_scope in ('sender','company','reseller'));
      alter table messaging_settings add column campaign_limit_percent numeric(6,2) not null default 2;
      alter table messaging_settings add column campaign_min_sent integer not null default 100;
      alter table messaging_settings add column country_languages jsonb not null default '{}'::jsonb;
      create table opt_out_keyword_sets (company_uuid uuid not null references companies on delete cascade,
        language text not null, stop_words jsonb, help_words jsonb, start_words jsonb,
        stop_reply text, help_reply text, start_reply text, updated_on timestamptz not null default now(),
        primary key (company_uuid, language));
      insert into opt_out_keyword_sets (company_uuid, language, stop_reply, start_reply)
        select company_uuid, 'en', stop_reply, start_reply from messaging_settings
        where stop_reply is not null or start_reply is not null;
      alter table suppressed_numbers add column scope text not null default 'company'
        check (scope in ('sender','company','reseller'));
      alter table suppressed_numbers add column sender text not null default '';
      alter table suppressed_numbers add column reseller_uuid uuid references resellers on delete cascade;
      alter table suppressed_numbers drop constraint suppressed_numbers_company_uuid_number_key;
      alter table suppressed_numbers add constraint suppressed_numbers_company_number_sender_key
        unique (company_uuid, number, sender);
      create index suppressed_numbers_reseller_idx on suppressed_numbers (reseller_uuid, number) where scope = 'reseller';
      create table consent_events (consent_event_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade,
        reseller_uuid uuid references resellers on delete set null, number text not null,
        action text not null check (action in ('opt_out','opt_in')),
        source text not null check (source in ('keyword','import','console','api')),
        scope text check (scope in ('sender','company','reseller')), sender text, text text, language text,
        sms_uuid uuid, user_uuid uuid references users on delete set null,
        created_on timestamptz not null default now());
      create index consent_events_company_number_idx on consent_events (company_uuid, number, created_on desc);
      create index consent_events_number_idx on consent_events (number, created_on desc)`,
  },
];

/**
 * Issue 49 item 5 (docs/number-lookup.md): a message keeps the number lookup it was routed with (jsonb: network,
 * ported, line type, who answered, whether the route followed it) and what that lookup cost the platform, so its
 * details show it and the report rollups sum the cost (reports/migrations.ts 583). Both null for every message
 * before this and for a product without lookup: a nullable column without a default adds no rewrite.
 */
export const SMS_LOOKUP_MIGRATION = {
  id: '582_sms_number_lookup',
  ddl: `
    alter table sms add column lookup jsonb;
    alter table sms add column lookup_cost bigint`,
};
