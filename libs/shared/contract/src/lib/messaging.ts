import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { Money } from './billing';
import { ChargeBasis } from './catalog';
import { MessageText, PlaceholderValues, Text } from './storable-text';
import { BLOCK_REASONS, SMS_STATUSES, SMS_TEXT_MAX } from './constants';
import { SenderRegistrationState } from './compliance';
import { SENT_BY_KINDS, SentBy } from './onboarding';
import { OptOutScopeSchema } from './opt-outs';

// Messaging of docs/spec.md §7: /sms, /sms/list, log/report, log/mo_report, /suppressed_number.
// Numbers travel in E.164 with the plus ("+12125550100"); money as decimal text (see billing.ts).
const Timestamp = Type.String({ format: 'date-time' });
const Search = Type.String({ maxLength: 200 });
const Bool = Type.Boolean();

/** Counts above this are reported as this figure with total_capped: true (see SmsPage). */
export const SMS_COUNT_CAP = 10_000;

/** A number as typed: digits with optional +, spaces, dashes, dots, brackets. */
const Number_ = Type.String({ minLength: 3, maxLength: 24, pattern: '^[+0-9 ().-]+$' });

/**
 * A message's life: scheduled (send_at in the future) → queued (stored, charge reserved) → sent (the
 * SMSC accepted it) → delivered | undelivered | failed. blocked: refused by the pipeline (see
 * block_reason), never sent, never charged. cancelled: a scheduled message withdrawn. received: an
 * incoming (MO) message. A state only moves forward, each move once.
 */
export const SmsStatus = Type.Union(SMS_STATUSES.map((s) => Type.Literal(s)));
export type SmsStatus = Static<typeof SmsStatus>;

/**
 * Why the pipeline refused a message (checked in this order): bad_sender (the ANI is not one of the
 * company's sending numbers), bad_number (the destination is not a valid number), suppressed (the
 * number is on the company's suppression list or texted STOP), filtered (the text matches a stop-text
 * filter of the company's reseller, or the system's for a direct company), no_price / no_route (the
 * company's product has no price or no usable route for the number), no_money (balance or credit
 * limit cannot cover the price), bad_template (the template is unknown or not approved). The spend
 * and fraud guards (docs/guards.md): destination_not_allowed (the country is not on the company's
 * allowed list), pumping_suspected (traffic to the number's prefix is
 * held as suspected SMS pumping), below_margin (no route leaves the product's minimum margin),
 * spend_limit (the company's daily or monthly spend limit would be passed). Sender registrations
 * (docs/compliance.md): sender_unregistered (a US long code without an approved 10DLC campaign, a toll-free
 * number without a verification, an alphanumeric sender a country requires registered).
 */
export const BlockReason = Type.Union(BLOCK_REASONS.map((s) => Type.Literal(s)));
export type BlockReason = Static<typeof BlockReason>;

export const SMS_ENCODINGS = ['GSM-7', 'UCS-2'] as const;
export const SmsEncoding = Type.Union(SMS_ENCODINGS.map((s) => Type.Literal(s)));
export type SmsEncoding = Static<typeof SmsEncoding>;

export const Sms = Type.Object({
  sms_uuid: Uuid,
  /** sender */
  ani: Type.String(),
  /** recipient */
  dnis: Type.String(),
  text: Type.String(),
  is_received: Bool,
  status: SmsStatus,
  block_reason: Nullable(BlockReason),
  /** what the pipeline or the SMSC said (a blocked message's reason in words, an SMSC error) */
  status_message: Nullable(Type.String()),
  segments: Type.Integer({ minimum: 0 }),
  encoding: SmsEncoding,
  /** what the company pays for the whole message (price per part × segments); null when not priced */
  price: Nullable(Money),
  /** what the vendor charges for it (admins and resellers; null for company roles) */
  cost: Nullable(Money),
  currency: Type.String(),
  vendor_product_uuid: Nullable(Uuid),
  vendor_product_name: Nullable(Type.String()),
  mobile_network_name: Nullable(Type.String()),
  company_uuid: Nullable(Uuid),
  company_name: Nullable(Type.String()),
  user_uuid: Nullable(Uuid),
  user_name: Nullable(Type.String()),
  user_email: Nullable(Type.String()),
  /** sent with a test API key (the sandbox, docs/sandbox.md): never charged nor carried (absent on the calls that do not say) */
  sandbox: Type.Optional(Bool),
  /** who sent it: the user, the program's API key or the SMPP account (absent on the calls that do not say) */
  sent_by: Type.Optional(Nullable(SentBy)),
  recipient_uuid: Nullable(Uuid),
  sms_template_uuid: Nullable(Uuid),
  send_at: Nullable(Timestamp),
  sent_on: Nullable(Timestamp),
  /** when the final delivery report arrived (delivered, undelivered or failed) */
  delivered_on: Nullable(Timestamp),
  created_on: Timestamp,
});
export type Sms = Static<typeof Sms>;
export const SmsPayload = Type.Object({ sms: Sms });
export type SmsPayload = Static<typeof SmsPayload>;

/**
 * GET /sms/list of docs/spec.md §7, plus status. Text filters take * wildcards. `cursor` (the next_cursor
 * of the previous page) pages by key instead of by offset: any depth costs the same.
 */
export const SmsListQuery = ListQuery({
  company_uuid: Type.Optional(Uuid),
  user_name: Type.Optional(Search),
  user_email: Type.Optional(Search),
  /** the "Sent by" name: a user's, an API key's or an SMPP account's system_id (wildcards) */
  sent_by: Type.Optional(Search),
  sent_by_kind: Type.Optional(Type.Union(SENT_BY_KINDS.map((k) => Type.Literal(k)))),
  sms_uuid: Type.Optional(Uuid),
  dnis: Type.Optional(Search),
  ani: Type.Optional(Search),
  is_received: Type.Optional(Bool),
  recipient_uuid: Type.Optional(Uuid),
  recipient_number: Type.Optional(Search),
  text: Type.Optional(Search),
  status: Type.Optional(SmsStatus),
  created_on_gte: Type.Optional(Timestamp),
  created_on_lte: Type.Optional(Timestamp),
  cursor: Type.Optional(Type.String({ maxLength: 120 })),
  /** csv: every message of the filters, streamed (the SMS log screens' Export CSV); paging is ignored */
  format: Type.Optional(Type.Union([Type.Literal('json'), Type.Literal('csv')])),
});
export type SmsListQuery = Static<typeof SmsListQuery>;

/**
 * A page of messages. `total` is exact up to SMS_COUNT_CAP; beyond it the count stops there and
 * total_capped is true (counting a million rows on every page would cost more than the page).
 * `next_cursor` continues after the last item (null on the last page).
 */
export const SmsPage = Type.Object({
  items: Type.Array(Sms),
  total: Type.Integer({ minimum: 0 }),
  per_page: Type.Integer({ minimum: 1 }),
  total_capped: Bool,
  next_cursor: Nullable(Type.String()),
});
export type SmsPage = Static<typeof SmsPage>;

/**
 * POST /sms. The numbers go as `ani`/`dnis` (the console's names) or `from`/`to`.
 * company_uuid: only the system admin and resellers, who send for one of their companies;
 * company roles always send for their own. send_at in the future stores the message as scheduled.
 */
export const SendSmsBody = Type.Object(
  {
    /** the sender number (or `from`, the name most SMS APIs use); one of the two is required */
    ani: Type.Optional(Number_),
    /** the recipient number (or `to`); one of the two is required */
    dnis: Type.Optional(Number_),
    /** the sender number, as `ani`: either name, not both with different numbers */
    from: Type.Optional(Number_),
    /** the recipient number, as `dnis`: either name, not both with different numbers */
    to: Type.Optional(Number_),
    text: MessageText({ minLength: 1, maxLength: SMS_TEXT_MAX }),
    recipient_uuid: Type.Optional(Uuid),
    sms_template_uuid: Type.Optional(Uuid),
    send_at: Type.Optional(Timestamp),
    company_uuid: Type.Optional(Uuid),
    /** values for the text's {placeholders}, beside the number and the recipient's name */
    values: Type.Optional(PlaceholderValues),
    /** this message's status changes are POSTed here, signed with the company's callback secret (docs/webhooks.md) */
    status_callback: Type.Optional(Type.String({ minLength: 8, maxLength: 500, pattern: '^https?://' })),
  },
  { additionalProperties: false },
);
export type SendSmsBody = Static<typeof SendSmsBody>;

/** PATCH /sms/{id}: a scheduled message's text or time, or cancelling it (status: 'cancelled'). */
export const SmsPatchBody = Type.Object(
  {
    text: Type.Optional(MessageText({ minLength: 1, maxLength: SMS_TEXT_MAX })),
    send_at: Type.Optional(Timestamp),
    status: Type.Optional(Type.Literal('cancelled')),
  },
  { additionalProperties: false },
);
export type SmsPatchBody = Static<typeof SmsPatchBody>;

/** POST /sms/quote: what the compose box shows before sending. Nothing is stored or charged. */
export const SmsQuoteBody = Type.Object(
  {
    text: Text({ maxLength: SMS_TEXT_MAX }),
    dnis: Type.Optional(Number_),
    /** the sender: with a dnis, the answer says whether its registration covers that destination */
    ani: Type.Optional(Type.String({ minLength: 1, maxLength: 24 })),
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type SmsQuoteBody = Static<typeof SmsQuoteBody>;

export const SmsQuote = Type.Object({
  segments: Type.Integer({ minimum: 0 }),
  encoding: SmsEncoding,
  characters: Type.Integer({ minimum: 0 }),
  /** characters left in the last part before another part starts */
  characters_left: Type.Integer({ minimum: 0 }),
  /** price of one part and of the whole message to dnis; null without a dnis or when it cannot be priced */
  unit_price: Nullable(Money),
  price: Nullable(Money),
  /** when that price is charged (on delivery, or once the carrier accepts it); null when not priced */
  charge_basis: Type.Optional(Nullable(ChargeBasis)),
  currency: Type.String(),
  /** why there is no price: bad_number, no_price, no_route (null when priced or no dnis given) */
  reason: Nullable(Type.String()),
  /** what the company can still spend */
  available: Nullable(Money),
  /** the sender's registration for the destination (docs/compliance.md); null without an ani and a valid dnis */
  registration: Type.Optional(Nullable(SenderRegistrationState)),
});
export type SmsQuote = Static<typeof SmsQuote>;

/**
 * GET log/report (outgoing) and log/mo_report (incoming) of docs/spec.md §7: a time window, paging by
 * `from` (offset) and `count` (page size, default 10), `order` (column) and `sort` (asc/desc).
 * Answers the same capped page as /sms/list.
 */
export const SmsLogQuery = Type.Object({
  start_time: Type.Optional(Timestamp),
  end_time: Type.Optional(Timestamp),
  from: Type.Optional(Type.Integer({ minimum: 0 })),
  count: Type.Optional(Type.Integer({ minimum: 1 })),
  dnis: Type.Optional(Search),
  dnis_prefix: Type.Optional(Type.String({ maxLength: 16, pattern: '^\\+?[0-9]*$' })),
  ani: Type.Optional(Search),
  sms_content: Type.Optional(Search),
  user_id: Type.Optional(Uuid),
  user_name: Type.Optional(Search),
  company_name: Type.Optional(Search),
  vendor_id: Type.Optional(Uuid),
  status: Type.Optional(SmsStatus),
  order: Type.Optional(Type.String({ maxLength: 32 })),
  sort: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
  cursor: Type.Optional(Type.String({ maxLength: 120 })),
});
export type SmsLogQuery = Static<typeof SmsLogQuery>;

export const SUPPRESSION_SOURCES = ['manual', 'stop'] as const;
export const SuppressedNumber = Type.Object({
  suppressed_number_uuid: Uuid,
  number: Type.String(),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  /** manual: added in the console; stop: the number texted STOP (UNSTOP/START removes it) */
  source: Type.Union(SUPPRESSION_SOURCES.map((s) => Type.Literal(s))),
  /** what it blocks (docs/opt-outs.md): one sender, every sender of the company, or its reseller's companies */
  scope: OptOutScopeSchema,
  /** the company's number a sender-scoped STOP was texted to ('' for the other scopes) */
  sender: Type.String(),
  created_on: Timestamp,
});
export type SuppressedNumber = Static<typeof SuppressedNumber>;
export const SuppressedNumberPayload = Type.Object({ suppressed_number: SuppressedNumber });
export type SuppressedNumberPayload = Static<typeof SuppressedNumberPayload>;

export const SuppressedNumberListQuery = ListQuery({
  number: Type.Optional(Search),
  company_uuid: Type.Optional(Uuid),
});
export type SuppressedNumberListQuery = Static<typeof SuppressedNumberListQuery>;

/** POST /suppressed_number. company_uuid: the system admin and resellers name the company. */
export const SuppressedNumberBody = Type.Object(
  {
    number: Number_,
    company_uuid: Type.Optional(Uuid),
    /** why (kept as the consent evidence's text) */
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SuppressedNumberBody = Static<typeof SuppressedNumberBody>;

/**
 * GET/PUT /opt_out_reply (an addition to the spec): the texts a company answers STOP and START with.
 * null means the platform's default, which the answer also carries so the console shows what is sent.
 */
export const OptOutReplyQuery = Type.Object({ company_uuid: Type.Optional(Uuid) }, { additionalProperties: false });
export type OptOutReplyQuery = Static<typeof OptOutReplyQuery>;
export const OptOutReplyBody = Type.Object(
  {
    company_uuid: Type.Optional(Uuid),
    stop_reply: Nullable(Text({ minLength: 1, maxLength: 320 })),
    start_reply: Nullable(Text({ minLength: 1, maxLength: 320 })),
  },
  { additionalProperties: false },
);
export type OptOutReplyBody = Static<typeof OptOutReplyBody>;
export const OptOutReply = Type.Object({
  company_uuid: Uuid,
  stop_reply: Nullable(Type.String()),
  start_reply: Nullable(Type.String()),
  default_stop_reply: Type.String(),
  default_start_reply: Type.String(),
});
export type OptOutReply = Static<typeof OptOutReply>;
export const OptOutReplyPayload = Type.Object({ opt_out_reply: OptOutReply });
export type OptOutReplyPayload = Static<typeof OptOutReplyPayload>;

/**
 * Inbound gateway calls (Kannel's dlr-url and sms-service get-url shapes), authenticated by the
 * shared gateway secret (`secret` in the query, or the X-Gateway-Secret header).
 * DLR type: 1 delivered, 2 failed (undelivered), 4 buffered, 8 SMSC accepted, 16 SMSC rejected.
 */
export const GatewayDlrQuery = Type.Object({
  secret: Type.Optional(Type.String({ maxLength: 200 })),
  id: Uuid,
  type: Type.Integer({ minimum: 0, maximum: 64 }),
  smsc: Type.Optional(Type.String({ maxLength: 64 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  reply: Type.Optional(Type.String({ maxLength: 400 })),
  time: Type.Optional(Type.String({ maxLength: 40 })),
});
export type GatewayDlrQuery = Static<typeof GatewayDlrQuery>;

export const GatewayMoQuery = Type.Object({
  secret: Type.Optional(Type.String({ maxLength: 200 })),
  from: Number_,
  to: Number_,
  text: Text({ maxLength: 2000 }),
  smsc: Type.Optional(Type.String({ maxLength: 64 })),
  id: Type.Optional(Type.String({ maxLength: 100 })),
  time: Type.Optional(Type.String({ maxLength: 40 })),
});
export type GatewayMoQuery = Static<typeof GatewayMoQuery>;

export const GatewayAck = Type.Object({ ok: Bool, status: Type.Optional(SmsStatus), duplicate: Type.Optional(Bool) });
export type GatewayAck = Static<typeof GatewayAck>;
