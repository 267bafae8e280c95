import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { PhoneInput } from './numbers';

// The rest of docs/spec.md §7 "Numbers": call flows, the import log with the Kannel import, DID webhooks.
const Timestamp = Type.String({ format: 'date-time' });

/** What happens to a call to the number: forwarded, taken as voicemail sent by e-mail, or hung up after a message. */
export const CALL_FLOW_ACTIONS = ['forward', 'voicemail', 'hangup'] as const;
export const CallFlowAction = Type.Union(CALL_FLOW_ACTIONS.map((a) => Type.Literal(a)));
export type CallFlowAction = Static<typeof CallFlowAction>;

export const CallWorkflowBody = Type.Object({
  /** the number (any common spelling) or its did_uuid */
  did: Type.String({ minLength: 7, maxLength: 40 }),
  action: CallFlowAction,
  forward_to: Type.Optional(Nullable(PhoneInput)),
  email: Type.Optional(Nullable(Type.String({ format: 'email', maxLength: 254 }))),
  message: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  /** seconds to ring before voicemail or a forward gives up */
  ring_seconds: Type.Optional(Type.Integer({ minimum: 5, maximum: 120 })),
});
export type CallWorkflowBody = Static<typeof CallWorkflowBody>;

export const CallWorkflow = Type.Object({
  did_uuid: Uuid,
  did: Type.String(),
  action: CallFlowAction,
  forward_to: Nullable(Type.String()),
  email: Nullable(Type.String()),
  message: Nullable(Type.String()),
  ring_seconds: Type.Integer(),
  updated_on: Timestamp,
});
export type CallWorkflow = Static<typeof CallWorkflow>;
export const CallWorkflowPayload = Type.Object({ call_workflow: CallWorkflow });
export type CallWorkflowPayload = Static<typeof CallWorkflowPayload>;

/** POST /did/kannel/import: numbers carried by one Kannel SMSC link (its smsc-id), same CSV as /did/import. */
export const DidKannelImportBody = Type.Object({
  csv: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  smsc_id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' }),
  file_name: Type.Optional(Type.String({ maxLength: 200 })),
  reseller_uuid: Type.Optional(Nullable(Uuid)),
  vendor_uuid: Type.Optional(Nullable(Uuid)),
});
export type DidKannelImportBody = Static<typeof DidKannelImportBody>;

export const DID_IMPORT_SOURCES = ['csv', 'kannel'] as const;
export const DidImportLogEntry = Type.Object({
  import_uuid: Uuid,
  source: Type.Union(DID_IMPORT_SOURCES.map((s) => Type.Literal(s))),
  smsc_id: Nullable(Type.String()),
  file_name: Nullable(Type.String()),
  ok: Type.Boolean(),
  lines: Type.Integer(),
  imported: Type.Integer(),
  message: Type.String(),
  user_name: Nullable(Type.String()),
  reseller_name: Nullable(Type.String()),
  created_on: Timestamp,
});
export type DidImportLogEntry = Static<typeof DidImportLogEntry>;
export const DidImportLogQuery = ListQuery({
  source: Type.Optional(Type.Union(DID_IMPORT_SOURCES.map((s) => Type.Literal(s)))),
  ok: Type.Optional(Type.Boolean()),
});
export type DidImportLogQuery = Static<typeof DidImportLogQuery>;

/**
 * A number's webhook: every incoming message on it is POSTed, signed, to the url. Its delivery log is
 * CompanyWebhookAttempts and its test answer CompanyWebhookTestResult: one webhook system (docs/webhooks.md).
 */
export const DidWebhook = Type.Object({
  webhook_uuid: Uuid,
  did_uuid: Uuid,
  did: Type.String(),
  url: Type.String(),
  is_active: Type.Boolean(),
  /** shown in full only in the answer that creates or rotates it */
  secret_hint: Type.String(),
  last_status: Nullable(Type.String()),
  last_delivery_on: Nullable(Timestamp),
  created_on: Timestamp,
});
export type DidWebhook = Static<typeof DidWebhook>;
const WebhookUrl = Type.String({ minLength: 8, maxLength: 500, pattern: '^https?://' });
export const DidWebhookCreateBody = Type.Object({
  did: Type.String({ minLength: 7, maxLength: 40 }),
  url: WebhookUrl,
  is_active: Type.Optional(Type.Boolean()),
});
export type DidWebhookCreateBody = Static<typeof DidWebhookCreateBody>;
export const DidWebhookPatchBody = Type.Object(
  {
    url: Type.Optional(WebhookUrl),
    is_active: Type.Optional(Type.Boolean()),
    rotate_secret: Type.Optional(Type.Boolean()),
  },
  { minProperties: 1 },
);
export type DidWebhookPatchBody = Static<typeof DidWebhookPatchBody>;
export const DidWebhookPayload = Type.Object({ webhook: DidWebhook, secret: Type.Optional(Type.String()) });
export type DidWebhookPayload = Static<typeof DidWebhookPayload>;
export const DidWebhookListQuery = ListQuery({
  did: Type.Optional(Type.String({ maxLength: 40 })),
  did_uuid: Type.Optional(Uuid),
});
export type DidWebhookListQuery = Static<typeof DidWebhookListQuery>;
