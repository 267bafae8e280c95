// Issue 52 item 5: privacy requests about one phone number: an export of everything held about it, and its
// erasure (message bodies blanked, the number replaced by a token), each kept as a request record that holds
// neither the number nor anything said to it (docs/privacy.md).
import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable } from './common';

const Phone = Type.String({
  minLength: 4,
  maxLength: 32,
  description: 'the phone number the request is about, in international form (+34600123456)',
});
const Company = Type.String({
  format: 'uuid',
  description: 'limit the request to one company you reach (company admins: always their own)',
});

/** POST /privacy/export */
export const PrivacyExportBody = Type.Object({
  number: Phone,
  company_uuid: Type.Optional(Company),
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'who asked and how (kept on the record)' }),
});
export type PrivacyExportBody = Static<typeof PrivacyExportBody>;

/** POST /privacy/erase */
export const PrivacyEraseBody = Type.Object({
  number: Phone,
  company_uuid: Type.Optional(Company),
  reason: Type.String({ minLength: 1, maxLength: 500, description: 'who asked and how (kept on the record)' }),
  block_future: Type.Boolean({
    description:
      'send nothing to this number again in the same reach; a number that had opted out is blocked either way',
  }),
});
export type PrivacyEraseBody = Static<typeof PrivacyEraseBody>;

export const PrivacyKind = Type.Union([Type.Literal('export'), Type.Literal('erase')]);
export type PrivacyKind = Static<typeof PrivacyKind>;

export const PrivacyRequest = Type.Object({
  privacy_request_uuid: Type.String(),
  kind: PrivacyKind,
  /** the number's last three digits ("•••456"); the number itself is not kept */
  number_hint: Type.String(),
  company_uuid: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  reason: Type.String(),
  block_future: Type.Boolean(),
  /** rows found (export) or changed (erase), by section */
  counts: Type.Record(Type.String(), Type.Integer()),
  requested_by_email: Nullable(Type.String()),
  created_on: Type.String({ format: 'date-time' }),
});
export type PrivacyRequest = Static<typeof PrivacyRequest>;

/** What an export answers: the request's record and each section's rows. */
export const PrivacyExport = Type.Object({
  number: Type.String(),
  generated_on: Type.String({ format: 'date-time' }),
  request: PrivacyRequest,
  sections: Type.Record(Type.String(), Type.Array(Type.Unknown())),
});
export type PrivacyExport = Static<typeof PrivacyExport>;

export const PrivacyRequestListQuery = ListQuery({
  kind: Type.Optional(PrivacyKind),
  company_uuid: Type.Optional(Type.String({ format: 'uuid' })),
});
export type PrivacyRequestListQuery = Static<typeof PrivacyRequestListQuery>;
