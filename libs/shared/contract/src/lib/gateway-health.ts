import { Type, type Static } from '@sinclair/typebox';

// Bind health of the gateway's SMSC links (GET /smsc_connection/status): Kannel's status.xml per
// link, or the built-in simulator's own state.

export const LinkState = Type.Union([
  Type.Literal('online'),
  Type.Literal('connecting'),
  Type.Literal('dead'),
  Type.Literal('unknown'),
]);
export type LinkState = Static<typeof LinkState>;

export const LinkHealth = Type.Object({
  smsc_id: Type.String(),
  state: LinkState,
  /** the gateway's own words, e.g. "online 125s", "re-connecting" */
  detail: Type.String(),
  queued: Type.Integer({ minimum: 0 }),
  failed: Type.Integer({ minimum: 0 }),
  received: Type.Integer({ minimum: 0 }),
  sent: Type.Integer({ minimum: 0 }),
  /** messages per second, in (MO) and out (MT), over the last minute */
  rate_in: Type.Number({ minimum: 0 }),
  rate_out: Type.Number({ minimum: 0 }),
});
export type LinkHealth = Static<typeof LinkHealth>;

export const GatewayHealth = Type.Object({
  gateway: Type.Union([Type.Literal('kannel'), Type.Literal('simulator')]),
  /** false: the gateway's status did not answer (the links' states are unknown) */
  reachable: Type.Boolean(),
  message: Type.String(),
  uptime: Type.Union([Type.String(), Type.Null()]),
  /** messages waiting in the gateway for any link */
  queued: Type.Integer({ minimum: 0 }),
  links: Type.Array(LinkHealth),
  checked_on: Type.String({ format: 'date-time' }),
});
export type GatewayHealth = Static<typeof GatewayHealth>;
