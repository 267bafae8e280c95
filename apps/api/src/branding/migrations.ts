// Brands and their host names (ids 420–439), appended at the end of MIGRATIONS (issue #48).
import type { Migration } from '../db/migrator';

export const BRANDING_MIGRATIONS: Migration[] = [
  {
    // One brand per reseller, and the platform's own (the row without a reseller, at most one). Images are the
    // uploaded data URLs, size-limited by the contract: small enough to keep in the row and serve from it.
    id: '420_brands',
    ddl: `
      create table brands (brand_uuid uuid primary key default gen_random_uuid(),
        reseller_uuid uuid unique references resellers on delete cascade,
        name text not null, primary_color text not null,
        mail_from_name text, mail_from_address text, support_email text, support_phone text, legal_footer text,
        logo text, favicon text, updated_on timestamptz not null default now());
      create unique index brands_platform_idx on brands ((true)) where reseller_uuid is null;
      create table brand_domains (domain_uuid uuid primary key default gen_random_uuid(),
        reseller_uuid uuid not null references resellers on delete cascade,
        host text not null unique, token text not null,
        verified_on timestamptz, last_check text, created_on timestamptz not null default now());
      create index brand_domains_reseller_idx on brand_domains (reseller_uuid);`,
  },
  {
    // A mail goes out under its brand's sender (name and address); null: the server's default sender.
    id: '421_outbox_sender',
    ddl: `alter table outbox add column sender text`,
  },
];
