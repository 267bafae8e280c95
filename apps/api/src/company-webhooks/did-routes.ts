// DID webhooks (docs/spec.md §7: /did/webhook list, POST, GET, PATCH, DELETE; their delivery log and test event).
// Since migration 510 each is a company webhook of the number's company, subscribed to message.received and
// scoped to the number (did_uuid): signed (Standard Webhooks, and the old x-smsc-signature until its deprecation
// date), claimed, retried and logged by the one dispatcher like every other webhook, and answered, checked, changed,
// audited, logged and tested by the company webhooks' route parts (route-parts.ts). docs/webhooks.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  DidWebhook,
  DidWebhookCreateBody,
  DidWebhookListQuery,
  DidWebhookPatchBody,
  DidWebhookPayload,
  IdParam,
  ListPage,
  MessageBody,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { FieldError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { rowsOf } from '../lib/tenancy';
import { DID_ACCESS, DID_OWNERS, findDid } from '../numbers';
import { newSecret } from './signing';
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
import { didWebhookInScope, insertWebhook, listDidWebhooks } from './webhook-store';

const tags = ['numbers'];

export default async function didWebhookRoutes(base: FastifyInstance, opts: { hooks: CompanyWebhooks }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const hooks = opts.hooks;
  const config = { access: DID_ACCESS.edit };

  type Row = NonNullable<Awaited<ReturnType<typeof didWebhookInScope>>>;
  const shape = (r: Row): DidWebhook => ({ ...webhookAnswer(r), did_uuid: r.did_uuid as string });
  const one = async (req: FastifyRequest, id: string) =>
    shape(orNotFound(await didWebhookInScope(app.db, rowsOf(req, DID_OWNERS), id), 'Webhook'));
  // audited as a company webhook is (the same rows): the number it is scoped to and what it receives
  const audited = (w: DidWebhook, rotated = false) =>
    auditedWebhook(w, { did: w.did, events: 'message.received' }, rotated);

  app.get(
    '/did/webhook/list',
    { config, schema: { tags, querystring: DidWebhookListQuery, response: { 200: ListPage(DidWebhook) } } },
    async (req) => {
      const page = await listDidWebhooks(app.db, rowsOf(req, DID_OWNERS), req.query);
      return { ...page, items: page.items.map(shape) };
    },
  );

  app.post(
    '/did/webhook',
    { config, schema: { tags, body: DidWebhookCreateBody, response: { 201: DidWebhookPayload } } },
    async (req, reply) => {
      await checkWebhookUrl(hooks, req.body.url);
      const did = await findDid(app.db, req, req.body.did);
      // a number no company holds receives messages for no one: there is no company to deliver them for
      if (!did.company_uuid) throw new FieldError({ did: 'must be held by a company to have webhooks' });
      const secret = newSecret();
      const id = await insertWebhook(app.db, {
        company_uuid: did.company_uuid,
        did_uuid: did.did_uuid,
        url: req.body.url,
        events: ['message.received'],
        secret,
        is_active: req.body.is_active ?? true,
        legacy_signature: true,
      });
      const webhook = await one(req, id);
      await auditWebhook(req, webhook.webhook_uuid, null, audited(webhook));
      // the only answer that carries the secret in full: the console shows it once
      return reply.code(201).send({ webhook, secret });
    },
  );

  app.get(
    '/did/webhook/:id',
    { config, schema: { tags, params: IdParam, response: { 200: DidWebhookPayload } } },
    async (req) => ({ webhook: await one(req, req.params.id) }),
  );

  app.patch(
    '/did/webhook/:id',
    { config, schema: { tags, params: IdParam, body: DidWebhookPatchBody, response: { 200: DidWebhookPayload } } },
    async (req) => {
      const before = await one(req, req.params.id);
      await checkWebhookUrl(hooks, req.body.url);
      const secret = await changeWebhook(app, 'did', req.params.id, req.body);
      const webhook = await one(req, req.params.id);
      await auditWebhook(req, webhook.webhook_uuid, audited(before), audited(webhook, !!secret));
      return { webhook, ...(secret ? { secret } : {}) };
    },
  );

  app.delete(
    '/did/webhook/:id',
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = await one(req, req.params.id);
      await deleteWebhook(app, 'did', req.params.id);
      await auditWebhook(req, gone.webhook_uuid, audited(gone), null);
      return { message: 'Webhook deleted' };
    },
  );

  logAndTestRoutes(app, { path: '/did/webhook', tags, read: config, manage: config, hooks, find: one });
}
