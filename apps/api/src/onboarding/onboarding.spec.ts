// Issue 45, a new customer's way in: the plan a self-registered company gets, its getting-started checklist,
// the refusals before paying for what it could not use, and who sent each message (user, API key, SMPP).
import { api, bearer, createTestApp, login, tokenFromOutbox, type TestApp } from '../testing/test-app';
import { smppOf } from '../smpp';
import { bumpCatalogVersion } from '../catalog';
import { connect, type Client } from '../smpp/test-client';

describe('onboarding: sign-up plan, checklist, refusals before paying, message attribution', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let resellerUuid: string;
  const clients: Client[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const productNamed = async (name: string) =>
    (
      await t.app.db
        .selectFrom('products')
        .select('product_uuid')
        .where('product_name', '=', name)
        .executeTakeFirstOrThrow()
    ).product_uuid;
  /** signs a company up (through a reseller's link when named), confirms it, and answers its admin's headers */
  const signUp = async (email: string, reseller_uuid?: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/registration'),
      payload: {
        email,
        password: 'Str0ng-pass-2026',
        full_name: 'New Person',
        company_name: `Co ${email}`,
        reseller_uuid,
      },
    });
    expect(res.statusCode).toBe(201);
    const token = await tokenFromOutbox(t.app, email);
    expect((await t.app.inject({ method: 'POST', url: api(`/registration/confirm/${token}`) })).statusCode).toBe(200);
    const company = await t.app.db
      .selectFrom('users')
      .innerJoin('companies', 'companies.company_uuid', 'users.company_uuid')
      .select(['companies.company_uuid', 'companies.product_uuid', 'companies.reseller_uuid'])
      .where('users.email', '=', email)
      .executeTakeFirstOrThrow();
    return { company, headers: bearer(await login(t.app, email, 'Str0ng-pass-2026')) };
  };
  const states = async (headers: Record<string, string>) => {
    const res = await call('GET', '/home/checklist', headers);
    expect(res.statusCode).toBe(200);
    return Object.fromEntries(
      (res.json().steps as { id: string; state: string; reason: string | null }[]).map((s) => [
        s.id,
        s.reason ? `${s.state}:${s.reason}` : s.state,
      ]),
    );
  };

  beforeAll(async () => {
    t = await createTestApp({ messaging: { simLatencyMs: 5, simFailureRate: 0, simAutoDeliver: true } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    resellerUuid = (
      await t.app.db
        .selectFrom('users')
        .select('reseller_uuid')
        .where('email', '=', 'reseller@example.com')
        .executeTakeFirstOrThrow()
    ).reseller_uuid as string;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.close()));
    await t.close();
  });

  it('gives a self-registered company the plan its admin or reseller chose, and refuses a product not theirs', async () => {
    const standard = await productNamed('Standard');
    const resellerOwn = await productNamed('Reseller Standard');
    // the admin may not pick a reseller's product for the platform, nor a reseller the platform's
    const wrong = await call('PUT', '/signup_plan', admin, { product_uuid: resellerOwn });
    expect(wrong.statusCode).toBe(400);
    expect((await call('PUT', '/signup_plan', reseller, { product_uuid: standard })).statusCode).toBe(400);
    const platform = await call('PUT', '/signup_plan', admin, { product_uuid: standard });
    expect(platform.json()).toMatchObject({ product_uuid: standard, product_name: 'Standard' });
    const own = await call('PUT', '/signup_plan', reseller, { product_uuid: resellerOwn });
    expect(own.json()).toMatchObject({ product_name: 'Reseller Standard' });
    expect(own.json().signup_url).toMatch(new RegExp(`/registration\\?reseller=${resellerUuid}$`));
    // a company user or admin has no plan to set
    const acme = bearer(await login(t.app, 'acme-admin@example.com'));
    expect((await call('GET', '/signup_plan', acme)).statusCode).toBe(403);

    const direct = await signUp('direct@example.com');
    expect(direct.company).toMatchObject({ product_uuid: standard, reseller_uuid: null });
    const through = await signUp('through@example.com', resellerUuid);
    expect(through.company).toMatchObject({ product_uuid: resellerOwn, reseller_uuid: resellerUuid });
  });

  it('without a plan: the checklist says so and a top-up or a number is refused before anything is charged', async () => {
    await call('PUT', '/signup_plan', admin, { product_uuid: null });
    const { headers, company } = await signUp('noplan@example.com');
    expect(company.product_uuid).toBeNull();
    expect(await states(headers)).toEqual({
      verify_email: 'done',
      top_up: 'blocked:no_plan',
      sender: 'blocked:no_plan',
      first_message: 'blocked:no_plan',
      api_key: 'todo',
    });
    const topUp = await call('POST', '/payments/stripe/checkout', headers, { amount: '10.00' });
    expect(topUp.statusCode).toBe(422);
    expect(topUp.json().code).toBe('no_plan');
    const order = await call('POST', '/did/order', headers, { numbers: ['+16175550142'] });
    expect(order.json().code).toBe('no_plan');
    const payments = await t.app.db
      .selectFrom('payments')
      .select('payment_uuid')
      .where('company_uuid', '=', company.company_uuid)
      .execute();
    expect(payments).toEqual([]);
  });

  it("refuses a number in a country the company's plan cannot price, and keeps the balance", async () => {
    const { headers, company } = await signUp('ukonly@example.com');
    // a plan that prices the UK only
    const table = await t.app.db
      .insertInto('rate_tables')
      .values({ rate_table_name: 'UK only', rate_table_type: 'prefix', reseller_uuid: null })
      .returning('rate_table_uuid')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('rates')
      .values({ rate_table_uuid: table.rate_table_uuid, code: '44', price: '0.05' })
      .execute();
    const product = await t.app.db
      .insertInto('products')
      .values({ product_name: 'UK only', rate_table_uuid: table.rate_table_uuid })
      .returning('product_uuid')
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('companies')
      .set({ product_uuid: product.product_uuid })
      .where('company_uuid', '=', company.company_uuid)
      .execute();
    await bumpCatalogVersion(t.app.db);
    t.app.api.catalog.invalidate();
    const order = await call('POST', '/did/order', headers, { numbers: ['+16175550143'] });
    expect(order.statusCode).toBe(422);
    expect(order.json()).toMatchObject({ code: 'number_unpriced' });
    expect((await call('GET', '/did/company/list', headers)).json().total).toBe(0);
    expect((await states(headers)).sender).toBe('todo');
  });

  it('counts an approved alphanumeric sender ID as "a number or sender" (a draft or rejected one does not)', async () => {
    await call('PUT', '/signup_plan', admin, { product_uuid: await productNamed('Standard') });
    const { company, headers } = await signUp('sender-id@example.com');
    const file = (status: 'draft' | 'rejected' | 'approved') =>
      t.app.db
        .insertInto('compliance_filings')
        .values({
          company_uuid: company.company_uuid,
          kind: 'sender_id',
          name: `ACME ${status}`,
          status,
          country: 'GB',
          sender_id: 'ACME',
          details: '{}',
          reviewer: 'platform',
        })
        .execute();
    await file('draft');
    await file('rejected');
    expect((await states(headers)).sender).toBe('todo');
    await file('approved');
    expect((await states(headers)).sender).toBe('done');
  });

  it('walks the checklist as the company tops up, gets a number, sends and makes a key', async () => {
    await call('PUT', '/signup_plan', admin, { product_uuid: await productNamed('Standard') });
    const { headers } = await signUp('walker@example.com');
    expect(await states(headers)).toEqual({
      verify_email: 'done',
      top_up: 'todo',
      sender: 'todo',
      first_message: 'todo',
      api_key: 'todo',
    });
    // a top-up through the built-in checkout page
    const checkout = (await call('POST', '/payments/stripe/checkout', headers, { amount: '10.00' })).json();
    const secret = new URL(checkout.url, 'http://x').searchParams.get('secret') as string;
    const paid = await t.app.inject({
      method: 'POST',
      url: api(`/payments/test-checkout/${checkout.payment_uuid}`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `secret=${secret}&action=pay`,
    });
    expect(paid.statusCode).toBe(303);
    const ordered = await call('POST', '/did/order', headers, { numbers: ['+16175550144'] });
    expect(ordered.statusCode).toBe(201);
    const sent = await call('POST', '/sms', headers, { ani: '+16175550144', dnis: '+14155550123', text: 'first' });
    expect(sent.statusCode).toBe(201);
    expect((await states(headers)).first_message).toBe('done');
    const key = await call('POST', '/api_key', headers, { name: 'Shop backend' });
    expect(key.statusCode).toBe(201);
    const done = (await call('GET', '/home/checklist', headers)).json();
    expect(done).toMatchObject({ complete: true, has_plan: true });

    // attribution: a program's key and an SMPP account are named beside the person
    const byKey = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: { 'x-api-key': key.json().key },
      payload: { ani: '+16175550144', dnis: '+14155550124', text: 'from the shop' },
    });
    expect(byKey.statusCode).toBe(201);
    const acct = await call('POST', '/smpp_account', headers, { system_id: 'walker', password: 'secret1', tps: 100 });
    const systemId = acct.json().smpp_account.system_id as string;
    const c = await connect(smppOf(t.app).port as number);
    clients.push(c);
    expect(await c.bind('bind_transceiver', systemId, 'secret1')).toBe(0);
    const resp = await c.submit({
      source_addr_ton: 1,
      source_addr: '16175550144',
      dest_addr_ton: 1,
      destination_addr: '14155550125',
      short_message: 'over smpp',
    });
    expect(resp.command_status).toBe(0);
    const log = async (q = '') =>
      (await call('GET', `/sms/list?is_received=false${q}`, headers))
        .json()
        .items.map((s: { text: string; sent_by: unknown }) => [s.text, s.sent_by]);
    expect(await log()).toEqual([
      ['over smpp', { kind: 'smpp', name: systemId }],
      ['from the shop', { kind: 'api_key', name: 'Shop backend' }],
      ['first', { kind: 'user', name: 'New Person' }],
    ]);
    expect(await log('&sent_by_kind=smpp')).toEqual([['over smpp', { kind: 'smpp', name: systemId }]]);
    expect(await log('&sent_by=*shop*')).toEqual([['from the shop', { kind: 'api_key', name: 'Shop backend' }]]);
    expect(await log('&sent_by=*person*&sent_by_kind=user')).toEqual([['first', { kind: 'user', name: 'New Person' }]]);
    // the company learns where to connect (host from PUBLIC_URL, the port the listener took)
    const where = (await call('GET', '/smpp/connection', headers)).json();
    expect(where).toEqual({ host: 'localhost', port: smppOf(t.app).port, tls_port: null });
  });
});
