// Saving a card, the pages the browser opens (no bearer token: the setup's one-time secret is the key).
// Offline: a built-in "save this card" page stands in for the provider and stores a test payment method
// (the declining test number saves one that every charge declines). With Stripe: its Checkout Session in
// setup mode comes back to /return, which reads the session's payment method and keeps its ids.
import type { FastifyInstance } from 'fastify';
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type Stripe from 'stripe';
import { Type } from '@sinclair/typebox';
import { API_PREFIX, Uuid } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { notFound } from '../lib/http-error';
import { DECLINING_TEST_CARD, TEST_DECLINE_PREFIX } from './charger';
import { cancelCardSetup, cardSetupById, takePendingSetup, writeSavedCard } from './queries';

export const CARD_SETUP_MINUTES = 30;
export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
/** back in the console, on the company admin's Spend and destinations screen */
export const cardSetupReturn = (saved: boolean) =>
  `/company-admin/profile/guards?card=${saved ? 'saved' : 'cancelled'}`;

const publicCfg = { config: { access: 'public' as const } };
const Params = Type.Object({ id: Uuid });
const Secret = Type.String({ maxLength: 64 });

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

function testCardPage(setup_uuid: string, secret: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Save a test card</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<main><h1>Save a test card</h1>
<p>No card provider is configured, so this built-in page stands in for it. No card is charged now; the saved
card is charged when the balance falls below the auto-recharge threshold.</p>
<p>Card <code>4242 4242 4242 4242</code> is always paid; card <code>4000 0000 0000 0002</code> is saved but every charge is declined.</p>
<form method="post" action="${API_PREFIX}/payments/card-setup/${setup_uuid}"><input type="hidden" name="secret" value="${secret}">
<label>Card number <input name="number" inputmode="numeric" autocomplete="cc-number" value="4242 4242 4242 4242"></label>
<p><button type="submit" name="action" value="save">Save this card</button>
<button type="submit" name="action" value="cancel">Cancel</button></p></form></main></body></html>`;
}

export default async function cardPages(app: FastifyInstance, opts: { stripe: Stripe | null }) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const r = app.withTypeProvider<TypeBoxProvider>();

  const pending = async (id: string, secret: string) => {
    const s = await cardSetupById(app.db, id);
    const given = Buffer.from(sha256(secret));
    if (!s || !timingSafeEqual(given, Buffer.from(s.secret_hash))) throw notFound('Card setup');
    if (s.status !== 'pending' || s.expires_on <= new Date()) return null;
    return s;
  };
  const save = (
    setup: { setup_uuid: string; company_uuid: string; created_by: string | null },
    card: {
      provider: 'stripe' | 'test';
      customer_id: string | null;
      payment_method_id: string;
      brand: string;
      last4: string;
      exp_month: number | null;
      exp_year: number | null;
    },
  ) =>
    app.db.transaction().execute(async (trx) => {
      if (!(await takePendingSetup(trx, setup.setup_uuid))) return;
      await writeSavedCard(trx, setup.company_uuid, { ...card, saved_by: setup.created_by, saved_on: new Date() });
    });

  r.get(
    '/payments/card-setup/:id',
    { ...publicCfg, schema: { hide: true, params: Params, querystring: Type.Object({ secret: Secret }) } },
    async (req, reply) => {
      if (opts.stripe) throw notFound('Card setup');
      const s = await pending(req.params.id, req.query.secret);
      if (!s) return reply.redirect(cardSetupReturn(false), 303);
      return reply.type('text/html; charset=utf-8').send(testCardPage(s.setup_uuid, req.query.secret));
    },
  );

  r.post(
    '/payments/card-setup/:id',
    {
      ...publicCfg,
      schema: {
        hide: true,
        params: Params,
        body: Type.Object({
          secret: Secret,
          action: Type.Union([Type.Literal('save'), Type.Literal('cancel')]),
          number: Type.Optional(Type.String({ maxLength: 40 })),
        }),
      },
    },
    async (req, reply) => {
      if (opts.stripe) throw notFound('Card setup');
      const s = await pending(req.params.id, req.body.secret);
      if (!s) return reply.redirect(cardSetupReturn(false), 303);
      const digits = (req.body.number ?? '').replace(/[\s-]/g, '');
      if (req.body.action === 'cancel' || !/^\d{12,19}$/.test(digits)) {
        await cancelCardSetup(app.db, s.setup_uuid);
        return reply.redirect(cardSetupReturn(false), 303);
      }
      const random = randomBytes(12).toString('hex');
      await save(s, {
        provider: 'test',
        customer_id: null,
        payment_method_id: digits === DECLINING_TEST_CARD ? `${TEST_DECLINE_PREFIX}${random}` : `pm_test_${random}`,
        brand: brandOf(digits),
        last4: digits.slice(-4),
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
      });
      return reply.redirect(cardSetupReturn(true), 303);
    },
  );

  r.get(
    '/payments/card-setup/:id/return',
    { ...publicCfg, schema: { hide: true, params: Params, querystring: Type.Object({ secret: Secret }) } },
    async (req, reply) => {
      if (!opts.stripe) throw notFound('Card setup');
      const s = await pending(req.params.id, req.query.secret);
      if (!s?.provider_ref) return reply.redirect(cardSetupReturn(false), 303);
      const session = await opts.stripe.checkout.sessions.retrieve(s.provider_ref, {
        expand: ['setup_intent.payment_method'],
      });
      const intent = session.setup_intent as Stripe.SetupIntent | null;
      const pm = intent?.payment_method as Stripe.PaymentMethod | null;
      if (session.status !== 'complete' || intent?.status !== 'succeeded' || !pm?.card)
        return reply.redirect(cardSetupReturn(false), 303);
      await save(s, {
        provider: 'stripe',
        customer_id: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
        payment_method_id: pm.id,
        brand: pm.card.brand,
        last4: pm.card.last4,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
      });
      return reply.redirect(cardSetupReturn(true), 303);
    },
  );
}
