// Privacy requests (ids 570–579), appended at the end of MIGRATIONS; docs/privacy.md says what each is for.
import type { Migration } from '../db/migrator';

export const PRIVACY_MIGRATIONS: Migration[] = [
  {
    // Issue 52 item 5. No column holds a plain number: requests and blocks keep a keyed hash (HMAC-SHA256 under
    // the server key) and, for people to tell requests apart, the last three digits.
    id: '570_privacy_requests',
    ddl: `
      create table privacy_requests (privacy_request_uuid uuid primary key default gen_random_uuid(),
        kind text not null check (kind in ('export','erase')),
        number_hash text not null, number_hint text not null,
        company_uuid uuid references companies on delete set null,
        reseller_uuid uuid references resellers on delete set null,
        reason text not null, block_future boolean not null default false, counts jsonb not null default '{}',
        requested_by uuid references users on delete set null, requested_by_email text,
        created_on timestamptz not null default now());
      create index privacy_requests_company_idx on privacy_requests (company_uuid, created_on desc);
      create index privacy_requests_reseller_idx on privacy_requests (reseller_uuid, created_on desc);
      create table privacy_blocks (number_hash text not null,
        company_uuid uuid references companies on delete cascade,
        reseller_uuid uuid references resellers on delete cascade,
        privacy_request_uuid uuid not null references privacy_requests on delete cascade,
        created_on timestamptz not null default now());
      create index privacy_blocks_hash_idx on privacy_blocks (number_hash);`,
  },
];
