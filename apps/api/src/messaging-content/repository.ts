// Message content's repository: what other domains read of its tables (sms_templates, recipients), so that
// no file outside messaging-content names them (tools/eslint/api-table-owners.mjs). The messaging-content
// plugin decorates the API context with it as `app.content` and plugs the recipient lookup into messaging
// (registered before it) with `messaging.useRecipients()`; a query module with no app imports
// `contentRepository` from the index. Each call takes the executor it runs on. Where another domain's
// statement reads a recipient beside its own rows, content hands it `recipientRows` to join.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * The recipients as a relation to join by `recipient_uuid`: `.leftJoin(recipientRows(db).as('recipients'), …)`
 * in a Kysely query, `left join ${recipientRows(db)} r on …` in a `sql` template (a plain sub-select that
 * PostgreSQL pulls up into the join).
 */
export const recipientRows = (db: Db) =>
  db.selectFrom('recipients').select(['recipient_uuid', 'recipient_name', 'number', 'company_uuid']);

export interface ContentRepository {
  recipientRows: typeof recipientRows;
  /** true when the template exists and is the company's (any status) */
  isCompanyTemplate(db: Db, company_uuid: string, sms_template_uuid: string): Promise<boolean>;
  /** the company's recipients: all of them, or those of these ids that are the company's */
  companyRecipients(
    db: Db,
    company_uuid: string,
    ids?: string[],
  ): Promise<{ recipient_uuid: string; number: string }[]>;
  /** one recipient of the company, undefined when the company has none by that id */
  recipientOf(
    db: Db,
    company_uuid: string,
    recipient_uuid: string,
  ): Promise<{ recipient_name: string; number: string } | undefined>;
}

export const contentRepository: ContentRepository = {
  recipientRows,

  async isCompanyTemplate(db, company_uuid, sms_template_uuid) {
    const t = await db
      .selectFrom('sms_templates')
      .select('sms_template_uuid')
      .where('sms_template_uuid', '=', sms_template_uuid)
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
    return !!t;
  },

  async companyRecipients(db, company_uuid, ids) {
    if (ids && !ids.length) return [];
    let q = db.selectFrom('recipients').select(['recipient_uuid', 'number']).where('company_uuid', '=', company_uuid);
    if (ids) q = q.where('recipient_uuid', 'in', ids);
    return q.execute();
  },

  async recipientOf(db, company_uuid, recipient_uuid) {
    return db
      .selectFrom('recipients')
      .select(['recipient_name', 'number'])
      .where('recipient_uuid', '=', recipient_uuid)
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
  },
};
