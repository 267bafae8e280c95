// SMPP migrations (ids 200–209 and 240–249), spread at the end of MIGRATIONS.
// smpp_accounts: a company's SMPP logins. smpp_deliveries: what waits to go back to a customer's binds (a
// receipt once its message is final, an incoming message at once), kept until a deliver_sm_resp says it arrived
// or it expires; the partial index holds only what still waits, so the poll stays small whatever the history.
export const SMPP_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '200_smpp_accounts',
    ddl: `
      create table smpp_accounts (smpp_account_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid not null references companies on delete cascade,
        system_id text not null, password_hash text not null,
        allowed_ips text[] not null default '{}', max_binds integer not null default 2 check (max_binds between 1 and 100),
        tps integer not null default 50 check (tps between 1 and 100000), default_ani text,
        is_active boolean not null default true,
        created_on timestamptz not null default now(), updated_on timestamptz not null default now());
      create unique index smpp_accounts_system_id_key on smpp_accounts (lower(system_id));
      create index smpp_accounts_company_idx on smpp_accounts (company_uuid);`,
  },
  {
    id: '201_smpp_deliveries',
    ddl: `
      create table smpp_deliveries (delivery_uuid uuid primary key default gen_random_uuid(),
        kind text not null check (kind in ('receipt','mo')),
        company_uuid uuid not null references companies on delete cascade,
        smpp_account_uuid uuid references smpp_accounts on delete cascade,
        sms_uuid uuid not null references sms on delete cascade,
        created_on timestamptz not null default now(), claimed_until timestamptz, attempts integer not null default 0,
        delivered_on timestamptz, expired_on timestamptz);
      create unique index smpp_deliveries_once on smpp_deliveries (kind, sms_uuid);
      create index smpp_deliveries_waiting on smpp_deliveries (company_uuid, created_on)
        where delivered_on is null and expired_on is null;`,
  },
  {
    // the per-account bind lockout (lockout.ts): bind attempts not yet followed by a success since failed_since,
    // counted in the database so every node sees them, and the end of a lock
    id: '202_smpp_bind_lockout',
    ddl: `
      alter table smpp_accounts add column failed_binds integer not null default 0,
        add column failed_since timestamptz, add column locked_until timestamptz;`,
  },
  {
    // limits across API nodes (shared-limits.ts): the open binds of every node (a row per bind, its node's
    // heartbeat in seen_on) and one token bucket per account for tps
    id: '240_smpp_shared_limits',
    ddl: `
      create table smpp_binds (bind_id uuid primary key,
        smpp_account_uuid uuid not null references smpp_accounts on delete cascade,
        node_id text not null, bind_type text not null, remote_address text not null,
        since timestamptz not null default now(), seen_on timestamptz not null default now());
      create index smpp_binds_account_idx on smpp_binds (smpp_account_uuid);
      create index smpp_binds_node_idx on smpp_binds (node_id);
      create table smpp_tps_buckets (smpp_account_uuid uuid primary key references smpp_accounts on delete cascade,
        tokens float8 not null, at timestamptz not null, granted integer not null default 0);`,
  },
];
