// Company webhooks: POST /webhook, GET /webhook/list, GET/PATCH/DELETE /webhook/{id}, the
// delivery log, "send test event", and the company's status-callback secret. docs/webhooks.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CallbackSecretInfo,
  CallbackSecretQuery,
  CompanyWebhook,
  CompanyWebhookCreateBody,
  CompanyWebhookListQuery,
  CompanyWebhookPatchBody,
  CompanyWebhookPayload,
  IdParam,
  ListPage,
  MessageBody,
  type CompanyWebhookEvent,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { callerScope, rowsOf, targetCompany } from '../lib/tenancy';
import { newSecret, secretHint } from './signing';
import type { CompanyWebhooks } from './service';
import {
  auditWebhook,
  auditedWebhook,
  changeWebhook,
  checkWebhookUrl,
  deleteWebhook,
  logAndTestRoutes,
  webhookAnswer,
} from './route-parts';
import { accountsRepository } from '../accounts';
import { callbackSecretOf, setCallbackSecret } from './callback-secrets';
import { COMPANY_WEBHOOK_OWNERS, companyWebhookInScope, insertWebhook, listCompanyWebhooks } from './webhook-store';

/** Who may manage a company's webhooks: the admin all, a reseller its companies', a company admin its own. */
export const WEBHOOK_ACCESS: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const tags = ['webhooks'];

export default async function companyWebhookRoutes(base: FastifyInstance, opts: { hooks: CompanyWebhooks }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const hooks = opts.hooks;
  const config = { access: WEBHOOK_ACCESS };

  const scope = (req: FastifyRequest) => rowsOf(req, COMPANY_WEBHOOK_OWNERS);
  type Row = NonNullable<Awaited<ReturnType<typeof companyWebhookInScope>>>;
  const shape = (r: Row): CompanyWebhook => ({ ...webhookAnswer(r), events: r.events as CompanyWebhookEvent[] });
  const one = async (req: FastifyRequest, id: string) =>
    shape(orNotFound(await companyWebhookInScope(app.db, scope(req), id), 'Webhook'));
  const audited = (w: CompanyWebhook, rotated = false) =>
    auditedWebhook(
      w,
      { company_uuid: w.company_uuid, events: w.events.join(', '), batched: w.batched, description: w.description },
      rotated,
    );

  app.get(
    '/webhook/list',
    {
      config: { ...config, apiKey: 'read' },
      schema: { tags, querystring: CompanyWebhookListQuery, response: { 200: ListPage(CompanyWebhook) } },
    },
    async (req) => {
      const page = await listCompanyWebhooks(app.db, scope(req), req.query);
      return { ...page, items: page.items.map(shape) };
    },
  );

  app.post(
    '/webhook',
    {
      config: { ...config, apiKey: 'manage' },
      schema: { tags, body: CompanyWebhookCreateBody, response: { 201: CompanyWebhookPayload } },
    },
    async (req, reply) => {
      const company_uuid = await targetCompany(app.db, req, req.body.company_uuid);
      await checkWebhookUrl(hooks, req.body.url);
      const secret = newSecret();
      const id = await insertWebhook(app.db, {
        company_uuid,
        url: req.body.url,
        events: req.body.events,
        is_active: req.body.is_active ?? true,
        batched: req.body.batched ?? false,
        description: req.body.description ?? null,
        secret,
      });
      const webhook = await one(req, id);
      await auditWebhook(req, webhook.webhook_uuid, null, audited(webhook));
      // the only answer that carries the secret in full: the console shows it once
      return reply.code(201).send({ webhook, secret });
    },
  );

  app.get(
    '/webhook/:id',
    {
      config: { ...config, apiKey: 'read' },
      schema: { tags, params: IdParam, response: { 200: CompanyWebhookPayload } },
    },
    async (req) => ({ webhook: await one(req, req.params.id) }),
  );

  app.patch(
    '/webhook/:id',
    {
      config: { ...config, apiKey: 'manage' },
      schema: { tags, params: IdParam, body: CompanyWebhookPatchBody, response: { 200: CompanyWebhookPayload } },
    },
    async (req) => {
      const before = await one(req, req.params.id);
      await checkWebhookUrl(hooks, req.body.url);
      const secret = await changeWebhook(app, 'company', req.params.id, req.body);
      const webhook = await one(req, req.params.id);
      await auditWebhook(req, webhook.webhook_uuid, audited(before), audited(webhook, !!secret));
      return { webhook, ...(secret ? { secret } : {}) };
    },
  );

  app.delete(
    '/webhook/:id',
    { config: { ...config, apiKey: 'manage' }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = await one(req, req.params.id);
      await deleteWebhook(app, 'company', req.params.id);
      await auditWebhook(req, gone.webhook_uuid, audited(gone), null);
      return { message: 'Webhook deleted' };
    },
  );

  logAndTestRoutes(app, {
    path: '/webhook',
    tags,
    read: { ...config, apiKey: 'read' },
    manage: { ...config, apiKey: 'manage' },
    hooks,
    find: one,
  });

  // the company's secret for per-message status callbacks (POST /sms status_callback)
  const callbackCompany = async (req: FastifyRequest, named: string | undefined) => {
    const company_uuid = await targetCompany(app.db, req, named);
    orNotFound(await accountsRepository.visibleCompany(app.db, callerScope(req), company_uuid), 'Company');
    return company_uuid;
  };
  app.get(
    '/webhook/callback-secret',
    { config, schema: { tags, querystring: CallbackSecretQuery, response: { 200: CallbackSecretInfo } } },
    async (req) => {
      const company_uuid = await callbackCompany(req, req.query.company_uuid);
      const row = await callbackSecretOf(app.db, company_uuid);
      return { company_uuid, secret_hint: row ? secretHint(row.secret) : null };
    },
  );
  app.post(
    '/webhook/callback-secret',
    { config, schema: { tags, body: CallbackSecretQuery, response: { 200: CallbackSecretInfo } } },
    async (req) => {
      const company_uuid = await callbackCompany(req, req.body.company_uuid);
      const secret = newSecret();
      await setCallbackSecret(app.db, company_uuid, secret);
      return { company_uuid, secret_hint: secretHint(secret), secret };
    },
  );
}
