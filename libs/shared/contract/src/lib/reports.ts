import { Type, type Static } from '@sinclair/typebox';
import { DateBound, Nullable, Uuid } from './common';
import { Money } from './billing';
import { SmsLogQuery, SmsPage } from './messaging';

// Reports of docs/spec.md §7: GET /dashboard, stat/report, /log/report (aggregated form), /sms/report,
// /sms/reseller/report, /sms/recipient/report. Every figure comes from the hourly rollups of messages
// (apps/api/src/reports); only the hours a zone's day starts inside (a zone 30 or 45 minutes off the hour) are read
// from the messages themselves.
const Timestamp = Type.String({ format: 'date-time' });
const Search = Type.String({ maxLength: 200 });

/** What a report row can be grouped by (several, comma-separated: "company,vendor"). */
export const REPORT_GROUPS = [
  'company',
  'reseller',
  'user',
  'vendor',
  'vendor_product',
  'network',
  'number',
  'status',
] as const;
export type ReportGroup = (typeof REPORT_GROUPS)[number];
/** Time buckets of a report; total = one bucket over the whole range. */
export const REPORT_STEPS = ['hour', 'day', 'week', 'month', 'total'] as const;
export type ReportStep = (typeof REPORT_STEPS)[number];
/**
 * The figures of a row. revenue and cost count delivered messages only (what is charged and paid); lookup_cost
 * counts every message whose number lookup the provider answered (paid whatever became of the message), and
 * margin is revenue less both.
 */
export const REPORT_FIELDS = [
  'messages',
  'segments',
  'delivered',
  'undelivered',
  'failed',
  'pending',
  'blocked',
  'received',
  'revenue',
  'cost',
  'lookup_cost',
  'margin',
  'platform_cost',
  'reseller_margin',
] as const;
export type ReportField = (typeof REPORT_FIELDS)[number];
/** The longest range a report covers. */
export const REPORT_MAX_DAYS = 366;

/** Comma-separated names; the server answers 400 naming an unknown one. */
const NameList = Type.String({ maxLength: 200 });
const Format = Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')]));

export const StatReportQuery = Type.Object({
  start_time: Type.Optional(Timestamp),
  end_time: Type.Optional(Timestamp),
  step: Type.Optional(Type.String({ maxLength: 16 })),
  group: Type.Optional(NameList),
  fields: Type.Optional(NameList),
  company_uuid: Type.Optional(Uuid),
  reseller_uuid: Type.Optional(Uuid),
  vendor_id: Type.Optional(Uuid),
  company_name: Type.Optional(Search),
  /** csv: the whole report streamed as a CSV download */
  format: Format,
});
export type StatReportQuery = Static<typeof StatReportQuery>;

export const ReportRow = Type.Object({
  /** bucket start as an instant: a UTC hour by hour, else the midnight its day, week or month starts at in the report's time_zone; null for step=total */
  time: Nullable(Timestamp),
  company_uuid: Type.Optional(Nullable(Type.String())),
  company_name: Type.Optional(Nullable(Type.String())),
  reseller_uuid: Type.Optional(Nullable(Type.String())),
  reseller_name: Type.Optional(Nullable(Type.String())),
  user_uuid: Type.Optional(Nullable(Type.String())),
  user_name: Type.Optional(Nullable(Type.String())),
  vendor_uuid: Type.Optional(Nullable(Type.String())),
  vendor_name: Type.Optional(Nullable(Type.String())),
  vendor_product_uuid: Type.Optional(Nullable(Type.String())),
  vendor_product_name: Type.Optional(Nullable(Type.String())),
  /** grouped by network: the destination's mobile network (null where its number has none by prefix) */
  network: Type.Optional(Nullable(Type.String())),
  /** grouped by network: the destination's country, from its dialling code (ISO 3166 code and name) */
  country_code: Type.Optional(Nullable(Type.String())),
  country: Type.Optional(Nullable(Type.String())),
  /** grouped by network: country and network in words, "United Kingdom · Vodafone UK" */
  destination: Type.Optional(Nullable(Type.String())),
  number: Type.Optional(Nullable(Type.String())),
  status: Type.Optional(Nullable(Type.String())),
  messages: Type.Optional(Type.Integer()),
  segments: Type.Optional(Type.Integer()),
  delivered: Type.Optional(Type.Integer()),
  undelivered: Type.Optional(Type.Integer()),
  failed: Type.Optional(Type.Integer()),
  pending: Type.Optional(Type.Integer()),
  blocked: Type.Optional(Type.Integer()),
  received: Type.Optional(Type.Integer()),
  revenue: Type.Optional(Money),
  /** cost and margin: the system admin's and resellers' business only (null for company roles) */
  cost: Type.Optional(Nullable(Money)),
  /** what the number lookups of these messages cost (docs/number-lookup.md); cost roles only */
  lookup_cost: Type.Optional(Nullable(Money)),
  margin: Type.Optional(Nullable(Money)),
  /** what resellers pay the platform for these messages (their wholesale price), and revenue minus it */
  platform_cost: Type.Optional(Nullable(Money)),
  reseller_margin: Type.Optional(Nullable(Money)),
});
export type ReportRow = Static<typeof ReportRow>;

export const ReportPage = Type.Object({
  items: Type.Array(ReportRow),
  total: Type.Integer({ minimum: 0 }),
  per_page: Type.Integer({ minimum: 1 }),
  start_time: Timestamp,
  end_time: Timestamp,
  step: Type.String(),
  group: Type.Array(Type.String()),
  totals: ReportRow,
  currency: Type.String(),
  /** the IANA zone whose days, weeks and months the buckets and date-only bounds are: the company's, or the caller's own */
  time_zone: Type.String(),
});
export type ReportPage = Static<typeof ReportPage>;

/** GET /dashboard: interval like '24 hour', '7 day', '1 month' (default '24 hour'). */
export const DashboardQuery = Type.Object({ interval: Type.Optional(Type.String({ maxLength: 20 })) });
export type DashboardQuery = Static<typeof DashboardQuery>;

export const Dashboard = Type.Object({
  interval: Type.String(),
  start_time: Timestamp,
  end_time: Timestamp,
  step: Type.String(),
  totals: ReportRow,
  series: Type.Array(ReportRow),
  /** the biggest companies (system admin, reseller) or users (company admin) of the interval */
  top: Type.Array(ReportRow),
  networks: Type.Array(ReportRow),
  currency: Type.String(),
  /** the zone of its days (as ReportPage's) */
  time_zone: Type.String(),
});
export type Dashboard = Static<typeof Dashboard>;

/** GET /sms/report and /sms/reseller/report: by company (group_by_company) or by day, paged. */
export const SmsReportQuery = Type.Object({
  group_by_company: Type.Optional(Type.Boolean()),
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1 })),
  company_name: Type.Optional(Search),
  date_gte: Type.Optional(DateBound),
  date_lte: Type.Optional(DateBound),
  format: Format,
});
export type SmsReportQuery = Static<typeof SmsReportQuery>;

/** GET /sms/recipient/report: messages per recipient of the address book. */
export const RecipientReportQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1 })),
  date_gte: Type.Optional(DateBound),
  date_lte: Type.Optional(DateBound),
  recipient_name: Type.Optional(Search),
  format: Format,
});
export type RecipientReportQuery = Static<typeof RecipientReportQuery>;

export const RecipientReportRow = Type.Object({
  recipient_uuid: Type.String(),
  recipient_name: Nullable(Type.String()),
  number: Nullable(Type.String()),
  messages: Type.Integer(),
  delivered: Type.Integer(),
  segments: Type.Integer(),
  revenue: Money,
  last_sent: Nullable(Timestamp),
});
export type RecipientReportRow = Static<typeof RecipientReportRow>;
export const RecipientReportPage = Type.Object({
  items: Type.Array(RecipientReportRow),
  total: Type.Integer({ minimum: 0 }),
  per_page: Type.Integer({ minimum: 1 }),
});
export type RecipientReportPage = Static<typeof RecipientReportPage>;

/**
 * GET /log/report and /log/mo_report: the SMS log's query, plus the generic report's group, step and
 * fields (any of them turns log/report into the aggregated report) and format=csv (streamed download).
 */
export const LogReportQuery = Type.Composite([
  SmsLogQuery,
  Type.Object({
    group: Type.Optional(NameList),
    step: Type.Optional(Type.String({ maxLength: 16 })),
    fields: Type.Optional(NameList),
    format: Format,
  }),
]);
export type LogReportQuery = Static<typeof LogReportQuery>;
export const LogReportAnswer = Type.Union([SmsPage, ReportPage]);
