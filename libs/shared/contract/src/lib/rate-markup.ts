// Issue 45 item 2: a reseller prices its companies as a markup over what the platform charges it (its
// platform product's rates), per destination, previews the margin, and proposes the result as a change set
// (so increases wait for the companies' notice period like any other price change).
import { Type, type Static } from '@sinclair/typebox';
import { RateChangeKind } from './rate-changes';

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Money = Type.String({
  pattern: '^\\d{1,9}(\\.\\d{1,6})?$',
  description: 'a non-negative amount, up to 6 decimals',
});

/** GET /rate_table/{id}/markup: the markup asked. */
export const MarkupQuery = Type.Object({
  /** percent added to each destination's cost: 25 sells a 0.010000 cost at 0.012500 */
  percent: Type.Number({ minimum: 0, maximum: 1000 }),
  /** the least margin a destination keeps, whatever the percent gives (a cheap code still earns this) */
  minimum: Type.Optional(Money),
});
export type MarkupQuery = Static<typeof MarkupQuery>;

/** POST /rate_table/{id}/markup: the same, and the day the change set asks for. */
export const MarkupCreate = Type.Object({
  percent: Type.Number({ minimum: 0, maximum: 1000 }),
  minimum: Type.Optional(Money),
  effective_from: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD (UTC)' })),
});
export type MarkupCreate = Static<typeof MarkupCreate>;

export const MarkupRow = Type.Object({
  code: Nullable(Type.String()),
  mobile_network_uuid: Nullable(Type.String()),
  country_name: Nullable(Type.String()),
  /** what the platform charges the reseller for one part */
  cost: Type.String(),
  /** the table's price in effect now, if it prices the destination */
  current_price: Nullable(Type.String()),
  new_price: Type.String(),
  /** new price less cost, and as a percent of the new price */
  margin: Type.String(),
  margin_percent: Type.Number(),
  change: Type.Union([RateChangeKind, Type.Literal('unchanged')]),
});
export type MarkupRow = Static<typeof MarkupRow>;

export const MarkupPreview = Type.Object({
  rate_table_uuid: Type.String(),
  rate_table_name: Type.String(),
  /** the platform product whose rates are the reseller's cost */
  cost_product_name: Type.String(),
  rows: Type.Array(MarkupRow),
  /** destinations priced (rows may stop at rows_limit) */
  total: Type.Integer(),
  rows_limit: Type.Integer(),
  added: Type.Integer(),
  increased: Type.Integer(),
  decreased: Type.Integer(),
  unchanged: Type.Integer(),
  /** the table's current prices that sell below cost (a loss on every message to them) */
  below_cost_now: Type.Integer(),
  /** cost lines the table cannot hold (a mobile network's rate in a prefix table) */
  skipped: Type.Integer(),
});
export type MarkupPreview = Static<typeof MarkupPreview>;
