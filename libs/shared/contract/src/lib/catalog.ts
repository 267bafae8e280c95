import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { Name, Search, Timestamp } from './catalog-fields';

// Catalog: rate tables and their rates, routings, vendors, vendor products and their decks, mobile
// networks (products and their quotes are in products.ts). Owned records carry reseller_uuid: null is the platform's (system admin) catalog.

export const CatalogStatus = Type.Union([Type.Literal('active'), Type.Literal('inactive')]);
/** A non-negative decimal with up to 6 places, sent and answered as a string so no float rounds it. */
export const Price = Type.String({
  pattern: '^\\d{1,9}(\\.\\d{1,6})?$',
  description: 'decimal, up to 6 places, never negative',
});
/** A dialling code (E.164 digits from the country code on, no plus). */
export const DialCode = Type.String({ pattern: '^[0-9]{1,15}$' });
export const RateTableType = Type.Union([Type.Literal('prefix'), Type.Literal('mobile_network')]);
/**
 * When a price is charged: `delivery`, only for a message a receipt says was delivered; `submit`, once the carrier
 * accepted it, whatever its receipt says. A message refused before any carrier took it is never charged.
 */
export const CHARGE_BASES = ['delivery', 'submit'] as const;
export const ChargeBasis = Type.Union(CHARGE_BASES.map((b) => Type.Literal(b)));
export type ChargeBasis = (typeof CHARGE_BASES)[number];
export type RateTableType = Static<typeof RateTableType>;

export const MobileNetwork = Type.Object({
  mobile_network_uuid: Uuid,
  mcc: Type.String(),
  mnc: Type.String(),
  network_name: Type.String(),
  operator: Nullable(Type.String()),
  country_name: Type.String(),
  iso2: Nullable(Type.String()),
  iso3: Nullable(Type.String()),
  status: Nullable(Type.String()),
});
export type MobileNetwork = Static<typeof MobileNetwork>;
export const MobileNetworkListQuery = ListQuery({
  iso3: Type.Optional(Type.String({ pattern: '^[A-Za-z]{3}$' })),
  network_name: Type.Optional(Search),
  mcc: Type.Optional(Type.String({ pattern: '^\\d{3}$' })),
  /** search as you type (an addition to the spec, for pickers): every word must match the country, its ISO code, the network, the operator or the MCC */
  search: Type.Optional(Type.String({ maxLength: 64 })),
});
export type MobileNetworkListQuery = Static<typeof MobileNetworkListQuery>;

export const Vendor = Type.Object({
  vendor_uuid: Uuid,
  vendor_name: Type.String(),
  vendor_type: Type.String(),
  status: CatalogStatus,
  reseller_uuid: Nullable(Uuid),
  created_on: Timestamp,
});
export type Vendor = Static<typeof Vendor>;
export const VendorListQuery = ListQuery({
  vendor_type: Type.Optional(Search),
  vendor_name: Type.Optional(Search),
  status: Type.Optional(CatalogStatus),
});
export type VendorListQuery = Static<typeof VendorListQuery>;
export const VendorCreate = Type.Object({
  vendor_name: Name,
  vendor_type: Type.String({ minLength: 1, maxLength: 50 }),
  status: Type.Optional(CatalogStatus),
});
export type VendorCreate = Static<typeof VendorCreate>;
export const VendorPatch = Type.Partial(VendorCreate, { minProperties: 1 });
export type VendorPatch = Static<typeof VendorPatch>;

export const VendorProduct = Type.Object({
  vendor_product_uuid: Uuid,
  vendor_uuid: Uuid,
  vendor_name: Type.String(),
  vendor_product_name: Type.String(),
  type: Type.String(),
  mobile_network_uuid: Nullable(Uuid),
  status: CatalogStatus,
  rate_count: Type.Integer(),
  created_on: Timestamp,
});
export type VendorProduct = Static<typeof VendorProduct>;
export const VendorProductListQuery = ListQuery({
  vendor_uuid: Type.Optional(Uuid),
  type: Type.Optional(Search),
  vendor_product_name: Type.Optional(Search),
});
export type VendorProductListQuery = Static<typeof VendorProductListQuery>;
export const VendorProductCreate = Type.Object({
  vendor_uuid: Uuid,
  vendor_product_name: Name,
  type: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  mobile_network_uuid: Type.Optional(Nullable(Uuid)),
  status: Type.Optional(CatalogStatus),
});
export type VendorProductCreate = Static<typeof VendorProductCreate>;
export const VendorProductPatch = Type.Partial(Type.Omit(VendorProductCreate, ['vendor_uuid']), { minProperties: 1 });
export type VendorProductPatch = Static<typeof VendorProductPatch>;

/** A selling rate (in a rate table) or a vendor's cost (in a vendor product's deck), by code or mobile network. */
export const Rate = Type.Object({
  rate_uuid: Uuid,
  rate_table_uuid: Nullable(Uuid),
  vendor_product_uuid: Nullable(Uuid),
  vendor_product_name: Nullable(Type.String()),
  vendor_uuid: Nullable(Uuid),
  code: Nullable(Type.String()),
  mobile_network_uuid: Nullable(Uuid),
  network_name: Nullable(Type.String()),
  country_name: Nullable(Type.String()),
  price: Type.String(),
  charge_basis: ChargeBasis,
  effective_from: Timestamp,
  created_on: Timestamp,
});
export type Rate = Static<typeof Rate>;
export const RateListQuery = ListQuery({
  mobile_network_uuid: Type.Optional(Uuid),
  type: Type.Optional(Search),
  rate_table_type: Type.Optional(RateTableType),
  vendor_uuid: Type.Optional(Uuid),
  rate_table_uuid: Type.Optional(Uuid),
  code: Type.Optional(Type.String({ pattern: '^[0-9*]{1,16}$' })),
  vendor_product_uuid: Type.Optional(Uuid),
  country_name: Type.Optional(Search),
});
export type RateListQuery = Static<typeof RateListQuery>;
/** One rate line: a code or a mobile network, its price, and when it takes effect (now when left out). */
export const RateLine = Type.Object({
  code: Type.Optional(Nullable(DialCode)),
  mobile_network_uuid: Type.Optional(Nullable(Uuid)),
  price: Price,
  /** left out: a new rate keeps the basis of the key's current version, else delivery */
  charge_basis: Type.Optional(ChargeBasis),
  effective_from: Type.Optional(Timestamp),
});
export type RateLine = Static<typeof RateLine>;
export const RateCreate = Type.Composite([
  RateLine,
  Type.Object({ rate_table_uuid: Type.Optional(Uuid), vendor_product_uuid: Type.Optional(Uuid) }),
]);
export type RateCreate = Static<typeof RateCreate>;
export const RatePatch = Type.Partial(RateLine, { minProperties: 1 });
export type RatePatch = Static<typeof RatePatch>;

export const RateTable = Type.Object({
  rate_table_uuid: Uuid,
  rate_table_name: Type.String(),
  rate_table_type: RateTableType,
  reseller_uuid: Nullable(Uuid),
  rate_count: Type.Integer(),
  created_on: Timestamp,
});
export type RateTable = Static<typeof RateTable>;
export const RATE_TABLE_RATES_SHOWN = 1000;
/** GET /rate_table/{id}: the table with its first rates (the rest through GET /rate/list?rate_table_uuid=). */
export const RateTableWithRates = Type.Composite([RateTable, Type.Object({ rates: Type.Array(Rate) })]);
export type RateTableWithRates = Static<typeof RateTableWithRates>;
export const RateTableListQuery = ListQuery({
  rate_table_name: Type.Optional(Search),
  rate_table_type: Type.Optional(RateTableType),
});
export type RateTableListQuery = Static<typeof RateTableListQuery>;
export const RateTableCreate = Type.Object({
  rate_table_name: Name,
  rate_table_type: RateTableType,
  rates: Type.Optional(Type.Array(RateLine, { maxItems: 5000 })),
});
export type RateTableCreate = Static<typeof RateTableCreate>;
/** `rates`, when sent, replaces every rate of the table. */
export const RateTablePatch = Type.Partial(RateTableCreate, { minProperties: 1 });
export type RateTablePatch = Static<typeof RateTablePatch>;

export const Route = Type.Object({
  route_uuid: Uuid,
  code: Nullable(Type.String()),
  mobile_network_uuid: Nullable(Uuid),
  network_name: Nullable(Type.String()),
  vendor_product_uuid: Uuid,
  vendor_product_name: Type.String(),
  vendor_uuid: Uuid,
  vendor_name: Type.String(),
  is_pinned: Type.Boolean(),
});
export type Route = Static<typeof Route>;
export const RouteLine = Type.Object({
  code: Type.Optional(Nullable(DialCode)),
  mobile_network_uuid: Type.Optional(Nullable(Uuid)),
  vendor_product_uuid: Uuid,
  is_pinned: Type.Optional(Type.Boolean()),
});
export type RouteLine = Static<typeof RouteLine>;
export const Routing = Type.Object({
  routing_uuid: Uuid,
  routing_name: Type.String(),
  reseller_uuid: Nullable(Uuid),
  route_count: Type.Integer(),
  created_on: Timestamp,
});
export type Routing = Static<typeof Routing>;
export const RoutingWithRoutes = Type.Composite([Routing, Type.Object({ routes: Type.Array(Route) })]);
export type RoutingWithRoutes = Static<typeof RoutingWithRoutes>;
export const RoutingListQuery = ListQuery({ routing_name: Type.Optional(Search) });
export type RoutingListQuery = Static<typeof RoutingListQuery>;
export const RoutingCreate = Type.Object({
  routing_name: Name,
  routes: Type.Optional(Type.Array(RouteLine, { maxItems: 5000 })),
});
export type RoutingCreate = Static<typeof RoutingCreate>;
/** `routes`, when sent, replaces every route of the routing. */
export const RoutingPatch = Type.Partial(RoutingCreate, { minProperties: 1 });
export type RoutingPatch = Static<typeof RoutingPatch>;

export const VendorRateQuery = Type.Object({ mobile_network_uuid: Type.Optional(Uuid) });
export const VendorRateParams = Type.Object({ routingId: Uuid });
export const VendorRateAddParams = Type.Object({ routingId: Uuid, vendorId: Uuid });
/** A vendor product's cost beside whether the routing already routes to it. */
export const VendorRate = Type.Composite([
  Rate,
  Type.Object({ vendor_name: Type.String(), in_routing: Type.Boolean() }),
]);
export type VendorRate = Static<typeof VendorRate>;

/** A rate CSV sent as JSON (a multipart upload in the field `file` is the other way). */
export const RateImport = Type.Object({ csv: Type.String({ minLength: 1, maxLength: 32 * 1024 * 1024 }) });
export type RateImport = Static<typeof RateImport>;
/** Query of a re-import and its preview: replace the deck or update it (add and change), from a date. */
export const RateImportQuery = Type.Object({
  mode: Type.Optional(Type.Union([Type.Literal('update'), Type.Literal('replace')])),
  effective_from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' })),
});
export type RateImportQuery = Static<typeof RateImportQuery>;
const RateDiffRow = Type.Object({
  code: Type.Union([Type.String(), Type.Null()]),
  mobile_network_uuid: Type.Union([Type.String(), Type.Null()]),
  country_name: Type.Union([Type.String(), Type.Null()]),
  old_price: Type.Union([Type.String(), Type.Null()]),
  new_price: Type.Union([Type.String(), Type.Null()]),
});
/** POST /rate_table/{id}/import/preview: what the import would change, nothing written. */
export const RateImportPreview = Type.Object({
  added: Type.Integer(),
  changed: Type.Integer(),
  removed: Type.Integer(),
  unchanged: Type.Integer(),
  samples: Type.Object({
    added: Type.Array(RateDiffRow),
    changed: Type.Array(RateDiffRow),
    removed: Type.Array(RateDiffRow),
  }),
});
export type RateImportPreview = Static<typeof RateImportPreview>;
export const RateImportResult = Type.Object({
  imported: Type.Integer(),
  added: Type.Optional(Type.Integer()),
  changed: Type.Optional(Type.Integer()),
  removed: Type.Optional(Type.Integer()),
  unchanged: Type.Optional(Type.Integer()),
});
export type RateImportResult = Static<typeof RateImportResult>;
/** GET /rate_table/{id}/export and /vendor_product/{id}/export: a CSV (text/csv) in the import's columns. */
export const RateExport = Type.String({ description: 'text/csv' });
