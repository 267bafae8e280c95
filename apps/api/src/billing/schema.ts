import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
/** bigint columns: pg answers strings, PGlite answers bigint; queries cast to text and money.ts parses. */
type Micro = ColumnType<string | bigint, string | bigint, string | bigint>;
type MaybeMicro = ColumnType<string | bigint | null, string | bigint | null | undefined, string | bigint | null>;

export type LedgerKind = 'payment' | 'sms_charge' | 'refund' | 'did_fee' | 'adjustment' | 'invoice';

export interface BillingTables {
  billing_accounts: {
    account_uuid: Generated<string>;
    company_uuid: string | null;
    reseller_uuid: string | null;
    balance: ColumnType<string | bigint, string | bigint | undefined, string | bigint>;
    reserved: ColumnType<string | bigint, string | bigint | undefined, string | bigint>;
    credit_limit: ColumnType<string | bigint, string | bigint | undefined, string | bigint>;
    low_balance_threshold: MaybeMicro;
    currency: Generated<string>;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
  ledger_entries: {
    entry_id: Generated<string>;
    account_uuid: string;
    amount: Micro;
    balance_after: Micro;
    kind: LedgerKind;
    cause_type: string;
    cause_id: string;
    idempotency_key: string | null;
    memo: string | null;
    created_by: string | null;
    created_on: Created;
  };
  ledger_reservations: {
    reservation_uuid: Generated<string>;
    account_uuid: string;
    amount: Micro;
    status: Generated<'held' | 'settled' | 'released'>;
    idempotency_key: string | null;
    settled_entry_id: string | null;
    created_on: Created;
    closed_on: Date | null;
  };
  payments: {
    payment_uuid: Generated<string>;
    company_uuid: string | null;
    reseller_uuid: string | null;
    method: 'manual' | 'card' | 'paypal';
    amount: Micro;
    status: Generated<'pending' | 'paid' | 'cancelled' | 'expired'>;
    expires_on: Date | null;
    provider_ref: string | null;
    checkout_secret_hash: string | null;
    entry_id: string | null;
    paid_on: Date | null;
    created_by: string | null;
    created_on: Created;
    provider_capture_id: ColumnType<string | null, string | null | undefined, string | null>;
  };
  stripe_events: { event_id: string; type: string; received_on: Created };
  invoice_counters: { issuer_key: string; last_seq: number };
  invoices: {
    invoice_uuid: Generated<string>;
    issuer_key: string;
    seq: number;
    number: string;
    issuer_reseller_uuid: string | null;
    company_uuid: string | null;
    reseller_uuid: string | null;
    period_start: string;
    period_end: string;
    due_on: string;
    currency: Generated<string>;
    total: Micro;
    payments_received: Micro;
    line_count: number;
    paid: Generated<boolean>;
    paid_on: Date | null;
    created_by: string | null;
    issued_on: Created;
  };
  invoice_lines: {
    invoice_uuid: string;
    line_no: number;
    kind: string;
    description: string;
    quantity: number;
    amount: Micro;
  };
}
