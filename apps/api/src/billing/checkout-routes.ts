// Card checkout. With STRIPE_SECRET_KEY: a Stripe Checkout Session, credited by Stripe's signed webhook.
// Without: a built-in test checkout page (served here, no network) so the flow runs offline end to end.
// Either way the ledger is credited once per payment (ledger key payment:<uuid>) and once per event id.
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import Stripe from 'stripe';
import { Type } from '@sinclair/typebox';
import { API_PREFIX, CheckoutAnswer, CheckoutBody, Uuid } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError, notFound } from '../lib/http-error';
import { formatMoney, toMicro } from '../lib/money';
import { assertCanTopUp, topUpAmount } from './top-up';
import { checkoutExpiry, expireAbandonedPayments } from './payment-expiry';
import {
  cancelPayment,
  checkoutPayment,
  creditCardPayment,
  firstStripeEvent,
  openPayment,
  paymentAmount,
  paymentStatusOf,
  setProviderRef,
} from './payments';
import type { EnvConfig } from '../config';

export interface StripeSettings {
  secretKey?: string;
  webhookSecret?: string;
}
/** Stripe settings come from the environment (never from the database or the client). */
export const stripeSettings = (env: EnvConfig): StripeSettings => ({
  secretKey: env.STRIPE_SECRET_KEY,
  webhookSecret: env.STRIPE_WEBHOOK_SECRET,
});
export const WEBHOOK_TOLERANCE_SECONDS = 300;

// A company admin tops up its company; a reseller its own account. The admin has no account to pay into.
const payCfg = {
  config: { access: { admin: 'none', reseller: 'own', company_admin: 'own', user: 'none' } satisfies AccessPolicy },
};
const publicCfg = { config: { access: 'public' as const } };

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const MICRO_PER_CENT = 10_000n;

const returnPath = (p: { company_uuid: string | null }, ok: boolean) =>
  p.company_uuid
    ? `/company-admin/payment-${ok ? 'success' : 'cancel'}`
    : `/reseller/payment/gateway?status=${ok ? 'success' : 'cancel'}`;

function testCheckoutPage(payment_uuid: string, secret: string, amount: string): string {
  const action = `${API_PREFIX}/payments/test-checkout/${payment_uuid}`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<main><h1>Test checkout</h1>
<p>No card provider is configured, so this built-in page stands in for it. No card is charged.</p>
<p>Amount to pay: <strong>USD ${amount}</strong></p>
<form method="post" action="${action}"><input type="hidden" name="secret" value="${secret}">
<button type="submit" name="action" value="pay">Pay USD ${amount}</button>
<button type="submit" name="action" value="cancel">Cancel</button></form></main></body></html>`;
}

export default async function checkoutRoutes(base: FastifyInstance, opts: { stripe?: StripeSettings }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const settings = opts.stripe ?? stripeSettings(app.config.env);
  // The SDK also verifies webhook signatures, which needs no API key; the placeholder key is never sent.
  const stripe = new Stripe(settings.secretKey ?? 'sk_test_offline_placeholder');

  app.post(
    '/payments/stripe/checkout',
    { ...payCfg, schema: { tags: ['billing'], body: CheckoutBody, response: { 201: CheckoutAnswer } } },
    async (req, reply) => {
      const amount = topUpAmount(req.body.amount, 'USD');
      const me = req.user;
      await assertCanTopUp(app.db, me.company_uuid);
      const secret = randomBytes(24).toString('base64url');
      const expires = checkoutExpiry('card');
      const p = await openPayment(app.db, {
        company_uuid: me.company_uuid,
        reseller_uuid: me.company_uuid ? null : me.reseller_uuid,
        method: 'card',
        amount: amount.toString(),
        checkout_secret_hash: settings.secretKey ? null : sha256(secret),
        expires_on: expires,
        created_by: me.uuid,
      });
      if (!settings.secretKey) {
        return reply.code(201).send({
          payment_uuid: p.payment_uuid,
          mode: 'test',
          url: `${API_PREFIX}/payments/test-checkout/${p.payment_uuid}?secret=${secret}`,
        });
      }
      const origin = app.config.publicUrl.replace(/\/$/, '');
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        expires_at: Math.floor(expires.getTime() / 1000),
        client_reference_id: p.payment_uuid,
        metadata: { payment_uuid: p.payment_uuid },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: 'usd',
              unit_amount: Number(amount / MICRO_PER_CENT),
              product_data: { name: 'SMSC balance top-up' },
            },
          },
        ],
        success_url: `${origin}${returnPath(p, true)}`,
        cancel_url: `${origin}${returnPath(p, false)}`,
      });
      await setProviderRef(app.db, p.payment_uuid, session.id);
      return reply.code(201).send({ payment_uuid: p.payment_uuid, mode: 'stripe', url: session.url as string });
    },
  );

  // The built-in checkout: opened by the browser (no bearer token), so the per-payment secret is the key.
  await app.register(async (page) => {
    page.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const Params = Type.Object({ id: Uuid });
    const pending = async (id: string, secret: string) => {
      if (settings.secretKey) throw notFound('Checkout');
      const p = await checkoutPayment(app.db, id);
      const given = Buffer.from(sha256(secret));
      if (!p?.checkout_secret_hash || !timingSafeEqual(given, Buffer.from(p.checkout_secret_hash)))
        throw notFound('Checkout');
      // the built-in page is the provider here: past its session's expiry it takes no payment
      if (p.status === 'pending' && p.expires_on && p.expires_on <= new Date()) {
        await expireAbandonedPayments(app.db);
        return { ...p, status: 'expired' as const };
      }
      return p;
    };
    page.withTypeProvider<TypeBoxProvider>().get(
      '/payments/test-checkout/:id',
      {
        ...publicCfg,
        schema: { hide: true, params: Params, querystring: Type.Object({ secret: Type.String({ maxLength: 64 }) }) },
      },
      async (req, reply) => {
        const p = await pending(req.params.id, req.query.secret);
        if (p.status !== 'pending') return reply.redirect(returnPath(p, p.status === 'paid'), 303);
        return reply
          .type('text/html; charset=utf-8')
          .send(testCheckoutPage(p.payment_uuid, req.query.secret, formatMoney(toMicro(p.amount))));
      },
    );
    page.withTypeProvider<TypeBoxProvider>().post(
      '/payments/test-checkout/:id',
      {
        ...publicCfg,
        schema: {
          hide: true,
          params: Params,
          body: Type.Object({
            secret: Type.String({ maxLength: 64 }),
            action: Type.Union([Type.Literal('pay'), Type.Literal('cancel')]),
          }),
        },
      },
      async (req, reply) => {
        const p = await pending(req.params.id, req.body.secret);
        if (p.status === 'expired') return reply.redirect(returnPath(p, false), 303);
        if (req.body.action === 'cancel') {
          await cancelPayment(app.db, p.payment_uuid);
        } else {
          await app.db
            .transaction()
            .execute((trx) => creditCardPayment(trx, p.payment_uuid, { type: 'test_checkout', id: p.payment_uuid }));
        }
        const now = await paymentStatusOf(app.db, p.payment_uuid);
        return reply.redirect(
          `${returnPath(p, now === 'paid')}${p.company_uuid ? `?payment_uuid=${p.payment_uuid}` : ''}`,
          303,
        );
      },
    );
  });

  // Stripe's webhook needs the exact bytes it signed, so this scope keeps JSON bodies as text.
  await app.register(async (hook) => {
    hook.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
    hook.post('/payments/stripe/webhook', { ...publicCfg, schema: { hide: true } }, async (req, reply) => {
      if (!settings.webhookSecret) throw new HttpError(404, 'Webhook not configured');
      const signature = req.headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          req.body as string,
          String(signature ?? ''),
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch {
        throw new HttpError(400, 'Invalid Stripe signature');
      }
      const credited = await app.db.transaction().execute(async (trx) => {
        // One row per event id: a replay (or a concurrent twin, which waits on the key) does nothing.
        const fresh = await firstStripeEvent(trx, event.id, event.type);
        if (!fresh || event.type !== 'checkout.session.completed') return false;
        const session = event.data.object as Stripe.Checkout.Session;
        const payment_uuid = session.client_reference_id ?? session.metadata?.payment_uuid;
        if (session.payment_status !== 'paid' || !payment_uuid || !/^[0-9a-f-]{36}$/i.test(payment_uuid)) return false;
        const amount = await paymentAmount(trx, payment_uuid);
        // Credit what was asked for only when Stripe collected exactly that.
        if (amount === undefined || BigInt(session.amount_total ?? -1) * MICRO_PER_CENT !== amount) {
          req.log.warn({ event: event.id, payment_uuid }, 'checkout session does not match a pending payment');
          return false;
        }
        return creditCardPayment(trx, payment_uuid, { type: 'stripe_event', id: event.id });
      });
      return reply.send({ received: true, credited });
    });
  });
}
