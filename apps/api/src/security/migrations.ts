/** Migrations of the security domain: ids 030–039 and 110–119. */
export const SECURITY_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    // Request counters of the login and registration limits, shared by every server process.
    id: '030_rate_limits',
    ddl: `
      create table rate_limits (key text primary key, hits integer not null, window_start timestamptz not null default now());
      create index rate_limits_window_idx on rate_limits (window_start)`,
  },
  {
    // Append-only record of changes. No foreign keys: an entry outlives the user or record it names.
    id: '031_audit_log',
    ddl: `
      create table audit_log (id bigserial primary key, at timestamptz not null default now(),
        actor_uuid uuid, actor_email text, actor_type text, ip text,
        action text not null check (action in ('create','update','delete')), entity text not null, entity_id text not null,
        company_uuid uuid, reseller_uuid uuid, changes jsonb not null);
      create index audit_log_at_idx on audit_log (at desc, id desc);
      create index audit_log_entity_idx on audit_log (entity, entity_id);
      create index audit_log_reseller_idx on audit_log (reseller_uuid, at desc)`,
  },
  {
    // Company API keys: only a sha256 of the key is kept; the prefix lets a person recognise a key in the list.
    // A key dies with its company or its creator (it acts as the creator inside the company).
    id: '032_api_keys',
    ddl: `
      create table api_keys (api_key_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade,
        created_by uuid not null references users on delete cascade,
        name text not null, prefix text not null, key_hash text not null,
        created_on timestamptz not null default now(), last_used_on timestamptz, revoked_on timestamptz);
      create index api_keys_prefix_idx on api_keys (prefix);
      create index api_keys_company_idx on api_keys (company_uuid, created_on desc)`,
  },
  {
    // Two-factor sign-in. The secret is sealed (AES-GCM, totp.ts); enabled_on null = an enrolment not yet
    // confirmed by a first code. last_step is the newest time step used, so a code cannot be replayed.
    id: '033_two_factor',
    ddl: `
      create table user_totp (user_uuid uuid primary key references users on delete cascade,
        secret_sealed text not null, enabled_on timestamptz, last_step integer not null default 0,
        created_on timestamptz not null default now());
      create table totp_recovery_codes (id bigserial primary key, user_uuid uuid not null references users on delete cascade,
        code_hash text not null, used_on timestamptz);
      create index totp_recovery_codes_user_idx on totp_recovery_codes (user_uuid)`,
  },
  {
    // The short-lived challenge between a correct password and the second step (only its sha256 is kept).
    id: '034_login_challenges',
    ddl: `
      create table login_challenges (challenge_hash text primary key, user_uuid uuid not null references users on delete cascade,
        purpose text not null check (purpose in ('verify','enrol')), expires_at timestamptz not null, used_on timestamptz);
      create index login_challenges_expires_idx on login_challenges (expires_at)`,
  },
  {
    // Sessions issued before this moment end (turning two-factor on), except the one named (the caller's own).
    id: '110_sessions_valid_from',
    ddl: `alter table users add column sessions_valid_from timestamptz, add column sessions_keep_jti text`,
  },
  {
    // Why a key was revoked. A user's keys are revoked when the user is deactivated (they stayed live and worked
    // again on reactivation); keys of users inactive now are revoked here for the same reason.
    id: '310_api_key_revoked_reason',
    ddl: `
      alter table api_keys add column revoked_reason text;
      update api_keys k set revoked_on = now(), revoked_reason = 'creator_deactivated'
        from users u where u.uuid = k.created_by and not u.is_active and k.revoked_on is null`,
  },
  {
    // What a key may do (send, read, manage); keys made before keep what they could do: send.
    id: '340_api_key_scopes',
    ddl: `alter table api_keys add column scopes text[] not null default '{send}'`,
  },
];
