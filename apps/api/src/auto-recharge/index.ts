// Auto-recharge (docs/guards.md): a company's saved card is charged a set amount when a charge takes its
// balance below its threshold, at most its monthly cap, through the card charger port (Stripe's with
// STRIPE_SECRET_KEY, the offline one otherwise). The trigger is the guards' 'charged' event; the charge
// runs as a pg-boss job, once per crossing whatever the number of API nodes.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { apiOf } from '../lib/api-context';
import { stripeSettings } from '../billing';
import { OfflineCharger, StripeCharger } from './charger';
import { RECHARGE_JOB, RechargeService } from './service';
import type { RechargeJob } from './attempt';
import autoRechargeRoutes from './routes';
import cardPages from './card-pages';

export { RechargeService, RECHARGE_JOB } from './service';
export { rechargeAlert } from './queries';
export type { CardCharger, ChargeInput, ChargeResult } from './charger';

declare module 'fastify' {
  interface FastifyInstance {
    /** auto-recharge: the crossing check, the job, the swappable card charger */
    autoRecharge: RechargeService;
  }
}

/** The auto-recharge service of an app, from the root instance tests hold or from inside the API. */
export const autoRechargeOf = (app: FastifyInstance): RechargeService => apiOf(app).autoRecharge;

export default fp(
  async function autoRecharge(app: FastifyInstance) {
    const key = stripeSettings(app.config.env).secretKey;
    const stripe = key ? new Stripe(key) : null;
    const service = new RechargeService(
      app.db,
      app.log,
      app.jobs,
      app.billing,
      stripe ? new StripeCharger(stripe) : new OfflineCharger(),
    );
    app.decorate('autoRecharge', service);
    app.guards.events.on('charged', (company_uuid) => service.charged(company_uuid));
    await app.jobs.work<RechargeJob>(RECHARGE_JOB, (job) => service.run(job));
    app.addHook('onReady', async () => {
      await service.reload();
    });
    app.addHook('preClose', async () => {
      await service.settled();
    });
    await app.register(autoRechargeRoutes, { stripe });
    await app.register(cardPages, { stripe });
  },
  { name: 'auto-recharge', dependencies: ['accounts', 'jobs', 'billing', 'guards'] },
);
