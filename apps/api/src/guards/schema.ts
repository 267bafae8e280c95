import type { ColumnType, Generated } from 'kysely';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint micro-units: pg answers strings, PGlite bigint; queries cast to text. */
type MaybeMicro = ColumnType<string | bigint | null, string | bigint | null | undefined, string | bigint | null>;
type Micro = ColumnType<string | bigint, string | bigint, string | bigint>;
type Stamp = ColumnType<Date, Date | undefined, Date>;

export interface GuardTables {
  company_guards: {
    company_uuid: string;
    /** set by the system admin or the company's reseller */
    daily_limit: MaybeMicro;
    monthly_limit: MaybeMicro;
    /** the company admin's own, only ever lower than the above */
    own_daily_limit: MaybeMicro;
    own_monthly_limit: MaybeMicro;
    /** ISO 3166 alpha-2; null: the reseller's default (or anywhere) */
    allowed_countries: Opt<string[]>;
    low_balance_alerted: Generated<boolean>;
    updated_on: Stamp;
  };
  reseller_guards: {
    reseller_uuid: string;
    allowed_countries: Opt<string[]>;
    min_margin: MaybeMicro;
    updated_on: Stamp;
  };
  product_margin_floors: { product_uuid: string; min_margin: Micro; updated_on: Stamp };
  guard_spend: { company_uuid: string; day: ColumnType<Date, string, string>; spent: Micro };
  pumping_holds: {
    hold_uuid: Generated<string>;
    company_uuid: string;
    reseller_uuid: Opt<string>;
    prefix: string;
    reason: string;
    /** which signal held the range (PUMPING_SIGNALS) */
    signal: ColumnType<string, string | undefined, string>;
    held_on: Stamp;
    released_on: Opt<Date>;
    released_by: Opt<string>;
  };
  guard_settings: {
    id: Generated<boolean>;
    pumping_enabled: boolean;
    pumping_window_seconds: number;
    pumping_min_messages: number;
    pumping_range_digits: number;
    pumping_adjacent_gap: number;
    pumping_adjacent_percent: number;
    pumping_destination_digits: number;
    pumping_share_percent: number;
    pumping_share_min_messages: number;
    pumping_premium_price_percent: number;
    pumping_premium_prefixes: string[];
    pumping_baseline_days: number;
    pumping_baseline_min_messages: number;
    pumping_otp_min_messages: number;
    pumping_otp_confirm_percent: number;
    pumping_otp_grace_seconds: number;
    updated_on: Stamp;
  };
  /** what a company reported of a message it sent (a one-time code used: confirmed) */
  sms_feedback: { sms_uuid: string; company_uuid: string; outcome: string; created_on: Stamp };
}
