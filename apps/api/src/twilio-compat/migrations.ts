import type { Migration } from '../db/migrator';

// The Twilio-compatible Messages resource (issue 47 item 6): the StatusCallback a message was sent with, and
// what its callback sender (callbacks.ts) has told that URL so far.
export const TWILIO_COMPAT_MIGRATIONS: Migration[] = [
  {
    // One row per message sent with a StatusCallback. `notified_status` is the last Twilio status posted (or given
    // up on); a row is `open` until its message reached a final status and that was posted. The sender looks for
    // open rows whose message's status differs from it, so no trigger on the sms table is needed.
    id: '500_twilio_status_callbacks',
    ddl: `
      create table twilio_status_callbacks (
        sms_uuid uuid primary key references sms on delete cascade,
        company_uuid uuid not null references companies on delete cascade,
        url text not null,
        notified_status text,
        open boolean not null default true,
        attempts integer not null default 0,
        next_attempt_on timestamptz not null default now(),
        last_error text,
        created_on timestamptz not null default now());
      create index twilio_status_callbacks_due_idx on twilio_status_callbacks (next_attempt_on) where open`,
  },
];
