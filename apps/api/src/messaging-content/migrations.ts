// Message content migrations (ids 055-059): SMS templates with their approval step, and recipients.
export const CONTENT_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '055_sms_templates_recipients',
    ddl: `
      create table sms_templates (sms_template_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, template_name text not null, text text not null,
        status text not null default 'pending' check (status in ('pending','approved','rejected')), reject_reason text,
        created_by uuid references users on delete set null, reviewed_by uuid references users on delete set null,
        reviewed_on timestamptz, created_on timestamptz not null default now(), updated_on timestamptz not null default now());
      create index sms_templates_company_idx on sms_templates (company_uuid, created_on desc);
      create index sms_templates_status_idx on sms_templates (status, created_on desc);
      create table recipients (recipient_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, recipient_name text not null, number text not null,
        created_on timestamptz not null default now(), unique (company_uuid, number));
      create index recipients_company_idx on recipients (company_uuid, created_on desc)`,
  },
];
