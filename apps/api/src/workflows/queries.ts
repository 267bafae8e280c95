// The reads the workflow routes start from.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { companyRows } from '../accounts';

/** SMS workflows with their company's name. */
export const smsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('sms_workflows')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'sms_workflows.company_uuid')
    .select([
      'sms_workflows.sms_workflow_uuid',
      'sms_workflows.name',
      'sms_workflows.ani',
      'sms_workflows.text',
      'sms_workflows.numbers',
      'sms_workflows.is_bulk',
      'sms_workflows.company_uuid',
      'companies.company_name',
      'sms_workflows.created_on',
    ]);

/** Reminder workflows with their company's name. */
export const reminderQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('reminder_workflows')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'reminder_workflows.company_uuid')
    .select([
      'reminder_workflows.reminder_workflow_uuid',
      'reminder_workflows.name',
      'reminder_workflows.ani',
      'reminder_workflows.text',
      'reminder_workflows.numbers',
      'reminder_workflows.remind_at',
      'reminder_workflows.repeat',
      'reminder_workflows.is_active',
      'reminder_workflows.next_run_at',
      'reminder_workflows.last_run_at',
      'reminder_workflows.company_uuid',
      'companies.company_name',
      'reminder_workflows.created_on',
    ]);
