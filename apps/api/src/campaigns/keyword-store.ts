// Campaigns' statements on keywords for the keyword routes. `scope` is the caller's visible keywords (rowsOf with
// ofCompany('keywords')). Each takes the executor first, so a call joins the caller's transaction.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { KeywordListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { didRows } from '../numbers';
import { companyRows } from '../accounts';

type Db = Kysely<Database>;
type Keywords = Database['keywords'];

export const keywordsQuery = (db: Db) =>
  db
    .selectFrom('keywords')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'keywords.company_uuid')
    .leftJoin('campaigns', 'campaigns.campaign_uuid', 'keywords.campaign_uuid')
    .leftJoin(didRows(db).as('dids'), 'dids.did_uuid', 'keywords.did_uuid')
    .select([
      'keywords.keyword_uuid',
      'keywords.keyword',
      'keywords.action',
      'keywords.reply_text',
      'keywords.campaign_uuid',
      'campaigns.campaign_name',
      'campaigns.status as campaign_status',
      'keywords.did_uuid',
      'dids.did',
      'keywords.is_active',
      'keywords.company_uuid',
      'companies.company_name',
      'keywords.created_on',
    ]);

export function listKeywords(db: Db, scope: Expression<SqlBool>, q: KeywordListQuery) {
  let b = keywordsQuery(db).where(scope);
  if (q.keyword) b = b.where('keywords.keyword', 'ilike', wildcard(q.keyword));
  if (q.company_uuid) b = b.where('keywords.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(q, ['created_on', 'keyword'] as const, 'created_on', 'desc');
  return listPage(q, b.orderBy(`keywords.${col}`, dir).orderBy('keywords.keyword_uuid'), b.clearSelect());
}

/** The keyword as the API shows it, or undefined when there is none of this id in scope. */
export const keywordInScope = (db: Db, scope: Expression<SqlBool>, keyword_uuid: string) =>
  keywordsQuery(db).where('keywords.keyword_uuid', '=', keyword_uuid).where(scope).executeTakeFirst();

/** The keyword as the API shows it, once the caller is known to see it (after a write). */
export const keywordById = (db: Db, keyword_uuid: string) =>
  keywordsQuery(db).where('keywords.keyword_uuid', '=', keyword_uuid).executeTakeFirstOrThrow();

/** Whether the campaign is the company's (a keyword names it). */
export async function isCompanyCampaign(db: Db, company_uuid: string, campaign_uuid: string): Promise<boolean> {
  const c = await db
    .selectFrom('campaigns')
    .select('campaign_uuid')
    .where('campaign_uuid', '=', campaign_uuid)
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  return !!c;
}

/** A new keyword; answers its id. */
export async function insertKeyword(db: Db, values: Insertable<Keywords>): Promise<string> {
  const row = await db.insertInto('keywords').values(values).returning('keyword_uuid').executeTakeFirstOrThrow();
  return row.keyword_uuid;
}

export async function updateKeyword(db: Db, keyword_uuid: string, set: Updateable<Keywords>): Promise<void> {
  await db.updateTable('keywords').set(set).where('keyword_uuid', '=', keyword_uuid).execute();
}

export async function deleteKeyword(db: Db, keyword_uuid: string): Promise<void> {
  await db.deleteFrom('keywords').where('keyword_uuid', '=', keyword_uuid).execute();
}
