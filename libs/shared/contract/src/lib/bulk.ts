import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { PlaceholderValues } from './storable-text';

/** A bulk job's life: scheduled (send_at ahead) → running ⇄ held → finished, or stopped for good. */
export const BULK_STATUSES = ['scheduled', 'running', 'held', 'stopped', 'finished'] as const;
export type BulkStatus = (typeof BULK_STATUSES)[number];
/** A number's state in the report: pending (not handed to the pipeline yet) or its message's status. */
export const BULK_ROUTE_STATUSES = [
  'pending',
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'blocked',
  'cancelled',
] as const;
export type BulkRouteStatus = (typeof BULK_ROUTE_STATUSES)[number];
export const BULK_TEXT_MAX = 1600;
export const BULK_MAX_RECIPIENTS = 100_000;

const Text = Type.String({ minLength: 1, maxLength: BULK_TEXT_MAX, pattern: '\\S' });
const SendAt = Type.Optional(Nullable(Type.String({ format: 'date-time' })));

/** POST /bulk as JSON: numbers pasted, or a CSV (header `number` plus any columns for {placeholders}). */
export const BulkCreateBody = Type.Object(
  {
    ani: Type.String({ minLength: 1, maxLength: 32 }),
    text: Text,
    numbers: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: BULK_MAX_RECIPIENTS })),
    csv: Type.Optional(Type.String({ maxLength: 8_000_000 })),
    send_at: SendAt,
    company_uuid: Type.Optional(Uuid),
    /** values for placeholders that no CSV column (or, for typed numbers, only {number}) fills */
    values: Type.Optional(PlaceholderValues),
  },
  { additionalProperties: false },
);
export type BulkCreateBody = Static<typeof BulkCreateBody>;

export const BulkCreated = Type.Object({
  bulk_uuid: Uuid,
  total: Type.Integer(),
  duplicates: Type.Integer(),
  status: Type.String(),
});
export type BulkCreated = Static<typeof BulkCreated>;

/**
 * A job's numbers by state, each the same count its report's route_status filter finds:
 * left (pending or queued) + awaiting (sent) + delivered + undelivered + failed + blocked + cancelled = total.
 * sent = handed over to the gateway (awaiting + delivered + undelivered).
 */
export const BulkProgress = Type.Object({
  total: Type.Integer(),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  left: Type.Integer(),
  awaiting: Type.Integer(),
  undelivered: Type.Integer(),
  blocked: Type.Integer(),
  cancelled: Type.Integer(),
  status: Type.String(),
});
export type BulkProgress = Static<typeof BulkProgress>;

export const Bulk = Type.Object({
  bulk_uuid: Uuid,
  kind: Type.String(),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  user_uuid: Nullable(Uuid),
  ani: Nullable(Type.String()),
  ani_group_uuid: Nullable(Uuid),
  text: Type.String(),
  status: Type.String(),
  /** why a held job holds when it held itself: 'balance' (it goes on after a top-up); null for a hold by hand */
  hold_reason: Nullable(Type.String()),
  file_name: Nullable(Type.String()),
  campaign_uuid: Nullable(Uuid),
  send_at: Nullable(Type.String({ format: 'date-time' })),
  started_at: Nullable(Type.String({ format: 'date-time' })),
  finished_at: Nullable(Type.String({ format: 'date-time' })),
  created_on: Type.String({ format: 'date-time' }),
  progress: BulkProgress,
});
export type Bulk = Static<typeof Bulk>;

export const BulkListQuery = ListQuery({
  status: Type.Optional(Type.Union(BULK_STATUSES.map((s) => Type.Literal(s)))),
  company_uuid: Type.Optional(Uuid),
});
export type BulkListQuery = Static<typeof BulkListQuery>;

export const BulkReportQuery = ListQuery({
  route_status: Type.Optional(Type.Union(BULK_ROUTE_STATUSES.map((s) => Type.Literal(s)))),
});
export type BulkReportQuery = Static<typeof BulkReportQuery>;

export const BulkReportRow = Type.Object({
  seq: Type.Integer(),
  number: Type.String(),
  route_status: Type.String(),
  text: Nullable(Type.String()),
  sms_uuid: Nullable(Uuid),
  status_message: Nullable(Type.String()),
  sent_on: Nullable(Type.String({ format: 'date-time' })),
});
export type BulkReportRow = Static<typeof BulkReportRow>;

export const BulkReport = Type.Object({
  bulk: Bulk,
  items: Type.Array(BulkReportRow),
  total: Type.Integer(),
  per_page: Type.Integer(),
});
export type BulkReport = Static<typeof BulkReport>;

/** POST /bulk_sms_delayed as JSON (the upload form sends the same fields as multipart with the CSV in "file"). */
export const BulkDelayedBody = Type.Object(
  {
    ani: Type.String({ minLength: 1, maxLength: 32 }),
    text: Text,
    csv: Type.String({ minLength: 1, maxLength: 8_000_000 }),
    file_name: Type.Optional(Type.String({ maxLength: 255 })),
    send_at: SendAt,
    company_uuid: Type.Optional(Uuid),
    /** values for placeholders that no CSV column (or, for typed numbers, only {number}) fills */
    values: Type.Optional(PlaceholderValues),
  },
  { additionalProperties: false },
);
export type BulkDelayedBody = Static<typeof BulkDelayedBody>;

/** POST /bulk_sms: a workflow sent as a file upload (multipart with the CSV in "file", or JSON with csv); it sends at once. */
export const BulkUploadBody = BulkDelayedBody;
export type BulkUploadBody = BulkDelayedBody;

export const BulkActionResult = Type.Object({ message: Type.String(), status: Type.String() });
export type BulkActionResult = Static<typeof BulkActionResult>;

/** POST /bulk/estimate: what a bulk would cost before it is sent (the body of POST /bulk without send_at). */
export const BulkEstimateBody = Type.Object(
  {
    ani: Type.String({ minLength: 1, maxLength: 32 }),
    text: Text,
    numbers: Type.Optional(Type.Array(Type.String({ maxLength: 40 }), { maxItems: BULK_MAX_RECIPIENTS })),
    csv: Type.Optional(Type.String({ maxLength: 8_000_000 })),
    company_uuid: Type.Optional(Uuid),
    values: Type.Optional(PlaceholderValues),
  },
  { additionalProperties: false },
);
export type BulkEstimateBody = Static<typeof BulkEstimateBody>;

const EstimateMoney = Type.String({ pattern: '^-?\\d+\\.\\d{2,6}$' });
/** Why some numbers of a bulk would not go out, with how many. */
export const BulkEstimateRefusal = Type.Object({
  reason: Type.String(),
  count: Type.Integer({ minimum: 0 }),
  /** the first such message's words */
  message: Type.String(),
});
export const BulkEstimate = Type.Object({
  /** distinct numbers (duplicates dropped as POST /bulk drops them) */
  total: Type.Integer({ minimum: 0 }),
  duplicates: Type.Integer({ minimum: 0 }),
  /** messages that would go out and be charged, and their parts (placeholders can make some longer) */
  messages: Type.Integer({ minimum: 0 }),
  parts: Type.Integer({ minimum: 0 }),
  /** parts of the text as typed (before placeholders are filled) */
  parts_per_message: Type.Integer({ minimum: 0 }),
  encoding: Type.String(),
  cost: EstimateMoney,
  available: EstimateMoney,
  currency: Type.String(),
  /** the balance covers the whole cost now */
  covered: Type.Boolean(),
  refused: Type.Array(BulkEstimateRefusal),
});
export type BulkEstimate = Static<typeof BulkEstimate>;
