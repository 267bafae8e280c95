// Number lookup in the routing path (docs/number-lookup.md): what a lookup found about a message's number,
// as the message keeps it and its details show it.
import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';

export const LOOKUP_LINE_TYPES = ['mobile', 'landline', 'voip', 'unknown'] as const;
export const LookupLineType = Type.Union(LOOKUP_LINE_TYPES.map((t) => Type.Literal(t)));
export type LookupLineType = (typeof LOOKUP_LINE_TYPES)[number];

/** found: the provider named the number's network; unknown: it does not know the number; failed: no answer in time, or an error */
export const LOOKUP_STATUSES = ['found', 'unknown', 'failed'] as const;
export const LookupStatus = Type.Union(LOOKUP_STATUSES.map((s) => Type.Literal(s)));
export type LookupStatus = (typeof LOOKUP_STATUSES)[number];

/** Why a lookup failed: the provider did not answer within the timeout, or answered an error. */
export const LOOKUP_ERRORS = ['timeout', 'provider_error'] as const;
export type LookupError = (typeof LOOKUP_ERRORS)[number];

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2,6}$' });

/** The lookup of one message's number, as its details show it (GET /sms/{id}/events). */
export const MessageLookup = Type.Object({
  status: LookupStatus,
  /** who answered: the provider (a call the platform pays for) or the cache of earlier answers; null when it failed */
  source: Nullable(Type.Union([Type.Literal('provider'), Type.Literal('cache')])),
  /** the provider's name ('simulator' for the built-in one) */
  provider: Type.String(),
  mcc: Nullable(Type.String()),
  mnc: Nullable(Type.String()),
  network_name: Nullable(Type.String()),
  ported: Nullable(Type.Boolean()),
  line_type: Nullable(LookupLineType),
  /** a failed lookup: timeout or provider_error */
  error: Nullable(Type.Union(LOOKUP_ERRORS.map((e) => Type.Literal(e)))),
  /** lookup: the message was priced and routed by the network the lookup found; prefix: by its number's prefix */
  routed_by: Type.Union([Type.Literal('lookup'), Type.Literal('prefix')]),
  /** what the lookup cost the platform (0 for a cached answer or a failure); null for company roles */
  cost: Nullable(Money),
});
export type MessageLookup = Static<typeof MessageLookup>;
