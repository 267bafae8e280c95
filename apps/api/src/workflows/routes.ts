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
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { companySenders } from '../campaigns';
import { companyZone, nextRun } from './next-run';
import { recipientNumbers, reminderText } from './workflow-input';
import { reminderQuery, smsQuery } from './queries';
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
    orNotFound(
      await smsQuery(app.db)
        .where('sms_workflows.sms_workflow_uuid', '=', id)
        .where(rowsOf(req, ofCompany('sms_workflows')))
        .executeTakeFirst(),
      'SMS workflow',
    );
  const readSms = (id: string) =>
    smsQuery(app.db).where('sms_workflows.sms_workflow_uuid', '=', id).executeTakeFirstOrThrow();

  app.get(
    '/sms_workflow/list',
    { config, schema: { tags, querystring: WorkflowListQuery, response: { 200: ListPage(SmsWorkflow) } } },
    async (req) => {
      let b = smsQuery(app.db).where(rowsOf(req, ofCompany('sms_workflows')));
      if (req.query.name) b = b.where('sms_workflows.name', 'ilike', wildcard(req.query.name));
      if (req.query.company_uuid) b = b.where('sms_workflows.company_uuid', '=', req.query.company_uuid);
      const { col, dir } = ordering(req.query, ['created_on', 'name'] as const, 'created_on', 'desc');
      return listPage(
        req.query,
        b.orderBy(`sms_workflows.${col}`, dir).orderBy('sms_workflows.sms_workflow_uuid'),
        b.clearSelect(),
      );
    },
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
      const row = await app.db
        .insertInto('sms_workflows')
        .values({
          company_uuid,
          name: b.name.trim(),
          ani: sender.did,
          text: b.text,
          numbers: recipientNumbers(b.numbers),
          is_bulk: b.is_bulk ?? false,
          created_by: req.user.uuid,
        })
        .returning('sms_workflow_uuid')
        .executeTakeFirstOrThrow();
      return reply.code(201).send({ sms_workflow: await readSms(row.sms_workflow_uuid) });
    },
  );
  app.patch(
    '/sms_workflow/:id',
    { config, schema: { tags, params: IdParam, body: SmsWorkflowPatchBody, response: { 200: SmsWorkflowPayload } } },
    async (req) => {
      const before = await findSms(req, req.params.id);
      const b = req.body;
      await app.db
        .updateTable('sms_workflows')
        .set({
          ...(b.name !== undefined ? { name: b.name.trim() } : {}),
          ...(b.text !== undefined ? { text: b.text } : {}),
          ...(b.ani !== undefined
            ? { ani: (await companySenders(app.db, before.company_uuid, [b.ani], 'ani'))[0].did }
            : {}),
          ...(b.numbers !== undefined ? { numbers: recipientNumbers(b.numbers) } : {}),
          ...(b.is_bulk !== undefined ? { is_bulk: b.is_bulk } : {}),
        })
        .where('sms_workflow_uuid', '=', before.sms_workflow_uuid)
        .execute();
      return { sms_workflow: await readSms(before.sms_workflow_uuid) };
    },
  );
  app.delete(
    '/sms_workflow/:id',
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await findSms(req, req.params.id);
      await app.db.deleteFrom('sms_workflows').where('sms_workflow_uuid', '=', before.sms_workflow_uuid).execute();
      return { message: 'SMS workflow deleted' };
    },
  );

  // ---------- Reminder workflows ----------
  const findReminder = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await reminderQuery(app.db)
        .where('reminder_workflows.reminder_workflow_uuid', '=', id)
        .where(rowsOf(req, ofCompany('reminder_workflows')))
        .executeTakeFirst(),
      'Reminder workflow',
    );
  const readReminder = (id: string) =>
    reminderQuery(app.db).where('reminder_workflows.reminder_workflow_uuid', '=', id).executeTakeFirstOrThrow();
  const upcoming = async (remind_at: Date, repeat: 'none' | 'daily' | 'weekly', company_uuid: string) => {
    const next = nextRun(remind_at, repeat, new Date(), await companyZone(app.db, company_uuid));
    if (!next) throw new FieldError({ remind_at: 'A reminder that does not repeat needs a time in the future' });
    return next;
  };

  app.get(
    '/reminder_workflow/list',
    { config, schema: { tags, querystring: WorkflowListQuery, response: { 200: ListPage(ReminderWorkflow) } } },
    async (req) => {
      let b = reminderQuery(app.db).where(rowsOf(req, ofCompany('reminder_workflows')));
      if (req.query.name) b = b.where('reminder_workflows.name', 'ilike', wildcard(req.query.name));
      if (req.query.company_uuid) b = b.where('reminder_workflows.company_uuid', '=', req.query.company_uuid);
      const { col, dir } = ordering(req.query, ['created_on', 'name', 'next_run_at'] as const, 'created_on', 'desc');
      return listPage(
        req.query,
        b.orderBy(`reminder_workflows.${col}`, dir).orderBy('reminder_workflows.reminder_workflow_uuid'),
        b.clearSelect(),
      );
    },
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
      const row = await app.db
        .insertInto('reminder_workflows')
        .values({
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
        })
        .returning(['reminder_workflow_uuid', 'next_run_at', 'is_active'])
        .executeTakeFirstOrThrow();
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
      const row = await app.db
        .updateTable('reminder_workflows')
        .set({
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
        })
        .where('reminder_workflow_uuid', '=', before.reminder_workflow_uuid)
        .returning(['reminder_workflow_uuid', 'next_run_at', 'is_active'])
        .executeTakeFirstOrThrow();
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
      await app.db
        .deleteFrom('reminder_workflows')
        .where('reminder_workflow_uuid', '=', before.reminder_workflow_uuid)
        .execute();
      return { message: 'Reminder workflow deleted' };
    },
  );
}
