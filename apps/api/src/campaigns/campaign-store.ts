// Campaign records: the public query, the statements of the campaign routes, the checks of their fields and their
// recipient lists. `scope` is the caller's visible campaigns (rowsOf with ofCompany('campaigns')). Each takes the
// executor first, so a call joins the caller's transaction.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Updateable } from 'kysely';
import type { CampaignCreateBody, CampaignListQuery, CampaignPatchBody, CampaignStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { FieldError } from '../lib/http-error';
import { listPage, ordering, wildcard } from '../lib/list';
import { contentRepository, parseRecipientNumber } from '../messaging-content';
import { companySenders, groupNumbers } from './queries';
import { isTimeZone } from './engine/send-window';
import { companyRows } from '../accounts';

export const campaignsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('campaigns')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'campaigns.company_uuid')
    .leftJoin('ani_groups', 'ani_groups.ani_group_uuid', 'campaigns.ani_group_uuid')
    .select([
      'campaigns.campaign_uuid',
      'campaigns.campaign_name',
      'campaigns.status',
      'campaigns.text',
      'campaigns.sms_template_uuid',
      'campaigns.ani',
      'campaigns.ani_group_uuid',
      'ani_groups.name as ani_group_name',
      'campaigns.quiet_start',
      'campaigns.quiet_end',
      'campaigns.time_zone',
      'campaigns.start_at',
      sql<Record<string, string>>`coalesce(campaigns.placeholder_values, '{}'::jsonb)`.as('values'),
      'campaigns.company_uuid',
      'companies.company_name',
      'campaigns.started_on',
      'campaigns.finished_on',
      'campaigns.pause_reason',
      'campaigns.created_on',
      'campaigns.created_by',
      sql<number>`(select count(*)::int from campaign_recipients r where r.campaign_uuid = campaigns.campaign_uuid)`.as(
        'recipient_count',
      ),
    ]);

type Db = Kysely<Database>;

export function listCampaigns(db: Db, scope: Expression<SqlBool>, q: CampaignListQuery) {
  let b = campaignsQuery(db).where(scope);
  if (q.campaign_name) b = b.where('campaigns.campaign_name', 'ilike', wildcard(q.campaign_name));
  if (q.status) b = b.where('campaigns.status', '=', q.status);
  if (q.company_uuid) b = b.where('campaigns.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(q, ['created_on', 'campaign_name', 'status'] as const, 'created_on', 'desc');
  return listPage(q, b.orderBy(`campaigns.${col}`, dir).orderBy('campaigns.campaign_uuid'), b.clearSelect());
}

/** The campaign as the API shows it, or undefined when there is none of this id in scope. */
export const campaignInScope = (db: Db, scope: Expression<SqlBool>, campaign_uuid: string) =>
  campaignsQuery(db).where('campaigns.campaign_uuid', '=', campaign_uuid).where(scope).executeTakeFirst();

/** The campaign as the API shows it, once the caller is known to see it (after a write). */
export const campaignById = (db: Db, campaign_uuid: string) =>
  campaignsQuery(db).where('campaigns.campaign_uuid', '=', campaign_uuid).executeTakeFirstOrThrow();

/** How many campaigns in scope are in each status (a status with none is missing). */
export const campaignStatusCounts = (db: Db, scope: Expression<SqlBool>) =>
  db
    .selectFrom('campaigns')
    .where(scope)
    .select(['status', (e) => e.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();

/** The running and held campaigns in scope, the latest started first (50 at most). */
export const activeCampaigns = (db: Db, scope: Expression<SqlBool>) =>
  campaignsQuery(db)
    .where(scope)
    .where('campaigns.status', 'in', ['running', 'held'])
    .orderBy('campaigns.started_on', 'desc')
    .limit(50)
    .execute();

/** A new campaign; answers its id. */
export async function insertCampaign(db: Db, values: Insertable<Database['campaigns']>): Promise<string> {
  const row = await db.insertInto('campaigns').values(values).returning('campaign_uuid').executeTakeFirstOrThrow();
  return row.campaign_uuid;
}

/** Sets the columns while the campaign is still in `status`; false when it moved on meanwhile. */
export async function updateCampaignIn(
  db: Db,
  campaign_uuid: string,
  status: CampaignStatus,
  set: Row,
): Promise<boolean> {
  const moved = await db
    .updateTable('campaigns')
    .set(set)
    .where('campaign_uuid', '=', campaign_uuid)
    .where('status', '=', status)
    .returning('campaign_uuid')
    .executeTakeFirst();
  return !!moved;
}

export async function deleteCampaign(db: Db, campaign_uuid: string): Promise<void> {
  await db.deleteFrom('campaigns').where('campaign_uuid', '=', campaign_uuid).execute();
}

type Fields = Partial<CampaignCreateBody>;
type Row = Updateable<Database['campaigns']>;

/** The columns a create or patch sets, checked against the company's own numbers, groups and templates (400 naming the field). */
export async function campaignColumns(
  db: Kysely<Database>,
  company_uuid: string,
  b: Fields,
  before?: { quiet_start: string | null; quiet_end: string | null },
): Promise<Row> {
  const set: Row = {};
  if (b.campaign_name !== undefined) set.campaign_name = b.campaign_name.trim();
  if (b.text !== undefined) set.text = b.text?.trim() || null;
  if (b.sms_template_uuid !== undefined) {
    if (b.sms_template_uuid) {
      if (!(await contentRepository.isCompanyTemplate(db, company_uuid, b.sms_template_uuid)))
        throw new FieldError({ sms_template_uuid: 'No such template in this company' });
    }
    set.sms_template_uuid = b.sms_template_uuid ?? null;
  }
  if (b.ani !== undefined) set.ani = b.ani ? (await companySenders(db, company_uuid, [b.ani], 'ani'))[0].did : null;
  if (b.ani_group_uuid !== undefined) {
    if (b.ani_group_uuid) await requireGroup(db, company_uuid, b.ani_group_uuid, 'ani_group_uuid');
    set.ani_group_uuid = b.ani_group_uuid ?? null;
  }
  if (b.quiet_start !== undefined) set.quiet_start = b.quiet_start ?? null;
  if (b.quiet_end !== undefined) set.quiet_end = b.quiet_end ?? null;
  const qs = set.quiet_start !== undefined ? set.quiet_start : (before?.quiet_start ?? null);
  const qe = set.quiet_end !== undefined ? set.quiet_end : (before?.quiet_end ?? null);
  if ((qs === null) !== (qe === null))
    throw new FieldError({ quiet_end: 'Give quiet hours as both a start and an end, or neither' });
  if (b.time_zone !== undefined) {
    if (!isTimeZone(b.time_zone))
      throw new FieldError({ time_zone: `${b.time_zone} is not a time zone (e.g. America/Chicago)` });
    set.time_zone = b.time_zone;
  }
  if (b.start_at !== undefined) set.start_at = b.start_at ? new Date(b.start_at) : null;
  if (b.values !== undefined) set.placeholder_values = b.values ? JSON.stringify(b.values) : null;
  return set;
}

async function requireGroup(db: Kysely<Database>, company_uuid: string, id: string, field: string): Promise<void> {
  const g = await db
    .selectFrom('ani_groups')
    .select('ani_group_uuid')
    .where('ani_group_uuid', '=', id)
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  if (!g) throw new FieldError({ [field]: 'No such ANI group in this company' });
}

export const touchesRecipients = (b: CampaignPatchBody) =>
  b.recipient_uuids !== undefined ||
  b.all_recipients !== undefined ||
  b.recipient_ani_group_uuid !== undefined ||
  b.numbers !== undefined;

type RecipientRow = { number: string; recipient_uuid: string | null; source: 'recipient' | 'ani_group' | 'number' };

/** The recipients a body names: picked recipients, every recipient, an ANI group's numbers, typed numbers. */
export async function resolveRecipients(
  db: Kysely<Database>,
  company_uuid: string,
  b: Fields,
): Promise<RecipientRow[]> {
  const out: RecipientRow[] = [];
  // every id named must be the company's, even when "all recipients" makes the list redundant
  const ids = [...new Set(b.recipient_uuids ?? [])];
  const picked = await contentRepository.companyRecipients(db, company_uuid, ids);
  if (picked.length !== ids.length)
    throw new FieldError({
      recipient_uuids: `${ids.length - picked.length} of the recipients are not this company's`,
    });
  if (b.all_recipients) {
    const all = await contentRepository.companyRecipients(db, company_uuid);
    out.push(...all.map((r) => ({ ...r, source: 'recipient' as const })));
  } else if (picked.length) {
    out.push(...picked.map((r) => ({ ...r, source: 'recipient' as const })));
  }
  if (b.recipient_ani_group_uuid) {
    await requireGroup(db, company_uuid, b.recipient_ani_group_uuid, 'recipient_ani_group_uuid');
    out.push(
      ...(await groupNumbers(db, company_uuid, b.recipient_ani_group_uuid)).map((number) => ({
        number,
        recipient_uuid: null,
        source: 'ani_group' as const,
      })),
    );
  }
  if (b.numbers?.length) {
    const bad: string[] = [];
    for (const raw of b.numbers) {
      const n = parseRecipientNumber(raw);
      if (n) out.push({ number: n, recipient_uuid: null, source: 'number' });
      else bad.push(`"${raw}"`);
    }
    if (bad.length)
      throw new FieldError({
        numbers: `${bad.slice(0, 20).join(', ')} ${bad.length === 1 ? 'is not a valid phone number' : 'are not valid phone numbers'}`,
      });
  }
  const seen = new Set<string>();
  return out.filter((r) => (seen.has(r.number) ? false : (seen.add(r.number), true)));
}

/** Replaces the recipients the company chose; people who joined by keyword stay. */
export async function replaceRecipients(
  db: Kysely<Database>,
  campaign_uuid: string,
  rows: RecipientRow[],
): Promise<void> {
  await db
    .deleteFrom('campaign_recipients')
    .where('campaign_uuid', '=', campaign_uuid)
    .where('source', '!=', 'keyword')
    .execute();
  for (let i = 0; i < rows.length; i += 2000) {
    await db
      .insertInto('campaign_recipients')
      .values(rows.slice(i, i + 2000).map((r) => ({ campaign_uuid, ...r })))
      .onConflict((oc) => oc.columns(['campaign_uuid', 'number']).doNothing())
      .execute();
  }
}
