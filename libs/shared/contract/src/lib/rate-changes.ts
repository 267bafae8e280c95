// Rate decks with a lifecycle (issue 49): an import is a pending change set that an admin approves or
// rejects after reading its diff and its margin impact; an approved increase of a customer's sell price
// waits for that customer's notice period, and each affected customer gets a price notice.
import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Uuid } from './common';

const Timestamp = Type.String({ format: 'date-time' });
const Day = Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

/**
 * What the importer says the file is, which decides what happens to the codes it does not hold:
 * `az` (the vendor's whole A–Z deck: every missing code closes), `country` (whole countries: missing codes
 * close within the countries the file names), `partial` (some codes: missing ones are left alone).
 */
export const DECK_KINDS = ['az', 'country', 'partial'] as const;
export const DeckKind = Type.Union(DECK_KINDS.map((k) => Type.Literal(k)));
export type DeckKind = Static<typeof DeckKind>;

export const RATE_CHANGES = ['added', 'increased', 'decreased', 'closed'] as const;
export const RateChangeKind = Type.Union(RATE_CHANGES.map((k) => Type.Literal(k)));
export type RateChangeKind = Static<typeof RateChangeKind>;

export const CHANGE_SET_STATUSES = ['pending', 'approved', 'rejected'] as const;
export const ChangeSetStatus = Type.Union(CHANGE_SET_STATUSES.map((k) => Type.Literal(k)));
export type ChangeSetStatus = Static<typeof ChangeSetStatus>;

/** POST /rate_table/{id}/change_set and /vendor_product/{id}/change_set: the query beside the CSV. */
export const ChangeSetImportQuery = Type.Object({
  kind: DeckKind,
  effective_from: Type.Optional(Day),
});
export type ChangeSetImportQuery = Static<typeof ChangeSetImportQuery>;

const Counts = {
  added: Type.Integer(),
  increased: Type.Integer(),
  decreased: Type.Integer(),
  closed: Type.Integer(),
  unchanged: Type.Integer(),
};

export const RateChangeSet = Type.Object({
  change_set_uuid: Uuid,
  /** whose rates: a rate table's (sell prices) or a vendor product's deck (cost) */
  rate_table_uuid: Nullable(Type.String()),
  vendor_product_uuid: Nullable(Type.String()),
  owner_name: Type.String(),
  kind: DeckKind,
  status: ChangeSetStatus,
  /** asked at import; the date approved once approved */
  effective_from: Timestamp,
  /** when the increases take effect (the latest notice period of an affected customer), once approved */
  increases_from: Nullable(Timestamp),
  ...Counts,
  created_by_name: Nullable(Type.String()),
  created_on: Timestamp,
  decided_by_name: Nullable(Type.String()),
  decided_on: Nullable(Timestamp),
});
export type RateChangeSet = Static<typeof RateChangeSet>;

export const ChangeSetListQuery = ListQuery({
  status: Type.Optional(ChangeSetStatus),
  owner_name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ChangeSetListQuery = Static<typeof ChangeSetListQuery>;

export const RateChangeRow = Type.Object({
  code: Nullable(Type.String()),
  mobile_network_uuid: Nullable(Type.String()),
  country_name: Nullable(Type.String()),
  change: RateChangeKind,
  old_price: Nullable(Type.String()),
  new_price: Nullable(Type.String()),
  /** the row's own date (from the file), else the change set's */
  effective_from: Nullable(Timestamp),
  /** a closed code stops pricing on this date */
  ceases_on: Nullable(Timestamp),
});
export type RateChangeRow = Static<typeof RateChangeRow>;

/** One country's share of the diff. */
export const CountryDiff = Type.Object({ country_name: Type.String(), ...Counts });
export type CountryDiff = Static<typeof CountryDiff>;

/** The margin the last 30 days of traffic would have made under the new rates, per product and reseller. */
export const ImpactGroup = Type.Object({
  product_uuid: Nullable(Type.String()),
  product_name: Nullable(Type.String()),
  reseller_uuid: Nullable(Type.String()),
  reseller_name: Nullable(Type.String()),
  messages: Type.Integer(),
  parts: Type.Integer(),
  /** the margin the messages made (price, or the reseller's wholesale, less cost) */
  margin_before: Type.String(),
  margin_after: Type.String(),
  margin_change: Type.String(),
  /** messages whose code the change closes with no other rate to fall back on (left out of the sums) */
  unpriced: Type.Integer(),
});
export type ImpactGroup = Static<typeof ImpactGroup>;

export const ChangeSetDetails = Type.Object({
  change_set: RateChangeSet,
  by_country: Type.Array(CountryDiff),
  /** the changed rows (at most `rows_limit`; the counts are the whole set's) */
  rows: Type.Array(RateChangeRow),
  rows_limit: Type.Integer(),
  impact: Type.Object({
    since: Timestamp,
    groups: Type.Array(ImpactGroup),
    margin_change: Type.String(),
  }),
});
export type ChangeSetDetails = Static<typeof ChangeSetDetails>;

export const ChangeSetApprove = Type.Object({ effective_from: Type.Optional(Day) });
export type ChangeSetApprove = Static<typeof ChangeSetApprove>;

export const PriceNotice = Type.Object({
  notice_uuid: Uuid,
  change_set_uuid: Uuid,
  company_uuid: Nullable(Type.String()),
  reseller_uuid: Nullable(Type.String()),
  customer_name: Type.String(),
  owner_name: Type.String(),
  notice_days: Type.Integer(),
  effective_from: Timestamp,
  increased: Type.Integer(),
  decreased: Type.Integer(),
  closed: Type.Integer(),
  added: Type.Integer(),
  created_on: Timestamp,
});
export type PriceNotice = Static<typeof PriceNotice>;

export const PriceNoticeListQuery = ListQuery({ customer_name: Type.Optional(Type.String({ maxLength: 200 })) });
export type PriceNoticeListQuery = Static<typeof PriceNoticeListQuery>;
