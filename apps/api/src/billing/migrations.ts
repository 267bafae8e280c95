// Billing tables (migration ids 020–029; 023 extends the shared outbox). Money columns are bigint micro-units (see money.ts).
export const BILLING_MIGRATIONS: { id: string; ddl: string }[] = [
  {
    id: '020_billing_ledger',
    ddl: `
      create table billing_accounts (account_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid unique references companies on delete cascade, reseller_uuid uuid unique references resellers on delete cascade,
        balance bigint not null default 0, reserved bigint not null default 0 check (reserved >= 0),
        credit_limit bigint not null default 0 check (credit_limit >= 0), low_balance_threshold bigint,
        currency text not null default 'USD', updated_on timestamptz not null default now(),
        check ((company_uuid is null) <> (reseller_uuid is null)));
      create table ledger_entries (entry_id bigserial primary key, account_uuid uuid not null references billing_accounts on delete cascade,
        amount bigint not null check (amount <> 0), balance_after bigint not null,
        kind text not null check (kind in ('payment','sms_charge','refund','did_fee','adjustment','invoice')),
        cause_type text not null, cause_id text not null, idempotency_key text unique, memo text,
        created_by uuid references users on delete set null, created_on timestamptz not null default now());
      create index ledger_entries_account_idx on ledger_entries (account_uuid, entry_id desc);
      create table ledger_reservations (reservation_uuid uuid primary key default gen_random_uuid(),
        account_uuid uuid not null references billing_accounts on delete cascade, amount bigint not null check (amount > 0),
        status text not null default 'held' check (status in ('held','settled','released')),
        idempotency_key text unique, settled_entry_id bigint references ledger_entries on delete set null,
        created_on timestamptz not null default now(), closed_on timestamptz);
      create index ledger_reservations_held_idx on ledger_reservations (account_uuid) where status = 'held'`,
  },
  {
    id: '021_billing_payments',
    ddl: `
      create table payments (payment_uuid uuid primary key default gen_random_uuid(),
        company_uuid uuid references companies on delete cascade, reseller_uuid uuid references resellers on delete cascade,
        method text not null check (method in ('manual','card','paypal')), amount bigint not null check (amount > 0),
        status text not null default 'pending' check (status in ('pending','paid','cancelled')),
        provider_ref text unique, checkout_secret_hash text, entry_id bigint references ledger_entries on delete set null,
        paid_on timestamptz, created_by uuid references users on delete set null, created_on timestamptz not null default now(),
        check (company_uuid is not null or reseller_uuid is not null));
      create index payments_company_idx on payments (company_uuid, created_on desc);
      create index payments_reseller_idx on payments (reseller_uuid, created_on desc);
      create table stripe_events (event_id text primary key, type text not null, received_on timestamptz not null default now())`,
  },
  {
    // Invoices are statements over the ledger (they post nothing): numbered without gaps per issuer
    // (the system, or a reseller billing its companies) through a counter row locked in the invoice's transaction.
    id: '022_billing_invoices',
    ddl: `
      create table invoice_counters (issuer_key text primary key, last_seq integer not null);
      create table invoices (invoice_uuid uuid primary key default gen_random_uuid(),
        issuer_key text not null, seq integer not null, number text not null,
        issuer_reseller_uuid uuid references resellers on delete cascade,
        company_uuid uuid references companies on delete cascade, reseller_uuid uuid references resellers on delete cascade,
        period_start date not null, period_end date not null, due_on date not null, currency text not null default 'USD',
        total bigint not null, payments_received bigint not null default 0, line_count integer not null,
        paid boolean not null default false, paid_on timestamptz,
        created_by uuid references users on delete set null, issued_on timestamptz not null default now(),
        unique (issuer_key, seq), check (period_end >= period_start), check ((company_uuid is null) <> (reseller_uuid is null)));
      create index invoices_company_idx on invoices (company_uuid, period_start);
      create index invoices_reseller_idx on invoices (reseller_uuid, period_start);
      create table invoice_lines (invoice_uuid uuid not null references invoices on delete cascade, line_no integer not null,
        kind text not null, description text not null, quantity integer not null, amount bigint not null,
        primary key (invoice_uuid, line_no))`,
  },
  {
    // Mail written inside a transaction (low-balance alerts, invoices) is sent after commit: the row is the
    // durable job, claimed with skip locked by the dispatcher (mail/outbox-dispatcher.ts). Rows the mailer
    // stores in place of SMTP keep the default 'kept', so existing writers are unchanged.
    id: '023_outbox_delivery',
    ddl: `
      alter table outbox add column status text not null default 'kept' check (status in ('pending','sent','kept','failed'));
      alter table outbox add column attempts integer not null default 0;
      alter table outbox add column next_attempt_on timestamptz not null default now();
      alter table outbox add column sent_on timestamptz;
      alter table outbox add column last_error text;
      alter table outbox add column attachment_kind text;
      alter table outbox add column attachment_ref text;
      create index outbox_pending_idx on outbox (next_attempt_on, id) where status = 'pending'`,
  },
  {
    // PayPal: the order id is the payment's provider_ref; the capture id is kept once (a replayed capture credits once).
    id: '024_paypal_capture',
    ddl: `alter table payments add column provider_capture_id text unique`,
  },
  {
    // Abandoned checkouts: a card or PayPal payment carries its provider session's expiry; past it, the
    // payment is 'expired' (never paid by that session), not pending forever.
    id: '230_payment_expiry',
    ddl: `
      alter table payments add column expires_on timestamptz;
      alter table payments drop constraint payments_status_check;
      alter table payments add constraint payments_status_check check (status in ('pending','paid','cancelled','expired'));
      create index payments_pending_expiry_idx on payments (expires_on) where status = 'pending'`,
  },
  {
    // Money on a company user's screens (balance, message prices) is the company admin's call: off unless allowed.
    id: '231_company_users_see_money',
    ddl: `alter table companies add column users_see_money boolean not null default false`,
  },
  {
    // What a reseller pays the platform: a platform product (reseller_uuid null) whose rates are its
    // wholesale price; each charged message of its companies also debits the reseller at that rate
    // (billing/wholesale.ts). No product: the reseller is not charged per message.
    id: '270_reseller_platform_product',
    ddl: `alter table resellers add column platform_product_uuid uuid references products on delete set null`,
  },
];
