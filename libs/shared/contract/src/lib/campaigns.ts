import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { MessageText, PlaceholderValues, Text } from './storable-text';

// Campaigns of docs/spec.md §7 with their keywords and ANI groups (rotating senders).
const Timestamp = Type.String({ format: 'date-time' });
/** A number as typed: digits with optional +, spaces, dashes, dots, brackets. */
const NumberInput = Type.String({ minLength: 3, maxLength: 24, pattern: '^[+0-9 ().-]+$' });
/** "HH:MM", 24-hour clock. */
const ClockTime = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });

export const CAMPAIGN_NAME_MAX = 100;
export const CAMPAIGN_TEXT_MAX = 670;
export const ANI_GROUP_MAX_NUMBERS = 1000;
export const CAMPAIGN_MAX_RECIPIENTS = 100_000;

// ---------- ANI groups ----------
export const AniGroup = Type.Object({
  ani_group_uuid: Uuid,
  name: Type.String(),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  number_count: Type.Integer({ minimum: 0 }),
  created_on: Timestamp,
});
export type AniGroup = Static<typeof AniGroup>;
export const AniGroupPayload = Type.Object({ ani_group: AniGroup });
export type AniGroupPayload = Static<typeof AniGroupPayload>;
export const AniGroupListQuery = ListQuery({
  name: Type.Optional(Type.String({ maxLength: CAMPAIGN_NAME_MAX + 2 })),
  company_uuid: Type.Optional(Uuid),
});
export type AniGroupListQuery = Static<typeof AniGroupListQuery>;
export const AniGroupCreateBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: CAMPAIGN_NAME_MAX }),
    /** the company's own sending numbers (DIDs with did_type ani), any common spelling */
    numbers: Type.Array(NumberInput, { maxItems: ANI_GROUP_MAX_NUMBERS }),
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type AniGroupCreateBody = Static<typeof AniGroupCreateBody>;
export const AniGroupPatchBody = Type.Partial(Type.Omit(AniGroupCreateBody, ['company_uuid']), {
  minProperties: 1,
  additionalProperties: false,
});
export type AniGroupPatchBody = Static<typeof AniGroupPatchBody>;
/** One number of a group (GET /ani_group/{id}/list). */
export const AniGroupNumber = Type.Object({
  did_uuid: Uuid,
  did: Type.String(),
  area_code: Type.String(),
  state: Nullable(Type.String()),
});
export type AniGroupNumber = Static<typeof AniGroupNumber>;
/** POST /ani_group/import: a CSV with the headers name and number (one line per number; a name gathers its lines). */
export const AniGroupImportBody = Type.Object(
  { csv: Type.String({ minLength: 1, maxLength: 1_000_000 }), company_uuid: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type AniGroupImportBody = Static<typeof AniGroupImportBody>;
export const AniGroupImportResult = Type.Object({
  imported: Type.Integer(),
  groups: Type.Array(Type.Object({ ani_group_uuid: Uuid, name: Type.String(), numbers: Type.Integer() })),
});
export type AniGroupImportResult = Static<typeof AniGroupImportResult>;
export const ANI_GROUP_CSV_COLUMNS = ['name', 'number'] as const;

// ---------- Campaign states (a keyword names its campaign's too) ----------
/** draft → running ⇄ held → stopped; running → finished when every message has been sent. */
export const CAMPAIGN_STATUSES = ['draft', 'running', 'held', 'stopped', 'finished'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];
export const CampaignStatusSchema = Type.Union(CAMPAIGN_STATUSES.map((s) => Type.Literal(s)));
/** The states in which a "Join a campaign" keyword adds the sender (a draft collects sign-ups before it runs). */
export const CAMPAIGN_JOINABLE: readonly CampaignStatus[] = ['draft', 'running'];

// ---------- Keywords ----------
/** reply: answer with reply_text; opt_in: add the sender to campaign_uuid's recipients (and reply if reply_text); stop: suppress the sender. */
export const KEYWORD_ACTIONS = ['reply', 'opt_in', 'stop'] as const;
export type KeywordAction = (typeof KEYWORD_ACTIONS)[number];
export const KeywordActionSchema = Type.Union(KEYWORD_ACTIONS.map((a) => Type.Literal(a)));
export const Keyword = Type.Object({
  keyword_uuid: Uuid,
  keyword: Type.String(),
  action: KeywordActionSchema,
  reply_text: Nullable(Type.String()),
  campaign_uuid: Nullable(Uuid),
  campaign_name: Nullable(Type.String()),
  /** the opt-in campaign's state: only a draft or running campaign takes a new number (the screen flags the others) */
  campaign_status: Nullable(CampaignStatusSchema),
  /** the number it listens on; null = every number of the company */
  did_uuid: Nullable(Uuid),
  did: Nullable(Type.String()),
  is_active: Type.Boolean(),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  created_on: Timestamp,
});
export type Keyword = Static<typeof Keyword>;
export const KeywordPayload = Type.Object({ keyword: Keyword });
export type KeywordPayload = Static<typeof KeywordPayload>;
export const KeywordListQuery = ListQuery({
  keyword: Type.Optional(Type.String({ maxLength: 40 })),
  company_uuid: Type.Optional(Uuid),
});
export type KeywordListQuery = Static<typeof KeywordListQuery>;
export const KeywordCreateBody = Type.Object(
  {
    /** one word of letters and digits (a message matches when its first word is the keyword, any case) */
    keyword: Type.String({ minLength: 1, maxLength: 30, pattern: '^\\s*[\\p{L}\\p{N}]+\\s*$' }),
    action: KeywordActionSchema,
    reply_text: Type.Optional(Nullable(MessageText({ minLength: 1, maxLength: CAMPAIGN_TEXT_MAX }))),
    campaign_uuid: Type.Optional(Nullable(Uuid)),
    did: Type.Optional(Nullable(NumberInput)),
    is_active: Type.Optional(Type.Boolean()),
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type KeywordCreateBody = Static<typeof KeywordCreateBody>;
export const KeywordPatchBody = Type.Partial(Type.Omit(KeywordCreateBody, ['company_uuid']), {
  minProperties: 1,
  additionalProperties: false,
});
export type KeywordPatchBody = Static<typeof KeywordPatchBody>;

// ---------- Campaigns ----------
export const CAMPAIGN_ACTIONS = ['run', 'hold', 'stop'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];
/** The state machine as data (the server's engine and the screens' buttons read the same table); finish is the system's move. */
export const CAMPAIGN_MOVES: Record<CampaignAction | 'finish', Partial<Record<CampaignStatus, CampaignStatus>>> = {
  run: { draft: 'running', held: 'running' },
  hold: { running: 'held' },
  stop: { running: 'stopped', held: 'stopped' },
  finish: { running: 'finished' },
};

/** sent = handed over to the gateway; blocked (refused before sending) is not counted as failed. */
export const CampaignProgress = Type.Object({
  total: Type.Integer(),
  sent: Type.Integer(),
  delivered: Type.Integer(),
  failed: Type.Integer(),
  blocked: Type.Integer(),
  left: Type.Integer(),
  /** a running campaign whose every job waits (its start time, or its quiet hours): when the first may send */
  waiting_until: Type.Optional(Nullable(Timestamp)),
});
export type CampaignProgress = Static<typeof CampaignProgress>;

export const Campaign = Type.Object({
  campaign_uuid: Uuid,
  campaign_name: Type.String(),
  status: CampaignStatusSchema,
  text: Nullable(Type.String()),
  sms_template_uuid: Nullable(Uuid),
  ani: Nullable(Type.String()),
  ani_group_uuid: Nullable(Uuid),
  ani_group_name: Nullable(Type.String()),
  /** quiet hours in each recipient's time zone ("21:00" to "08:00"); both null = no quiet hours */
  quiet_start: Nullable(Type.String()),
  quiet_end: Nullable(Type.String()),
  /** the company's zone, used for numbers whose zone the area code does not tell */
  time_zone: Type.String(),
  start_at: Nullable(Timestamp),
  /** values for the text's {placeholders} that the recipients do not carry (the same for every recipient) */
  values: Type.Record(Type.String(), Type.String()),
  recipient_count: Type.Integer({ minimum: 0 }),
  progress: Nullable(CampaignProgress),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  started_on: Nullable(Timestamp),
  finished_on: Nullable(Timestamp),
  created_on: Timestamp,
  /** why the platform held it (its opt-out rate passed the company's limit); null when a person did, or it runs */
  pause_reason: Nullable(Type.String()),
});
export type Campaign = Static<typeof Campaign>;
export const CampaignPayload = Type.Object({ campaign: Campaign });
export type CampaignPayload = Static<typeof CampaignPayload>;
export const CampaignListQuery = ListQuery({
  campaign_name: Type.Optional(Type.String({ maxLength: CAMPAIGN_NAME_MAX + 2 })),
  status: Type.Optional(CampaignStatusSchema),
  company_uuid: Type.Optional(Uuid),
});
export type CampaignListQuery = Static<typeof CampaignListQuery>;
export const CampaignCreateBody = Type.Object(
  {
    campaign_name: Text({ minLength: 1, maxLength: CAMPAIGN_NAME_MAX }),
    text: Type.Optional(Nullable(MessageText({ minLength: 1, maxLength: CAMPAIGN_TEXT_MAX }))),
    sms_template_uuid: Type.Optional(Nullable(Uuid)),
    /** the sender: one number, or an ANI group whose numbers take turns */
    ani: Type.Optional(Nullable(NumberInput)),
    ani_group_uuid: Type.Optional(Nullable(Uuid)),
    /** recipients: picked recipients, every recipient of the company, an ANI group's numbers, or numbers typed */
    recipient_uuids: Type.Optional(Type.Array(Uuid, { maxItems: CAMPAIGN_MAX_RECIPIENTS })),
    all_recipients: Type.Optional(Type.Boolean()),
    recipient_ani_group_uuid: Type.Optional(Nullable(Uuid)),
    numbers: Type.Optional(Type.Array(NumberInput, { maxItems: CAMPAIGN_MAX_RECIPIENTS })),
    quiet_start: Type.Optional(Nullable(ClockTime)),
    quiet_end: Type.Optional(Nullable(ClockTime)),
    time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    start_at: Type.Optional(Nullable(Timestamp)),
    values: Type.Optional(Nullable(PlaceholderValues)),
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type CampaignCreateBody = Static<typeof CampaignCreateBody>;
export const CampaignPatchBody = Type.Partial(Type.Omit(CampaignCreateBody, ['company_uuid']), {
  minProperties: 1,
  additionalProperties: false,
});
export type CampaignPatchBody = Static<typeof CampaignPatchBody>;
/** GET /campaign/dashboard: counts by state and the live progress of running and held campaigns. */
export const CampaignDashboard = Type.Object({
  counts: Type.Record(Type.String(), Type.Integer()),
  active: Type.Array(
    Type.Object({
      campaign_uuid: Uuid,
      campaign_name: Type.String(),
      status: CampaignStatusSchema,
      progress: Nullable(CampaignProgress),
    }),
  ),
});
export type CampaignDashboard = Static<typeof CampaignDashboard>;
