import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';

const Search = Type.String({ maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time' });

/**
 * Money travels as exact decimal text: at least two decimals, up to six (SMS prices like 0.0035).
 * The server keeps integer micro-units; the console shows two decimals with the currency.
 */
export const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2,6}$' });
/** An amount typed by a user: decimal text (a JSON number is accepted and read as its decimal text). */
export const AmountInput = Type.String({ minLength: 1, maxLength: 24, pattern: '^\\s*-?\\d+(\\.\\d+)?\\s*$' });
export const Currency = Type.String({ minLength: 3, maxLength: 3 });

export const PaymentMethod = Type.Union([Type.Literal('manual'), Type.Literal('card'), Type.Literal('paypal')]);
export const PaymentStatus = Type.Union([
  Type.Literal('pending'),
  Type.Literal('paid'),
  Type.Literal('cancelled'),
  /** a checkout left unpaid past its provider session's expiry */
  Type.Literal('expired'),
]);

export const Payment = Type.Object({
  payment_uuid: Uuid,
  company_uuid: Nullable(Uuid),
  company_name: Nullable(Type.String()),
  reseller_uuid: Nullable(Uuid),
  reseller_name: Nullable(Type.String()),
  method: PaymentMethod,
  amount: Money,
  currency: Currency,
  status: PaymentStatus,
  paid_on: Nullable(Timestamp),
  created_on: Timestamp,
});
export type Payment = Static<typeof Payment>;
export const PaymentPayload = Type.Object({ payment: Payment });
export type PaymentPayload = Static<typeof PaymentPayload>;

export const PaymentListQuery = ListQuery({
  search: Type.Optional(Search),
  company_name: Type.Optional(Search),
  company_uuid: Type.Optional(Uuid),
  /** a reseller's own payments (its account, not its companies') */
  reseller_uuid: Type.Optional(Uuid),
  status: Type.Optional(PaymentStatus),
});
export type PaymentListQuery = Static<typeof PaymentListQuery>;

/** POST /payment: a manual payment to a company (company_uuid) or to a reseller's own account (reseller_uuid only). */
export const PaymentCreate = Type.Object(
  {
    method: Type.Literal('manual'),
    amount: AmountInput,
    company_uuid: Type.Optional(Nullable(Uuid)),
    reseller_uuid: Type.Optional(Nullable(Uuid)),
  },
  { additionalProperties: false },
);
export type PaymentCreate = Static<typeof PaymentCreate>;

export const LedgerKind = Type.Union(
  ['payment', 'sms_charge', 'refund', 'did_fee', 'adjustment', 'invoice'].map((k) => Type.Literal(k)),
);

/** One row of the balance log / transaction history. */
export const LedgerEntry = Type.Object({
  entry_id: Type.String(),
  company_uuid: Nullable(Uuid),
  company_name: Nullable(Type.String()),
  reseller_uuid: Nullable(Uuid),
  reseller_name: Nullable(Type.String()),
  kind: Type.String(),
  amount: Money,
  balance_after: Money,
  currency: Currency,
  cause_type: Type.String(),
  cause_id: Type.String(),
  memo: Nullable(Type.String()),
  created_on: Timestamp,
});
export type LedgerEntry = Static<typeof LedgerEntry>;

export const TransactionListQuery = ListQuery({
  company_uuid: Type.Optional(Uuid),
  reseller_uuid: Type.Optional(Uuid),
  company_name: Type.Optional(Search),
  kind: Type.Optional(LedgerKind),
});
export type TransactionListQuery = Static<typeof TransactionListQuery>;

export const BalanceQuery = Type.Object({ company_uuid: Type.Optional(Uuid), reseller_uuid: Type.Optional(Uuid) });
export type BalanceQuery = Static<typeof BalanceQuery>;
export const Balance = Type.Object({
  company_uuid: Nullable(Uuid),
  reseller_uuid: Nullable(Uuid),
  balance: Money,
  reserved: Money,
  available: Money,
  credit_limit: Money,
  /** below this a low-balance mail goes (once per crossing); null: no alert */
  low_balance_threshold: Nullable(Money),
  currency: Currency,
  prepay: Type.Boolean(),
});
export type Balance = Static<typeof Balance>;

export const CheckoutBody = Type.Object({ amount: AmountInput }, { additionalProperties: false });
export type CheckoutBody = Static<typeof CheckoutBody>;
/** Where the browser goes next: Stripe's hosted page, or the built-in test checkout when no keys are set. */
export const CheckoutAnswer = Type.Object({
  payment_uuid: Uuid,
  url: Type.String(),
  mode: Type.Union([Type.Literal('stripe'), Type.Literal('test')]),
});
export type CheckoutAnswer = Static<typeof CheckoutAnswer>;

/** A calendar day, YYYY-MM-DD (billing periods are whole UTC days, both ends included). */
export const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** Stored: paid; derived: overdue once the due date has passed unpaid. */
export const InvoiceStatus = Type.Union([Type.Literal('issued'), Type.Literal('paid'), Type.Literal('overdue')]);
export type InvoiceStatus = Static<typeof InvoiceStatus>;

export const InvoiceLine = Type.Object({
  kind: LedgerKind,
  description: Type.String(),
  quantity: Type.Integer({ minimum: 0 }),
  amount: Money,
});
export type InvoiceLine = Static<typeof InvoiceLine>;

/** An invoice of a company (billed by its reseller or the system) or of a reseller's own account (billed by the system). */
export const Invoice = Type.Object({
  invoice_uuid: Uuid,
  number: Type.String(),
  /** who issued it: 'system' or the reseller's name */
  issuer_name: Type.String(),
  company_uuid: Nullable(Uuid),
  company_name: Nullable(Type.String()),
  reseller_uuid: Nullable(Uuid),
  reseller_name: Nullable(Type.String()),
  period_start: Day,
  period_end: Day,
  issued_on: Timestamp,
  due_on: Day,
  currency: Currency,
  total: Money,
  payments_received: Money,
  line_count: Type.Integer({ minimum: 0 }),
  paid: Type.Boolean(),
  paid_on: Nullable(Timestamp),
  status: InvoiceStatus,
});
export type Invoice = Static<typeof Invoice>;
export const InvoiceDetails = Type.Composite([Invoice, Type.Object({ lines: Type.Array(InvoiceLine) })]);
export type InvoiceDetails = Static<typeof InvoiceDetails>;
export const InvoicePayload = Type.Object({ invoice: InvoiceDetails });
export type InvoicePayload = Static<typeof InvoicePayload>;

export const InvoiceListQuery = ListQuery({
  company_name: Type.Optional(Search),
  company_uuid: Type.Optional(Uuid),
  /** a reseller's own invoices (its account, not its companies') */
  reseller_uuid: Type.Optional(Uuid),
  paid: Type.Optional(Type.Boolean()),
  status: Type.Optional(InvoiceStatus),
});
export type InvoiceListQuery = Static<typeof InvoiceListQuery>;

/** POST /invoice: bill a company (company_uuid) or a reseller's own account (reseller_uuid only) for a period. */
export const InvoiceCreate = Type.Object(
  {
    company_uuid: Type.Optional(Nullable(Uuid)),
    reseller_uuid: Type.Optional(Nullable(Uuid)),
    period_start: Day,
    period_end: Day,
  },
  { additionalProperties: false },
);
export type InvoiceCreate = Static<typeof InvoiceCreate>;

/** POST /payments/create: the payment button (PayPal) tops up the caller's own account by this amount. */
export const PaymentButtonCreate = Type.Object({ amount: AmountInput }, { additionalProperties: false });
export type PaymentButtonCreate = Static<typeof PaymentButtonCreate>;
/** The PayPal order made on the server; the browser goes to approve_url, PayPal returns it with ?token=order_id. */
export const PaymentButtonOrder = Type.Object({
  payment_uuid: Uuid,
  order_id: Type.String(),
  approve_url: Type.String(),
});
export type PaymentButtonOrder = Static<typeof PaymentButtonOrder>;
/** POST /payments/paypal/capture: captures the approved order on the server and credits once. */
export const PaymentButtonCapture = Type.Object(
  { order_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) },
  { additionalProperties: false },
);
export type PaymentButtonCapture = Static<typeof PaymentButtonCapture>;
/** credited: false when the payment had already been credited (a replayed capture). */
export const PaymentButtonCaptured = Type.Object({ payment: Payment, credited: Type.Boolean() });
export type PaymentButtonCaptured = Static<typeof PaymentButtonCaptured>;
/** Whether the payment button can be offered (credentials are set on the server). */
export const PaymentButtonConfig = Type.Object({
  provider: Type.Literal('paypal'),
  configured: Type.Boolean(),
  currency: Currency,
});
export type PaymentButtonConfig = Static<typeof PaymentButtonConfig>;
