// Numbers domain migrations (ids 040-049), spread at the end of MIGRATIONS.
export const NUMBERS_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '040_dids',
    ddl: `
      create table dids (did_uuid uuid primary key default gen_random_uuid(), did text not null unique,
        type text not null default 'sms_voice' check (type in ('sms','voice','sms_voice')),
        did_type text not null default 'ani' check (did_type in ('ani','dnis')),
        is_toll_free boolean not null, area_code text not null, state text,
        country_uuid uuid references countries on delete set null, description text not null default '',
        monthly_price numeric(10,4) not null default 0 check (monthly_price >= 0), vendor_uuid uuid,
        reseller_uuid uuid references resellers on delete set null, company_uuid uuid references companies on delete set null,
        user_uuid uuid references users on delete set null,
        source text not null default 'manual' check (source in ('manual','import','order')),
        created_on timestamptz not null default now(),
        check (user_uuid is null or company_uuid is not null));
      create index dids_company_idx on dids (company_uuid, created_on desc);
      create index dids_reseller_idx on dids (reseller_uuid);
      create index dids_user_idx on dids (user_uuid);
      create table did_orders (user_uuid uuid not null references users on delete cascade, idempotency_key text not null,
        request_hash text not null, result jsonb, created_on timestamptz not null default now(),
        primary key (user_uuid, idempotency_key))`,
  },
  {
    // the vendors table comes from the catalog domain (010); a vendor removed leaves its numbers unattached
    id: '041_did_vendor_fk',
    ddl: `alter table dids add constraint dids_vendor_fk foreign key (vendor_uuid) references vendors on delete set null;
      create index dids_vendor_idx on dids (vendor_uuid)`,
  },
  {
    // call flows, the import log (CSV and Kannel imports), DID webhooks and their delivery log
    id: '042_did_extras',
    ddl: `
      alter table dids add column smsc_id text;
      create table call_workflows (did_uuid uuid primary key references dids on delete cascade,
        action text not null check (action in ('forward','voicemail','hangup')), forward_to text, email text, message text,
        ring_seconds integer not null default 25, updated_by uuid references users on delete set null,
        updated_on timestamptz not null default now());
      create table did_import_log (import_uuid uuid primary key default gen_random_uuid(),
        source text not null check (source in ('csv','kannel')), smsc_id text, file_name text, ok boolean not null,
        lines integer not null default 0, imported integer not null default 0, message text not null,
        user_uuid uuid references users on delete set null, reseller_uuid uuid references resellers on delete cascade,
        created_on timestamptz not null default now());
      create index did_import_log_created_idx on did_import_log (created_on desc);
      create table did_webhooks (webhook_uuid uuid primary key default gen_random_uuid(),
        did_uuid uuid not null references dids on delete cascade, url text not null, secret text not null,
        is_active boolean not null default true, created_on timestamptz not null default now());
      create index did_webhooks_did_idx on did_webhooks (did_uuid);
      create table did_webhook_deliveries (delivery_uuid uuid primary key default gen_random_uuid(),
        webhook_uuid uuid not null references did_webhooks on delete cascade, sms_uuid uuid, attempt integer not null,
        ok boolean not null, status_code integer, error text, duration_ms integer not null default 0,
        created_on timestamptz not null default now());
      create index did_webhook_deliveries_idx on did_webhook_deliveries (webhook_uuid, created_on desc)`,
  },
];
