// Sender registrations (docs/compliance.md): filings of US 10DLC brands and campaigns, toll-free verifications and
// alphanumeric sender IDs, reviewed through the registry port (the built-in simulator by default) or by the system
// admin; the send pipeline asks this domain whether a sender is covered (messaging.useRegistrations).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { ComplianceService, RENEWAL_JOB, REVIEW_JOB, type ReviewJob } from './service';
import { SimulatedRegistry } from './simulator';
import type { RegistryProvider } from './registry-port';
import complianceRoutes from './routes';

export { ComplianceService, REVIEW_JOB, RENEWAL_JOB } from './service';
export type { RegistryProvider, RegistryFiling, RegistryDecision } from './registry-port';
export { RegistryUnavailable } from './registry-port';
export { SENDER_ID_COUNTRIES } from './countries';
export { hasApprovedSenderId } from './queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** sender registrations: the send check's view, submissions, reviews, renewals */
    compliance: ComplianceService;
  }
}

export const complianceOf = (app: FastifyInstance): ComplianceService => apiOf(app).compliance;

export default fp(
  async function compliance(app: FastifyInstance, opts: { registry?: RegistryProvider } = {}) {
    const env = app.config.env;
    const service = new ComplianceService(
      app.db,
      app.log,
      app.jobs,
      opts.registry ?? new SimulatedRegistry(env.COMPLIANCE_SIM_REVIEW_SECONDS),
      env.COMPLIANCE_ENFORCEMENT,
    );
    app.decorate('compliance', service);
    app.messaging.useRegistrations(service);
    await app.jobs.work<ReviewJob>(REVIEW_JOB, (job) => service.review(job), { pollingIntervalSeconds: 1 });
    // the renewal check queues its own next run (one queued at a time across nodes by its singleton key)
    let closing = false;
    const every = env.COMPLIANCE_RENEWAL_CHECK_SECONDS;
    const next = () =>
      app.jobs.send(RENEWAL_JOB, {}, { singletonKey: RENEWAL_JOB, startAfter: new Date(Date.now() + every * 1000) });
    await app.jobs.work(
      RENEWAL_JOB,
      async () => {
        try {
          await service.renewals();
        } finally {
          if (!closing) await next();
        }
      },
      { pollingIntervalSeconds: Math.min(5, every) },
    );
    app.addHook('onReady', async () => {
      await next();
    });
    app.addHook('preClose', async () => {
      closing = true;
    });
    await app.register(complianceRoutes, { service });
  },
  { name: 'compliance', dependencies: ['jobs', 'messaging'] },
);
