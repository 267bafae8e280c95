import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from './common';
import { SmsStatus } from './messaging';
import { MessageLookup } from './number-lookup';

export const SMS_EVENT_KINDS = [
  'accepted',
  'looked_up',
  'priced',
  'routed',
  'held',
  'blocked',
  'submitted',
  'receipt',
  'charged',
  'refunded',
  'released',
  'cancelled',
] as const;
export type SmsEventKind = (typeof SMS_EVENT_KINDS)[number];

const Money = Type.String({ pattern: '^-?\\d+\\.\\d{2,6}$' });

/** One step of a message's story; the fields a step does not have are null. */
export const SmsEvent = Type.Object({
  kind: Type.Union(SMS_EVENT_KINDS.map((k) => Type.Literal(k))),
  at: Nullable(Type.String({ format: 'date-time' })),
  /** the step in words */
  summary: Type.String(),
  parts: Nullable(Type.Integer()),
  unit_price: Nullable(Money),
  amount: Nullable(Money),
  currency: Nullable(Type.String()),
  /** admins and resellers only */
  vendor: Nullable(Type.String()),
  route: Nullable(Type.String()),
  gateway_id: Nullable(Type.String()),
  /** a receipt's status as the SMSC reported it and its error code */
  raw_status: Nullable(Type.String()),
  error_code: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});
export type SmsEvent = Static<typeof SmsEvent>;

/** GET /sms/{id}/events: the steps in order and the one final state of the message across its parts. */
export const SmsEvents = Type.Object({
  sms_uuid: Type.String(),
  status: SmsStatus,
  final: Type.Boolean(),
  events: Type.Array(SmsEvent),
  /** the number lookup the message was routed with (a product with number lookup on); null when none was made */
  lookup: Type.Optional(Nullable(MessageLookup)),
});
export type SmsEvents = Static<typeof SmsEvents>;
