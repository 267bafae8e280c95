import type { ColumnType, Generated } from 'kysely';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint micro-units: pg answers strings, PGlite bigint; queries cast to text. */
type Micro = ColumnType<string | bigint, string | bigint, string | bigint>;
type Stamp = ColumnType<Date, Date | undefined, Date>;

export interface AutoRechargeTables {
  /** one saved card per company: what the provider keeps, and what the console shows of it */
  saved_cards: {
    company_uuid: string;
    provider: 'stripe' | 'test';
    customer_id: Opt<string>;
    payment_method_id: string;
    brand: string;
    last4: string;
    exp_month: Opt<number>;
    exp_year: Opt<number>;
    saved_by: Opt<string>;
    saved_on: Stamp;
  };
  /** a card being saved: the provider's setup page (or the built-in one) and its one-time secret */
  card_setups: {
    setup_uuid: Generated<string>;
    company_uuid: string;
    secret_hash: string;
    provider_ref: Opt<string>;
    status: Generated<'pending' | 'saved' | 'cancelled'>;
    created_by: Opt<string>;
    created_on: Stamp;
    expires_on: Date;
  };
  auto_recharge: {
    company_uuid: string;
    enabled: Generated<boolean>;
    threshold: Micro;
    amount: Micro;
    monthly_cap: Micro;
    /** false from a crossing below the threshold until the balance is seen above it again */
    armed: Generated<boolean>;
    /** counts crossings: (company, crossing, try) is an attempt's idempotency key */
    crossing: Generated<number>;
    /** consecutive failed charges */
    failures: Generated<number>;
    disabled_reason: Opt<string>;
    updated_by: Opt<string>;
    updated_on: Stamp;
  };
  recharge_attempts: {
    attempt_uuid: Generated<string>;
    company_uuid: string;
    crossing: number;
    try: number;
    amount: Micro;
    currency: string;
    status: Generated<'pending' | 'succeeded' | 'failed' | 'capped' | 'skipped'>;
    message: Opt<string>;
    payment_uuid: Opt<string>;
    provider_ref: Opt<string>;
    created_on: Stamp;
    finished_on: Opt<Date>;
  };
}
