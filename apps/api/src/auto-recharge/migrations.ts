// Auto-recharge migrations (ids 260–269), appended at the end of MIGRATIONS. Money is bigint micro-units
// in the company's account currency, like the ledger; docs/guards.md says what each table is for.
import type { Migration } from '../db/migrator';

export const AUTO_RECHARGE_MIGRATIONS: Migration[] = [
  {
    id: '260_auto_recharge',
    ddl: `
      create table saved_cards (company_uuid uuid primary key references companies on delete cascade,
        provider text not null check (provider in ('stripe','test')), customer_id text, payment_method_id text not null,
        brand text not null, last4 text not null, exp_month integer, exp_year integer,
        saved_by uuid references users on delete set null, saved_on timestamptz not null default now());
      create table card_setups (setup_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, secret_hash text not null, provider_ref text unique,
        status text not null default 'pending' check (status in ('pending','saved','cancelled')),
        created_by uuid references users on delete set null, created_on timestamptz not null default now(),
        expires_on timestamptz not null);
      create table auto_recharge (company_uuid uuid primary key references companies on delete cascade,
        enabled boolean not null default false, threshold bigint not null check (threshold >= 0),
        amount bigint not null check (amount > 0), monthly_cap bigint not null check (monthly_cap > 0),
        armed boolean not null default true, crossing integer not null default 0, failures integer not null default 0,
        disabled_reason text, updated_by uuid references users on delete set null,
        updated_on timestamptz not null default now());
      create table recharge_attempts (attempt_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, crossing integer not null, try integer not null,
        amount bigint not null, currency text not null,
        status text not null default 'pending' check (status in ('pending','succeeded','failed','capped','skipped')),
        message text, payment_uuid uuid references payments on delete set null, provider_ref text,
        created_on timestamptz not null default now(), finished_on timestamptz, unique (company_uuid, crossing, try));
      create index recharge_attempts_company_idx on recharge_attempts (company_uuid, created_on desc)`,
  },
];
