import type { FastifyInstance } from 'fastify';
import accounts from './accounts/plugin';
import auditRoutes from './security/audit-routes';
import apiKeyRoutes from './security/api-key-routes';
import twoFactorRoutes from './security/two-factor-routes';
import catalogRoutes from './catalog/plugin';
import outboxDispatcher from './mail/outbox-dispatcher';
import billingRoutes from './billing';
import numbersRoutes from './numbers';
import messagingRoutes from './messaging';
import contentRoutes from './messaging-content';
import mailTemplateRoutes from './mail/routes';
import jobs from './jobs';
import bulkRoutes from './bulk';
import campaignsRoutes from './campaigns';
import workflowsRoutes from './workflows';
import reportsRoutes from './reports';
import receiptExpiry from './receipts';
import smppRoutes from './smpp';
import companyWebhookRoutes from './company-webhooks';
import opsWiring from './ops/wiring';
import guardsRoutes from './guards';
import autoRechargeRoutes from './auto-recharge';
import liveEvents from './live';
import complianceRoutes from './compliance';
import rateChangeRoutes from './rate-changes';
import brandingRoutes from './branding';
import onboardingRoutes from './onboarding';
import twilioCompatRoutes from './twilio-compat';
import privacyRoutes from './privacy';
import numberLookup from './number-lookup';
import routeQuality from './route-quality';
import retention from './retention';

/**
 * The API's composition root: every domain is registered here, in this order. The plugins that
 * others use are named (fastify-plugin) and decorate the API context with their service (app.jobs,
 * app.messaging, app.bulk, app.outbox, app.reminders, ...); a plugin that uses one lists it in its
 * `dependencies`, so an order that breaks a need stops the server at start. docs/api-architecture.md
 * describes the domains and where a new endpoint goes.
 */
export default async function domains(app: FastifyInstance) {
  // one plugin a line (a new domain adds one line: merges stay trivial)
  const plugins = [
    // accounts and reference data
    brandingRoutes, // name 'branding': brands, their host names, the brand of a host (registration asks it)
    accounts, // name 'accounts': sign-in, registration, users, companies, resellers, files...; app.accounts (its repository)
    auditRoutes,
    apiKeyRoutes,
    twoFactorRoutes,
    // workers and services the domains below use: the durable job queue (pg-boss), the mail outbox
    jobs, // name 'jobs'
    outboxDispatcher, // name 'outbox-dispatcher'
    catalogRoutes, // name 'catalog'
    // domains; each names what it needs in `dependencies`
    billingRoutes,
    numbersRoutes,
    messagingRoutes, // name 'messaging', needs catalog
    numberLookup, // name 'number-lookup', needs catalog, messaging: the network a number is on now, before it is routed
    contentRoutes, // needs messaging
    guardsRoutes, // name 'guards', needs messaging: spend limits, destinations, margin floor, pumping (before bulk sends)
    autoRechargeRoutes, // name 'auto-recharge', needs jobs, guards: charges a saved card below a threshold
    mailTemplateRoutes,
    bulkRoutes, // name 'bulk', needs jobs, messaging
    campaignsRoutes, // needs messaging, bulk
    workflowsRoutes, // needs jobs, messaging
    reportsRoutes, // folds the report rollups on a timer
    receiptExpiry, // a recurring job, needs jobs, messaging
    smppRoutes, // name 'smpp': the customer SMPP listener and its accounts, needs messaging
    companyWebhookRoutes, // name 'company-webhooks': message events from the sms triggers, status callbacks, DID webhooks
    complianceRoutes, // name 'compliance': sender registrations; the send pipeline asks it (needs jobs, messaging)
    rateChangeRoutes, // name 'rate-changes': deck change sets, their impact and price notices (needs catalog, messaging)
    onboardingRoutes, // name 'onboarding': a new company's getting-started checklist (reads billing, numbers, messaging)
    privacyRoutes, // name 'privacy': export and erasure of one phone number across the domains; blocks the send pipeline asks
    twilioCompatRoutes, // name 'twilio-compat': Twilio's Messages resource over the send pipeline (needs messaging, company-webhooks)
    liveEvents, // name 'live': GET /events, the console's live stream from the database triggers' notifications
    routeQuality, // name 'route-quality': delivery measured live, demotions and promotions (needs jobs, catalog, live)
    retention, // name 'retention': message bodies redacted and messages archived then removed after their days (needs jobs, messaging)
    opsWiring, // health, readiness, metrics and the Operations figures: reads every domain's state, so last
  ];
  for (const plugin of plugins) {
    await app.register(plugin);
  }
}
