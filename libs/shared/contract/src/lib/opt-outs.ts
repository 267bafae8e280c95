import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';

// Opt-outs (issue 52 item 4, docs/opt-outs.md): STOP, HELP and START words and replies per language, the scope
// a STOP blocks, the campaign opt-out limit, and the consent evidence kept for every opt-in and opt-out.
const Timestamp = Type.String({ format: 'date-time' });

export const OPT_OUT_LANGUAGES = ['en', 'es', 'fr', 'de', 'pt', 'it'] as const;
export type OptOutLanguage = (typeof OPT_OUT_LANGUAGES)[number];
export const OptOutLanguageSchema = Type.Union(OPT_OUT_LANGUAGES.map((l) => Type.Literal(l)));
export const OPT_OUT_LANGUAGE_NAMES: Record<OptOutLanguage, string> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  pt: 'Portuguese',
  it: 'Italian',
};

/**
 * What a STOP blocks: sender, only the company's number it was texted to; company, every sender of the company;
 * reseller, every company of the company's reseller (a company without a reseller: the company alone).
 */
export const OPT_OUT_SCOPES = ['sender', 'company', 'reseller'] as const;
export type OptOutScope = (typeof OPT_OUT_SCOPES)[number];
export const OptOutScopeSchema = Type.Union(OPT_OUT_SCOPES.map((s) => Type.Literal(s)));

const Iso2 = Type.String({ pattern: '^[A-Z]{2}$' });

/** GET/PUT /opt_out_settings: the company's opt-out scope, its campaign limit and its country languages. */
export const OptOutSettings = Type.Object({
  company_uuid: Uuid,
  scope: OptOutScopeSchema,
  /** a campaign holds itself once its STOPs pass this share of its sent messages (percent) */
  campaign_limit_percent: Type.Number({ minimum: 0.1, maximum: 100 }),
  /** ...and only after this many of its messages went out */
  campaign_min_sent: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
  /** a country's language where the company differs from the default (ISO2 → language) */
  country_languages: Type.Record(Type.String(), OptOutLanguageSchema),
});
export type OptOutSettings = Static<typeof OptOutSettings>;
export const OptOutSettingsPayload = Type.Object({ opt_out_settings: OptOutSettings });
export type OptOutSettingsPayload = Static<typeof OptOutSettingsPayload>;
export const OptOutCompanyQuery = Type.Object({ company_uuid: Type.Optional(Uuid) }, { additionalProperties: false });
export type OptOutCompanyQuery = Static<typeof OptOutCompanyQuery>;
export const OptOutSettingsBody = Type.Object(
  {
    company_uuid: Type.Optional(Uuid),
    scope: Type.Optional(OptOutScopeSchema),
    campaign_limit_percent: Type.Optional(Type.Number({ minimum: 0.1, maximum: 100 })),
    campaign_min_sent: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    country_languages: Type.Optional(Type.Record(Iso2, OptOutLanguageSchema, { maxProperties: 250 })),
  },
  { additionalProperties: false },
);
export type OptOutSettingsBody = Static<typeof OptOutSettingsBody>;

const Word = Type.String({ minLength: 1, maxLength: 40 });
const Words = Type.Array(Word, { minItems: 1, maxItems: 30 });
const Reply = Type.String({ minLength: 1, maxLength: 320 });

/** One language's words and replies as the company answers them now, with the platform's defaults beside. */
export const OptOutKeywordSet = Type.Object({
  language: OptOutLanguageSchema,
  /** the company changed this language's set (false: the defaults below are what it answers) */
  custom: Type.Boolean(),
  stop_words: Type.Array(Type.String()),
  help_words: Type.Array(Type.String()),
  start_words: Type.Array(Type.String()),
  stop_reply: Type.String(),
  help_reply: Type.String(),
  start_reply: Type.String(),
  defaults: Type.Object({
    stop_words: Type.Array(Type.String()),
    help_words: Type.Array(Type.String()),
    start_words: Type.Array(Type.String()),
    stop_reply: Type.String(),
    help_reply: Type.String(),
    start_reply: Type.String(),
  }),
  /** the countries answered in this language by default */
  countries: Type.Array(Type.String()),
});
export type OptOutKeywordSet = Static<typeof OptOutKeywordSet>;
export const OptOutKeywordSetList = Type.Object({ company_uuid: Uuid, items: Type.Array(OptOutKeywordSet) });
export type OptOutKeywordSetList = Static<typeof OptOutKeywordSetList>;
export const OptOutLanguageParam = Type.Object({ language: OptOutLanguageSchema });
export type OptOutLanguageParam = Static<typeof OptOutLanguageParam>;
/** PUT /opt_out_keyword/{language}: a null (or absent) field goes back to the default. */
export const OptOutKeywordSetBody = Type.Object(
  {
    company_uuid: Type.Optional(Uuid),
    stop_words: Type.Optional(Nullable(Words)),
    help_words: Type.Optional(Nullable(Words)),
    start_words: Type.Optional(Nullable(Words)),
    stop_reply: Type.Optional(Nullable(Reply)),
    help_reply: Type.Optional(Nullable(Reply)),
    start_reply: Type.Optional(Nullable(Reply)),
  },
  { additionalProperties: false },
);
export type OptOutKeywordSetBody = Static<typeof OptOutKeywordSetBody>;
export const OptOutKeywordSetPayload = Type.Object({ opt_out_keyword: OptOutKeywordSet });
export type OptOutKeywordSetPayload = Static<typeof OptOutKeywordSetPayload>;

export const CONSENT_ACTIONS = ['opt_out', 'opt_in'] as const;
export type ConsentAction = (typeof CONSENT_ACTIONS)[number];
/** keyword: the number texted STOP/START (or a company keyword that stops); import, console, api: a person or program */
export const CONSENT_SOURCES = ['keyword', 'import', 'console', 'api'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];

/** One opt-in or opt-out of a number, kept whatever happens to the suppression row afterwards. */
export const ConsentEvent = Type.Object({
  consent_event_uuid: Uuid,
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  number: Type.String(),
  action: Type.Union(CONSENT_ACTIONS.map((a) => Type.Literal(a))),
  source: Type.Union(CONSENT_SOURCES.map((s) => Type.Literal(s))),
  scope: Nullable(OptOutScopeSchema),
  /** the company's number the keyword was texted to (keyword events) */
  sender: Nullable(Type.String()),
  /** the incoming message as texted, or what the console or program said */
  text: Nullable(Type.String()),
  language: Nullable(OptOutLanguageSchema),
  user_email: Nullable(Type.String()),
  created_on: Timestamp,
});
export type ConsentEvent = Static<typeof ConsentEvent>;
export const ConsentEventListQuery = ListQuery({
  number: Type.String({ minLength: 3, maxLength: 24, pattern: '^[+0-9 ().-]+$' }),
  company_uuid: Type.Optional(Uuid),
});
export type ConsentEventListQuery = Static<typeof ConsentEventListQuery>;

/** POST /suppressed_number/import: numbers to suppress at once (consent source "import"). */
export const SuppressionImportBody = Type.Object(
  {
    company_uuid: Type.Optional(Uuid),
    numbers: Type.Array(Type.String({ minLength: 3, maxLength: 24 }), { minItems: 1, maxItems: 10_000 }),
    /** why: kept as the consent evidence's text */
    note: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);
export type SuppressionImportBody = Static<typeof SuppressionImportBody>;
export const SuppressionImportResult = Type.Object({
  added: Type.Integer({ minimum: 0 }),
  already: Type.Integer({ minimum: 0 }),
  invalid: Type.Array(Type.String()),
});
export type SuppressionImportResult = Static<typeof SuppressionImportResult>;
