import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable, Uuid } from './common';
import { BlockReason } from './messaging';

// What a company webhook receives (docs/webhooks.md): one event per POST in the Standard Webhooks shape, signed
// with the webhook-id, webhook-timestamp and webhook-signature headers. The OpenAPI document's `webhooks` are
// built from these (apps/api/src/plugins/openapi.ts).

const Timestamp = Type.String({ format: 'date-time' });
const Phone = Type.String({ description: 'E.164, e.g. +14155550171' });

const event = <T extends TSchema>(type: string, data: T, description: string) =>
  Type.Object({ type: Type.Literal(type), timestamp: Timestamp, data }, { title: `${type} event`, description });

export const MessageStatusData = Type.Object({
  sms_uuid: Uuid,
  status: Type.String({ description: 'scheduled, queued, sent, delivered, undelivered, failed, blocked or cancelled' }),
  previous_status: Type.Optional(Type.String({ description: 'absent on the first state' })),
  from: Phone,
  to: Phone,
  segments: Type.Integer({ minimum: 1 }),
  status_message: Type.Optional(Nullable(Type.String())),
  bulk_uuid: Type.Optional(Nullable(Uuid)),
  block_reason: Type.Optional(BlockReason),
  block_reason_words: Type.Optional(Type.String()),
});

export const MessageReceivedData = Type.Object({
  sms_uuid: Uuid,
  status: Type.Literal('received'),
  from: Phone,
  to: Phone,
  text: Type.String(),
  segments: Type.Integer({ minimum: 1 }),
});

export const BalanceLowData = Type.Object({
  balance: Type.String({ description: 'decimal, in the currency' }),
  threshold: Type.String({ description: "the company's alert level" }),
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  at: Timestamp,
});

export const WebhookTestData = Type.Object({ message: Type.String(), webhook_uuid: Uuid });

export const MessageStatusEvent = event(
  'message.status',
  MessageStatusData,
  'Every state a message of the company takes.',
);
export const MessageReceivedEvent = event(
  'message.received',
  MessageReceivedData,
  "An incoming message to one of the company's numbers.",
);
export const BalanceLowEvent = event(
  'balance.low',
  BalanceLowData,
  "The company's balance fell below its alert threshold.",
);
export const WebhookTestEvent = event(
  'webhook.test',
  WebhookTestData,
  'Sent by "Send test event" (POST /webhook/{id}/test) to that webhook only.',
);

/** A webhook that takes batches gets up to 100 of its events in one signed envelope; each keeps its own id. */
export const WebhookBatchEvent = event(
  'webhook.batch',
  Type.Object({
    events: Type.Array(
      Type.Intersect([
        Type.Object({ id: Type.String({ description: "the event's own webhook-id: deduplicate by it" }) }),
        Type.Union([MessageStatusEvent, MessageReceivedEvent, BalanceLowEvent]),
      ]),
      { minItems: 1, maxItems: 100 },
    ),
  }),
  'Events of a webhook with batched delivery, in the order they happened.',
);

/** Every webhook event, by its `type`. */
export const WEBHOOK_EVENT_SCHEMAS = {
  'message.status': MessageStatusEvent,
  'message.received': MessageReceivedEvent,
  'balance.low': BalanceLowEvent,
  'webhook.test': WebhookTestEvent,
  'webhook.batch': WebhookBatchEvent,
} as const;
export type MessageStatusEvent = Static<typeof MessageStatusEvent>;
