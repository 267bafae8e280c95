// The console's live event stream (GET /events, Server-Sent Events). An event names what changed, never
// its content: the client refetches what the kind covers (one table in the console maps kind → cache tags).

/**
 * balance: a billing account's balance, reservations or spend moved (ledger entries with it);
 * sms: messages were stored or changed status; did: numbers were ordered, assigned, released or changed;
 * bulk: a bulk's progress, status or hold changed; webhook: a webhook's delivery was attempted, delivered or
 * given up (id: the webhook); smpp: an SMPP account bound or unbound (id: the account); guard: a range was held
 * as suspected pumping or released (id: the hold); template: a template was submitted, approved, rejected,
 * changed or deleted; route_quality: a route's quality state moved, or its floor or pin was changed (id: the route;
 * the system admin's streams only); resync: events may have been lost (the server's link to the database dropped), so
 * refetch everything the stream covers.
 */
export const LIVE_EVENT_KINDS = [
  'balance',
  'sms',
  'did',
  'bulk',
  'webhook',
  'smpp',
  'guard',
  'template',
  'route_quality',
  'resync',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/** One event's data line: the kind, the one row it names when a change touched one, and the owning company. */
export interface LiveEvent {
  kind: LiveEventKind;
  id?: string;
  company_uuid?: string;
}

/** The SSE event name of the first frame a stream sends once it is subscribed (a reconnect refetches on it). */
export const LIVE_READY_EVENT = 'ready';
export const LIVE_EVENTS_PATH = '/events';
