// The payment button: PayPal through its server SDK. The order is created and captured here, on the
// server; the browser only approves it on PayPal's page. The capture PayPal answers is verified
// (paypal-core.ts) before the ledger is credited, once per payment (ledger key payment:<uuid>, the
// payment row moving from pending to paid once, the capture id stored unique), so a replayed or
// concurrent capture credits once. Without PAYPAL_CLIENT_ID/PAYPAL_CLIENT_SECRET the button says so.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import axios, { type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import {
  ApiError,
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  type Order,
} from '@paypal/paypal-server-sdk';
import {
  PaymentButtonCapture,
  PaymentButtonCaptured,
  PaymentButtonConfig,
  PaymentButtonCreate,
  PaymentButtonOrder,
  type Payment,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { HttpError, notFound } from '../lib/http-error';
import { formatMoney, toMicro } from '../lib/money';
import {
  cancelPayment,
  creditPaypalCapture,
  findPayment,
  openPayment,
  ownPaypalPayment,
  setProviderRef,
} from './payments';
import { assertCanTopUp, topUpAmount } from './top-up';
import { verifyCapture } from './paypal-core';
import { checkoutExpiry } from './payment-expiry';
import type { EnvConfig } from '../config';

export interface PaypalSettings {
  clientId?: string;
  clientSecret?: string;
  environment: 'sandbox' | 'production';
  /** another base URL for PayPal's API (a local fake in tests and offline demos); PayPal's own otherwise */
  apiBase?: string;
}
/** From the environment (never from the database or the client). */
export const paypalSettings = (env: EnvConfig): PaypalSettings => ({
  clientId: env.PAYPAL_CLIENT_ID,
  clientSecret: env.PAYPAL_CLIENT_SECRET,
  environment: env.PAYPAL_ENVIRONMENT,
  apiBase: env.PAYPAL_API_BASE,
});

const CURRENCY = 'USD';
// Like card checkout: a company admin tops up its company, a reseller its own account.
const payCfg = {
  config: { access: { admin: 'none', reseller: 'own', company_admin: 'own', user: 'none' } satisfies AccessPolicy },
};
const tags = ['billing'];

/** Sends the SDK's requests to `base` instead of PayPal's hosts (same paths, same bodies). */
function redirectTo(base: string): AxiosAdapter {
  const http = axios.getAdapter('http');
  const target = base.replace(/\/$/, '');
  return (config: InternalAxiosRequestConfig) =>
    http({ ...config, url: String(config.url).replace(/^https:\/\/api-m(\.sandbox)?\.paypal\.com/, target) });
}

function paypalClient(s: PaypalSettings): OrdersController | null {
  if (!s.clientId || !s.clientSecret) return null;
  const client = new Client({
    clientCredentialsAuthCredentials: { oAuthClientId: s.clientId, oAuthClientSecret: s.clientSecret },
    environment: s.environment === 'production' ? Environment.Production : Environment.Sandbox,
    timeout: 20_000,
    ...(s.apiBase ? { unstable_httpClientOptions: { adapter: redirectTo(s.apiBase) } } : {}),
  });
  return new OrdersController(client);
}

const gatewayPath = (req: FastifyRequest) =>
  req.user.company_uuid ? '/company-admin/payment-gateway' : '/reseller/payment/gateway';

export default async function paypalRoutes(base: FastifyInstance, opts: { paypal?: PaypalSettings }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const settings = opts.paypal ?? paypalSettings(app.config.env);
  const orders = paypalClient(settings);
  const configured = () => {
    if (!orders)
      throw new HttpError(
        409,
        'The PayPal button is not configured on this server (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)',
      );
    return orders;
  };
  // PayPal's refusals are logged in full and answered in general terms.
  const providerFailure = (req: FastifyRequest, e: unknown, what: string) => {
    req.log.warn(
      { err: e instanceof ApiError ? { status: e.statusCode, body: e.body } : String(e) },
      `PayPal ${what} failed`,
    );
    return new HttpError(502, `PayPal could not ${what}; nothing was charged. Try again later.`);
  };

  app.get(
    '/payments/paypal/config',
    { ...payCfg, schema: { tags, response: { 200: PaymentButtonConfig } } },
    async () => ({ provider: 'paypal' as const, configured: !!orders, currency: CURRENCY }),
  );

  app.post(
    '/payments/create',
    {
      ...payCfg,
      schema: {
        tags,
        body: PaymentButtonCreate,
        response: { 201: PaymentButtonOrder },
        description:
          'The payment button: creates a PayPal order for the amount, to be approved by the payer on PayPal.',
      },
    },
    async (req, reply) => {
      const api = configured();
      const amount = topUpAmount(req.body.amount, CURRENCY);
      const me = req.user;
      await assertCanTopUp(app.db, me.company_uuid);
      const p = await openPayment(app.db, {
        company_uuid: me.company_uuid,
        reseller_uuid: me.company_uuid ? null : me.reseller_uuid,
        method: 'paypal',
        amount: amount.toString(),
        expires_on: checkoutExpiry('paypal'),
        created_by: me.uuid,
      });
      const back = `${app.config.publicUrl.replace(/\/$/, '')}${gatewayPath(req)}`;
      let order: Order;
      try {
        order = (
          await api.createOrder({
            // the same request id on a retry makes PayPal answer the first order instead of a second
            paypalRequestId: `create-${p.payment_uuid}`,
            prefer: 'return=representation',
            body: {
              intent: CheckoutPaymentIntent.Capture,
              purchaseUnits: [
                {
                  referenceId: p.payment_uuid,
                  customId: p.payment_uuid,
                  description: 'SMSC balance top-up',
                  amount: { currencyCode: CURRENCY, value: formatMoney(amount) },
                },
              ],
              paymentSource: {
                paypal: {
                  experienceContext: {
                    returnUrl: `${back}?provider=paypal`,
                    cancelUrl: `${back}?provider=paypal&status=cancel`,
                    userAction: 'PAY_NOW' as never,
                  },
                },
              },
            },
          })
        ).result;
      } catch (e) {
        await cancelPayment(app.db, p.payment_uuid, false);
        throw providerFailure(req, e, 'create the order');
      }
      const approve = order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!order.id || !approve) {
        await cancelPayment(app.db, p.payment_uuid, false);
        throw providerFailure(req, new Error('order without id or approval link'), 'create the order');
      }
      await setProviderRef(app.db, p.payment_uuid, order.id);
      return reply.code(201).send({ payment_uuid: p.payment_uuid, order_id: order.id, approve_url: approve });
    },
  );

  app.post(
    '/payments/paypal/capture',
    {
      ...payCfg,
      schema: {
        tags,
        body: PaymentButtonCapture,
        response: { 200: PaymentButtonCaptured },
        description: 'Captures the approved PayPal order, verifies it and credits the balance once.',
      },
    },
    async (req) => {
      const api = configured();
      const me = req.user;
      // Only the caller's own account's order: another company's (or an unknown id) answers 404.
      const p = await ownPaypalPayment(app.db, req.body.order_id, me);
      if (!p) throw notFound('Payment');
      const answer = async (credited: boolean) => ({
        payment: (await findPayment(app.db, p.payment_uuid)) as Payment,
        credited,
      });
      if (p.status === 'paid') return answer(false);
      // an expired order PayPal still captures is money received; PayPal refuses one it let lapse
      if (p.status === 'cancelled') throw new HttpError(409, 'This payment was cancelled');
      let order: Order;
      try {
        order = (
          await api.captureOrder({
            id: req.body.order_id,
            paypalRequestId: `capture-${p.payment_uuid}`,
            prefer: 'return=representation',
          })
        ).result;
      } catch (e) {
        // captured before (e.g. our process stopped before crediting): read the order and verify that
        if (e instanceof ApiError && e.statusCode === 422 && /ORDER_ALREADY_CAPTURED/.test(String(e.body))) {
          order = (
            await api.getOrder({ id: req.body.order_id }).catch((g) => {
              throw providerFailure(req, g, 'read the order');
            })
          ).result;
        } else {
          throw providerFailure(req, e, 'capture the payment');
        }
      }
      const verdict = verifyCapture(order, {
        order_id: req.body.order_id,
        reference: p.payment_uuid,
        amount: toMicro(p.amount),
        currency: CURRENCY,
      });
      if (!verdict.ok) {
        req.log.warn(
          { payment_uuid: p.payment_uuid, order_id: req.body.order_id, reason: verdict.reason },
          'PayPal capture refused',
        );
        throw new HttpError(402, `PayPal did not confirm this payment (${verdict.reason}); nothing was credited`);
      }
      const credited = await creditPaypalCapture(app.db, p, verdict.capture_id, me.uuid);
      return answer(credited);
    },
  );
}
