// Company webhooks: a company's endpoints for its messages' status changes, incoming messages and balance
// alerts (Standard Webhooks), a number's (DID) webhooks as such endpoints scoped to it (did-routes.ts), the
// per-message status_callback of POST /sms, and the outbox dispatcher that delivers them all. Other domains
// publish through app.companyWebhooks.publish(); docs/webhooks.md.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { systemResolve } from '../lib/outbound/pinned-agent';
import { statusFetch } from '../lib/outbound/status-fetch';
import { CompanyWebhookDispatcher, type CompanyWebhookOptions } from './dispatcher';
import { CompanyWebhooks } from './service';
import { startRetention } from './retention';
import companyWebhookRoutes from './routes';
import didWebhookRoutes from './did-routes';

export { CompanyWebhooks } from './service';
export type { CompanyWebhookOptions } from './dispatcher';
export { signPayload, verifyPayload, ID_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER } from './signing';
export { signLegacy, verifyLegacy, LEGACY_SIGNATURE_HEADER, LEGACY_TIMESTAMP_HEADER } from './legacy-signing';
export { WEBHOOK_ACCESS } from './routes';
export { callbackSecrets } from './callback-secrets';
export { webhookDeliveriesHeld } from './personal-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** company webhooks: publish(company_uuid, type, data), urlProblem(url), drain() */
    companyWebhooks: CompanyWebhooks;
  }
}

/** The company webhooks service of an app, from the root instance tests and benchmarks hold. */
export const companyWebhooksOf = (app: FastifyInstance): CompanyWebhooks => apiOf(app).companyWebhooks;

export default fp(
  async function companyWebhooks(base: FastifyInstance) {
    const app = base;
    const o: Partial<CompanyWebhookOptions> = app.config.companyWebhooks ?? {};
    const did = app.config.webhooks ?? {};
    const env = app.config.env;
    const allowPrivate = o.allowPrivate ?? did.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE;
    const resolve = o.resolve ?? did.resolve ?? systemResolve;
    const dispatcher = new CompanyWebhookDispatcher(app.db, app.log, {
      allowPrivate,
      timeoutMs: o.timeoutMs ?? did.timeoutMs ?? 5000,
      retryBaseSeconds: o.retryBaseSeconds ?? 5,
      maxAttempts: o.maxAttempts ?? 8,
      pollMs: o.pollMs ?? env.COMPANY_WEBHOOK_POLL_MS,
      batch: o.batch ?? 200,
      inFlight: o.inFlight ?? 50,
      fetch: o.fetch ?? did.fetch ?? statusFetch,
      resolve,
      // the 50 in flight spread over up to 8 connections, 16 deep at most, to an endpoint that answers fast
      pipelining:
        o.pipelining !== undefined
          ? o.pipelining
          : env.COMPANY_WEBHOOK_PIPELINE_DEPTH > 1
            ? { depth: env.COMPANY_WEBHOOK_PIPELINE_DEPTH, connections: 8 }
            : null,
    });
    const service = new CompanyWebhooks(app.db, dispatcher, { allowPrivate, resolve });
    app.decorate('companyWebhooks', service);
    // a company's balance falling under its alert level (the guards notice the crossing once) reaches its endpoints
    app.guards.events.on('balance.low', (e) => {
      const data = { balance: e.balance, threshold: e.threshold, currency: e.currency, at: e.at.toISOString() };
      service.publish(e.company_uuid, 'balance.low', data).catch((err) => app.log.error({ err }, 'balance.low event'));
    });
    let stopRetention: () => Promise<void> = async () => undefined;
    app.addHook('onReady', async () => {
      dispatcher.start();
      const days = o.retentionDays ?? env.COMPANY_WEBHOOK_RETENTION_DAYS;
      stopRetention = startRetention(app.db, { days, everyMs: 3_600_000, log: app.log });
    });
    app.addHook('preClose', async () => {
      await stopRetention();
      await dispatcher.close();
    });
    await app.register(companyWebhookRoutes, { hooks: service });
    await app.register(didWebhookRoutes, { hooks: service });
  },
  { name: 'company-webhooks', dependencies: ['messaging', 'guards'] },
);
