// Twilio-compatible Messages (issue 47 item 6, docs/twilio-compat.md): Twilio's Messages resource over our send
// pipeline, with HTTP Basic credentials (AccountSid, company API key) and StatusCallback form posts.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { statusFetch } from '../lib/outbound/status-fetch';
import { systemResolve } from '../lib/outbound/pinned-agent';
import { StatusCallbacks } from './callbacks';
import twilioRoutes from './routes';

export { StatusCallbacks, callbackForm } from './callbacks';
export { accountSidOf, messageSidOf, TWILIO_BASE } from './mapping';

declare module 'fastify' {
  interface FastifyInstance {
    /** the StatusCallback sender of the Twilio-compatible calls: drain() posts what is due (tests) */
    twilioCallbacks: StatusCallbacks;
  }
}

export const twilioCallbacksOf = (app: FastifyInstance): StatusCallbacks => apiOf(app).twilioCallbacks;

export default fp(
  async function twilioCompat(app: FastifyInstance) {
    // the status callbacks' settings: those of POST /sms status_callback (company webhooks), one set for both
    const o = app.config.companyWebhooks ?? {};
    const env = app.config.env;
    const callbacks = new StatusCallbacks(app.db, app.log, {
      allowPrivate: o.allowPrivate ?? app.config.webhooks?.allowPrivate ?? env.WEBHOOK_ALLOW_PRIVATE,
      resolve: o.resolve ?? app.config.webhooks?.resolve ?? systemResolve,
      timeoutMs: o.timeoutMs ?? 5000,
      retryBaseSeconds: o.retryBaseSeconds ?? 5,
      maxAttempts: o.maxAttempts ?? 8,
      pollMs: o.pollMs ?? env.COMPANY_WEBHOOK_POLL_MS,
      batch: 100,
      fetch: o.fetch ?? statusFetch,
    });
    app.decorate('twilioCallbacks', callbacks);
    app.addHook('onReady', async () => callbacks.start());
    app.addHook('preClose', async () => callbacks.close());
    // encapsulated: the form parser and Twilio's error shape stay with these routes
    await app.register(twilioRoutes, { callbacks });
  },
  { name: 'twilio-compat', dependencies: ['messaging', 'company-webhooks'] },
);
