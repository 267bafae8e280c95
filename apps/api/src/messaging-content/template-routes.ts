import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IdParam,
  ListPage,
  MessageBody,
  SmsTemplate,
  SmsTemplateCreateBody,
  SmsTemplateListQuery,
  SmsTemplatePatchBody,
  SmsTemplatePayload,
  SmsTemplateRejectBody,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { audit } from '../security';
import {
  deleteTemplate,
  insertTemplate,
  listTemplates,
  templateAuthor,
  templateById,
  templateInScope,
  updateTemplate,
} from './queries';
import { queueTemplateReviewMail } from './template-review-notice';
import { ofCompany, rowsOf, targetCompany } from '../lib/tenancy';

const P = (reseller: 'tenant' | 'none', company_admin: 'tenant' | 'none', user: 'tenant' | 'none') =>
  ({ admin: 'all', reseller, company_admin, user }) satisfies AccessPolicy;
export const TEMPLATE_ACCESS = {
  // a company user picks its company's approved templates in the SMS center
  read: P('tenant', 'tenant', 'tenant'),
  write: P('tenant', 'tenant', 'none'),
  // the approval step belongs to the platform or the company's reseller, never to the company
  review: P('tenant', 'none', 'none'),
};
const tags = ['templates'];

export default async function templateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = async (req: FastifyRequest, id: string) =>
    orNotFound(await templateInScope(app.db, rowsOf(req, ofCompany('sms_templates')), id), 'Template');
  const read = (id: string) => templateById(app.db, id);

  app.get(
    '/sms_template/list',
    {
      config: { access: TEMPLATE_ACCESS.read },
      schema: { tags, querystring: SmsTemplateListQuery, response: { 200: ListPage(SmsTemplate) } },
    },
    async (req) => listTemplates(app.db, rowsOf(req, ofCompany('sms_templates')), req.query),
  );

  app.get(
    '/sms_template/:id',
    {
      config: { access: TEMPLATE_ACCESS.read },
      schema: { tags, params: IdParam, response: { 200: SmsTemplatePayload } },
    },
    async (req) => ({ sms_template: await find(req, req.params.id) }),
  );

  app.post(
    '/sms_template',
    {
      config: { access: TEMPLATE_ACCESS.write },
      schema: { tags, body: SmsTemplateCreateBody, response: { 201: SmsTemplatePayload } },
    },
    async (req, reply) => {
      const company_uuid = await targetCompany(app.db, req, req.body.company_uuid);
      // A template written by its approver (the admin or the company's reseller) needs no second look.
      const byReviewer = req.user.user_type === 'admin' || req.user.user_type === 'reseller';
      const id = await insertTemplate(app.db, {
        company_uuid,
        template_name: req.body.template_name.trim(),
        text: req.body.text,
        created_by: req.user.uuid,
        ...(byReviewer ? { status: 'approved' as const, reviewed_by: req.user.uuid, reviewed_on: new Date() } : {}),
      });
      const created = await read(id);
      await audit(req, 'sms_template', created.id, null, created);
      return reply.code(201).send({ sms_template: created });
    },
  );

  app.patch(
    '/sms_template/:id',
    {
      config: { access: TEMPLATE_ACCESS.write },
      schema: { tags, params: IdParam, body: SmsTemplatePatchBody, response: { 200: SmsTemplatePayload } },
    },
    async (req) => {
      const before = await find(req, req.params.id);
      const { template_name, text } = req.body;
      const changed =
        (template_name !== undefined && template_name.trim() !== before.template_name) ||
        (text !== undefined && text !== before.text);
      // The company changing what was approved sends it back for approval; a reviewer's own edit stands.
      const backToPending = changed && req.user.user_type === 'company_admin' && before.status !== 'pending';
      await updateTemplate(app.db, before.id, {
        ...(template_name !== undefined ? { template_name: template_name.trim() } : {}),
        ...(text !== undefined ? { text } : {}),
        updated_on: new Date(),
        ...(backToPending
          ? { status: 'pending' as const, reject_reason: null, reviewed_by: null, reviewed_on: null }
          : {}),
      });
      const after = await read(before.id);
      await audit(req, 'sms_template', before.id, before, after);
      return { sms_template: after };
    },
  );

  app.delete(
    '/sms_template/:id',
    { config: { access: TEMPLATE_ACCESS.write }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const before = await find(req, req.params.id);
      await deleteTemplate(app.db, before.id);
      await audit(req, 'sms_template', before.id, before, null);
      return { message: 'Template deleted' };
    },
  );

  const review = async (
    req: FastifyRequest<{ Params: IdParam }>,
    status: 'approved' | 'rejected',
    reason: string | null,
  ) => {
    const before = await find(req, req.params.id);
    await updateTemplate(app.db, before.id, {
      status,
      reject_reason: reason,
      reviewed_by: req.user.uuid,
      reviewed_on: new Date(),
      updated_on: new Date(),
    });
    const after = await read(before.id);
    await audit(req, 'sms_template', before.id, before, after);
    const created_by = await templateAuthor(app.db, before.id);
    await queueTemplateReviewMail(
      app.db,
      app.users,
      { company_uuid: after.company_uuid, template_name: after.template_name, created_by },
      status,
      reason,
      app.config.publicUrl,
    );
    return { sms_template: after };
  };

  app.patch(
    '/sms_template/:id/approve',
    {
      config: { access: TEMPLATE_ACCESS.review },
      schema: { tags, params: IdParam, response: { 200: SmsTemplatePayload } },
    },
    async (req) => review(req, 'approved', null),
  );

  app.patch(
    '/sms_template/:id/reject',
    {
      config: { access: TEMPLATE_ACCESS.review },
      schema: { tags, params: IdParam, body: SmsTemplateRejectBody, response: { 200: SmsTemplatePayload } },
    },
    async (req) => review(req, 'rejected', req.body?.reason?.trim() || null),
  );
}
