import { Type, type Static } from '@sinclair/typebox';

// The Twilio-compatible Messages resource (docs/twilio-compat.md): Twilio's paths, form fields, JSON field names,
// status values and error shape, so a program written against Twilio's helper libraries moves by changing the
// base URL and the credentials. Its fields keep Twilio's spelling (To, From, num_segments...) on purpose.

/** Twilio's API version, the first segment of its paths. */
export const TWILIO_API_VERSION = '2010-04-01';

/** A company's Twilio-style Account SID: `AC` and its uuid without dashes (the server and the API keys screen). */
export const twilioAccountSid = (company_uuid: string) => `AC${company_uuid.replace(/-/g, '').toLowerCase()}`;

/** Twilio's message states; ours map onto them (apps/api/src/twilio-compat/status.ts). */
export const TWILIO_STATUSES = [
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'canceled',
  'received',
] as const;
export type TwilioStatus = (typeof TWILIO_STATUSES)[number];

/** A company's id as a Twilio Account SID: `AC` and the company uuid's 32 hex digits. */
const AccountSid = Type.String({
  pattern: '^AC[0-9a-fA-F]{32}$',
  description: "AC and the company id's 32 hex digits",
});
/** A message's id as a Twilio Message SID: `SM` and the message uuid's 32 hex digits. */
const MessageSid = Type.String({
  pattern: '^SM[0-9a-fA-F]{32}$',
  description: "SM and the message id's 32 hex digits",
});

export const TwilioAccountParams = Type.Object({ AccountSid });
export const TwilioMessageParams = Type.Object({ AccountSid, Sid: MessageSid });

/** The form a Twilio client posts (application/x-www-form-urlencoded); fields we do not use are accepted and ignored. */
export const TwilioCreateMessageBody = Type.Object(
  {
    To: Type.String({ minLength: 1, maxLength: 40, description: 'The destination number, E.164 (+14155550100)' }),
    From: Type.String({
      minLength: 1,
      maxLength: 40,
      description: 'The sender: a number or an alphanumeric sender id',
    }),
    Body: Type.String({ minLength: 1, maxLength: 670, description: 'The text: up to 10 parts (670 UCS-2 characters)' }),
    StatusCallback: Type.Optional(
      Type.String({
        minLength: 8,
        maxLength: 500,
        pattern: '^https?://',
        description: "Posted Twilio's status form fields on each status change of the message",
      }),
    ),
    MessagingServiceSid: Type.Optional(Type.String({ maxLength: 64, description: 'Accepted and ignored' })),
  },
  { additionalProperties: true },
);
export type TwilioCreateMessageBody = Static<typeof TwilioCreateMessageBody>;

export const TwilioListQuery = Type.Object(
  {
    To: Type.Optional(Type.String({ maxLength: 40 })),
    From: Type.Optional(Type.String({ maxLength: 40 })),
    PageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 50 })),
    Page: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000, default: 0 })),
    PageToken: Type.Optional(Type.String({ maxLength: 200, description: 'Accepted for compatibility; Page pages' })),
  },
  { additionalProperties: true },
);
export type TwilioListQuery = Static<typeof TwilioListQuery>;

const Rfc2822 = Type.Union([
  Type.String({ description: 'RFC 2822, e.g. Sun, 06 Dec 2026 20:41:37 +0000' }),
  Type.Null(),
]);

export const TwilioMessage = Type.Object({
  sid: Type.String(),
  account_sid: Type.String(),
  api_version: Type.String(),
  messaging_service_sid: Type.Null(),
  to: Type.String(),
  from: Type.String(),
  body: Type.String(),
  status: Type.Union(TWILIO_STATUSES.map((s) => Type.Literal(s))),
  direction: Type.Union([Type.Literal('outbound-api'), Type.Literal('inbound')]),
  num_segments: Type.String(),
  num_media: Type.String(),
  price: Type.Union([Type.String({ description: 'Negative, as Twilio writes a charge: "-0.00750"' }), Type.Null()]),
  price_unit: Type.String(),
  error_code: Type.Union([Type.Integer(), Type.Null()]),
  error_message: Type.Union([Type.String(), Type.Null()]),
  date_created: Rfc2822,
  date_updated: Rfc2822,
  date_sent: Rfc2822,
  uri: Type.String(),
  subresource_uris: Type.Object({ media: Type.String() }),
});
export type TwilioMessage = Static<typeof TwilioMessage>;

export const TwilioMessagePage = Type.Object({
  messages: Type.Array(TwilioMessage),
  page: Type.Integer(),
  page_size: Type.Integer(),
  start: Type.Integer(),
  end: Type.Integer(),
  uri: Type.String(),
  first_page_uri: Type.String(),
  next_page_uri: Type.Union([Type.String(), Type.Null()]),
  previous_page_uri: Type.Union([Type.String(), Type.Null()]),
});
export type TwilioMessagePage = Static<typeof TwilioMessagePage>;

/** Twilio's error answer (this resource only; the rest of the API answers problems). */
export const TwilioError = Type.Object({
  code: Type.Integer({
    description: "Twilio's error code (20003 authenticate, 21211 invalid To, 21604 To required...)",
  }),
  message: Type.String(),
  more_info: Type.String(),
  status: Type.Integer(),
});
export type TwilioError = Static<typeof TwilioError>;
