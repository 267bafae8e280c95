// /company/{id}/auto-recharge: the settings, the saved card and the last attempts. The company admin sets
// its own company's (and saves or removes its card); its reseller and the system admin see them.
// Tenancy through lib/tenancy.ts: another company, or another reseller's, answers 404; docs/authorization.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { API_PREFIX, AutoRecharge, AutoRechargePut, CardSetupAnswer, IdParam } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { callerScope } from '../lib/tenancy';
import { orNotFound } from '../lib/tenant';
import { FieldError } from '../lib/http-error';
import { audit } from '../security';
import {
  currencyOf,
  deleteSavedCard,
  disableForRemovedCard,
  hasSavedCard,
  insertCardSetup,
  rechargeSettings,
  rechargeView,
  savedCustomerId,
  setSetupProviderRef,
  writeRechargeSettings,
} from './queries';
import { parseRechargeSettings } from './rules';
import { CARD_SETUP_MINUTES, cardSetupReturn, sha256 } from './card-pages';

const read: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const own: AccessPolicy = { admin: 'none', reseller: 'none', company_admin: 'tenant', user: 'none' };
const ownOnly = { access: own, refusal: "Only the company's own admin sets its auto-recharge and card" };

export default async function autoRechargeRoutes(base: FastifyInstance, opts: { stripe: Stripe | null }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const findCompany = async (req: FastifyRequest, id: string) =>
    orNotFound(await app.accounts.visibleCompany(app.db, callerScope(req), id), 'Company');

  app.get(
    '/company/:id/auto-recharge',
    { config: { access: read }, schema: { tags: ['guards'], params: IdParam, response: { 200: AutoRecharge } } },
    async (req) => rechargeView(app.billing, app.db, (await findCompany(req, req.params.id)).company_uuid),
  );

  app.put(
    '/company/:id/auto-recharge',
    {
      config: ownOnly,
      schema: { tags: ['guards'], params: IdParam, body: AutoRechargePut, response: { 200: AutoRecharge } },
    },
    async (req) => {
      const { company_uuid } = await findCompany(req, req.params.id);
      const s = parseRechargeSettings(req.body, await currencyOf(app.billing, app.db, company_uuid));
      const enabled = req.body.enabled;
      if (enabled && !(await hasSavedCard(app.db, company_uuid)))
        throw new FieldError({ enabled: 'Save a card first' });
      const before = await rechargeSettings(app.db, company_uuid);
      const values = {
        enabled,
        threshold: s.threshold.toString(),
        amount: s.amount.toString(),
        monthly_cap: s.monthly_cap.toString(),
        // new settings apply at once: a balance below the threshold now is a crossing (the cap still holds)
        armed: true,
        // turning it on (again) starts afresh: failures forgotten
        ...(enabled && !before?.enabled ? { failures: 0, disabled_reason: null } : {}),
        updated_by: req.user.uuid,
        updated_on: new Date(),
      };
      await writeRechargeSettings(app.db, company_uuid, values);
      await audit(req, 'auto_recharge', company_uuid, before, await rechargeSettings(app.db, company_uuid));
      await app.autoRecharge.reload();
      // a threshold above the balance now recharges at once
      await app.autoRecharge.check(company_uuid);
      return rechargeView(app.billing, app.db, company_uuid);
    },
  );

  app.post(
    '/company/:id/auto-recharge/card',
    { config: ownOnly, schema: { tags: ['guards'], params: IdParam, response: { 201: CardSetupAnswer } } },
    async (req, reply) => {
      const { company_uuid } = await findCompany(req, req.params.id);
      const secret = randomBytes(24).toString('base64url');
      const setup_uuid = await insertCardSetup(app.db, {
        company_uuid,
        secret_hash: sha256(secret),
        created_by: req.user.uuid,
        expires_on: new Date(Date.now() + CARD_SETUP_MINUTES * 60_000),
      });
      const page = `${API_PREFIX}/payments/card-setup/${setup_uuid}`;
      if (!opts.stripe) return reply.code(201).send({ setup_uuid, mode: 'test', url: `${page}?secret=${secret}` });
      const customer =
        (await savedCustomerId(app.db, company_uuid)) ??
        (await opts.stripe.customers.create({ email: req.user.email, metadata: { company_uuid } })).id;
      const origin = app.config.publicUrl.replace(/\/$/, '');
      // setup mode: the card is saved for later off-session charges, nothing is charged now
      const session = await opts.stripe.checkout.sessions.create({
        mode: 'setup',
        customer,
        // with dynamic payment methods a setup session names its currency
        currency: (await currencyOf(app.billing, app.db, company_uuid)).toLowerCase(),
        client_reference_id: setup_uuid,
        metadata: { setup_uuid, company_uuid },
        success_url: `${origin}${page}/return?secret=${secret}`,
        cancel_url: `${origin}${cardSetupReturn(false)}`,
      });
      await setSetupProviderRef(app.db, setup_uuid, session.id);
      return reply.code(201).send({ setup_uuid, mode: 'stripe', url: session.url as string });
    },
  );

  app.delete(
    '/company/:id/auto-recharge/card',
    { config: ownOnly, schema: { tags: ['guards'], params: IdParam, response: { 200: AutoRecharge } } },
    async (req) => {
      const { company_uuid } = await findCompany(req, req.params.id);
      const card = await deleteSavedCard(app.db, company_uuid);
      if (card) {
        const off = await disableForRemovedCard(app.db, company_uuid);
        await audit(req, 'saved_card', company_uuid, { company_uuid, brand: card.brand, last4: card.last4 }, null);
        if (off) await app.autoRecharge.reload();
        // the provider forgets it too; a failure there leaves nothing we could charge (the row is gone)
        if (card.provider === 'stripe' && opts.stripe)
          await opts.stripe.paymentMethods
            .detach(card.payment_method_id)
            .catch((e: Error) => req.log.warn({ err: e.message }, 'saved card not detached at Stripe'));
      }
      return rechargeView(app.billing, app.db, company_uuid);
    },
  );
}
