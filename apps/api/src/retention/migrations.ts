// Retention migrations (issue 51 item 3; ids 630–639, 660–669): the platform's defaults, each company's overrides (on its
// row: the system admin sets them on the company), how far each company's bodies are redacted, and the record of
// every pass and the archive files it wrote (retention/pass.ts, docs/retention.md).
//
// A removal by retention must leave the reports as they were: the report rollups are sums kept by triggers on sms,
// and the delete trigger (reports/migrations.ts 080) subtracts what a statement deletes. A pass deletes with the
// transaction's setting `smsc.retention_removal` on, and the delete trigger does not fire then: the rollups keep
// the removed messages, so a past day's totals stay as they were (a company deleted still takes its messages out).
import type { Migration } from '../db/migrator';

const DAYS = (c: string, min: number) => `${c} integer check (${c} between ${min} and 36500)`;

export const RETENTION_MIGRATIONS: Migration[] = [
  {
    id: '630_retention',
    ddl: `
      alter table companies add column ${DAYS('retention_redact_days', 0)},
        add column ${DAYS('retention_remove_days', 0)}, add column retention_archive boolean;
      create table retention_settings (id boolean primary key default true check (id),
        ${DAYS('redact_after_days', 1)}, ${DAYS('remove_after_days', 1)},
        archive boolean not null default true, updated_on timestamptz not null default now(),
        check (redact_after_days is null or remove_after_days is null or remove_after_days > redact_after_days));
      insert into retention_settings (id) values (true);
      create table retention_marks (company_uuid uuid not null references companies on delete cascade,
        is_received boolean not null, redacted_through timestamptz not null,
        primary key (company_uuid, is_received));
      create table retention_passes (pass_uuid uuid primary key default gen_random_uuid(),
        started_on timestamptz not null default now(), finished_on timestamptz,
        state text not null default 'running' check (state in ('running', 'done', 'failed')),
        started_by text not null check (started_by in ('job', 'admin')),
        companies integer not null default 0, redacted bigint not null default 0, removed bigint not null default 0,
        archived bigint not null default 0, error text);
      create index retention_passes_started_idx on retention_passes (started_on desc);
      create table retention_archives (archive_uuid uuid primary key default gen_random_uuid(),
        pass_uuid uuid not null references retention_passes on delete cascade,
        company_uuid uuid not null, company_name text not null, file_name text not null unique,
        rows bigint not null, bytes bigint not null, oldest timestamptz, newest timestamptz,
        created_on timestamptz not null default now());
      create index retention_archives_created_idx on retention_archives (created_on desc);
      drop trigger sms_report_delete on sms;
      create trigger sms_report_delete after delete on sms referencing old table as old_rows for each statement
        when (coalesce(current_setting('smsc.retention_removal', true), '') <> 'on')
        execute function report_sms_delta()`,
  },
  {
    // a pass beats while it works: one whose node stopped mid-pass stops beating and is closed as failed by the
    // next pass or listing (store.ts closeStalePasses), instead of showing "running" for ever
    id: '660_retention_pass_beat',
    ddl: `alter table retention_passes add column beat_on timestamptz not null default now()`,
  },
];
