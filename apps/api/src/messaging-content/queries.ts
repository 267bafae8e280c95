import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Database } from '../db/schema';
import { forbidden, HttpError } from '../lib/http-error';
import { requireCompany } from '../numbers/queries';

/**
 * Rows of a company-owned table the caller may see: the admin all; a reseller its companies'; a
 * company admin or user their company's. `table` is one of this domain's tables.
 */
export function contentScope(req: FastifyRequest, table: 'sms_templates' | 'recipients'): Expression<SqlBool> {
  const { user, level } = req;
  if (level === 'all') return sql<boolean>`true`;
  const col = sql.ref(`${table}.company_uuid`);
  if (user.user_type === 'reseller') {
    return sql<boolean>`${col} in (select c.company_uuid from companies c where c.reseller_uuid = ${user.reseller_uuid})`;
  }
  return sql<boolean>`${col} = ${user.company_uuid}`;
}

/**
 * The company a new record belongs to: a company admin's own (naming another answers 403); the
 * system admin and a reseller must name one they can see (404 otherwise).
 */
export async function targetCompany(db: Kysely<Database>, req: FastifyRequest, named: string | undefined): Promise<string> {
  const { user } = req;
  if (user.user_type === 'company_admin' || user.user_type === 'user') {
    if (named !== undefined && named !== user.company_uuid) throw forbidden();
    if (!user.company_uuid) throw forbidden();
    return user.company_uuid;
  }
  if (!named) throw new HttpError(400, 'company_uuid: name the company this belongs to');
  return (await requireCompany(db, req, named)).company_uuid;
}

/** A recipient's number in E.164 from what a person typed; null when it is not a valid number anywhere. */
export function parseRecipientNumber(input: string): string | null {
  const p = parsePhoneNumberFromString(input.trim(), 'US');
  return p && p.isValid() ? p.number : null;
}

export const templatesQuery = (db: Kysely<Database>) =>
  db.selectFrom('sms_templates')
    .leftJoin('companies', 'companies.company_uuid', 'sms_templates.company_uuid')
    .select([
      'sms_templates.sms_template_uuid as id', 'sms_templates.template_name', 'sms_templates.text', 'sms_templates.status',
      'sms_templates.reject_reason', 'sms_templates.company_uuid', 'companies.company_name', 'sms_templates.reviewed_on',
      'sms_templates.created_on', 'sms_templates.updated_on',
    ]);

export const recipientsQuery = (db: Kysely<Database>) =>
  db.selectFrom('recipients')
    .leftJoin('companies', 'companies.company_uuid', 'recipients.company_uuid')
    .select(['recipients.recipient_uuid', 'recipients.recipient_name', 'recipients.number', 'recipients.company_uuid', 'companies.company_name', 'recipients.created_on']);

export type ApprovedTemplate = { ok: true; text: string; template_name: string } | { ok: false; reason: 'not_found' | 'not_approved'; message: string };

/**
 * For the send pipeline: a template of this company that may be sent, with its text. Another
 * company's template reads as not found, so a sender learns nothing about other tenants.
 */
export async function approvedTemplate(db: Kysely<Database>, companyUuid: string, templateUuid: string): Promise<ApprovedTemplate> {
  const row = await db.selectFrom('sms_templates').select(['text', 'template_name', 'status'])
    .where('sms_template_uuid', '=', templateUuid).where('company_uuid', '=', companyUuid).executeTakeFirst();
  if (!row) return { ok: false, reason: 'not_found', message: 'Template not found' };
  if (row.status !== 'approved') {
    return { ok: false, reason: 'not_approved', message: `Template "${row.template_name}" is ${row.status}; only an approved template can be sent` };
  }
  return { ok: true, text: row.text, template_name: row.template_name };
}
