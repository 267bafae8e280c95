import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { MessageText, Text } from './storable-text';

// Message content of docs/spec.md §7: SMS templates (with an approval step) and recipients.
const Timestamp = Type.String({ format: 'date-time' });

/** A template's text is one message: the same ceiling as POST /sms text. */
export const TEMPLATE_TEXT_MAX = 1600;
export const TEMPLATE_NAME_MAX = 100;
export const RECIPIENT_NAME_MAX = 100;

export const TEMPLATE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TemplateStatus = (typeof TEMPLATE_STATUSES)[number];
export const TemplateStatusSchema = Type.Union([
  Type.Literal('pending'),
  Type.Literal('approved'),
  Type.Literal('rejected'),
]);

/** Spec §3 "Template: id, template_name, status, created_on"; the rest says whose it is and why it was refused. */
export const SmsTemplate = Type.Object({
  id: Uuid,
  template_name: Type.String(),
  text: Type.String(),
  status: TemplateStatusSchema,
  reject_reason: Nullable(Type.String()),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  reviewed_on: Nullable(Timestamp),
  created_on: Timestamp,
  updated_on: Timestamp,
});
export type SmsTemplate = Static<typeof SmsTemplate>;
export const SmsTemplatePayload = Type.Object({ sms_template: SmsTemplate });
export type SmsTemplatePayload = Static<typeof SmsTemplatePayload>;

/** Spec §7: page, per_page, template_name, status (with 'all'), created_on_gt. */
export const SmsTemplateListQuery = ListQuery({
  template_name: Type.Optional(Type.String({ maxLength: TEMPLATE_NAME_MAX + 2 })),
  status: Type.Optional(Type.Union([TemplateStatusSchema, Type.Literal('all')])),
  created_on_gt: Type.Optional(Timestamp),
  company_uuid: Type.Optional(Uuid),
});
export type SmsTemplateListQuery = Static<typeof SmsTemplateListQuery>;

export const SmsTemplateCreateBody = Type.Object({
  template_name: Text({ minLength: 1, maxLength: TEMPLATE_NAME_MAX }),
  text: MessageText({ minLength: 1, maxLength: TEMPLATE_TEXT_MAX }),
  /** the system admin or a reseller names the company; a company admin's template is its own company's */
  company_uuid: Type.Optional(Uuid),
});
export type SmsTemplateCreateBody = Static<typeof SmsTemplateCreateBody>;
export const SmsTemplatePatchBody = Type.Partial(Type.Omit(SmsTemplateCreateBody, ['company_uuid']), {
  minProperties: 1,
});
export type SmsTemplatePatchBody = Static<typeof SmsTemplatePatchBody>;
export const SmsTemplateRejectBody = Type.Object({ reason: Type.Optional(Text({ maxLength: 500 })) });
export type SmsTemplateRejectBody = Static<typeof SmsTemplateRejectBody>;

export const Recipient = Type.Object({
  recipient_uuid: Uuid,
  recipient_name: Type.String(),
  /** E.164 */
  number: Type.String(),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  created_on: Timestamp,
});
export type Recipient = Static<typeof Recipient>;
export const RecipientPayload = Type.Object({ recipient: Recipient });
export type RecipientPayload = Static<typeof RecipientPayload>;

/** Spec §7: page, recipient_name, per_page; number and company_uuid narrow it further. */
export const RecipientListQuery = ListQuery({
  recipient_name: Type.Optional(Type.String({ maxLength: RECIPIENT_NAME_MAX + 2 })),
  number: Type.Optional(Type.String({ maxLength: 40 })),
  company_uuid: Type.Optional(Uuid),
});
export type RecipientListQuery = Static<typeof RecipientListQuery>;

/** A number as typed by a person: digits with optional +, spaces, dashes, dots, brackets. */
const NumberInput = Type.String({ minLength: 3, maxLength: 24, pattern: '^[+0-9 ().-]+$' });
export const RecipientCreateBody = Type.Object({
  recipient_name: Text({ minLength: 1, maxLength: RECIPIENT_NAME_MAX }),
  number: NumberInput,
  company_uuid: Type.Optional(Uuid),
});
export type RecipientCreateBody = Static<typeof RecipientCreateBody>;
export const RecipientPatchBody = Type.Partial(Type.Omit(RecipientCreateBody, ['company_uuid']), { minProperties: 1 });
export type RecipientPatchBody = Static<typeof RecipientPatchBody>;

/** JSON form of POST /recipient/import (a multipart upload in the field `file` is the other form). */
export const RecipientImportBody = Type.Object({
  csv: Type.String({ minLength: 1, maxLength: 1_000_000 }),
  company_uuid: Type.Optional(Uuid),
});
export type RecipientImportBody = Static<typeof RecipientImportBody>;
/** Every line of the file, imported; a file with a bad line answers 400 naming the lines and imports nothing. */
export const RecipientImportResult = Type.Object({
  imported: Type.Integer(),
  lines: Type.Array(Type.Object({ line: Type.Integer(), recipient_uuid: Uuid, number: Type.String() })),
});
export type RecipientImportResult = Static<typeof RecipientImportResult>;
export const RECIPIENT_CSV_COLUMNS = ['recipient_name', 'number'] as const;
