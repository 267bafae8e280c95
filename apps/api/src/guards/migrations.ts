// Guards migrations (ids 210–219, 300–309), appended at the end of MIGRATIONS. Money is bigint micro-units in the
// company's account currency, like the ledger. docs/guards.md says what each table is for.
import type { Migration } from '../db/migrator';

export const GUARDS_MIGRATIONS: Migration[] = [
  {
    id: '210_guards',
    ddl: `
      create table company_guards (company_uuid uuid primary key references companies on delete cascade,
        daily_limit bigint check (daily_limit >= 0), monthly_limit bigint check (monthly_limit >= 0),
        own_daily_limit bigint check (own_daily_limit >= 0), own_monthly_limit bigint check (own_monthly_limit >= 0),
        allowed_countries text[], low_balance_alerted boolean not null default false,
        updated_on timestamptz not null default now());
      create table reseller_guards (reseller_uuid uuid primary key references resellers on delete cascade,
        allowed_countries text[], min_margin bigint check (min_margin >= 0), updated_on timestamptz not null default now());
      create table product_margin_floors (product_uuid uuid primary key references products on delete cascade,
        min_margin bigint not null check (min_margin >= 0), updated_on timestamptz not null default now());
      create table guard_spend (company_uuid uuid not null references companies on delete cascade, day date not null,
        spent bigint not null default 0, primary key (company_uuid, day));
      create table pumping_holds (hold_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, reseller_uuid uuid references resellers on delete set null,
        prefix text not null, reason text not null, held_on timestamptz not null default now(),
        released_on timestamptz, released_by uuid references users on delete set null);
      create unique index pumping_holds_active_idx on pumping_holds (company_uuid, prefix) where released_on is null;
      create table guard_settings (id boolean primary key default true check (id),
        pumping_enabled boolean not null default false,
        pumping_window_seconds integer not null default 600 check (pumping_window_seconds between 10 and 86400),
        pumping_min_messages integer not null default 20 check (pumping_min_messages >= 3),
        pumping_range_digits integer not null default 4 check (pumping_range_digits between 1 and 8),
        pumping_adjacent_gap integer not null default 10 check (pumping_adjacent_gap >= 1),
        pumping_adjacent_percent integer not null default 80 check (pumping_adjacent_percent between 1 and 100),
        updated_on timestamptz not null default now());
      insert into guard_settings (id) values (true);
      alter table bulks drop constraint if exists bulks_hold_reason_check;
      alter table bulks add constraint bulks_hold_reason_check check (hold_reason in ('balance','spend_limit'))`,
  },
  {
    // The two signals beside the burst to adjacent numbers: a sudden share of premium or unusual destinations,
    // and one-time codes that are seldom used (the company reports a used code on its message's feedback).
    // A hold names the signal that made it, so the console and the timeline can say why in words.
    id: '300_pumping_signals',
    ddl: `
      alter table pumping_holds add column signal text not null default 'sequential'
        check (signal in ('sequential','premium_share','otp_conversion'));
      alter table guard_settings
        add column pumping_destination_digits integer not null default 4 check (pumping_destination_digits between 1 and 8),
        add column pumping_share_percent integer not null default 60 check (pumping_share_percent between 1 and 100),
        add column pumping_share_min_messages integer not null default 30 check (pumping_share_min_messages >= 3),
        add column pumping_premium_price_percent integer not null default 300 check (pumping_premium_price_percent >= 100),
        add column pumping_premium_prefixes text[] not null default '{}',
        add column pumping_baseline_days integer not null default 30 check (pumping_baseline_days between 1 and 365),
        add column pumping_baseline_min_messages integer not null default 100 check (pumping_baseline_min_messages >= 1),
        add column pumping_otp_min_messages integer not null default 20 check (pumping_otp_min_messages >= 3),
        add column pumping_otp_confirm_percent integer not null default 30 check (pumping_otp_confirm_percent between 1 and 100),
        add column pumping_otp_grace_seconds integer not null default 120 check (pumping_otp_grace_seconds between 1 and 3600);
      create table sms_feedback (sms_uuid uuid primary key references sms on delete cascade,
        company_uuid uuid not null references companies on delete cascade,
        outcome text not null check (outcome in ('confirmed','unconfirmed')),
        created_on timestamptz not null default now())`,
  },
  {
    // A company's spend today and this month on its account row, which every store already locks and
    // updates: kept in guard_spend, each store also wrote a row of that table (docs/guards-cost.md).
    // guard_spend is left in place, no longer written, for nodes of the previous release during a deploy.
    id: '301_spend_on_account',
    ddl: `
      alter table billing_accounts add column spend_day date,
        add column spent_day bigint not null default 0, add column spent_month bigint not null default 0;
      update billing_accounts a set spend_day = s.day, spent_day = s.last, spent_month = s.month
      from (select g.company_uuid, m.day, sum(g.spent) filter (where g.day = m.day) as last,
          sum(g.spent) filter (where g.day >= date_trunc('month', m.day)::date) as month
        from guard_spend g join (select company_uuid, max(day) as day from guard_spend group by 1) m using (company_uuid)
        group by 1, 2) s
      where a.company_uuid = s.company_uuid`,
  },
];
