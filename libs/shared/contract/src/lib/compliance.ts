import { Type, type Static } from '@sinclair/typebox';
import { ListPage, ListQuery, Nullable, Uuid } from './common';
import { Text } from './storable-text';
import { FILING_KINDS, FILING_STATUSES } from './compliance-constants';

export * from './compliance-constants';

// Sender registrations (docs/compliance.md): US 10DLC brands and campaigns, toll-free verifications and
// alphanumeric sender IDs per country, filed by or for a company and reviewed by a registry (the built-in
// simulator unless an adapter is configured) or, for some countries' sender IDs, by the platform itself.

const Timestamp = Type.String({ format: 'date-time' });

export const FilingKind = Type.Union(FILING_KINDS.map((k) => Type.Literal(k)));
export type FilingKind = Static<typeof FilingKind>;
export const FilingStatus = Type.Union(FILING_STATUSES.map((k) => Type.Literal(k)));
export type FilingStatus = Static<typeof FilingStatus>;

/** The fields a filing's kind asks for (the engine says which are required for each kind); `str` checks input. */
const detailsOf = (str: (o: { maxLength: number }) => ReturnType<typeof Type.String>) =>
  Type.Object(
    {
      legal_name: Type.Optional(str({ maxLength: 200 })),
      tax_id: Type.Optional(str({ maxLength: 40 })),
      website: Type.Optional(str({ maxLength: 200 })),
      vertical: Type.Optional(str({ maxLength: 200 })),
      contact_email: Type.Optional(str({ maxLength: 200 })),
      use_case: Type.Optional(str({ maxLength: 200 })),
      description: Type.Optional(str({ maxLength: 2000 })),
      sample_messages: Type.Optional(Type.Array(str({ maxLength: 320 }), { maxItems: 5 })),
      opt_in_flow: Type.Optional(str({ maxLength: 2000 })),
      monthly_volume: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
      /** a country's own fields (sender IDs), keyed as the country's requirements name them */
      country_fields: Type.Optional(Type.Record(Type.String({ maxLength: 40 }), str({ maxLength: 200 }))),
      /** a reference (number, link, file name) for each document the country asks for, keyed by its name */
      documents: Type.Optional(Type.Record(Type.String({ maxLength: 80 }), str({ maxLength: 300 }))),
    },
    { additionalProperties: false },
  );
export const FilingDetails = detailsOf((o) => Text(o));
/** the same fields in an answer (no input checks to serialize) */
const FilingDetailsOut = detailsOf((o) => Type.String(o));
export type FilingDetails = Static<typeof FilingDetails>;

export const FilingCreate = Type.Object(
  {
    kind: FilingKind,
    /** a company role files for its own company; the admin and a reseller name one */
    company_uuid: Type.Optional(Uuid),
    name: Text({ minLength: 1, maxLength: 120, pattern: '\\S' }),
    /** a 10DLC campaign's brand */
    brand_uuid: Type.Optional(Nullable(Uuid)),
    /** a sender ID's country (ISO 3166 alpha-2) */
    country: Type.Optional(Nullable(Type.String({ pattern: '^[A-Z]{2}$' }))),
    /** the alphanumeric sender ID itself */
    sender_id: Type.Optional(Nullable(Type.String({ pattern: '^[A-Za-z0-9 ]{3,11}$' }))),
    details: FilingDetails,
  },
  { additionalProperties: false },
);
export type FilingCreate = Static<typeof FilingCreate>;

export const FilingPatch = Type.Partial(Type.Omit(FilingCreate, ['kind', 'company_uuid']), {
  additionalProperties: false,
});
export type FilingPatch = Static<typeof FilingPatch>;

export const FilingEvent = Type.Object({
  status: Type.Union([FilingStatus, Type.Literal('edited'), Type.Literal('renewal_due')]),
  reason: Nullable(Type.String()),
  /** who: a user's email, or null for the registry or the platform's own jobs */
  actor: Nullable(Type.String()),
  at: Timestamp,
});
export type FilingEvent = Static<typeof FilingEvent>;

export const FilingNumber = Type.Object({ did_uuid: Uuid, did: Type.String() });
export type FilingNumber = Static<typeof FilingNumber>;

export const Filing = Type.Object({
  filing_uuid: Uuid,
  company_uuid: Uuid,
  company_name: Type.String(),
  kind: FilingKind,
  name: Type.String(),
  status: FilingStatus,
  /** a rejection's reason (null otherwise) */
  status_reason: Nullable(Type.String()),
  brand_uuid: Nullable(Uuid),
  brand_name: Nullable(Type.String()),
  country: Nullable(Type.String()),
  sender_id: Nullable(Type.String()),
  details: FilingDetailsOut,
  /** who reviews it: a registry (through the registry port) or the platform's system admin */
  reviewer: Type.Union([Type.Literal('registry'), Type.Literal('platform')]),
  registry_ref: Nullable(Type.String()),
  submitted_on: Nullable(Timestamp),
  decided_on: Nullable(Timestamp),
  expires_on: Nullable(Timestamp),
  /** approved and expiring within the reminder window (30 days) */
  renewal_due: Type.Boolean(),
  numbers: Type.Array(FilingNumber),
  created_on: Timestamp,
  updated_on: Timestamp,
});
export type Filing = Static<typeof Filing>;

export const FilingWithHistory = Type.Composite([Filing, Type.Object({ history: Type.Array(FilingEvent) })]);
export type FilingWithHistory = Static<typeof FilingWithHistory>;

export const FilingAnswer = Type.Object({ filing: FilingWithHistory });
export type FilingAnswer = Static<typeof FilingAnswer>;

export const FilingListQuery = ListQuery({
  kind: Type.Optional(FilingKind),
  status: Type.Optional(FilingStatus),
  company_uuid: Type.Optional(Uuid),
  name: Type.Optional(Type.String({ maxLength: 200 })),
});
export type FilingListQuery = Static<typeof FilingListQuery>;
export const FilingPage = ListPage(Filing);
export type FilingPage = Static<typeof FilingPage>;

export const FilingReview = Type.Object(
  {
    decision: Type.Union([Type.Literal('approve'), Type.Literal('reject')]),
    reason: Type.Optional(Text({ maxLength: 500 })),
  },
  { additionalProperties: false },
);
export type FilingReview = Static<typeof FilingReview>;

export const FilingAttach = Type.Object({ did_uuid: Uuid }, { additionalProperties: false });
export type FilingAttach = Static<typeof FilingAttach>;
export const FilingNumberParams = Type.Object({ id: Uuid, did_uuid: Uuid });

/** One country's rules for alphanumeric sender IDs (data: compliance/countries.ts on the server). */
export const SenderIdCountry = Type.Object({
  iso2: Type.String(),
  name: Type.String(),
  /** alphanumeric senders must be registered before traffic to this country is sent */
  required: Type.Boolean(),
  reviewer: Type.Union([Type.Literal('registry'), Type.Literal('platform')]),
  documents: Type.Array(Type.String()),
  fields: Type.Array(Type.Object({ key: Type.String(), label: Type.String() })),
  lead_time_days: Type.Integer(),
  /** null: a registration does not expire */
  renewal_months: Nullable(Type.Integer()),
});
export type SenderIdCountry = Static<typeof SenderIdCountry>;
export const SenderIdCountries = Type.Object({ items: Type.Array(SenderIdCountry) });

export const ComplianceSettings = Type.Object(
  {
    /** refuse sends from unregistered senders to destinations that require a registration */
    enforcement: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type ComplianceSettings = Static<typeof ComplianceSettings>;

/** What the compose box shows of the sender's registration for a destination (POST /sms/quote with an ani). */
export const SenderRegistrationState = Type.Object({
  state: Type.Union([Type.Literal('registered'), Type.Literal('unregistered'), Type.Literal('not_required')]),
  /** what to file (unregistered) or what covers it (registered); null when not required */
  message: Nullable(Type.String()),
  /** the platform refuses unregistered sends (compliance settings) */
  enforced: Type.Boolean(),
});
export type SenderRegistrationState = Static<typeof SenderRegistrationState>;
