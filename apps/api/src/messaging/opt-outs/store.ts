// A company's opt-out policy and keyword sets as it answers them now (its own over the platform's defaults), and
// the writes every opt-out and opt-in makes: the suppression row with its scope and the consent event, together.
import {
  sql,
  type Expression,
  type Insertable,
  type Kysely,
  type SqlBool,
  type Transaction,
  type Updateable,
} from 'kysely';
import {
  OPT_OUT_LANGUAGES,
  type ConsentEventListQuery,
  type ConsentSource,
  type OptOutKeywordSet,
  type OptOutLanguage,
  type OptOutScope,
} from '@smsc/shared-contract';
import type { Database } from '../../db/schema';
import { listPage } from '../../lib/list';
import { COUNTRY_LANGUAGE, DEFAULT_SETS, defaultLanguageOf, type KeywordSet } from './languages';

type Db = Kysely<Database> | Transaction<Database>;

export interface OptOutPolicy {
  scope: OptOutScope;
  campaign_limit_percent: number;
  campaign_min_sent: number;
  country_languages: Record<string, OptOutLanguage>;
}
export const DEFAULT_POLICY: OptOutPolicy = {
  scope: 'company',
  campaign_limit_percent: 2,
  campaign_min_sent: 100,
  country_languages: {},
};

export async function policyOf(db: Db, company_uuid: string): Promise<OptOutPolicy> {
  const row = await db
    .selectFrom('messaging_settings')
    .select(['opt_out_scope', 'campaign_limit_percent', 'campaign_min_sent', 'country_languages'])
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  if (!row) return DEFAULT_POLICY;
  return {
    scope: row.opt_out_scope,
    campaign_limit_percent: Number(row.campaign_limit_percent),
    campaign_min_sent: row.campaign_min_sent,
    country_languages: row.country_languages ?? {},
  };
}

/** Sets the company's opt-out policy (its row of messaging settings, made on its first change). */
export const writePolicy = (
  db: Db,
  company_uuid: string,
  set: Pick<
    Insertable<Database['messaging_settings']>,
    'opt_out_scope' | 'campaign_limit_percent' | 'campaign_min_sent' | 'country_languages'
  >,
) =>
  db
    .insertInto('messaging_settings')
    .values({ company_uuid, ...set })
    .onConflict((oc) => oc.column('company_uuid').doUpdateSet(set))
    .execute();

/** The language a number is answered in: the company's choice for its country, else the country's default. */
export function languageFor(policy: OptOutPolicy, iso2: string | null | undefined): OptOutLanguage {
  return (iso2 && policy.country_languages[iso2.toUpperCase()]) || defaultLanguageOf(iso2);
}

const COUNTRIES_OF = new Map<OptOutLanguage, string[]>(
  OPT_OUT_LANGUAGES.map((l) => [l, [...COUNTRY_LANGUAGE].filter(([, lang]) => lang === l).map(([iso]) => iso)]),
);

/** Every language's set as the company answers it: its own fields where it set them, the defaults elsewhere. */
export async function keywordSetsOf(db: Db, company_uuid: string): Promise<Record<OptOutLanguage, OptOutKeywordSet>> {
  const rows = await db
    .selectFrom('opt_out_keyword_sets')
    .selectAll()
    .where('company_uuid', '=', company_uuid)
    .execute();
  const own = new Map(rows.map((r) => [r.language, r]));
  const out = {} as Record<OptOutLanguage, OptOutKeywordSet>;
  for (const language of OPT_OUT_LANGUAGES) {
    const d = DEFAULT_SETS[language];
    const r = own.get(language);
    const set: KeywordSet = {
      stop_words: r?.stop_words ?? d.stop_words,
      help_words: r?.help_words ?? d.help_words,
      start_words: r?.start_words ?? d.start_words,
      stop_reply: r?.stop_reply ?? d.stop_reply,
      help_reply: r?.help_reply ?? d.help_reply,
      start_reply: r?.start_reply ?? d.start_reply,
    };
    const custom = !!r && Object.keys(d).some((k) => r[k as keyof KeywordSet] !== null);
    out[language] = { language, custom, ...set, defaults: d, countries: COUNTRIES_OF.get(language) ?? [] };
  }
  return out;
}

/** Sets these fields of the company's set for the language (made on its first change); the others stay. */
export const writeKeywordSet = (
  db: Db,
  company_uuid: string,
  language: OptOutLanguage,
  set: Omit<Updateable<Database['opt_out_keyword_sets']>, 'company_uuid' | 'language'>,
) =>
  db
    .insertInto('opt_out_keyword_sets')
    .values({ company_uuid, language, ...set })
    .onConflict((oc) => oc.columns(['company_uuid', 'language']).doUpdateSet(set))
    .execute();

/** The company's own STOP and START replies of its English set, undefined when it has no English set. */
export const englishReplies = (db: Db, company_uuid: string) =>
  db
    .selectFrom('opt_out_keyword_sets')
    .select(['stop_reply', 'start_reply'])
    .where('company_uuid', '=', company_uuid)
    .where('language', '=', 'en')
    .executeTakeFirst();

/** A page of the consent events of one number (E.164) among those in `scope`, with the ids of their names. */
export function listConsentEvents(
  db: Kysely<Database>,
  scope: Expression<SqlBool>,
  number: string,
  q: ConsentEventListQuery,
) {
  let b = db.selectFrom('consent_events as e').where(scope).where('e.number', '=', number);
  if (q.company_uuid) b = b.where('e.company_uuid', '=', q.company_uuid);
  const rows = b
    .select([
      'e.consent_event_uuid',
      'e.company_uuid',
      'e.user_uuid',
      'e.number',
      'e.action',
      'e.source',
      'e.scope',
      'e.sender',
      'e.text',
      'e.language',
      'e.created_on',
    ])
    .orderBy('e.created_on', q.order_dir ?? 'desc')
    .orderBy('e.consent_event_uuid');
  return listPage(q, rows, b);
}

export interface ConsentFacts {
  company_uuid: string;
  reseller_uuid: string | null;
  number: string;
  source: ConsentSource;
  /** the incoming message, or what the console or program said */
  text?: string | null;
  language?: OptOutLanguage | null;
  /** the company's number the keyword was texted to */
  sender?: string | null;
  sms_uuid?: string | null;
  user_uuid?: string | null;
}

/**
 * An opt-out: the suppression row for its scope and its consent event, in the caller's transaction (a STOP is
 * committed before it is acknowledged). A repeated STOP keeps one row and takes the latest scope. A reseller-wide
 * scope for a company without a reseller blocks the company. Answers whether the number was newly suppressed.
 */
export async function recordOptOut(
  trx: Transaction<Database>,
  f: ConsentFacts & { scope: OptOutScope; suppression: 'stop' | 'manual'; created_by?: string | null },
): Promise<boolean> {
  let scope: OptOutScope = f.scope === 'reseller' && !f.reseller_uuid ? 'company' : f.scope;
  if (scope === 'sender' && !f.sender) scope = 'company';
  const sender = scope === 'sender' ? (f.sender as string) : '';
  const reseller_uuid = scope === 'reseller' ? f.reseller_uuid : null;
  const row = await trx
    .insertInto('suppressed_numbers')
    .values({
      company_uuid: f.company_uuid,
      number: f.number,
      source: f.suppression,
      scope,
      sender,
      reseller_uuid,
      created_by: f.created_by ?? null,
    })
    .onConflict((oc) =>
      oc
        .columns(['company_uuid', 'number', 'sender'])
        .doUpdateSet({ scope: (e) => e.ref('excluded.scope'), reseller_uuid }),
    )
    .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('consent_events')
    .values({ ...consentRow(f), action: 'opt_out', scope })
    .execute();
  return !!row.inserted;
}

/**
 * A START: lifts the STOPs that block this company's sender (the company's own, for every sender or this one, and
 * reseller-wide ones of its reseller); a number suppressed by hand stays suppressed. Answers how many were lifted.
 */
export async function recordOptIn(trx: Transaction<Database>, f: ConsentFacts): Promise<number> {
  const lifted = await trx
    .deleteFrom('suppressed_numbers')
    .where('number', '=', f.number)
    .where('source', '=', 'stop')
    .where((e) =>
      e.or([
        e.and([e('company_uuid', '=', f.company_uuid), e('sender', 'in', ['', f.sender ?? ''])]),
        ...(f.reseller_uuid ? [e.and([e('scope', '=', 'reseller'), e('reseller_uuid', '=', f.reseller_uuid)])] : []),
      ]),
    )
    .returning('suppressed_number_uuid')
    .execute();
  await trx
    .insertInto('consent_events')
    .values({ ...consentRow(f), action: 'opt_in', scope: null })
    .execute();
  return lifted.length;
}

/** A consent event with no suppression change of its own (a console removal deletes its row itself). */
export async function recordConsent(
  db: Db,
  f: ConsentFacts & { action: 'opt_in' | 'opt_out'; scope?: OptOutScope | null },
): Promise<void> {
  await db
    .insertInto('consent_events')
    .values({ ...consentRow(f), action: f.action, scope: f.scope ?? null })
    .execute();
}

const consentRow = (f: ConsentFacts) => ({
  company_uuid: f.company_uuid,
  reseller_uuid: f.reseller_uuid,
  number: f.number,
  source: f.source,
  text: f.text ?? null,
  language: f.language ?? null,
  sender: f.sender ?? null,
  sms_uuid: f.sms_uuid ?? null,
  user_uuid: f.user_uuid ?? null,
});
