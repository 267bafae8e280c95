import Stripe from 'stripe';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { balanceOf } from './ledger';
import { parseMoney } from '../lib/money';
import { fieldErrorsOf } from '../testing/problem-answers';

const WEBHOOK_SECRET = 'whsec_test_checkout_spec';
const stripe = new Stripe('sk_test_offline_placeholder');

/** A checkout.session.completed event as Stripe would send it, signed with generateTestHeaderString. */
function signedEvent(
  id: string,
  payment_uuid: string,
  amount_total: number,
  opts: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: `cs_${id}`,
        object: 'checkout.session',
        client_reference_id: payment_uuid,
        metadata: { payment_uuid },
        payment_status: 'paid',
        amount_total,
      },
    },
  });
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? WEBHOOK_SECRET,
    timestamp: opts.timestamp,
  });
  return { payload, headers: { 'stripe-signature': header, 'content-type': 'application/json' } };
}

describe('card checkout (offline test page and Stripe webhook)', () => {
  let t: TestApp;
  let acmeAdmin: Record<string, string>;
  let acme: string;
  const balance = async () => (await balanceOf(t.app.db, { company_uuid: acme })).balance;
  const checkout = async (amount: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/payments/stripe/checkout'),
      headers: acmeAdmin,
      payload: { amount },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { payment_uuid: string; url: string; mode: string };
  };
  const webhook = (e: { payload: string; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: api('/payments/stripe/webhook'), headers: e.headers, payload: e.payload });

  beforeAll(async () => {
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    delete process.env.STRIPE_SECRET_KEY;
    t = await createTestApp();
    delete process.env.STRIPE_WEBHOOK_SECRET;
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    acme = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
  }, 120_000);
  afterAll(async () => t.close());

  it('without keys, the built-in test checkout pays once and returns to payment-success', async () => {
    const start = await balance();
    const c = await checkout('25.00');
    expect(c.mode).toBe('test');
    const page = await t.app.inject({ method: 'GET', url: c.url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('USD 25.00');
    const secret = new URL(c.url, 'http://x').searchParams.get('secret') as string;
    const pay = () =>
      t.app.inject({
        method: 'POST',
        url: api(`/payments/test-checkout/${c.payment_uuid}`),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `secret=${secret}&action=pay`,
      });
    const [first, second] = await Promise.all([pay(), pay()]);
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe(`/company-admin/payment-success?payment_uuid=${c.payment_uuid}`);
    expect(second.headers.location).toMatch(/payment-success/);
    expect(await balance()).toBe(start + parseMoney('25'));
    // the paid payment is listed with its method and amount
    const list = (await t.app.inject({ method: 'GET', url: api('/payment/list'), headers: acmeAdmin })).json();
    expect(list.items[0]).toMatchObject({
      payment_uuid: c.payment_uuid,
      method: 'card',
      amount: '25.00',
      status: 'paid',
    });
  });

  it('cancel returns to payment-cancel and credits nothing; a wrong secret is 404', async () => {
    const start = await balance();
    const c = await checkout('9.99');
    const form = (body: string) =>
      t.app.inject({
        method: 'POST',
        url: api(`/payments/test-checkout/${c.payment_uuid}`),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
    expect((await form('secret=wrong&action=pay')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`/payments/test-checkout/${c.payment_uuid}?secret=wrong`) }))
        .statusCode,
    ).toBe(404);
    const secret = new URL(c.url, 'http://x').searchParams.get('secret') as string;
    const cancelled = await form(`secret=${secret}&action=cancel`);
    expect(cancelled.headers.location).toBe(`/company-admin/payment-cancel?payment_uuid=${c.payment_uuid}`);
    // paying after cancelling does nothing
    expect((await form(`secret=${secret}&action=pay`)).headers.location).toMatch(/payment-cancel/);
    expect(await balance()).toBe(start);
  });

  it('refuses a zero, negative or sub-cent card amount, and the system admin and plain users', async () => {
    for (const amount of ['0', '-1', '1.001']) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: api('/payments/stripe/checkout'),
            headers: acmeAdmin,
            payload: { amount },
          })
        ).statusCode,
      ).toBe(400);
    }
    const admin = bearer(await login(t.app, 'admin@example.com'));
    const user = bearer(await login(t.app, 'acme-user@example.com'));
    for (const who of [admin, user]) {
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: api('/payments/stripe/checkout'),
            headers: who,
            payload: { amount: '5' },
          })
        ).statusCode,
      ).toBe(403);
    }
  });

  it('refuses a card top-up outside the currency limits, in words on the amount field', async () => {
    const post = (amount: string) =>
      t.app.inject({ method: 'POST', url: api('/payments/stripe/checkout'), headers: acmeAdmin, payload: { amount } });
    const small = await post('0.10');
    expect(small.statusCode).toBe(400);
    expect(fieldErrorsOf(small)).toEqual({ errors: { amount: 'The smallest top-up is USD 5.00' } });
    const big = await post('10000.01');
    expect(big.statusCode).toBe(400);
    expect(fieldErrorsOf(big)).toEqual({ errors: { amount: 'The largest top-up is USD 10000.00' } });
    expect((await post('5.00')).statusCode).toBe(201);
  });

  it('a signed webhook credits once per event id, replayed or concurrent', async () => {
    const start = await balance();
    const c = await checkout('12.34');
    const e = signedEvent('evt_once', c.payment_uuid, 1234);
    const results = await Promise.all([webhook(e), webhook(e), webhook(e)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(results.filter((r) => r.json().credited)).toHaveLength(1);
    expect((await webhook(e)).json()).toEqual({ received: true, credited: false });
    // a second event for the same payment does not pay it twice either
    expect((await webhook(signedEvent('evt_twin', c.payment_uuid, 1234))).json().credited).toBe(false);
    expect(await balance()).toBe(start + parseMoney('12.34'));
  });

  it('rejects forged, tampered and stale events (4xx, nothing credited)', async () => {
    const start = await balance();
    const c = await checkout('50.00');
    const forged = signedEvent('evt_forged', c.payment_uuid, 5000, { secret: 'whsec_someone_else' });
    expect((await webhook(forged)).statusCode).toBe(400);
    const good = signedEvent('evt_tamper', c.payment_uuid, 5000);
    const tampered = { ...good, payload: good.payload.replace('5000', '500000') };
    expect((await webhook(tampered)).statusCode).toBe(400);
    const stale = signedEvent('evt_stale', c.payment_uuid, 5000, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect((await webhook(stale)).statusCode).toBe(400);
    expect((await webhook({ payload: good.payload, headers: { 'content-type': 'application/json' } })).statusCode).toBe(
      400,
    );
    // a genuine event whose amount differs from the payment's is recorded but credits nothing
    expect((await webhook(signedEvent('evt_short', c.payment_uuid, 100))).json().credited).toBe(false);
    expect(await balance()).toBe(start);
    const stored = await t.app.db
      .selectFrom('stripe_events')
      .select('event_id')
      .where('event_id', 'in', ['evt_forged', 'evt_tamper', 'evt_stale'])
      .execute();
    expect(stored).toEqual([]);
  });

  it('without PayPal credentials the payment button says it is not configured and creates nothing', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: api('/payments/paypal/config'), headers: acmeAdmin })).json(),
    ).toEqual({ provider: 'paypal', configured: false, currency: 'USD' });
    const payments = (await t.app.db.selectFrom('payments').select('payment_uuid').execute()).length;
    const res = await t.app.inject({
      method: 'POST',
      url: api('/payments/create'),
      headers: acmeAdmin,
      payload: { amount: '10.00' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toMatch(/not configured/);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: api('/payments/paypal/capture'),
          headers: acmeAdmin,
          payload: { order_id: 'ORDER1' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await t.app.db.selectFrom('payments').select('payment_uuid').execute()).length).toBe(payments);
  });
});
