import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';
import { AmountInput, Money } from './billing';
import { AutoRechargeAlert } from './auto-recharge';
import { PUMPING_SIGNALS } from './constants';

// The spend and fraud guards (docs/guards.md): spend limits, destination permissions, the low-balance
// threshold, the margin floor and pumping holds. Money as decimal text in the company's currency.

const Country = Type.String({ minLength: 2, maxLength: 2 });
const Countries = Type.Array(Country, { maxItems: 300 });

/** A pumping hold: traffic of a company to numbers starting `prefix` is blocked (pumping_suspected). */
export const PumpingHold = Type.Object({
  hold_uuid: Uuid,
  company_uuid: Uuid,
  company_name: Type.String(),
  prefix: Type.String(),
  /** which signal held it (PUMPING_SIGNAL_WORDS says it in words) */
  signal: Type.Union(PUMPING_SIGNALS.map((s) => Type.Literal(s))),
  /** what the signal saw, in words ("72% of 40 messages in the window went to premium or new destinations") */
  reason: Type.String(),
  held_on: Type.String({ format: 'date-time' }),
  released_on: Nullable(Type.String({ format: 'date-time' })),
});
export type PumpingHold = Static<typeof PumpingHold>;

/** GET/PUT /company/{id}/guards: a company's guards and its usage against them. */
export const CompanyGuards = Type.Object({
  company_uuid: Uuid,
  currency: Type.String(),
  /** set by the system admin or the company's reseller */
  daily_limit: Nullable(Money),
  monthly_limit: Nullable(Money),
  /** the company admin's own, lower limits */
  own_daily_limit: Nullable(Money),
  own_monthly_limit: Nullable(Money),
  /** in effect: the lower of the two */
  effective_daily_limit: Nullable(Money),
  effective_monthly_limit: Nullable(Money),
  /** what the limits count today and this month (UTC days): what messages held when they were stored */
  spent_today: Money,
  spent_this_month: Money,
  /**
   * what the company's messages spent, from its ledger (charged less refunded, plus what they hold now), today
   * and this month in `time_zone`, the company's own
   */
  spend: Type.Object({ today: Money, this_month: Money, time_zone: Type.String() }),
  /** the company's own list; null: its reseller's default (or anywhere) */
  allowed_countries: Nullable(Countries),
  reseller_default_countries: Nullable(Countries),
  /** the list in effect; null: anywhere */
  effective_countries: Nullable(Countries),
  low_balance_threshold: Nullable(Money),
  /** the balance (less pending holds) is below the threshold: the console's banner */
  low_balance: Type.Boolean(),
  /** the margin floor per part in effect for the company's product (admins and resellers; null for company roles) */
  min_margin: Nullable(Money),
  pumping_holds: Type.Array(PumpingHold),
});
export type CompanyGuards = Static<typeof CompanyGuards>;

/**
 * PUT /company/{id}/guards: the fields sent change, null clears. The system admin and the company's
 * reseller set daily_limit, monthly_limit and allowed_countries; a company admin sets own_daily_limit and
 * own_monthly_limit (never above the limit set for it) and anyone of them low_balance_threshold.
 */
export const CompanyGuardsPut = Type.Object(
  {
    daily_limit: Type.Optional(Nullable(AmountInput)),
    monthly_limit: Type.Optional(Nullable(AmountInput)),
    own_daily_limit: Type.Optional(Nullable(AmountInput)),
    own_monthly_limit: Type.Optional(Nullable(AmountInput)),
    allowed_countries: Type.Optional(Nullable(Countries)),
    low_balance_threshold: Type.Optional(Nullable(AmountInput)),
  },
  { additionalProperties: false },
);
export type CompanyGuardsPut = Static<typeof CompanyGuardsPut>;

/** GET/PUT /reseller/{id}/guards: a reseller's defaults for its companies. */
export const ResellerGuards = Type.Object({
  reseller_uuid: Uuid,
  allowed_countries: Nullable(Countries),
  min_margin: Nullable(Money),
});
export type ResellerGuards = Static<typeof ResellerGuards>;
export const ResellerGuardsPut = Type.Object(
  {
    allowed_countries: Type.Optional(Nullable(Countries)),
    /** the system admin only */
    min_margin: Type.Optional(Nullable(AmountInput)),
  },
  { additionalProperties: false },
);
export type ResellerGuardsPut = Static<typeof ResellerGuardsPut>;

/** GET/PUT /product/{id}/margin_floor (the system admin): the minimum margin per part of a product. */
export const MarginFloor = Type.Object({ product_uuid: Uuid, min_margin: Nullable(Money) });
export type MarginFloor = Static<typeof MarginFloor>;
export const MarginFloorPut = Type.Object({ min_margin: Nullable(AmountInput) }, { additionalProperties: false });

/** GET/PUT /guards/settings (the system admin): the thresholds of the pumping check. */
export const GuardSettings = Type.Object(
  {
    pumping_enabled: Type.Boolean(),
    pumping_window_seconds: Type.Integer({ minimum: 10, maximum: 86400 }),
    pumping_min_messages: Type.Integer({ minimum: 3, maximum: 100000 }),
    pumping_range_digits: Type.Integer({ minimum: 1, maximum: 8 }),
    pumping_adjacent_gap: Type.Integer({ minimum: 1, maximum: 1000000 }),
    pumping_adjacent_percent: Type.Integer({ minimum: 1, maximum: 100 }),
    /** digits after the + that name a destination for the share and one-time-code signals (4: "+4477") */
    pumping_destination_digits: Type.Integer({ minimum: 1, maximum: 8 }),
    /** share (%) of a company's window going to premium or unusual destinations that holds them */
    pumping_share_percent: Type.Integer({ minimum: 1, maximum: 100 }),
    /** messages of a company in the window before its share is judged */
    pumping_share_min_messages: Type.Integer({ minimum: 3, maximum: 100000 }),
    /** a part priced at least this % of the median rate of the company's product is premium */
    pumping_premium_price_percent: Type.Integer({ minimum: 100, maximum: 100000 }),
    /** number prefixes flagged premium whatever their price ("+882", "+4470") */
    pumping_premium_prefixes: Type.Array(Type.String({ pattern: '^\\+[1-9][0-9]{0,14}$' }), { maxItems: 500 }),
    /** days of a company's history before the window that make its usual destinations */
    pumping_baseline_days: Type.Integer({ minimum: 1, maximum: 365 }),
    /** messages in that history before a destination can be unusual (a new company has no usual yet) */
    pumping_baseline_min_messages: Type.Integer({ minimum: 1, maximum: 10000000 }),
    /** one-time-code messages to one destination (older than the grace) before their conversion is judged */
    pumping_otp_min_messages: Type.Integer({ minimum: 3, maximum: 100000 }),
    /** a confirmed share (%) under this holds the destination */
    pumping_otp_confirm_percent: Type.Integer({ minimum: 1, maximum: 100 }),
    /** seconds a code has to be used before it counts as unconfirmed */
    pumping_otp_grace_seconds: Type.Integer({ minimum: 1, maximum: 3600 }),
  },
  { additionalProperties: false },
);
export type GuardSettings = Static<typeof GuardSettings>;
export const GuardSettingsPut = Type.Partial(GuardSettings, { additionalProperties: false });
export type GuardSettingsPut = Static<typeof GuardSettingsPut>;

/** GET /guards/alerts: what the caller's console shows in its banner (a company role's own company). */
export const GuardAlerts = Type.Object({
  low_balance: Nullable(Type.Object({ balance: Money, threshold: Money, currency: Type.String() })),
  pumping_holds: Type.Array(PumpingHold),
  /** the caller's company's auto-recharge failed (a company role only) */
  auto_recharge: Type.Optional(Nullable(AutoRechargeAlert)),
});
export type GuardAlerts = Static<typeof GuardAlerts>;

export const PumpingHoldList = Type.Object({ items: Type.Array(PumpingHold) });

/** GET /company/{id}/guards/countries: the country list with the company's price to a mobile number there. */
export const CountryPriceList = Type.Object({
  items: Type.Array(
    Type.Object({ iso2: Type.String(), name: Type.String(), price: Nullable(Money), allowed: Type.Boolean() }),
  ),
});
export type CountryPriceList = Static<typeof CountryPriceList>;

/**
 * POST /sms/{id}/feedback (the sending company): what became of a message, as a verification service
 * reports it. `confirmed`: the one-time code it carried was used. Feeds the one-time-code conversion check.
 */
export const SmsFeedbackBody = Type.Object(
  { outcome: Type.Union([Type.Literal('confirmed'), Type.Literal('unconfirmed')]) },
  { additionalProperties: false },
);
export type SmsFeedbackBody = Static<typeof SmsFeedbackBody>;
export const SmsFeedback = Type.Object({
  sms_uuid: Uuid,
  outcome: Type.Union([Type.Literal('confirmed'), Type.Literal('unconfirmed')]),
  created_on: Type.String({ format: 'date-time' }),
});
export type SmsFeedback = Static<typeof SmsFeedback>;
