// Sender registrations (ids 350–359), appended at the end of MIGRATIONS; docs/compliance.md says what each is for.
import type { Migration } from '../db/migrator';

export const COMPLIANCE_MIGRATIONS: Migration[] = [
  {
    id: '350_compliance_filings',
    ddl: `
      create table compliance_filings (filing_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade,
        reseller_uuid uuid references resellers on delete set null,
        kind text not null check (kind in ('brand_10dlc','campaign_10dlc','toll_free','sender_id')),
        name text not null,
        status text not null default 'draft'
          check (status in ('draft','submitted','in_review','approved','rejected','expired')),
        status_reason text,
        brand_uuid uuid references compliance_filings on delete restrict,
        country text, sender_id text, details jsonb not null default '{}',
        reviewer text not null check (reviewer in ('registry','platform')), registry_ref text,
        submitted_on timestamptz, decided_on timestamptz, expires_on timestamptz, reminded_on timestamptz,
        created_by uuid references users on delete set null,
        created_on timestamptz not null default now(), updated_on timestamptz not null default now());
      create index compliance_filings_company_idx on compliance_filings (company_uuid, created_on desc);
      create index compliance_filings_reseller_idx on compliance_filings (reseller_uuid);
      create index compliance_filings_expiry_idx on compliance_filings (expires_on) where status = 'approved';
      create table compliance_filing_events (event_id bigserial primary key,
        filing_uuid uuid not null references compliance_filings on delete cascade,
        status text not null, reason text, actor text, at timestamptz not null default now());
      create index compliance_filing_events_filing_idx on compliance_filing_events (filing_uuid, event_id);
      create table compliance_filing_numbers (did_uuid uuid primary key references dids on delete cascade,
        did text not null, filing_uuid uuid not null references compliance_filings on delete cascade,
        company_uuid uuid not null references companies on delete cascade,
        attached_on timestamptz not null default now());
      create index compliance_filing_numbers_filing_idx on compliance_filing_numbers (filing_uuid);
      create index compliance_filing_numbers_company_idx on compliance_filing_numbers (company_uuid);
      create table compliance_settings (id boolean primary key default true check (id),
        enforcement boolean not null, updated_on timestamptz not null default now());`,
  },
];
