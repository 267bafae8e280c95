import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IdParam,
  ListPage,
  MessageBody,
  ReminderWorkflow,
  ReminderWorkflowCreateBody,
  ReminderWorkflowPatchBody,
  ReminderWorkflowPayload,
  SmsWorkflow,
  SmsWorkflowCreateBody,
  SmsWorkflowPatchBody,
  SmsWorkflowPayload,
  WorkflowListQuery,
} from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import type { TypeBoxProvider } from '../lib/type-provider';
import { FieldError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { companySenders } from '../campaigns';
import { companyZone, nextRun } from './next-run';
import { recipientNumbers, reminderText } from './workflow-input';
import {
  deleteReminderWorkflow,
  deleteSmsWorkflow,
  insertReminderWorkflow,
  insertSmsWorkflow,
  listReminderWorkflows,
  listSmsWorkflows,
  reminderWorkflowById,
  reminderWorkflowInScope,
  smsWorkflowById,
  smsWorkflowInScope,
  updateReminderWorkflow,
  updateSmsWorkflow,
} from './queries';
import type { Reminders } from './reminders';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';

/** Company users keep workflows too (docs/spec.md §2: company user sms-workflow and reminder-workflow). */
export const WORKFLOW_ACCESS = {
  admin: 'all',
  reseller: 'tenant',
  company_admin: 'tenant',
  user: 'tenant',
} satisfies AccessPolicy;

/** /sms_workflow and /reminder_workflow: list, POST, GET, PATCH, DELETE (docs/spec.md §7). */
export default async function workflowRoutes(base: FastifyInstance, opts: { reminders: Reminders }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const config = { access: WORKFLOW_ACCESS };

  // ---------- SMS workflows ----------
  const tags = ['workflows'];
  const findSms = async (req: FastifyRequest, id: string) =>
    orNotFound(await smsWorkflowInScope(app.db, rowsOf(req, ofCompany('sms_workflows')), id), 'SMS workflow');
  const readSms = (id: string) => smsWorkflowById(app.db, id);

  app.get(
    '/sms_workflow/list',
    { config, schema: { tags, querystring: WorkflowListQuery, response: { 200: ListPage(SmsWorkflow) } } },
    async (req) => listSmsWorkflows(app.db, rowsOf(req, ofCompany('sms_workflows')), req.query),
  );
  app.get(
    '/sms_workflow/:id',
    { config, schema: { tags, params: IdParam, response: { 200: SmsWorkflowPayload } } },
    async (req) => ({ sms_workflow: await findSms(req, req.params.id) }),
  );
  app.post(
    '/sms_workflow',
    { config, schema: { tags, body: SmsWorkflowCreateBody, response: { 201: SmsWorkflowPayload } } },
    async (req, reply) => {
      const b = req.body;
      const company_uuid = await targetCompany(app.db, req, b.company_uuid);
      const [sender] = await companySenders(app.db, company_uuid, [b.ani], 'ani');
      const id = await insertSmsWorkflow(app.db, {
        company_uuid,
        name: b.name.trim(),
        ani: sender.did,
        text: b.text,
        numbers: recipientNumbers(b.numbers),
        is_bulk: b.is_bulk ?? false,
        created_by: req.user.uuid,
      });
      return reply.code(201).send({ sms_workflow: await readSms(id) });
    },
  );
  app.patch(
    '/sms_workflow/:id',
    { config, schema: { tags, params: IdParam, body: SmsWorkflowPatchBody, response: { 200: SmsWorkflowPayload } } },
    async (req) => {
      const before = await findSms(req, req.params.id);
      const b = req.body;
      await updateSmsWorkflow(app.db, before.sms_workflow_uuid, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.text !== undefined ? { text: b.text } : {}),
        ...(b.ani !== undefined
          ? { ani: (await companySenders(app.db, before.company_uuid, [b.ani], 'ani'))[0].did }
          : {}),
        ...(b.numbers !== undefined ? { numbers: recipientNumbers(b.numbers) } : {}),
        ...(b.is_bulk !== undefined ? { is_bulk: b.is_bulk } : {}),
      });
      return { sms_workflow: await readSms(before.sms_workflow_uuid) };
    },
  );
  app.delete(
    '/sms_workflow/:id',
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await findSms(req, req.params.id);
      await deleteSmsWorkflow(app.db, before.sms_workflow_uuid);
      return { message: 'SMS workflow deleted' };
    },
  );

  // ---------- Reminder workflows ----------
  const findReminder = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await reminderWorkflowInScope(app.db, rowsOf(req, ofCompany('reminder_workflows')), id),
      'Reminder workflow',
    );
  const readReminder = (id: string) => reminderWorkflowById(app.db, id);
  const upcoming = async (remind_at: Date, repeat: 'none' | 'daily' | 'weekly', company_uuid: string) => {
    const next = nextRun(remind_at, repeat, new Date(), await companyZone(app.db, company_uuid));
    if (!next) throw new FieldError({ remind_at: 'A reminder that does not repeat needs a time in the future' });
    return next;
  };

  app.get(
    '/reminder_workflow/list',
    { config, schema: { tags, querystring: WorkflowListQuery, response: { 200: ListPage(ReminderWorkflow) } } },
    async (req) => listReminderWorkflows(app.db, rowsOf(req, ofCompany('reminder_workflows')), req.query),
  );
  app.get(
    '/reminder_workflow/:id',
    { config, schema: { tags, params: IdParam, response: { 200: ReminderWorkflowPayload } } },
    async (req) => ({ reminder_workflow: await findReminder(req, req.params.id) }),
  );
  app.post(
    '/reminder_workflow',
    { config, schema: { tags, body: ReminderWorkflowCreateBody, response: { 201: ReminderWorkflowPayload } } },
    async (req, reply) => {
      const b = req.body;
      const company_uuid = await targetCompany(app.db, req, b.company_uuid);
      const [sender] = await companySenders(app.db, company_uuid, [b.ani], 'ani');
      const remind_at = new Date(b.remind_at);
      const repeat = b.repeat ?? 'none';
      const is_active = b.is_active ?? true;
      const row = await insertReminderWorkflow(app.db, {
        company_uuid,
        name: b.name.trim(),
        ani: sender.did,
        text: reminderText(b.text),
        numbers: recipientNumbers(b.numbers),
        remind_at,
        repeat,
        is_active,
        next_run_at: is_active ? await upcoming(remind_at, repeat, company_uuid) : null,
        created_by: req.user.uuid,
      });
      await opts.reminders.schedule(row);
      return reply.code(201).send({ reminder_workflow: await readReminder(row.reminder_workflow_uuid) });
    },
  );
  app.patch(
    '/reminder_workflow/:id',
    {
      config,
      schema: { tags, params: IdParam, body: ReminderWorkflowPatchBody, response: { 200: ReminderWorkflowPayload } },
    },
    async (req) => {
      const before = await findReminder(req, req.params.id);
      const b = req.body;
      const remind_at = b.remind_at !== undefined ? new Date(b.remind_at) : before.remind_at;
      const repeat = b.repeat ?? before.repeat;
      const is_active = b.is_active ?? before.is_active;
      const timing = b.remind_at !== undefined || b.repeat !== undefined || b.is_active !== undefined;
      const next_run_at = !timing
        ? before.next_run_at
        : is_active
          ? await upcoming(remind_at, repeat, before.company_uuid)
          : null;
      const row = await updateReminderWorkflow(app.db, before.reminder_workflow_uuid, {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.text !== undefined ? { text: reminderText(b.text) } : {}),
        ...(b.ani !== undefined
          ? { ani: (await companySenders(app.db, before.company_uuid, [b.ani], 'ani'))[0].did }
          : {}),
        ...(b.numbers !== undefined ? { numbers: recipientNumbers(b.numbers) } : {}),
        remind_at,
        repeat,
        is_active,
        next_run_at,
      });
      // A new time gets its own job; the job of the old time finds next_run_at moved and does nothing.
      if (timing && row.next_run_at?.getTime() !== before.next_run_at?.getTime()) await opts.reminders.schedule(row);
      return { reminder_workflow: await readReminder(before.reminder_workflow_uuid) };
    },
  );
  app.delete(
    '/reminder_workflow/:id',
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await findReminder(req, req.params.id);
      await deleteReminderWorkflow(app.db, before.reminder_workflow_uuid);
      return { message: 'Reminder workflow deleted' };
    },
  );
}
