import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { FakePaypal } from '../testing/paypal-fake';
import { balanceOf } from './ledger';
import { parseMoney } from '../lib/money';
import { fieldErrorsOf } from '../testing/problem-answers';

/** The payment button (PayPal): the real SDK against a local fake of PayPal's API (no network). */
describe('PayPal payment button', () => {
  let t: TestApp;
  const paypal = new FakePaypal();
  const h = {} as Record<'admin' | 'reseller' | 'acme' | 'globex' | 'user', Record<string, string>>;
  let acme: string;
  let reseller: string;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const balance = async (ref: { company_uuid: string } | { reseller_uuid: string }) =>
    (await balanceOf(t.app.db, ref)).balance;
  const entries = async (payment_uuid: string) =>
    Number(
      (
        await sql<{
          n: number;
        }>`select count(*)::int as n from ledger_entries where idempotency_key = ${`payment:${payment_uuid}`}`.execute(
          t.app.db,
        )
      ).rows[0].n,
    );
  const create = async (who: Record<string, string>, amount: string) => {
    const res = await call('POST', '/payments/create', who, { amount });
    expect(res.statusCode).toBe(201);
    return res.json() as { payment_uuid: string; order_id: string; approve_url: string };
  };

  beforeAll(async () => {
    const base = await paypal.start();
    Object.assign(process.env, {
      PAYPAL_CLIENT_ID: 'test-client',
      PAYPAL_CLIENT_SECRET: 'test-secret',
      PAYPAL_API_BASE: base,
    });
    t = await createTestApp({ publicUrl: 'https://console.test' });
    for (const k of ['PAYPAL_CLIENT_ID', 'PAYPAL_CLIENT_SECRET', 'PAYPAL_API_BASE']) delete process.env[k];
    acme = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    reseller = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Demo Reseller')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    h.admin = bearer(await login(t.app, 'admin@example.com'));
    h.reseller = bearer(await login(t.app, 'reseller@example.com'));
    h.acme = bearer(await login(t.app, 'acme-admin@example.com'));
    h.globex = bearer(await login(t.app, 'globex-admin@example.com'));
    h.user = bearer(await login(t.app, 'acme-user@example.com'));
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await paypal.stop();
  });
  beforeEach(() => {
    paypal.forge = null;
    paypal.failCreate = false;
  });

  it('says it is configured', async () => {
    expect((await call('GET', '/payments/paypal/config', h.acme)).json()).toEqual({
      provider: 'paypal',
      configured: true,
      currency: 'USD',
    });
  });

  it('creates the order on the server, captures it, verifies it and credits the balance once (a replay credits nothing)', async () => {
    const before = await balance({ company_uuid: acme });
    const order = await create(h.acme, '12.5');
    expect(order.approve_url).toBe(`https://www.sandbox.paypal.com/checkoutnow?token=${order.order_id}`);
    const sent = paypal.calls.find((c) => c.path === '/v2/checkout/orders')?.body as {
      intent: string;
      purchase_units: object[];
      payment_source: { paypal: { experience_context: { return_url: string } } };
    };
    expect(sent.intent).toBe('CAPTURE');
    expect(sent.purchase_units).toEqual([
      expect.objectContaining({
        reference_id: order.payment_uuid,
        custom_id: order.payment_uuid,
        amount: { currency_code: 'USD', value: '12.50' },
      }),
    ]);
    expect(sent.payment_source.paypal.experience_context.return_url).toBe(
      'https://console.test/company-admin/payment-gateway?provider=paypal',
    );
    // nothing is credited before the capture
    expect(await balance({ company_uuid: acme })).toBe(before);
    expect(
      (await call('GET', `/payment/list?company_uuid=${acme}&status=pending`, h.acme))
        .json()
        .items.map((p: { payment_uuid: string }) => p.payment_uuid),
    ).toContain(order.payment_uuid);

    const captured = await call('POST', '/payments/paypal/capture', h.acme, { order_id: order.order_id });
    expect(captured.statusCode).toBe(200);
    expect(captured.json()).toMatchObject({
      credited: true,
      payment: { payment_uuid: order.payment_uuid, method: 'paypal', status: 'paid', amount: '12.50' },
    });
    expect(await balance({ company_uuid: acme })).toBe(before + parseMoney('12.50'));

    const replay = await call('POST', '/payments/paypal/capture', h.acme, { order_id: order.order_id });
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ credited: false, payment: { status: 'paid' } });
    expect(await balance({ company_uuid: acme })).toBe(before + parseMoney('12.50'));
    expect(await entries(order.payment_uuid)).toBe(1);
    expect(paypal.capturesOf(order.order_id)).toBe(1);
  });

  it('credits once when two captures of one order race', async () => {
    const before = await balance({ company_uuid: acme });
    const order = await create(h.acme, '6.00');
    const answers = await Promise.all(
      [1, 2].map(() => call('POST', '/payments/paypal/capture', h.acme, { order_id: order.order_id })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.map((a) => a.json().credited).sort()).toEqual([false, true]);
    expect(await balance({ company_uuid: acme })).toBe(before + parseMoney('6'));
    expect(await entries(order.payment_uuid)).toBe(1);
  });

  it('an order PayPal already captured (our process stopped before crediting) is read back, verified and credited once', async () => {
    const before = await balance({ company_uuid: acme });
    const order = await create(h.acme, '7.00');
    paypal.orders.get(order.order_id)!.captured = true;
    const res = await call('POST', '/payments/paypal/capture', h.acme, { order_id: order.order_id });
    expect(res.json()).toMatchObject({ credited: true });
    expect(await balance({ company_uuid: acme })).toBe(before + parseMoney('7'));
  });

  it.each([
    ['a smaller captured amount', { value: '1.00' }, /amount differs/],
    ['a pending capture', { captureStatus: 'PENDING' }, /capture is PENDING/],
    ['an order not completed', { status: 'APPROVED' }, /APPROVED/],
    ['another currency', { currency: 'EUR' }, /EUR/],
    ['another payment reference', { reference: '00000000-0000-4000-8000-000000000000' }, /reference/],
  ])('refuses a forged capture (%s): 402, nothing credited, the payment stays unpaid', async (_n, forge, reason) => {
    const before = await balance({ company_uuid: acme });
    const order = await create(h.acme, '9.99');
    paypal.forge = forge;
    const res = await call('POST', '/payments/paypal/capture', h.acme, { order_id: order.order_id });
    expect(res.statusCode).toBe(402);
    expect(res.json().detail).toMatch(reason);
    expect(await balance({ company_uuid: acme })).toBe(before);
    expect(await entries(order.payment_uuid)).toBe(0);
    const row = await t.app.db
      .selectFrom('payments')
      .select('status')
      .where('payment_uuid', '=', order.payment_uuid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
  });

  it("answers 404 for another account's order or an unknown one, 403 for roles without an account", async () => {
    const order = await create(h.acme, '5.00');
    for (const who of [h.globex, h.reseller]) {
      expect((await call('POST', '/payments/paypal/capture', who, { order_id: order.order_id })).statusCode).toBe(404);
    }
    expect((await call('POST', '/payments/paypal/capture', h.acme, { order_id: 'NOSUCHORDER' })).statusCode).toBe(404);
    for (const who of [h.admin, h.user]) {
      expect((await call('POST', '/payments/create', who, { amount: '5' })).statusCode).toBe(403);
      expect((await call('POST', '/payments/paypal/capture', who, { order_id: order.order_id })).statusCode).toBe(403);
    }
    expect(paypal.capturesOf(order.order_id)).toBe(0);
    expect(await entries(order.payment_uuid)).toBe(0);
  });

  it('refuses zero, negative, malformed, over-precise or out-of-limit amounts without asking PayPal', async () => {
    const orders = paypal.orders.size;
    const payments = Number(
      (await sql<{ n: number }>`select count(*)::int as n from payments`.execute(t.app.db)).rows[0].n,
    );
    for (const amount of ['0', '-5', '0.00', '1.234', 'ten']) {
      const res = await call('POST', '/payments/create', h.acme, { amount });
      expect(res.statusCode).toBe(400);
      expect(fieldErrorsOf(res)).toEqual(
        amount === 'ten' ? expect.anything() : { errors: { amount: expect.any(String) } },
      );
    }
    // outside the currency's top-up limits, in the words the form shows
    expect(fieldErrorsOf(await call('POST', '/payments/create', h.acme, { amount: '0.10' }))).toEqual({
      errors: { amount: 'The smallest top-up is USD 5.00' },
    });
    expect(fieldErrorsOf(await call('POST', '/payments/create', h.acme, { amount: '10000.01' }))).toEqual({
      errors: { amount: 'The largest top-up is USD 10000.00' },
    });
    expect((await call('POST', '/payments/paypal/capture', h.acme, { order_id: '../x' })).statusCode).toBe(400);
    expect(paypal.orders.size).toBe(orders);
    expect(
      Number((await sql<{ n: number }>`select count(*)::int as n from payments`.execute(t.app.db)).rows[0].n),
    ).toBe(payments);
  });

  it('answers 502 when PayPal fails, and the payment is cancelled', async () => {
    paypal.failCreate = true;
    const res = await call('POST', '/payments/create', h.acme, { amount: '7.00' });
    expect(res.statusCode).toBe(502);
    expect(res.json().detail).toMatch(/nothing was charged/);
    const last = await t.app.db
      .selectFrom('payments')
      .select(['status', 'method'])
      .orderBy('created_on', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toEqual({ status: 'cancelled', method: 'paypal' });
  });

  it("tops up a reseller's own account", async () => {
    const before = await balance({ reseller_uuid: reseller });
    const order = await create(h.reseller, '20.00');
    expect(
      (await call('POST', '/payments/paypal/capture', h.reseller, { order_id: order.order_id })).json(),
    ).toMatchObject({ credited: true });
    expect(await balance({ reseller_uuid: reseller })).toBe(before + parseMoney('20'));
    expect((await call('POST', '/payments/paypal/capture', h.acme, { order_id: order.order_id })).statusCode).toBe(404);
  });
});
