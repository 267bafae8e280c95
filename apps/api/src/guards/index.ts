// Guards: spend limits, destination permissions, the margin floor, pumping holds and the low-balance
// alert at every tenant level (docs/guards.md). The plugin plugs its service into the send pipeline
// (messaging.useGuards) and decorates the API context with it as `app.guards`: other domains subscribe
// to its events there, e.g. the company webhooks to 'balance.low':
//   app.guards.events.on('balance.low', (e) => ...)   // e: BalanceLowEvent
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { GuardService } from './service';
import { OBSERVER_ROLE, StoredTrafficObserver } from './observer';
import companyGuardRoutes from './company-routes';
import guardAdminRoutes from './admin-routes';
import feedbackRoutes from './feedback-routes';

export { GuardService, type BalanceLowEvent, type PumpingHeldEvent, type GuardEvents } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    /** the spend and fraud guards; `events` emits 'balance.low' and 'pumping.held' */
    guards: GuardService;
  }
}

/** The guards of an app, from the root instance tests and benchmarks hold or from inside the API. */
export const guardsOf = (app: FastifyInstance): GuardService => apiOf(app).guards;

export default fp(
  async function guards(app: FastifyInstance) {
    const enabled = app.config.guardsEnabled;
    const service = new GuardService(app.db, app.log, enabled);
    app.decorate('guards', service);
    app.messaging.useGuards(service);
    if (!app.leadership.embedded) {
      const observer = new StoredTrafficObserver(app.db, service);
      app.leadership.lead(OBSERVER_ROLE, { tick: () => observer.tick(), lost: () => observer.lost() });
      service.feedFromStoredTraffic(async () => {
        if (app.leadership.holds(OBSERVER_ROLE)) await observer.tick();
      });
    }
    app.addHook('onReady', async () => {
      await service.reloadThresholds();
    });
    app.addHook('preClose', async () => {
      await service.settled();
    });
    await app.register(companyGuardRoutes);
    await app.register(guardAdminRoutes);
    await app.register(feedbackRoutes);
  },
  { name: 'guards', dependencies: ['accounts', 'catalog', 'billing', 'messaging', 'cluster'] },
);
