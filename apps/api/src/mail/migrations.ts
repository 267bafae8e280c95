/** Migrations of the mail domain: ids 060–069. */
export const MAIL_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    // A reseller's own wording of a mail; no row means the system default is sent.
    id: '060_mail_templates',
    ddl: `
      create table mail_templates (reseller_uuid uuid not null references resellers on delete cascade,
        kind text not null check (kind in ('registration','password_reset','low_balance','invoice')),
        subject text not null, body text not null, updated_on timestamptz not null default now(),
        primary key (reseller_uuid, kind))`,
  },
];
