// DID webhooks (docs/spec.md §7: /did/webhook list, POST, GET, PATCH, DELETE; their delivery log and test event).
// Since migration 510 each is a company webhook of the number's company, subscribed to message.received and
// scoped to the number (did_uuid): signed (Standard Webhooks, and the old x-smsc-signature until its deprecation
// date), claimed, retried and logged by the one dispatcher like every other webhook. docs/webhooks.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  CompanyWebhookAttempts,
  CompanyWebhookTestResult,
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
import { listPage } from '../lib/list';
import { FieldError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { rowsOf } from '../lib/tenancy';
import { apiOf } from '../lib/api-context';
import { DID_ACCESS, DID_OWNERS, findDid } from '../numbers';
import { newSecret, secretHint } from './signing';
import { deliveryLog, lastDelivery } from './delivery-log';
import type { CompanyWebhooks } from './service';

const tags = ['numbers'];
const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

export default async function didWebhookRoutes(base: FastifyInstance, opts: { hooks: CompanyWebhooks }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const hooks = opts.hooks;
  const config = { access: DID_ACCESS.edit };

  // the numbers as the numbers domain hands them out: its tables are named only there
  const select = (req: FastifyRequest) =>
    app.db
      .selectFrom('company_webhooks as w')
      .innerJoin(apiOf(app).numbers.didRows(app.db).as('dids'), 'dids.did_uuid', 'w.did_uuid')
      .where(rowsOf(req, DID_OWNERS))
      .select([
        'w.webhook_uuid',
        'w.did_uuid',
        'dids.did',
        'w.url',
        'w.is_active',
        'w.secret',
        'w.created_on',
        lastDelivery().status.as('last_status'),
        lastDelivery().on.as('last_delivery_on'),
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['executeTakeFirstOrThrow']>>;
  const shape = ({ secret, ...r }: Row): DidWebhook => ({
    ...r,
    did_uuid: r.did_uuid as string,
    secret_hint: secretHint(secret),
    created_on: iso(r.created_on) as string,
    last_delivery_on: iso(r.last_delivery_on),
  });
  const one = async (req: FastifyRequest, id: string) =>
    shape(orNotFound(await select(req).where('w.webhook_uuid', '=', id).executeTakeFirst(), 'Webhook'));
  /** A target that is not a public host is refused when saved, in any of the forms an address can be written. */
  const checkUrl = async (url: string | undefined) => {
    if (url === undefined) return;
    const problem = await hooks.urlProblem(url);
    if (problem) throw new FieldError({ url: problem });
  };

  app.get(
    '/did/webhook/list',
    { config, schema: { tags, querystring: DidWebhookListQuery, response: { 200: ListPage(DidWebhook) } } },
    async (req) => {
      let q = select(req);
      if (req.query.did) q = q.where('dids.did', 'like', `%${req.query.did.replace(/[^0-9]/g, '')}%`);
      if (req.query.did_uuid) q = q.where('w.did_uuid', '=', req.query.did_uuid);
      const page = await listPage(
        req.query,
        q.orderBy('w.created_on', 'desc').orderBy('w.webhook_uuid'),
        q.clearSelect(),
      );
      return { ...page, items: page.items.map(shape) };
    },
  );

  app.post(
    '/did/webhook',
    { config, schema: { tags, body: DidWebhookCreateBody, response: { 201: DidWebhookPayload } } },
    async (req, reply) => {
      await checkUrl(req.body.url);
      const did = await findDid(app.db, req, req.body.did);
      // a number no company holds receives messages for no one: there is no company to deliver them for
      if (!did.company_uuid) throw new FieldError({ did: 'must be held by a company to have webhooks' });
      const secret = newSecret();
      const row = await app.db
        .insertInto('company_webhooks')
        .values({
          company_uuid: did.company_uuid,
          did_uuid: did.did_uuid,
          url: req.body.url,
          events: ['message.received'],
          secret,
          is_active: req.body.is_active ?? true,
          legacy_signature: true,
        })
        .returning('webhook_uuid')
        .executeTakeFirstOrThrow();
      // the only answer that carries the secret in full: the console shows it once
      return reply.code(201).send({ webhook: await one(req, row.webhook_uuid), secret });
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
      await one(req, req.params.id);
      await checkUrl(req.body.url);
      const { rotate_secret, ...set } = req.body;
      const secret = rotate_secret ? newSecret() : undefined;
      await app.db
        .updateTable('company_webhooks')
        .set({ ...set, ...(secret ? { secret } : {}) })
        .where('webhook_uuid', '=', req.params.id)
        .where('did_uuid', 'is not', null)
        .execute();
      return { webhook: await one(req, req.params.id), ...(secret ? { secret } : {}) };
    },
  );

  app.delete(
    '/did/webhook/:id',
    { config, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      await one(req, req.params.id);
      await app.db
        .deleteFrom('company_webhooks')
        .where('webhook_uuid', '=', req.params.id)
        .where('did_uuid', 'is not', null)
        .execute();
      return { message: 'Webhook deleted' };
    },
  );

  // the console's delivery log: every attempt with its event's message, answer and next retry
  app.get(
    '/did/webhook/:id/deliveries',
    { config, schema: { tags, params: IdParam, response: { 200: CompanyWebhookAttempts } } },
    async (req) => {
      const w = await one(req, req.params.id);
      return { items: await deliveryLog(app.db, w.webhook_uuid) };
    },
  );

  // "Send test": a signed webhook.test event, its first attempt made now (retries follow like any event's)
  app.post(
    '/did/webhook/:id/test',
    { config, schema: { tags, params: IdParam, response: { 200: CompanyWebhookTestResult } } },
    async (req) => {
      const w = await one(req, req.params.id);
      return hooks.sendTest(w.webhook_uuid);
    },
  );
}
