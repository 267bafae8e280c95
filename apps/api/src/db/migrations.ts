// Migrations are code, applied in the list's order at start; each id runs once (db/migrator.ts records it).
import type { Kysely } from 'kysely';
import { runMigrations, type MigrateResult, type Migration, type MigrationContext } from './migrator';
import type { Database } from './schema';
import { CATALOG_MIGRATIONS, PRODUCT_LOOKUP_MIGRATION, ROUTE_DEMOTION_MIGRATIONS } from '../catalog/migrations';
import { BILLING_MIGRATIONS } from '../billing/migrations';
import { NUMBERS_MIGRATIONS } from '../numbers/migrations';
import { SECURITY_MIGRATIONS } from '../security/migrations';
import { MESSAGING_MIGRATIONS, OPT_OUT_MIGRATIONS, SMS_LOOKUP_MIGRATION } from '../messaging/migrations';
import { CONTENT_MIGRATIONS } from '../messaging-content/migrations';
import { MAIL_MIGRATIONS } from '../mail/migrations';
import { BULK_MIGRATIONS, BULK_TRIGGER_MIGRATIONS } from '../bulk/migrations';
import { CAMPAIGN_MIGRATIONS, CAMPAIGN_OPT_OUT_MIGRATIONS } from '../campaigns/migrations';
import { WORKFLOW_MIGRATIONS } from '../workflows/migrations';
import {
  REPORTS_LOOKUP_MIGRATION,
  REPORTS_MIGRATIONS,
  REPORTS_SERIAL_MIGRATION,
  REPORTS_SPEED_MIGRATIONS,
  REPORTS_TRIGGER_MIGRATIONS,
} from '../reports/migrations';
import { SMPP_MIGRATIONS } from '../smpp/migrations';
import { GUARDS_MIGRATIONS } from '../guards/migrations';
import {
  COMPANY_WEBHOOK_MIGRATIONS,
  DID_WEBHOOKS_AS_SUBSCRIPTIONS,
  WEBHOOK_EVENTS_EXIT,
} from '../company-webhooks/migrations';
import { AUTO_RECHARGE_MIGRATIONS } from '../auto-recharge/migrations';
import { LIVE_MIGRATIONS } from '../live/migrations';
import { COMPLIANCE_MIGRATIONS } from '../compliance/migrations';
import { PRIVACY_MIGRATIONS } from '../privacy/migrations';
import { RATE_CHANGE_MIGRATIONS } from '../rate-changes/migrations';
import { BRANDING_MIGRATIONS } from '../branding/migrations';
import { TWILIO_COMPAT_MIGRATIONS } from '../twilio-compat/migrations';
import { NUMBER_LOOKUP_MIGRATIONS } from '../number-lookup/migrations';
import { ROUTE_QUALITY_MIGRATIONS, ROUTE_QUALITY_TRIGGER_MIGRATIONS } from '../route-quality/migrations';
import { RETENTION_MIGRATIONS } from '../retention/migrations';

export type { Migration, MigrationContext } from './migrator';

/** `list` with `more` right after the migration `id` (which must be in it). */
function placeAfter(list: Migration[], id: string, more: Migration[]): Migration[] {
  const at = list.findIndex((m) => m.id === id) + 1;
  if (at === 0) throw new Error(`migration ${id} is not in the list`);
  return [...list.slice(0, at), ...more, ...list.slice(at)];
}

const MIGRATIONS: Migration[] = [
  {
    id: '001_accounts',
    ddl: `
      create table resellers (reseller_uuid uuid primary key default gen_random_uuid(), reseller_name text not null unique,
        created_on timestamptz not null default now());
      create table payment_terms (payment_term_uuid uuid primary key default gen_random_uuid(), name text not null,
        days integer not null default 30, is_active boolean not null default true, created_on timestamptz not null default now());
      create table companies (company_uuid uuid primary key default gen_random_uuid(), company_name text not null,
        reseller_uuid uuid references resellers on delete restrict, payment_term_uuid uuid references payment_terms on delete set null,
        status text not null default 'active' check (status in ('active','inactive')), prepay boolean not null default false,
        is_below_credit_limit boolean not null default false, is_created_by_admin boolean not null default false,
        created_on timestamptz not null default now());
      create table users (uuid uuid primary key default gen_random_uuid(), email text not null, password_hash text not null,
        full_name text not null, user_type text not null check (user_type in ('admin','company_admin','user','reseller')),
        is_active boolean not null default true, is_admin boolean not null default false,
        company_uuid uuid references companies on delete cascade, reseller_uuid uuid references resellers on delete cascade,
        created_on timestamptz not null default now());
      create unique index users_email_key on users (lower(email));
      create index users_company_idx on users (company_uuid);
      create index companies_reseller_idx on companies (reseller_uuid);`,
  },
  {
    id: '002_reference_data',
    ddl: `
      create table stop_text_filters (filter_uuid uuid primary key default gen_random_uuid(), text text not null,
        is_active boolean not null default true, created_on timestamptz not null default now());
      create table countries (country_uuid uuid primary key default gen_random_uuid(), nice_name text not null unique, iso2 text not null);
      create table area_codes (area_code_uuid uuid primary key default gen_random_uuid(),
        country_uuid uuid not null references countries on delete cascade, code text not null, name text not null);
      create table files (file_uuid uuid primary key default gen_random_uuid(), name text not null, content_type text not null,
        data bytea not null, company_uuid uuid references companies on delete cascade, created_on timestamptz not null default now());`,
  },
  {
    id: '003_tokens_outbox',
    ddl: `
      create table action_tokens (token_hash text primary key, kind text not null check (kind in ('confirm','reset')),
        user_uuid uuid not null references users on delete cascade, expires_at timestamptz not null, used_at timestamptz,
        created_on timestamptz not null default now());
      create table token_revocations (jti text primary key, expires_at timestamptz not null);
      create table outbox (id serial primary key, recipient text not null, subject text not null, body text not null,
        created_on timestamptz not null default now());`,
  },
  {
    // Sessions issued before a password reset must stop working.
    id: '004_password_changed_on',
    ddl: `alter table users add column password_changed_at timestamptz`,
  },
  {
    // Uploads belong to the uploader's company or reseller (both null: a system admin's file).
    id: '005_file_owner',
    ddl: `
      alter table files add column size integer not null default 0;
      alter table files add column reseller_uuid uuid references resellers on delete cascade;
      alter table files add column uploaded_by uuid references users on delete set null;
      create index files_company_idx on files (company_uuid);
      create index files_reseller_idx on files (reseller_uuid);`,
  },
  {
    // Failed logins per account live here, not in memory, so a restart or a second process keeps counting.
    id: '006_login_failures',
    ddl: `
      create table login_failures (email text primary key, failures integer not null,
        window_start timestamptz not null default now());
      create index login_failures_window_idx on login_failures (window_start);`,
  },
  {
    // Resellers keep their own stop-text filters; null = the platform's (system admin) filters.
    id: '007_stop_text_reseller',
    ddl: `
      alter table stop_text_filters add column reseller_uuid uuid references resellers on delete cascade;
      create index stop_text_filters_reseller_idx on stop_text_filters (reseller_uuid, created_on desc)`,
  },
  {
    // The session that changed its own password keeps working while every older one ends.
    id: '008_password_change_session',
    ddl: `alter table users add column password_change_jti text`,
  },
  {
    // The company's own clock: repeating reminders keep their wall-clock hour in it across daylight saving.
    id: '111_company_time_zone',
    ddl: `alter table companies add column time_zone text not null default 'America/New_York'`,
  },
  ...CATALOG_MIGRATIONS,
  ...BILLING_MIGRATIONS,
  ...SECURITY_MIGRATIONS,
  ...NUMBERS_MIGRATIONS,
  ...MESSAGING_MIGRATIONS,
  ...CONTENT_MIGRATIONS,
  ...MAIL_MIGRATIONS,
  ...BULK_MIGRATIONS,
  // The workflows' tables were first created among the campaigns' (077 after 072), and every database
  // applied them there: they keep that place, so no recorded migration moves (migrator.ts: order).
  ...placeAfter(CAMPAIGN_MIGRATIONS, '072_campaign_job_zone', WORKFLOW_MIGRATIONS),
  ...REPORTS_MIGRATIONS,
  ...SMPP_MIGRATIONS,
  ...GUARDS_MIGRATIONS,
  ...COMPANY_WEBHOOK_MIGRATIONS,
  ...AUTO_RECHARGE_MIGRATIONS,
  ...LIVE_MIGRATIONS,
  ...COMPLIANCE_MIGRATIONS,
  {
    // A reseller has a team: admins who change things and read-only members the server refuses every write.
    // Existing reseller logins were the one admin each reseller had.
    id: '360_reseller_roles',
    ddl: `
      alter table users add column reseller_role text check (reseller_role in ('admin','read_only'));
      update users set reseller_role = 'admin' where user_type = 'reseller';
      create index users_reseller_idx on users (reseller_uuid) where reseller_uuid is not null`,
  },
  ...RATE_CHANGE_MIGRATIONS,
  ...BRANDING_MIGRATIONS,
  {
    // Issue 45: the plan (product) a self-registered company gets: the platform's one row (the system admin's
    // choice) and each reseller's own, for the companies that sign up through its link.
    id: '440_signup_plans',
    ddl: `
      create table signup_plan (id int primary key default 1 check (id = 1),
        product_uuid uuid references products on delete set null);
      insert into signup_plan (id) values (1);
      alter table resellers add column signup_product_uuid uuid references products on delete set null`,
  },
  {
    // Issue 45: who sent a message beside its user: the program's API key, or the SMPP account it came in on
    // (an SMPP submit has no user). Partial indexes: the log's "Sent by" filter on the few rows that have one.
    id: '441_sms_origin',
    ddl: `
      alter table sms add column api_key_uuid uuid references api_keys on delete set null;
      alter table sms add column smpp_account_uuid uuid references smpp_accounts on delete set null;
      create index sms_api_key_idx on sms (api_key_uuid) where api_key_uuid is not null;
      create index sms_smpp_account_idx on sms (smpp_account_uuid) where smpp_account_uuid is not null`,
  },
  {
    // Which gateway carries an SMPP connection: Kannel's bearerbox (as before) or our own SMPP client
    // (direct-smpp/), with how many transceiver binds it holds to the carrier.
    id: '460_smsc_direct_gateway',
    ddl: `
      alter table smsc_connections add column gateway text not null default 'kannel'
        check (gateway in ('kannel', 'direct'));
      alter table smsc_connections add column binds integer check (binds between 1 and 32)`,
  },
  {
    // The direct gateway's submit_sm_resp message ids, written before a message is marked sent, so a receipt
    // that comes after a restart (the in-memory map gone) still finds its message. Rows go once a final
    // receipt is applied.
    id: '461_direct_carrier_ids',
    ddl: `
      create table direct_carrier_ids (
        smsc_id text not null,
        message_id text not null,
        sms_uuid uuid not null,
        created_on timestamptz not null default now(),
        primary key (smsc_id, message_id)
      )`,
  },
  {
    // Issue 49: each price says when it is charged: on delivery (a receipt saying delivered) or on submit (the
    // carrier accepted it). A new version of a rate key takes its basis from the version it follows unless the
    // writer names one, so a deck re-import never turns a submit-charged code back silently. Messages keep the
    // basis they were priced with.
    id: '470_charge_basis',
    ddl: `
      alter table rates add column charge_basis text not null default 'delivery'
        check (charge_basis in ('delivery', 'submit'));
      alter table sms add column charge_basis text not null default 'delivery'
        check (charge_basis in ('delivery', 'submit'));
      create function rates_inherit_charge_basis() returns trigger language plpgsql as $$
      begin
        if new.charge_basis is null then
          -- the same book and key, in the shape the (book, code) indexes serve
          select r.charge_basis into new.charge_basis from rates r
            where (case when new.rate_table_uuid is not null then r.rate_table_uuid = new.rate_table_uuid
                        else r.vendor_product_uuid = new.vendor_product_uuid end)
              and (case when new.code is not null then r.code = new.code
                        else r.code is null and r.mobile_network_uuid = new.mobile_network_uuid end)
            order by r.effective_from desc limit 1;
          new.charge_basis := coalesce(new.charge_basis, 'delivery');
        end if;
        return new;
      end $$;
      alter table rates alter column charge_basis drop default;
      create trigger rates_charge_basis before insert on rates
        for each row execute function rates_inherit_charge_basis()`,
  },
  {
    // Issue 45 item 9: a template's approval or rejection is mailed to who submitted it, in the reseller's words.
    id: '490_template_review_mail',
    ddl: `
      alter table mail_templates drop constraint mail_templates_kind_check;
      alter table mail_templates add constraint mail_templates_kind_check
        check (kind in ('registration','password_reset','low_balance','invoice','price_notice','template_review'))`,
  },
  {
    // Issue 45 item 5: a bulk remembers the Idempotency-Key that created it (bulk/idempotency.ts), so a double
    // click or a retried upload creates one bulk.
    id: '491_bulk_request_key',
    ddl: `
      alter table bulks add column request_key text;
      alter table bulks add column request_hash text;
      create unique index bulks_request_key_idx on bulks (user_uuid, request_key) where request_key is not null`,
  },
  ...TWILIO_COMPAT_MIGRATIONS,
  DID_WEBHOOKS_AS_SUBSCRIPTIONS,
  {
    // Issue 47 item 5: test API keys (the sandbox). A test key's messages are marked on the row: never charged,
    // never handed to a carrier, their outcome chosen by the destination (messaging/sandbox.ts, docs/sandbox.md).
    // Both columns default false, so every key and message before this stays live (a constant default adds no rewrite).
    id: '520_sandbox_keys',
    ddl: `
      alter table api_keys add column sandbox boolean not null default false;
      alter table sms add column sandbox boolean not null default false`,
  },
  // issue 52 item 4: opt-outs per language and scope, consent evidence, the campaign opt-out limit (docs/opt-outs.md)
  ...OPT_OUT_MIGRATIONS,
  ...CAMPAIGN_OPT_OUT_MIGRATIONS,
  ...PRIVACY_MIGRATIONS,
  // issue 49 item 5: number lookup in the routing path (docs/number-lookup.md)
  ...NUMBER_LOOKUP_MIGRATIONS,
  PRODUCT_LOOKUP_MIGRATION,
  SMS_LOOKUP_MIGRATION,
  REPORTS_LOOKUP_MIGRATION,
  {
    // Issue 45 item 10: system admins and resellers have no company, so no company zone; each chooses its own
    // (Profile), which its reports and every time the console shows it follow. Null until chosen (accounts/account-zone.ts).
    id: '610_user_time_zone',
    ddl: `alter table users add column time_zone text`,
  },
  // issue 49 item 4: delivery quality measured live, demotions the compiled catalog applies (docs/delivery-quality.md)
  ...ROUTE_DEMOTION_MIGRATIONS,
  ...ROUTE_QUALITY_MIGRATIONS,
  ...RETENTION_MIGRATIONS,
  // issue 51: reports at 1,000 companies (the admin's by reseller; the deltas by hour; weeks by company)
  ...REPORTS_SPEED_MIGRATIONS,
  {
    // The companies of a reseller as accounts hands them to the tenancy filter (lib/tenancy.ts), which may not
    // name accounts' tables. A one-select SQL function called in FROM is inlined by the planner: the plans of
    // the filters that use it stay those of the sub-select they replace.
    id: '661_reseller_companies',
    ddl: `
      create function reseller_companies(reseller uuid) returns setof uuid language sql stable
        as 'select company_uuid from companies where reseller_uuid = reseller'`,
  },
  // issue 51: PostgreSQL's CPU per message in the statement triggers on sms (670–679)
  ...REPORTS_TRIGGER_MIGRATIONS,
  ...BULK_TRIGGER_MIGRATIONS,
  ...ROUTE_QUALITY_TRIGGER_MIGRATIONS,
  WEBHOOK_EVENTS_EXIT,
  // issue 51: reports over every company planned without parallel workers
  REPORTS_SERIAL_MIGRATION,
];

/**
 * Applies what is pending, once, however many nodes start at once (db/migrator.ts: Kysely's Migrator under a lock).
 * `until`: only the list up to that id (a data migration's spec writes rows in the schema before it).
 */
export async function migrate(
  db: Kysely<Database>,
  ctx: MigrationContext = {},
  until?: string,
): Promise<MigrateResult> {
  const end = until ? MIGRATIONS.findIndex((m) => m.id === until) + 1 : MIGRATIONS.length;
  if (!end) throw new Error(`no migration ${until}`);
  return runMigrations(db, MIGRATIONS.slice(0, end), ctx);
}

/** The ids in the order they apply (tests). */
export const migrationIds = (): string[] => MIGRATIONS.map((m) => m.id);
