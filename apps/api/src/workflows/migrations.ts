// SMS and reminder workflows (id 077, in the campaigns range 075-079: db/migrations.ts applies it there).
export const WORKFLOW_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '077_workflows',
    ddl: `
      create table sms_workflows (sms_workflow_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, name text not null, ani text not null,
        text text not null, numbers text[] not null, is_bulk boolean not null default false,
        created_by uuid references users on delete set null, created_on timestamptz not null default now());
      create index sms_workflows_company_idx on sms_workflows (company_uuid, created_on desc);
      create table reminder_workflows (reminder_workflow_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade, name text not null, ani text not null,
        text text not null, numbers text[] not null, remind_at timestamptz not null,
        repeat text not null default 'none' check (repeat in ('none','daily','weekly')), is_active boolean not null default true,
        next_run_at timestamptz, last_run_at timestamptz, created_by uuid references users on delete set null,
        created_on timestamptz not null default now());
      create index reminder_workflows_company_idx on reminder_workflows (company_uuid, created_on desc)`,
  },
];
