// DID webhooks (docs/spec.md §7: /did/webhook list, POST, GET, PATCH, DELETE) and their delivery on every incoming message.
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  DidWebhookCreateBody,
  DidWebhookListQuery,
  DidWebhookPatchBody,
  DidWebhookPayload,
  DidWebhook,
  IdParam,
  ListPage,
  MessageBody,
  WebhookDeliveries,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { listPage } from '../../lib/list';
import { FieldError } from '../../lib/http-error';
import { endpointProblem } from '../../lib/outbound/url-check';
import { orNotFound } from '../../lib/tenant';
import { apiOf } from '../../lib/api-context';
import { DID_ACCESS } from '../inventory-routes';
import { DID_OWNERS, findDid } from '../queries';
import { WebhookDispatcher, type DispatcherOptions, type RetryJob } from './delivery';
import { statusFetch } from '../../lib/outbound/status-fetch';
import { newSecret, secretHint } from './signing';
import { rowsOf } from '../../lib/tenancy';

export { WebhookDispatcher } from './delivery';
export { signWebhook, verifyWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';

const ACCESS = DID_ACCESS.edit;
declare module 'fastify' {
  interface FastifyInstance {
    /** DID webhook deliveries (tests wait on them) */
    webhookDispatcher: WebhookDispatcher;
  }
}

/** The webhook dispatcher of an app, from the root instance tests hold or from inside the API. */
export const webhookDispatcherOf = (app: FastifyInstance): WebhookDispatcher => apiOf(app).webhookDispatcher;
const tags = ['numbers'];
const RETRY_JOB = 'did-webhook-retry';

export default fp(
  async function didWebhooks(base: FastifyInstance) {
    const app = base.withTypeProvider<TypeBoxProvider>();
    const opts: Partial<DispatcherOptions> = app.config.webhooks ?? {};
    const allowPrivate = opts.allowPrivate ?? app.config.env.WEBHOOK_ALLOW_PRIVATE;
    const dispatcher = new WebhookDispatcher(
      app.db,
      app.log,
      {
        allowPrivate,
        timeoutMs: opts.timeoutMs ?? 5000,
        retryDelays: opts.retryDelays ?? [2, 10, 60],
        fetch: opts.fetch ?? statusFetch,
        resolve: opts.resolve,
      },
      (job, startAfter) => app.jobs.send(RETRY_JOB, job, { startAfter }),
    );
    app.decorate('webhookDispatcher', dispatcher);
    app.messaging.onReceived((e) => dispatcher.received(e));
    await app.jobs.work<RetryJob>(RETRY_JOB, (job) => dispatcher.retry(job), { pollingIntervalSeconds: 1 });
    app.addHook('preClose', async () => dispatcher.close());

    const select = (req: FastifyRequest) =>
      app.db
        .selectFrom('did_webhooks as w')
        .innerJoin('dids', 'dids.did_uuid', 'w.did_uuid')
        .where(rowsOf(req, DID_OWNERS))
        .select([
          'w.webhook_uuid',
          'w.did_uuid',
          'dids.did',
          'w.url',
          'w.is_active',
          'w.secret',
          'w.created_on',
          sql<
            string | null
          >`(select case when x.ok then 'delivered' else coalesce(x.status_code::text, 'error') end from did_webhook_deliveries x
        where x.webhook_uuid = w.webhook_uuid order by x.created_on desc limit 1)`.as('last_status'),
          sql<Date | null>`(select max(x.created_on) from did_webhook_deliveries x where x.webhook_uuid = w.webhook_uuid)`.as(
            'last_delivery_on',
          ),
        ]);
    const shape = ({
      secret,
      ...row
    }: { secret: string } & Omit<DidWebhook, 'secret_hint' | 'created_on' | 'last_delivery_on'> & {
        created_on: Date;
        last_delivery_on: Date | null;
      }) => ({
      ...row,
      secret_hint: secretHint(secret),
      created_on: row.created_on.toISOString(),
      last_delivery_on: row.last_delivery_on ? new Date(row.last_delivery_on).toISOString() : null,
    });
    /** A target that is not a public host is refused when saved, in any of the forms an address can be written. */
    const checkUrl = async (url: string | undefined) => {
      if (url === undefined) return;
      const problem = await endpointProblem(url, { allowPrivate });
      if (problem) throw new FieldError({ url: problem });
    };
    const one = async (req: FastifyRequest, id: string) =>
      shape(orNotFound(await select(req).where('w.webhook_uuid', '=', id).executeTakeFirst(), 'Webhook'));

    app.get(
      '/did/webhook/list',
      {
        config: { access: ACCESS },
        schema: { tags, querystring: DidWebhookListQuery, response: { 200: ListPage(DidWebhook) } },
      },
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
      {
        config: { access: ACCESS },
        schema: { tags, body: DidWebhookCreateBody, response: { 201: DidWebhookPayload } },
      },
      async (req, reply) => {
        await checkUrl(req.body.url);
        const did = await findDid(app.db, req, req.body.did);
        const secret = newSecret();
        const row = await app.db
          .insertInto('did_webhooks')
          .values({ did_uuid: did.did_uuid, url: req.body.url, secret, is_active: req.body.is_active ?? true })
          .returning('webhook_uuid')
          .executeTakeFirstOrThrow();
        // the only answer that carries the secret in full: the console shows it once
        return reply.code(201).send({ webhook: await one(req, row.webhook_uuid), secret });
      },
    );

    app.get(
      '/did/webhook/:id',
      { config: { access: ACCESS }, schema: { tags, params: IdParam, response: { 200: DidWebhookPayload } } },
      async (req) => ({ webhook: await one(req, req.params.id) }),
    );

    app.patch(
      '/did/webhook/:id',
      {
        config: { access: ACCESS },
        schema: { tags, params: IdParam, body: DidWebhookPatchBody, response: { 200: DidWebhookPayload } },
      },
      async (req) => {
        await one(req, req.params.id);
        await checkUrl(req.body.url);
        const { rotate_secret, ...set } = req.body;
        const secret = rotate_secret ? newSecret() : undefined;
        await app.db
          .updateTable('did_webhooks')
          .set({ ...set, ...(secret ? { secret } : {}) })
          .where('webhook_uuid', '=', req.params.id)
          .execute();
        return { webhook: await one(req, req.params.id), ...(secret ? { secret } : {}) };
      },
    );

    app.delete(
      '/did/webhook/:id',
      { config: { access: ACCESS }, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
      async (req) => {
        await one(req, req.params.id);
        await app.db.deleteFrom('did_webhooks').where('webhook_uuid', '=', req.params.id).execute();
        return { message: 'Webhook deleted' };
      },
    );

    // the console's "last deliveries" of one webhook
    app.get(
      '/did/webhook/:id/deliveries',
      { config: { access: ACCESS }, schema: { tags, params: IdParam, response: { 200: WebhookDeliveries } } },
      async (req) => {
        await one(req, req.params.id);
        const items = await app.db
          .selectFrom('did_webhook_deliveries')
          .select(['delivery_uuid', 'sms_uuid', 'attempt', 'ok', 'status_code', 'error', 'duration_ms', 'created_on'])
          .where('webhook_uuid', '=', req.params.id)
          .orderBy('created_on', 'desc')
          .limit(20)
          .execute();
        return { items };
      },
    );
  },
  { name: 'did-webhooks', dependencies: ['jobs', 'messaging'] },
);
