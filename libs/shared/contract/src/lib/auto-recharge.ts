import { Type, type Static } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';
import { AmountInput, Money } from './billing';

// Auto-recharge (docs/guards.md): a company's saved card is charged a set amount when its balance falls
// below a threshold, at most a monthly cap; money as decimal text in the company's currency.

/** How many failed charges in a row turn auto-recharge off. */
export const AUTO_RECHARGE_MAX_FAILURES = 3;

export const SavedCard = Type.Object({
  provider: Type.Union([Type.Literal('stripe'), Type.Literal('test')]),
  brand: Type.String(),
  last4: Type.String(),
  exp_month: Nullable(Type.Integer()),
  exp_year: Nullable(Type.Integer()),
  saved_on: Type.String({ format: 'date-time' }),
});
export type SavedCard = Static<typeof SavedCard>;

export const RechargeAttemptStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('succeeded'),
  Type.Literal('failed'),
  Type.Literal('capped'),
  Type.Literal('skipped'),
]);
export const RechargeAttempt = Type.Object({
  attempt_uuid: Uuid,
  amount: Money,
  currency: Type.String(),
  status: RechargeAttemptStatus,
  message: Nullable(Type.String()),
  payment_uuid: Nullable(Uuid),
  created_on: Type.String({ format: 'date-time' }),
});
export type RechargeAttempt = Static<typeof RechargeAttempt>;

/** GET/PUT /company/{id}/auto-recharge: the settings, the saved card and the last attempts. */
export const AutoRecharge = Type.Object({
  company_uuid: Uuid,
  currency: Type.String(),
  enabled: Type.Boolean(),
  /** null until the company admin first saves the settings */
  threshold: Nullable(Money),
  amount: Nullable(Money),
  monthly_cap: Nullable(Money),
  /** what succeeded (or is being charged) this UTC month */
  charged_this_month: Money,
  failures: Type.Integer(),
  max_failures: Type.Integer(),
  /** why it turned itself off (failed charges, a removed card) */
  disabled_reason: Nullable(Type.String()),
  card: Nullable(SavedCard),
  /** the smallest and largest amount per charge (the top-up limits of the currency) */
  amount_min: Money,
  amount_max: Money,
  attempts: Type.Array(RechargeAttempt),
});
export type AutoRecharge = Static<typeof AutoRecharge>;

/** PUT /company/{id}/auto-recharge (the company admin, for its own company). */
export const AutoRechargePut = Type.Object(
  {
    enabled: Type.Boolean(),
    threshold: AmountInput,
    amount: AmountInput,
    monthly_cap: AmountInput,
  },
  { additionalProperties: false },
);
export type AutoRechargePut = Static<typeof AutoRechargePut>;

/** POST /company/{id}/auto-recharge/card: where the browser goes to save a card (Stripe or the built-in page). */
export const CardSetupAnswer = Type.Object({
  setup_uuid: Uuid,
  mode: Type.Union([Type.Literal('stripe'), Type.Literal('test')]),
  url: Type.String(),
});
export type CardSetupAnswer = Static<typeof CardSetupAnswer>;

/** In GET /guards/alerts: a company's failed auto-recharge (null when its last charge went through). */
export const AutoRechargeAlert = Type.Object({
  failures: Type.Integer(),
  disabled: Type.Boolean(),
  message: Nullable(Type.String()),
});
export type AutoRechargeAlert = Static<typeof AutoRechargeAlert>;
