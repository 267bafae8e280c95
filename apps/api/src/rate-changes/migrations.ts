// Rate decks with a lifecycle and customer price notices (issue 49), ids 400–419.
import type { Migration } from '../db/migrator';

export const RATE_CHANGE_MIGRATIONS: Migration[] = [
  {
    // A deck import waits as a change set (its changed rows beside it) until an admin approves or rejects it;
    // a rate may now end (a closed code); each customer has a notice period for increases of its price, and
    // each approved increase leaves a notice per customer it reaches.
    id: '400_rate_change_sets',
    ddl: `
      alter table rates add column ceases_on timestamptz;
      alter table companies add column price_notice_days integer not null default 7 check (price_notice_days between 0 and 365);
      alter table resellers add column price_notice_days integer not null default 7 check (price_notice_days between 0 and 365);
      create table rate_change_sets (change_set_uuid uuid primary key default gen_random_uuid(),
        rate_table_uuid uuid references rate_tables on delete cascade, vendor_product_uuid uuid references vendor_products on delete cascade,
        reseller_uuid uuid references resellers on delete cascade, owner_name text not null, by_country jsonb not null default '[]',
        kind text not null check (kind in ('az','country','partial')),
        status text not null default 'pending' check (status in ('pending','approved','rejected')),
        effective_from timestamptz not null, increases_from timestamptz,
        added integer not null default 0, increased integer not null default 0, decreased integer not null default 0,
        closed integer not null default 0, unchanged integer not null default 0,
        created_by uuid references users on delete set null, created_on timestamptz not null default now(),
        decided_by uuid references users on delete set null, decided_on timestamptz,
        check ((rate_table_uuid is null) <> (vendor_product_uuid is null)));
      create index rate_change_sets_list_idx on rate_change_sets (reseller_uuid, created_on desc);
      create table rate_change_rows (change_set_uuid uuid not null references rate_change_sets on delete cascade,
        seq integer not null, code text, mobile_network_uuid uuid, country_name text,
        change text not null check (change in ('added','increased','decreased','closed')),
        old_price numeric(15,6), new_price numeric(15,6), effective_from timestamptz, ceases_on timestamptz,
        primary key (change_set_uuid, seq));
      create table price_notices (notice_uuid uuid primary key default gen_random_uuid(),
        change_set_uuid uuid not null references rate_change_sets on delete cascade,
        company_uuid uuid references companies on delete cascade, reseller_uuid uuid references resellers on delete cascade,
        notice_days integer not null, effective_from timestamptz not null,
        added integer not null default 0, increased integer not null default 0, decreased integer not null default 0,
        closed integer not null default 0, created_on timestamptz not null default now());
      create index price_notices_company_idx on price_notices (company_uuid, created_on desc);
      create index price_notices_reseller_idx on price_notices (reseller_uuid, created_on desc)`,
  },
  {
    // the price notice's mail, in a reseller's own words like the others
    id: '401_price_notice_mail',
    ddl: `
      alter table mail_templates drop constraint mail_templates_kind_check;
      alter table mail_templates add constraint mail_templates_kind_check
        check (kind in ('registration','password_reset','low_balance','invoice','price_notice'))`,
  },
];
