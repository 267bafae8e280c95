// What the company webhooks' routes (routes.ts) and a number's (DID) webhooks' routes (did-routes.ts) share, since
// both are rows of company_webhooks: the answer of a row (its secret as a hint only), the URL check when saved, a
// change (a new secret on rotate) and a removal, each audited without the secret, and the delivery log and test
// event. A DID webhook is scoped to its number (did_uuid); a company webhook has none, and neither path reaches
// the other's rows.
import type { FastifyContextConfig, FastifyInstance, FastifyRequest } from 'fastify';
import {
  CompanyWebhookAttempts,
  CompanyWebhookAttemptsQuery,
  CompanyWebhookTestResult,
  IdParam,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { FieldError } from '../lib/http-error';
import { audit } from '../security';
import { newSecret, secretHint } from './signing';
import { deliveryLog } from './delivery-log';
import type { CompanyWebhooks } from './service';
import { deleteWebhookRow, updateWebhook, type WebhookKind } from './webhook-store';

export type { WebhookKind } from './webhook-store';

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

interface StoredRow {
  secret: string;
  created_on: Date | string;
  last_delivery_on: Date | string | null;
}

/** A row as the API answers it: never its secret, only a hint of it; times in ISO. */
export function webhookAnswer<R extends StoredRow>(
  row: R,
): Omit<R, keyof StoredRow> & { secret_hint: string; created_on: string; last_delivery_on: string | null } {
  const { secret, created_on, last_delivery_on, ...rest } = row;
  return {
    ...rest,
    secret_hint: secretHint(secret),
    created_on: iso(created_on) as string,
    last_delivery_on: iso(last_delivery_on),
  };
}

/** A target that is not a public host is refused when saved, in any of the forms an address can be written. */
export async function checkWebhookUrl(hooks: CompanyWebhooks, url: string | undefined): Promise<void> {
  if (url === undefined) return;
  const problem = await hooks.urlProblem(url);
  if (problem) throw new FieldError({ url: `The URL ${problem}` });
}

/** What the audit log keeps of a webhook (`kept`: what its kind adds): never its secret, only that it was rotated. */
export function auditedWebhook(
  w: { url: string; is_active: boolean; secret_hint: string },
  kept: Record<string, unknown>,
  rotated = false,
) {
  return {
    ...kept,
    url: w.url,
    is_active: w.is_active,
    ...(rotated ? { secret: `rotated (${w.secret_hint})` } : {}),
  };
}

/** Saves a change of a webhook the caller may see (checked by the route); a new secret when asked, answered once. */
export async function changeWebhook(
  app: FastifyInstance,
  kind: WebhookKind,
  id: string,
  body: { rotate_secret?: boolean } & Record<string, unknown>,
): Promise<string | undefined> {
  const { rotate_secret, ...set } = body;
  const secret = rotate_secret ? newSecret() : undefined;
  await updateWebhook(app.db, kind, id, { ...set, ...(secret ? { secret } : {}) });
  return secret;
}

export async function deleteWebhook(app: FastifyInstance, kind: WebhookKind, id: string): Promise<void> {
  await deleteWebhookRow(app.db, kind, id);
}

/** Audits a webhook's creation, change or removal (entity `webhook`, whichever path made it). */
export const auditWebhook = (req: FastifyRequest, id: string, before: object | null, after: object | null) =>
  audit(req, 'webhook', id, before, after);

/**
 * GET {base}/{id}/deliveries (the delivery log, paged: each attempt with its event's message, answer and next retry) and
 * POST {base}/{id}/test ("Send test": a signed webhook.test event, its first attempt made now, retries following).
 */
export function logAndTestRoutes(
  base: FastifyInstance,
  opts: {
    path: '/webhook' | '/did/webhook';
    tags: string[];
    read: FastifyContextConfig;
    manage: FastifyContextConfig;
    hooks: CompanyWebhooks;
    /** the webhook the caller may see, or a 404 */
    find: (req: FastifyRequest, id: string) => Promise<{ webhook_uuid: string }>;
  },
) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { tags } = opts;
  app.get(
    `${opts.path}/:id/deliveries`,
    {
      config: opts.read,
      schema: {
        tags,
        description:
          "The webhook's delivery log, newest first: each attempt with its event (webhook-id, type, the message it is about), the answer and what is next for it. Paged by `cursor` (the previous page's next_cursor).",
        params: IdParam,
        querystring: CompanyWebhookAttemptsQuery,
        response: { 200: CompanyWebhookAttempts },
      },
    },
    async (req) => {
      const w = await opts.find(req, req.params.id);
      return deliveryLog(app.db, w.webhook_uuid, req.query);
    },
  );
  app.post(
    `${opts.path}/:id/test`,
    { config: opts.manage, schema: { tags, params: IdParam, response: { 200: CompanyWebhookTestResult } } },
    async (req) => {
      const w = await opts.find(req, req.params.id);
      return opts.hooks.sendTest(w.webhook_uuid);
    },
  );
}
