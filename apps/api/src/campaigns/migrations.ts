// Campaigns domain migrations (ids 072, 075-079, 140): ANI groups, keywords, campaigns. The workflows'
// 077 was applied among them: db/migrations.ts keeps it in that place.

export const CAMPAIGN_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '075_ani_groups_keywords_campaigns',
    ddl: `
      create table ani_groups (ani_group_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, name text not null,
        created_on timestamptz not null default now());
      create unique index ani_groups_name_key on ani_groups (company_uuid, lower(name));
      create table ani_group_numbers (ani_group_uuid uuid not null references ani_groups on delete cascade,
        did_uuid uuid not null references dids on delete cascade, position integer not null,
        primary key (ani_group_uuid, did_uuid));
      create index ani_group_numbers_did_idx on ani_group_numbers (did_uuid);
      create table campaigns (campaign_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, campaign_name text not null,
        status text not null default 'draft' check (status in ('draft','running','held','stopped','finished')),
        text text, sms_template_uuid uuid references sms_templates on delete set null, ani text,
        ani_group_uuid uuid references ani_groups on delete set null, quiet_start text, quiet_end text,
        time_zone text not null default 'America/New_York', start_at timestamptz,
        created_by uuid references users on delete set null, started_on timestamptz, finished_on timestamptz,
        created_on timestamptz not null default now(), updated_on timestamptz not null default now());
      create index campaigns_company_idx on campaigns (company_uuid, created_on desc);
      create index campaigns_status_idx on campaigns (status) where status in ('running','held');
      create table campaign_recipients (campaign_uuid uuid not null references campaigns on delete cascade, number text not null,
        recipient_uuid uuid references recipients on delete set null,
        source text not null check (source in ('recipient','ani_group','number','keyword')),
        created_on timestamptz not null default now(), primary key (campaign_uuid, number));
      create table campaign_jobs (campaign_uuid uuid not null references campaigns on delete cascade, bulk_uuid uuid not null,
        send_at timestamptz, recipients integer not null, primary key (campaign_uuid, bulk_uuid));
      create table keywords (keyword_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, keyword text not null,
        action text not null check (action in ('reply','opt_in','stop')), reply_text text,
        campaign_uuid uuid references campaigns on delete set null, did_uuid uuid references dids on delete cascade,
        is_active boolean not null default true, created_on timestamptz not null default now());
      create unique index keywords_word_key on keywords (company_uuid, keyword, coalesce(did_uuid, '00000000-0000-0000-0000-000000000000'::uuid));
      create index keywords_company_idx on keywords (company_uuid, created_on desc)`,
  },
  {
    // The zone whose quiet hours a campaign job keeps while it runs (one job per zone; null: the campaign's zone).
    id: '072_campaign_job_zone',
    ddl: `alter table campaign_jobs add column time_zone text`,
  },
  {
    // Values typed for the text's {placeholders} that recipients do not carry (typed numbers carry only {number}).
    id: '140_campaign_placeholder_values',
    ddl: `alter table campaigns add column placeholder_values jsonb`,
  },
];

/**
 * Issue 52 item 4: a campaign holds itself when its opt-out rate passes its company's limit. The STOPs it earned
 * (one per number) and why it was held; applied last of all (db/migrations.ts).
 */
export const CAMPAIGN_OPT_OUT_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '531_campaign_opt_outs',
    ddl: `
      alter table campaigns add column pause_reason text;
      create table campaign_opt_outs (campaign_uuid uuid not null references campaigns on delete cascade,
        number text not null, created_on timestamptz not null default now(), primary key (campaign_uuid, number))`,
  },
];
