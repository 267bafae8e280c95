import { Type, type Static } from '@sinclair/typebox';

/**
 * The mails a reseller can word for its companies (docs/spec.md §2 /reseller/mail-template: registration,
 * template; default template). Without the reseller's own wording the system default is sent.
 */
export const MAIL_TEMPLATE_KINDS = [
  'registration',
  'password_reset',
  'low_balance',
  'invoice',
  'price_notice',
  'template_review',
] as const;
export const MailTemplateKind = Type.Union(MAIL_TEMPLATE_KINDS.map((k) => Type.Literal(k)));
export type MailTemplateKind = Static<typeof MailTemplateKind>;

export const MailTemplateKindParam = Type.Object({ kind: MailTemplateKind });

export const MailTemplateBody = Type.Object(
  {
    subject: Type.String({ minLength: 1, maxLength: 200 }),
    body: Type.String({ minLength: 1, maxLength: 5000 }),
  },
  { additionalProperties: false },
);
export type MailTemplateBody = Static<typeof MailTemplateBody>;

export const MailTemplate = Type.Object({
  kind: MailTemplateKind,
  subject: Type.String(),
  body: Type.String(),
  /** true while the system's default wording is sent (the reseller saved none, or went back to it) */
  is_default: Type.Boolean(),
  /** the {{placeholders}} this mail may use */
  placeholders: Type.Array(Type.String()),
  updated_on: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type MailTemplate = Static<typeof MailTemplate>;

export const MailTemplateList = Type.Object({ items: Type.Array(MailTemplate) });
export type MailTemplateList = Static<typeof MailTemplateList>;

/** A template rendered with sample values, as the mail would read. */
export const MailPreview = Type.Object({ subject: Type.String(), body: Type.String() });
export type MailPreview = Static<typeof MailPreview>;
