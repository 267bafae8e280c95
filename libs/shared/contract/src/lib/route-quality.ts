// Delivery quality measured live (issue 49 item 4): per vendor product × destination country, the receipt and
// delivered ratios and the receipt latency over sliding windows; a route under its floor is demoted to its
// fallbacks and promoted back after a probation; the system admin sets a route's floor and pins it.
import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Uuid } from './common';

const Timestamp = Type.String({ format: 'date-time' });
const Ratio = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]);
const Seconds = Type.Union([Type.Number({ minimum: 0 }), Type.Null()]);

/** auto: the measurements decide; on: always on (never demoted); off: held demoted by the admin. */
export const ROUTE_PINS = ['auto', 'on', 'off'] as const;
export const RoutePin = Type.Union(ROUTE_PINS.map((p) => Type.Literal(p)));
export type RoutePin = Static<typeof RoutePin>;

/** active: quotes try it in its routing's order; demoted: only after every other usable route (the last resort). */
export const ROUTE_QUALITY_STATES = ['active', 'demoted'] as const;
export const RouteQualityState = Type.Union(ROUTE_QUALITY_STATES.map((s) => Type.Literal(s)));
export type RouteQualityState = Static<typeof RouteQualityState>;

/** A route's figures over one window of messages sent (a message counts when it was handed to the vendor). */
export const RouteQualityWindow = Type.Object({
  sent: Type.Integer(),
  receipts: Type.Integer(),
  delivered: Type.Integer(),
  /** with a final receipt, or past the receipt wait without one (then not delivered) */
  judged: Type.Integer(),
  receipt_ratio: Ratio,
  delivered_ratio: Ratio,
  latency_p50: Seconds,
  latency_p95: Seconds,
});
export type RouteQualityWindow = Static<typeof RouteQualityWindow>;

const Windows = {
  /** the decision's window (ROUTE_QUALITY_WINDOW_SECONDS, 5 minutes) */
  window: RouteQualityWindow,
  last_hour: RouteQualityWindow,
  last_day: RouteQualityWindow,
};

export const RouteQualityNetwork = Type.Object({
  /** the mobile network the rating found by prefix; '' for numbers without one (NANP ranges) */
  network: Type.String(),
  ...Windows,
});
export type RouteQualityNetwork = Static<typeof RouteQualityNetwork>;

export const RouteQuality = Type.Object({
  route_quality_uuid: Uuid,
  vendor_product_uuid: Uuid,
  vendor_product_name: Type.String(),
  vendor_name: Type.String(),
  country_code: Type.String(),
  country: Type.String(),
  state: RouteQualityState,
  state_since: Timestamp,
  pin: RoutePin,
  /** the delivered ratio it must keep (0–1) */
  floor: Type.Number(),
  /** no floor of its own: the platform's default */
  floor_is_default: Type.Boolean(),
  evaluated_on: Type.Union([Timestamp, Type.Null()]),
  ...Windows,
  networks: Type.Array(RouteQualityNetwork),
});
export type RouteQuality = Static<typeof RouteQuality>;

export const RouteQualityListQuery = ListQuery({
  state: Type.Optional(RouteQualityState),
  pin: Type.Optional(RoutePin),
  vendor_product_name: Type.Optional(Type.String({ maxLength: 200 })),
  country_code: Type.Optional(Type.String({ maxLength: 20 })),
});
export type RouteQualityListQuery = Static<typeof RouteQualityListQuery>;

/** PATCH /route_quality/{id}: a floor of its own in percent (or `default_floor`: back to the default), and the pin. */
export const RouteQualityPatch = Type.Object(
  {
    floor_percent: Type.Optional(Type.Number({ minimum: 1, maximum: 100 })),
    /** true: the route keeps the platform's default floor again (not with floor_percent) */
    default_floor: Type.Optional(Type.Boolean()),
    pin: Type.Optional(RoutePin),
  },
  { minProperties: 1, additionalProperties: false },
);
export type RouteQualityPatch = Static<typeof RouteQualityPatch>;

export const RouteQualityEvent = Type.Object({
  event_uuid: Uuid,
  kind: Type.Union([Type.Literal('demoted'), Type.Literal('promoted'), Type.Literal('floor'), Type.Literal('pin')]),
  from_state: RouteQualityState,
  to_state: RouteQualityState,
  reason: Type.String(),
  judged: Type.Union([Type.Integer(), Type.Null()]),
  delivered_ratio: Ratio,
  floor: Type.Union([Type.Number(), Type.Null()]),
  /** the admin who changed a floor or a pin; null for the engine's moves */
  actor_email: Type.Union([Type.String(), Type.Null()]),
  created_on: Timestamp,
});
export type RouteQualityEvent = Static<typeof RouteQualityEvent>;

/** The rules in force (the screen says them in words). */
export const RouteQualitySettings = Type.Object({
  default_floor: Type.Number(),
  min_judged: Type.Integer(),
  window_seconds: Type.Integer(),
  receipt_wait_seconds: Type.Integer(),
  probation_seconds: Type.Integer(),
  check_seconds: Type.Number(),
});
export type RouteQualitySettings = Static<typeof RouteQualitySettings>;
