import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { UserType } from './auth';
import { AmountInput, Currency, Money } from './billing';

const Name = Type.String({ minLength: 1, maxLength: 200 });
const Search = Type.String({ maxLength: 200 });
const Timestamp = Type.String({ format: 'date-time' });

export const User = Type.Object({
  uuid: Uuid,
  email: Type.String(),
  full_name: Type.String(),
  user_type: UserType,
  is_active: Type.Boolean(),
  is_admin: Type.Boolean(),
  company_uuid: Nullable(Uuid),
  company_name: Nullable(Type.String()),
  reseller_uuid: Nullable(Uuid),
  created_on: Timestamp,
  /**
   * a system admin's or reseller's own IANA zone, which its reports and the console's times follow (null: not
   * chosen yet; the console saves the browser's at the first sign-in). Company people follow the company's zone.
   */
  time_zone: Type.Optional(Nullable(Type.String())),
});
export type User = Static<typeof User>;

export const UserListQuery = ListQuery({
  user_name: Type.Optional(Search),
  status: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('inactive')])),
  company_name: Type.Optional(Search),
  company_uuid: Type.Optional(Uuid),
  is_active: Type.Optional(Type.Boolean()),
  is_admin: Type.Optional(Type.Boolean()),
  /** the system admin's admin list asks for user_type=admin */
  user_type: Type.Optional(UserType),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const UserCreate = Type.Object({
  email: Type.String({ format: 'email', maxLength: 254 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
  full_name: Name,
  is_admin: Type.Optional(Type.Boolean()),
  is_active: Type.Optional(Type.Boolean()),
  company_uuid: Type.Optional(Uuid),
});
export type UserCreate = Static<typeof UserCreate>;

export const UserPatch = Type.Partial(
  Type.Object({
    full_name: Name,
    is_admin: Type.Boolean(),
    is_active: Type.Boolean(),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    /** required with `password` when the caller changes its own record */
    current_password: Type.String({ maxLength: 1024 }),
  }),
  { minProperties: 1 },
);
export type UserPatch = Static<typeof UserPatch>;

/** How many days a price increase waits after the customer's notice (docs/rate-changes.md). */
export const PriceNoticeDays = Type.Integer({ minimum: 0, maximum: 365 });

export const CompanyStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);

export const Company = Type.Object({
  company_uuid: Uuid,
  company_name: Type.String(),
  reseller_uuid: Nullable(Uuid),
  reseller_name: Nullable(Type.String()),
  payment_term_uuid: Nullable(Uuid),
  status: CompanyStatus,
  prepay: Type.Boolean(),
  is_below_credit_limit: Type.Boolean(),
  is_created_by_admin: Type.Boolean(),
  created_on: Timestamp,
  /** IANA time zone of the company's clock: a reminder repeating "every day at 09:00" keeps 09:00 in it */
  time_zone: Type.Optional(Type.String()),
  /** whether the company's plain users see money (balance, message prices); set by its company admin */
  users_see_money: Type.Optional(Type.Boolean()),
  /** days an increase of this customer's prices waits after its notice (issue 49; 0–365, default 7); set by its biller */
  price_notice_days: Type.Optional(Type.Integer()),
  /** message retention overrides (docs/retention.md): null = the platform's default, 0 = never */
  retention_redact_days: Type.Optional(Nullable(Type.Integer())),
  retention_remove_days: Type.Optional(Nullable(Type.Integer())),
  retention_archive: Type.Optional(Nullable(Type.Boolean())),
  /** billing (GET/POST/PATCH of one company, for its biller and its company admins; not in lists, not for company users) */
  credit_limit: Type.Optional(Money),
  low_balance_threshold: Type.Optional(Nullable(Money)),
  balance: Type.Optional(Money),
  currency: Type.Optional(Currency),
});
export type Company = Static<typeof Company>;

export const CompanyListQuery = ListQuery({
  company_name: Type.Optional(Search),
  company_uuid: Type.Optional(Uuid),
  reseller_uuid: Type.Optional(Uuid),
  reseller_name: Type.Optional(Search),
  is_below_credit_limit: Type.Optional(Type.Boolean()),
  payment_term_uuid: Type.Optional(Uuid),
  status: Type.Optional(CompanyStatus),
  prepay: Type.Optional(Type.Boolean()),
  is_created_by_admin: Type.Optional(Type.Boolean()),
});
export type CompanyListQuery = Static<typeof CompanyListQuery>;

/** a company's own retention days: 0 turns the platform's default off, 1–36500 days */
const RetentionOverrideDays = Type.Integer({ minimum: 0, maximum: 36500 });

export const CompanyCreate = Type.Object({
  company_name: Name,
  reseller_uuid: Type.Optional(Nullable(Uuid)),
  payment_term_uuid: Type.Optional(Nullable(Uuid)),
  status: Type.Optional(CompanyStatus),
  prepay: Type.Optional(Type.Boolean()),
  is_below_credit_limit: Type.Optional(Type.Boolean()),
  /** IANA zone name, e.g. America/Chicago (default America/New_York) */
  time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  /** whether the company's plain users see money (balance, message prices); off by default */
  users_see_money: Type.Optional(Type.Boolean()),
  /** days an increase of this customer's prices waits after its notice (issue 49; 0–365, default 7); set by its biller */
  price_notice_days: Type.Optional(PriceNoticeDays),
  /** message retention overrides (docs/retention.md), the system admin's alone: null = the platform's default, 0 = never */
  retention_redact_days: Type.Optional(Nullable(RetentionOverrideDays)),
  retention_remove_days: Type.Optional(Nullable(RetentionOverrideDays)),
  /** whether removed messages are archived first; null = the platform's default */
  retention_archive: Type.Optional(Nullable(Type.Boolean())),
  /** billing: how far below zero a postpay company may go; set by its biller (system admin or its reseller) */
  credit_limit: Type.Optional(AmountInput),
  /** billing: a low-balance mail goes when the balance falls below this; null turns it off */
  low_balance_threshold: Type.Optional(Nullable(AmountInput)),
  /** onboarding in one step: the company's first admin (its contact), created with the company */
  first_admin: Type.Optional(
    Type.Object(
      {
        full_name: Name,
        email: Type.String({ format: 'email', maxLength: 254 }),
        password: Type.String({ minLength: 1, maxLength: 1024 }),
      },
      { additionalProperties: false },
    ),
  ),
});
export type CompanyCreate = Static<typeof CompanyCreate>;
export const CompanyPatch = Type.Partial(Type.Omit(CompanyCreate, ['first_admin']), { minProperties: 1 });
export type CompanyPatch = Static<typeof CompanyPatch>;

export const Reseller = Type.Object({
  reseller_uuid: Uuid,
  reseller_name: Type.String(),
  /** the platform product whose rates the reseller pays the platform per message (null: it pays nothing per message) */
  platform_product_uuid: Type.Optional(Nullable(Uuid)),
  /** days an increase of this customer's prices waits after its notice (issue 49; 0–365, default 7); set by its biller */
  price_notice_days: Type.Optional(Type.Integer()),
  created_on: Timestamp,
});
export type Reseller = Static<typeof Reseller>;
export const ResellerListQuery = ListQuery({ reseller_name: Type.Optional(Search) });
export type ResellerListQuery = Static<typeof ResellerListQuery>;
export const ResellerCreate = Type.Object({
  reseller_name: Name,
  platform_product_uuid: Type.Optional(Nullable(Uuid)),
  price_notice_days: Type.Optional(PriceNoticeDays),
});
export const ResellerPatch = ResellerCreate;
export type ResellerPatch = Static<typeof ResellerPatch>;
export type ResellerCreate = Static<typeof ResellerCreate>;
/** CSV with a `reseller_name` header; imported all-or-nothing. */
export const ResellerImport = Type.Object({ csv: Type.String({ minLength: 1, maxLength: 1_000_000 }) });
export type ResellerImport = Static<typeof ResellerImport>;
export const ResellerImportResult = Type.Object({ imported: Type.Integer() });

export const PaymentTerm = Type.Object({
  payment_term_uuid: Uuid,
  name: Type.String(),
  days: Type.Integer(),
  is_active: Type.Boolean(),
  created_on: Timestamp,
});
export type PaymentTerm = Static<typeof PaymentTerm>;
export const PaymentTermListQuery = ListQuery({
  name: Type.Optional(Search),
  is_active: Type.Optional(Type.Boolean()),
});
export type PaymentTermListQuery = Static<typeof PaymentTermListQuery>;
export const PaymentTermCreate = Type.Object({
  name: Name,
  days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  is_active: Type.Optional(Type.Boolean()),
});
export type PaymentTermCreate = Static<typeof PaymentTermCreate>;
export const PaymentTermPatch = Type.Partial(PaymentTermCreate, { minProperties: 1 });
export type PaymentTermPatch = Static<typeof PaymentTermPatch>;

/**
 * Stop-text filter; the spec leaves the exact fields open, so it is a text plus an active flag.
 * `reseller_uuid` is the reseller that owns it (null: the platform's own, kept by the system admin).
 */
export const StopText = Type.Object({
  filter_uuid: Uuid,
  text: Type.String(),
  is_active: Type.Boolean(),
  reseller_uuid: Nullable(Uuid),
  created_on: Timestamp,
});
export type StopText = Static<typeof StopText>;
export const StopTextListQuery = ListQuery({ text: Type.Optional(Search) });
export type StopTextListQuery = Static<typeof StopTextListQuery>;
export const STOP_TEXT_MAX = 500;
const StopTextFields = Type.Object({
  text: Type.String({ minLength: 1, maxLength: STOP_TEXT_MAX }),
  is_active: Type.Optional(Type.Boolean()),
});
export const StopTextBody = Type.Object({ filter: StopTextFields });
export type StopTextBody = Static<typeof StopTextBody>;
export const StopTextPatchBody = Type.Object({ filter: Type.Partial(StopTextFields, { minProperties: 1 }) });
export type StopTextPatchBody = Static<typeof StopTextPatchBody>;
export const StopTextPayload = Type.Object({ filter: StopText });

export const Country = Type.Object({ country_uuid: Uuid, nice_name: Type.String(), iso2: Type.String() });
export type Country = Static<typeof Country>;
export const CountryListQuery = ListQuery({ nice_name: Type.Optional(Search) });
export type CountryListQuery = Static<typeof CountryListQuery>;
export const AreaCode = Type.Object({
  area_code_uuid: Uuid,
  country_uuid: Uuid,
  code: Type.String(),
  name: Type.String(),
});
export type AreaCode = Static<typeof AreaCode>;
export const AreaCodeListQuery = ListQuery({ country_uuid: Type.Optional(Uuid) });
export type AreaCodeListQuery = Static<typeof AreaCodeListQuery>;

export const Home = Type.Object({ user: User, company: Nullable(Company) });
export type Home = Static<typeof Home>;
/**
 * A company admin may also rename its own company here (the profile's edit-company-info).
 * A new `password` needs the `current_password` too.
 */
export const HomePatch = Type.Partial(
  Type.Object({
    full_name: Name,
    password: Type.String({ minLength: 1, maxLength: 1024 }),
    current_password: Type.String({ maxLength: 1024 }),
    company_name: Name,
    /** a company admin lets its users see money (balance, message prices) */
    users_see_money: Type.Boolean(),
    /**
     * IANA zone name (e.g. Asia/Kolkata): a system admin's or reseller's own; a company admin's sets its company's
     * (a company user's dates follow its company's, set by its admin)
     */
    time_zone: Type.String({ minLength: 1, maxLength: 64 }),
  }),
  { minProperties: 1 },
);
export type HomePatch = Static<typeof HomePatch>;
