// Products (what a company is sold: a routing and a rate table) and the quote of a message under one.
import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { Name, Search, Timestamp } from './catalog-fields';
import { CatalogStatus, Price } from './catalog';

export const Product = Type.Object({
  product_uuid: Uuid,
  product_name: Type.String(),
  status: CatalogStatus,
  rate_table_uuid: Nullable(Uuid),
  rate_table_name: Nullable(Type.String()),
  routing_uuid: Nullable(Uuid),
  routing_name: Nullable(Type.String()),
  reseller_uuid: Nullable(Uuid),
  /** the product's messages have their number looked up before routing (docs/number-lookup.md) */
  number_lookup: Type.Boolean(),
  /** what one answered lookup costs for this product; null: the platform's configured price */
  lookup_cost: Nullable(Type.String()),
  company_count: Type.Integer(),
  created_on: Timestamp,
});
export type Product = Static<typeof Product>;
export const ProductListQuery = ListQuery({
  status: Type.Optional(CatalogStatus),
  product_name: Type.Optional(Search),
});
export type ProductListQuery = Static<typeof ProductListQuery>;
export const ProductCreate = Type.Object({
  product_name: Name,
  status: Type.Optional(CatalogStatus),
  rate_table_uuid: Type.Optional(Nullable(Uuid)),
  routing_uuid: Type.Optional(Nullable(Uuid)),
  number_lookup: Type.Optional(Type.Boolean()),
  lookup_cost: Type.Optional(Nullable(Price)),
});
export type ProductCreate = Static<typeof ProductCreate>;
export const ProductPatch = Type.Partial(ProductCreate, { minProperties: 1 });
export type ProductPatch = Static<typeof ProductPatch>;
export const ProductCompany = Type.Object({
  company_uuid: Uuid,
  company_name: Type.String(),
  reseller_uuid: Nullable(Uuid),
});
export type ProductCompany = Static<typeof ProductCompany>;
export const ProductCompanyBody = Type.Object({ company_uuid: Uuid });
export const ProductCompanyParams = Type.Object({ id: Uuid, company_uuid: Uuid });

/** dnis is required; it is checked after the product so an unknown product answers 404 first. */
export const QuoteQuery = Type.Object({
  dnis: Type.Optional(Type.String({ maxLength: 32 })),
  at: Type.Optional(Timestamp),
});
export type QuoteQuery = Static<typeof QuoteQuery>;
export const QuoteReason = Type.Union([
  Type.Literal('no_price'),
  Type.Literal('no_route'),
  Type.Literal('bad_number'),
  Type.Literal('below_margin'),
]);
/** GET /product/{id}/quote (an addition to the spec): what a message to dnis costs, who carries it, or why none. */
export const QuoteAnswer = Type.Object({
  ok: Type.Boolean(),
  reason: Nullable(QuoteReason),
  dnis: Type.String(),
  country_iso2: Nullable(Type.String()),
  network: Nullable(
    Type.Object({ mobile_network_uuid: Uuid, network_name: Type.String(), iso3: Nullable(Type.String()) }),
  ),
  price: Nullable(Type.String()),
  vendor_product_uuid: Nullable(Uuid),
  vendor_product_name: Nullable(Type.String()),
  cost: Nullable(Type.String()),
  margin: Nullable(Type.String()),
  routes: Type.Array(
    Type.Object({
      vendor_product_uuid: Uuid,
      vendor_product_name: Type.String(),
      cost: Type.String(),
      is_pinned: Type.Boolean(),
      /** demoted by the route quality for this country (docs/delivery-quality.md): tried after every other route */
      is_demoted: Type.Boolean(),
    }),
  ),
});
export type QuoteAnswer = Static<typeof QuoteAnswer>;
