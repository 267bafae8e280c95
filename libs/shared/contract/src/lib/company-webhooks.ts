import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';

// Company webhooks: a company's endpoints that receive its messages' status changes
// and incoming messages, signed with the Standard Webhooks scheme (docs/webhooks.md).
const Timestamp = Type.String({ format: 'date-time' });

/** The events a company webhook may subscribe to. */
export const COMPANY_WEBHOOK_EVENTS = ['message.status', 'message.received', 'balance.low'] as const;
export type CompanyWebhookEvent = (typeof COMPANY_WEBHOOK_EVENTS)[number];
/** What the console shows for each event. */
export const COMPANY_WEBHOOK_EVENT_WORDS: Record<CompanyWebhookEvent, string> = {
  'message.status': 'Message status changes',
  'message.received': 'Incoming messages',
  'balance.low': 'Low balance',
};
export const CompanyWebhookEventName = Type.Union(COMPANY_WEBHOOK_EVENTS.map((e) => Type.Literal(e)));

/** A customer's endpoint: http(s), checked against the address policy and DNS when saved. */
export const CallbackUrl = Type.String({ minLength: 8, maxLength: 500, pattern: '^https?://' });

export const CompanyWebhook = Type.Object({
  webhook_uuid: Uuid,
  company_uuid: Uuid,
  company_name: Type.String(),
  url: Type.String(),
  events: Type.Array(CompanyWebhookEventName),
  is_active: Type.Boolean(),
  /** up to 100 events a request in one signed envelope ({type: 'webhook.batch', data: {events}}) */
  batched: Type.Boolean(),
  description: Nullable(Type.String()),
  /** shown in full only in the answer that creates or rotates it */
  secret_hint: Type.String(),
  /** 'delivered', the endpoint's status code, or 'error'; null before the first attempt */
  last_status: Nullable(Type.String()),
  last_delivery_on: Nullable(Timestamp),
  created_on: Timestamp,
});
export type CompanyWebhook = Static<typeof CompanyWebhook>;

const Events = Type.Array(CompanyWebhookEventName, { minItems: 1, uniqueItems: true });
export const CompanyWebhookCreateBody = Type.Object(
  {
    url: CallbackUrl,
    events: Events,
    is_active: Type.Optional(Type.Boolean()),
    batched: Type.Optional(Type.Boolean()),
    description: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    /** the admin and a reseller name the company; a company admin's is its own */
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type CompanyWebhookCreateBody = Static<typeof CompanyWebhookCreateBody>;

export const CompanyWebhookPatchBody = Type.Object(
  {
    url: Type.Optional(CallbackUrl),
    events: Type.Optional(Events),
    is_active: Type.Optional(Type.Boolean()),
    batched: Type.Optional(Type.Boolean()),
    description: Type.Optional(Nullable(Type.String({ maxLength: 200 }))),
    /** a new secret, answered once; the old one stops signing at once */
    rotate_secret: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, minProperties: 1 },
);
export type CompanyWebhookPatchBody = Static<typeof CompanyWebhookPatchBody>;

export const CompanyWebhookPayload = Type.Object({ webhook: CompanyWebhook, secret: Type.Optional(Type.String()) });
export type CompanyWebhookPayload = Static<typeof CompanyWebhookPayload>;

export const CompanyWebhookListQuery = ListQuery({
  url: Type.Optional(Type.String({ maxLength: 500 })),
  company_uuid: Type.Optional(Uuid),
});
export type CompanyWebhookListQuery = Static<typeof CompanyWebhookListQuery>;

/** One attempt to deliver one event to one webhook (its delivery log). */
export const CompanyWebhookAttempt = Type.Object({
  attempt_uuid: Uuid,
  /** the event's webhook-id (the same on every attempt: receivers deduplicate by it) */
  message_id: Type.String(),
  type: Type.String(),
  sms_uuid: Nullable(Uuid),
  attempt: Type.Integer(),
  ok: Type.Boolean(),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
  duration_ms: Type.Integer(),
  /** pending (another attempt is due), delivered or failed (no attempt left) */
  state: Type.String(),
  next_attempt_on: Nullable(Timestamp),
  created_on: Timestamp,
});
export type CompanyWebhookAttempt = Static<typeof CompanyWebhookAttempt>;
/**
 * A page of a webhook's delivery log, newest first: `per_page` attempts (50 unless asked), `next_cursor` continuing
 * after the last one (null on the last page), sent back as `cursor`.
 */
export const CompanyWebhookAttempts = Type.Object({
  items: Type.Array(CompanyWebhookAttempt),
  next_cursor: Nullable(Type.String()),
});
export type CompanyWebhookAttempts = Static<typeof CompanyWebhookAttempts>;
export const CompanyWebhookAttemptsQuery = Type.Object({
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Type.Optional(Type.String({ maxLength: 120 })),
});
export type CompanyWebhookAttemptsQuery = Static<typeof CompanyWebhookAttemptsQuery>;

/** POST /webhook/{id}/test: the first attempt's outcome (retries follow in the background). */
export const CompanyWebhookTestResult = Type.Object({
  message_id: Type.String(),
  ok: Type.Boolean(),
  status_code: Nullable(Type.Integer()),
  error: Nullable(Type.String()),
});
export type CompanyWebhookTestResult = Static<typeof CompanyWebhookTestResult>;

/** The company's status-callback signing secret (per-message status_callback URLs of POST /sms). */
export const CallbackSecretQuery = Type.Object({ company_uuid: Type.Optional(Uuid) });
export type CallbackSecretQuery = Static<typeof CallbackSecretQuery>;
export const CallbackSecretInfo = Type.Object({
  company_uuid: Uuid,
  /** null: none yet, POST creates it */
  secret_hint: Nullable(Type.String()),
  /** in full only in the POST answer that creates or rotates it */
  secret: Type.Optional(Type.String()),
});
export type CallbackSecretInfo = Static<typeof CallbackSecretInfo>;
