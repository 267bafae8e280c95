// Workflows' statements for the workflow routes: SMS and reminder workflows as the API shows them, their lists and
// their writes. `scope` is the caller's visible rows (rowsOf with ofCompany of the table). Each takes the executor
// first, so a call joins the caller's transaction.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { WorkflowListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { companyRows } from '../accounts';

type Db = Kysely<Database>;
type SmsWorkflows = Database['sms_workflows'];
type ReminderWorkflows = Database['reminder_workflows'];

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

export function listSmsWorkflows(db: Db, scope: Expression<SqlBool>, q: WorkflowListQuery) {
  let b = smsQuery(db).where(scope);
  if (q.name) b = b.where('sms_workflows.name', 'ilike', wildcard(q.name));
  if (q.company_uuid) b = b.where('sms_workflows.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(q, ['created_on', 'name'] as const, 'created_on', 'desc');
  return listPage(
    q,
    b.orderBy(`sms_workflows.${col}`, dir).orderBy('sms_workflows.sms_workflow_uuid'),
    b.clearSelect(),
  );
}

/** The SMS workflow as the API shows it, or undefined when there is none of this id in scope. */
export const smsWorkflowInScope = (db: Db, scope: Expression<SqlBool>, id: string) =>
  smsQuery(db).where('sms_workflows.sms_workflow_uuid', '=', id).where(scope).executeTakeFirst();

/** The SMS workflow as the API shows it, once the caller is known to see it (after a write). */
export const smsWorkflowById = (db: Db, id: string) =>
  smsQuery(db).where('sms_workflows.sms_workflow_uuid', '=', id).executeTakeFirstOrThrow();

/** A new SMS workflow; answers its id. */
export async function insertSmsWorkflow(db: Db, values: Insertable<SmsWorkflows>): Promise<string> {
  const row = await db
    .insertInto('sms_workflows')
    .values(values)
    .returning('sms_workflow_uuid')
    .executeTakeFirstOrThrow();
  return row.sms_workflow_uuid;
}

export async function updateSmsWorkflow(db: Db, id: string, set: Updateable<SmsWorkflows>): Promise<void> {
  await db.updateTable('sms_workflows').set(set).where('sms_workflow_uuid', '=', id).execute();
}

export async function deleteSmsWorkflow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sms_workflows').where('sms_workflow_uuid', '=', id).execute();
}

export function listReminderWorkflows(db: Db, scope: Expression<SqlBool>, q: WorkflowListQuery) {
  let b = reminderQuery(db).where(scope);
  if (q.name) b = b.where('reminder_workflows.name', 'ilike', wildcard(q.name));
  if (q.company_uuid) b = b.where('reminder_workflows.company_uuid', '=', q.company_uuid);
  const { col, dir } = ordering(q, ['created_on', 'name', 'next_run_at'] as const, 'created_on', 'desc');
  return listPage(
    q,
    b.orderBy(`reminder_workflows.${col}`, dir).orderBy('reminder_workflows.reminder_workflow_uuid'),
    b.clearSelect(),
  );
}

/** The reminder workflow as the API shows it, or undefined when there is none of this id in scope. */
export const reminderWorkflowInScope = (db: Db, scope: Expression<SqlBool>, id: string) =>
  reminderQuery(db).where('reminder_workflows.reminder_workflow_uuid', '=', id).where(scope).executeTakeFirst();

/** The reminder workflow as the API shows it, once the caller is known to see it (after a write). */
export const reminderWorkflowById = (db: Db, id: string) =>
  reminderQuery(db).where('reminder_workflows.reminder_workflow_uuid', '=', id).executeTakeFirstOrThrow();

/** What a reminder's job is queued from (Reminders.schedule). */
const SCHEDULED = ['reminder_workflow_uuid', 'next_run_at', 'is_active'] as const;

/** A new reminder workflow; answers what its job is queued from. */
export const insertReminderWorkflow = (db: Db, values: Insertable<ReminderWorkflows>) =>
  db.insertInto('reminder_workflows').values(values).returning(SCHEDULED).executeTakeFirstOrThrow();

/** Changes the reminder workflow; answers what its job is queued from. */
export const updateReminderWorkflow = (db: Db, id: string, set: Updateable<ReminderWorkflows>) =>
  db
    .updateTable('reminder_workflows')
    .set(set)
    .where('reminder_workflow_uuid', '=', id)
    .returning(SCHEDULED)
    .executeTakeFirstOrThrow();

export async function deleteReminderWorkflow(db: Db, id: string): Promise<void> {
  await db.deleteFrom('reminder_workflows').where('reminder_workflow_uuid', '=', id).execute();
}
