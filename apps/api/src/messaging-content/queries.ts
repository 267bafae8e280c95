// Messaging content's statements on its templates and recipients. `scope` is the caller's visible rows (rowsOf on
// the table's company); each takes the executor first, so a call joins a transaction.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { RecipientListQuery, SmsTemplateListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { companyRows } from '../accounts';
import { listPage, ordering, wildcard } from '../lib/list';

type Db = Kysely<Database>;

/** A recipient's number in E.164 from what a person typed; null when it is not a valid number anywhere. */
export function parseRecipientNumber(input: string): string | null {
  const p = parsePhoneNumberFromString(input.trim(), 'US');
  return p && p.isValid() ? p.number : null;
}

const templatesQuery = (db: Db) =>
  db
    .selectFrom('sms_templates')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'sms_templates.company_uuid')
    .select([
      'sms_templates.sms_template_uuid as id',
      'sms_templates.template_name',
      'sms_templates.text',
      'sms_templates.status',
      'sms_templates.reject_reason',
      'sms_templates.company_uuid',
      'companies.company_name',
      'sms_templates.reviewed_on',
      'sms_templates.created_on',
      'sms_templates.updated_on',
    ]);

const recipientsQuery = (db: Db) =>
  db
    .selectFrom('recipients')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'recipients.company_uuid')
    .select([
      'recipients.recipient_uuid',
      'recipients.recipient_name',
      'recipients.number',
      'recipients.company_uuid',
      'companies.company_name',
      'recipients.created_on',
    ]);

/** The template as the API shows it, or undefined when there is none of this id in scope. */
export const templateInScope = (db: Db, scope: Expression<SqlBool>, id: string) =>
  templatesQuery(db).where('sms_templates.sms_template_uuid', '=', id).where(scope).executeTakeFirst();

export const templateById = (db: Db, id: string) =>
  templatesQuery(db).where('sms_templates.sms_template_uuid', '=', id).executeTakeFirstOrThrow();

export function listTemplates(db: Db, scope: Expression<SqlBool>, q: SmsTemplateListQuery) {
  let b = templatesQuery(db).where(scope);
  if (q.template_name) b = b.where('sms_templates.template_name', 'ilike', wildcard(q.template_name));
  if (q.status && q.status !== 'all') b = b.where('sms_templates.status', '=', q.status);
  if (q.created_on_gt) b = b.where('sms_templates.created_on', '>', new Date(q.created_on_gt));
  if (q.company_uuid) b = b.where('sms_templates.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(
    q,
    ['created_on', 'template_name', 'status', 'updated_on'] as const,
    'created_on',
    'desc',
  );
  return listPage(
    q,
    b.orderBy(`sms_templates.${col}`, dir).orderBy('sms_templates.sms_template_uuid'),
    b.clearSelect(),
  );
}

/** Answers the new template's id. */
export async function insertTemplate(db: Db, values: Insertable<Database['sms_templates']>): Promise<string> {
  const row = await db
    .insertInto('sms_templates')
    .values(values)
    .returning('sms_template_uuid')
    .executeTakeFirstOrThrow();
  return row.sms_template_uuid;
}

export const updateTemplate = (db: Db, id: string, set: Updateable<Database['sms_templates']>) =>
  db.updateTable('sms_templates').set(set).where('sms_template_uuid', '=', id).execute();

export const deleteTemplate = (db: Db, id: string) =>
  db.deleteFrom('sms_templates').where('sms_template_uuid', '=', id).execute();

/** Who wrote the template (the API's template does not show it): the review mail goes to them. */
export async function templateAuthor(db: Db, id: string) {
  const { created_by } = await db
    .selectFrom('sms_templates')
    .select('created_by')
    .where('sms_template_uuid', '=', id)
    .executeTakeFirstOrThrow();
  return created_by;
}

/** The recipient as the API shows it, or undefined when there is none of this id in scope. */
export const recipientInScope = (db: Db, scope: Expression<SqlBool>, id: string) =>
  recipientsQuery(db).where('recipients.recipient_uuid', '=', id).where(scope).executeTakeFirst();

export const recipientById = (db: Db, id: string) =>
  recipientsQuery(db).where('recipients.recipient_uuid', '=', id).executeTakeFirstOrThrow();

export function listRecipients(db: Db, scope: Expression<SqlBool>, q: RecipientListQuery) {
  let b = recipientsQuery(db).where(scope);
  if (q.recipient_name) b = b.where('recipients.recipient_name', 'ilike', wildcard(q.recipient_name));
  if (q.number) b = b.where('recipients.number', 'like', `%${q.number.replace(/[^0-9]/g, '')}%`);
  if (q.company_uuid) b = b.where('recipients.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(q, ['created_on', 'recipient_name', 'number'] as const, 'created_on', 'desc');
  return listPage(q, b.orderBy(`recipients.${col}`, dir).orderBy('recipients.recipient_uuid'), b.clearSelect());
}

/** Answers the new recipient's id, or undefined when the company has this number already. */
export async function insertRecipient(db: Db, values: Insertable<Database['recipients']>) {
  const row = await db
    .insertInto('recipients')
    .values(values)
    .onConflict((oc) => oc.columns(['company_uuid', 'number']).doNothing())
    .returning('recipient_uuid')
    .executeTakeFirst();
  return row?.recipient_uuid;
}

/** The first of these numbers the company has as a recipient already; undefined when it has none of them. */
export async function firstTakenRecipient(db: Db, company_uuid: string, numbers: string[]) {
  const clash = await db
    .selectFrom('recipients')
    .select('number')
    .where('company_uuid', '=', company_uuid)
    .where('number', 'in', numbers)
    .executeTakeFirst();
  return clash?.number;
}

/** An import's rows (none of them the company's already); their ids by number. */
export const insertRecipients = (db: Db, rows: Insertable<Database['recipients']>[]) =>
  db.insertInto('recipients').values(rows).returning(['recipient_uuid', 'number']).execute();

/** Throws the unique violation (23505) when the company has the new number already. */
export const updateRecipient = (db: Db, id: string, set: Updateable<Database['recipients']>) =>
  db.updateTable('recipients').set(set).where('recipient_uuid', '=', id).execute();

export const deleteRecipient = (db: Db, id: string) =>
  db.deleteFrom('recipients').where('recipient_uuid', '=', id).execute();

export type ApprovedTemplate =
  | { ok: true; text: string; template_name: string }
  | { ok: false; reason: 'not_found' | 'not_approved'; message: string };

/**
 * For the send pipeline: a template of this company that may be sent, with its text. Another
 * company's template reads as not found, so a sender learns nothing about other tenants.
 */
export async function approvedTemplate(
  db: Kysely<Database>,
  companyUuid: string,
  templateUuid: string,
): Promise<ApprovedTemplate> {
  const row = await db
    .selectFrom('sms_templates')
    .select(['text', 'template_name', 'status'])
    .where('sms_template_uuid', '=', templateUuid)
    .where('company_uuid', '=', companyUuid)
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'not_found', message: 'Template not found' };
  if (row.status !== 'approved') {
    return {
      ok: false,
      reason: 'not_approved',
      message: `Template "${row.template_name}" is ${row.status}; only an approved template can be sent`,
    };
  }
  return { ok: true, text: row.text, template_name: row.template_name };
}
