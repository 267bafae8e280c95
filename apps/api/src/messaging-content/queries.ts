import type { Kysely } from 'kysely';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { Database } from '../db/schema';
import { companyRows } from '../accounts';

/** A recipient's number in E.164 from what a person typed; null when it is not a valid number anywhere. */
export function parseRecipientNumber(input: string): string | null {
  const p = parsePhoneNumberFromString(input.trim(), 'US');
  return p && p.isValid() ? p.number : null;
}

export const templatesQuery = (db: Kysely<Database>) =>
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

export const recipientsQuery = (db: Kysely<Database>) =>
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
