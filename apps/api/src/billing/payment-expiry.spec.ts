import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { balanceOf } from './ledger';
import { CHECKOUT_LIFETIME_MINUTES, expireAbandonedPayments } from './payment-expiry';

describe('abandoned checkouts expire', () => {
  let t: TestApp;
  let acmeAdmin: Record<string, string>;
  let acme: string;
  beforeAll(async () => {
    delete process.env.STRIPE_SECRET_KEY;
    t = await createTestApp();
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

  const checkout = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/payments/stripe/checkout'),
      headers: acmeAdmin,
      payload: { amount: '20.00' },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { payment_uuid: string; url: string };
  };
  const listed = async (uuid: string, query = '') => {
    const res = await t.app.inject({ method: 'GET', url: api(`/payment/list${query}`), headers: acmeAdmin });
    return (res.json().items as { payment_uuid: string; status: string }[]).find((p) => p.payment_uuid === uuid);
  };
  const lapse = (uuid: string) =>
    t.app.db
      .updateTable('payments')
      .set({ expires_on: new Date(Date.now() - 1000) })
      .where('payment_uuid', '=', uuid)
      .execute();

  it("a checkout carries its session's expiry and reads 'Pending' until then", async () => {
    const c = await checkout();
    const row = await t.app.db
      .selectFrom('payments')
      .select(['expires_on', 'created_on'])
      .where('payment_uuid', '=', c.payment_uuid)
      .executeTakeFirstOrThrow();
    const minutes = ((row.expires_on as Date).getTime() - new Date(row.created_on).getTime()) / 60_000;
    expect(Math.round(minutes)).toBe(CHECKOUT_LIFETIME_MINUTES.card);
    expect((await listed(c.payment_uuid))?.status).toBe('pending');
  });

  it("past the expiry the list says 'expired' (also as a filter), the sweep stores it, and the page takes no payment", async () => {
    const before = (await balanceOf(t.app.db, { company_uuid: acme })).balance;
    const c = await checkout();
    await lapse(c.payment_uuid);
    expect((await listed(c.payment_uuid))?.status).toBe('expired');
    expect((await listed(c.payment_uuid, '?status=expired'))?.status).toBe('expired');
    expect(await listed(c.payment_uuid, '?status=pending')).toBeUndefined();
    expect(await expireAbandonedPayments(t.app.db)).toBeGreaterThanOrEqual(1);
    const stored = await t.app.db
      .selectFrom('payments')
      .select('status')
      .where('payment_uuid', '=', c.payment_uuid)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe('expired');
    const secret = new URL(c.url, 'http://x').searchParams.get('secret') as string;
    const pay = await t.app.inject({
      method: 'POST',
      url: api(`/payments/test-checkout/${c.payment_uuid}`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `secret=${secret}&action=pay`,
    });
    expect(pay.headers.location).toMatch(/payment-cancel/);
    expect((await balanceOf(t.app.db, { company_uuid: acme })).balance).toBe(before);
  });
});
