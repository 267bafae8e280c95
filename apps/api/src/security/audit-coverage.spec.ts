import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

/**
 * Spot checks that changes to money, numbers, users, catalog, SMSC connections and templates reach the
 * audit log, with who and what, and never a secret.
 */
describe('audit coverage', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let acme: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 300_000);
  afterAll(async () => t.close());
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload, remoteAddress: '198.51.100.9' });
  const entries = async (entity: string, id: string) =>
    (await call('GET', `/audit/list?entity=${entity}&entity_id=${id}&per_page=100`, admin)).json().items as {
      action: string;
      actor_email: string;
      ip: string;
      changes: Record<string, { before: unknown; after: unknown }>;
    }[];

  it('money: a manual payment names payer, amount and who entered it', async () => {
    // a company the platform bills itself (a reseller's companies are paid through their reseller)
    const company = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('reseller_uuid', 'is', null)
        .executeTakeFirstOrThrow()
    ).company_uuid;
    const paid = await call('POST', '/payment', admin, { method: 'manual', amount: '12.50', company_uuid: company });
    expect(paid.statusCode).toBe(201);
    const [entry] = await entries('payment', paid.json().payment.payment_uuid);
    expect(entry).toMatchObject({ action: 'create', actor_email: 'admin@example.com', ip: '198.51.100.9' });
    expect(entry.changes.amount.after).toBe('12.50');
    expect(entry.changes.company_uuid.after).toBe(company);
  });

  it('numbers: a DID created, changed and deleted', async () => {
    const made = await call('POST', '/did', reseller, { did: '617-555-2999', type: 'sms', monthly_price: '1.25' });
    expect(made.statusCode).toBe(201);
    const id = made.json().did.did_uuid;
    expect((await call('PATCH', `/did/${id}`, reseller, { description: 'Front desk' })).statusCode).toBe(200);
    expect((await call('DELETE', `/did/${id}`, reseller)).statusCode).toBe(200);
    const log = await entries('did', id);
    expect(log.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(log[1].changes.description.after).toBe('Front desk');
    expect(log[2].changes.did.after).toBe('+16175552999');
    // the reseller reads the entries of its own numbers
    expect((await call('GET', `/audit/list?entity=did&entity_id=${id}`, reseller)).json().total).toBe(3);
  });

  it('catalog: a vendor and a product', async () => {
    const vendor = (await call('POST', '/vendor', admin, { vendor_name: 'Audit Vendor', vendor_type: 'sms' })).json();
    expect(
      (await call('PATCH', `/vendor/${vendor.vendor_uuid}`, admin, { vendor_name: 'Audit Vendor 2' })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/vendor/${vendor.vendor_uuid}`, admin)).statusCode).toBe(200);
    const vlog = await entries('vendor', vendor.vendor_uuid);
    expect(vlog.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(vlog[1].changes).toEqual({ vendor_name: { before: 'Audit Vendor', after: 'Audit Vendor 2' } });

    const product = await t.app.db
      .selectFrom('products')
      .select('product_uuid')
      .where('reseller_uuid', 'is', null)
      .executeTakeFirstOrThrow();
    const before = (await call('GET', `/product/${product.product_uuid}`, admin)).json();
    expect(
      (
        await call('PATCH', `/product/${product.product_uuid}`, admin, {
          product_name: `${before.product_name} (audited)`,
        })
      ).statusCode,
    ).toBe(200);
    const [plog] = await entries('product', product.product_uuid);
    expect(plog.changes.product_name).toEqual({
      before: before.product_name,
      after: `${before.product_name} (audited)`,
    });
  });

  it('catalog: a rate table, a rate, a vendor product and a routing (the reseller reads its own)', async () => {
    const table = await call('POST', '/rate_table', reseller, {
      rate_table_name: 'Audit table',
      rate_table_type: 'prefix',
      rates: [{ code: '44', price: '0.0400' }],
    });
    expect(table.statusCode).toBe(201);
    const tableId = table.json().rate_table_uuid;
    expect(
      (
        await call('PATCH', `/rate_table/${tableId}`, reseller, {
          rates: [
            { code: '44', price: '0.0400' },
            { code: '447', price: '0.0500' },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const tlog = await entries('rate_table', tableId);
    expect(tlog.map((e) => e.action)).toEqual(['update', 'create']);
    expect(tlog[0].changes).toEqual({ rate_count: { before: 1, after: 2 } });

    const rate = await call('POST', '/rate', reseller, { rate_table_uuid: tableId, code: '4420', price: '0.0300' });
    expect(rate.statusCode).toBe(201);
    const rateId = rate.json().rate_uuid;
    expect((await call('PATCH', `/rate/${rateId}`, reseller, { price: '0.0350' })).statusCode).toBe(200);
    expect((await call('DELETE', `/rate/${rateId}`, reseller)).statusCode).toBe(200);
    const rlog = await entries('rate', rateId);
    expect(rlog.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(rlog[1].changes).toEqual({ price: { before: '0.030000', after: '0.035000' } });

    const vendor = (
      await call('POST', '/vendor', reseller, { vendor_name: 'Audit Carrier', vendor_type: 'sms' })
    ).json();
    const vp = await call('POST', '/vendor_product', reseller, {
      vendor_uuid: vendor.vendor_uuid,
      vendor_product_name: 'Audit UK',
    });
    expect(vp.statusCode).toBe(201);
    const vpId = vp.json().vendor_product_uuid;
    expect(
      (await call('PATCH', `/vendor_product/${vpId}`, reseller, { vendor_product_name: 'Audit UK direct' })).statusCode,
    ).toBe(200);
    expect((await entries('vendor_product', vpId))[0].changes).toEqual({
      vendor_product_name: { before: 'Audit UK', after: 'Audit UK direct' },
    });

    const routing = await call('POST', '/routing', reseller, { routing_name: 'Audit routing' });
    expect(routing.statusCode).toBe(201);
    const routingId = routing.json().routing_uuid;
    expect(
      (
        await call('PATCH', `/routing/${routingId}`, reseller, {
          routes: [{ code: '44', vendor_product_uuid: vpId, is_pinned: true }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `/routing/${routingId}`, reseller)).statusCode).toBe(200);
    const glog = await entries('routing', routingId);
    expect(glog.map((e) => e.action)).toEqual(['delete', 'update', 'create']);
    expect(glog[1].changes.routes).toEqual({ before: [], after: ['44 → Audit Carrier / Audit UK direct (pinned)'] });

    // each entry carries the reseller as owner: the reseller reads them, the other tenants' are not mixed in
    for (const [entity, id] of [
      ['rate_table', tableId],
      ['rate', rateId],
      ['vendor_product', vpId],
      ['routing', routingId],
    ]) {
      const mine = (await call('GET', `/audit/list?entity=${entity}&entity_id=${id}`, reseller)).json();
      expect({ entity, total: mine.total }).toEqual({ entity, total: (await entries(entity, id)).length });
    }
  });

  it('SMSC connections keep the password out; users and templates are recorded', async () => {
    const secret = 'smpp-Secret-991';
    const smsc = await call('POST', '/smsc_connection', admin, {
      smsc_id: 'audit-smpp',
      api_adapter_id: 'smpp',
      host: 'smsc.audit.example',
      port: 2775,
      system_id: 'acct9',
      password: secret,
    });
    expect(smsc.statusCode).toBe(201);
    const user = await call('POST', '/user', acme, {
      email: 'audit-cover@example.com',
      password: 'Cover-passw0rd-1',
      full_name: 'Cover',
    });
    expect(user.statusCode).toBe(201);
    const tpl = await call('POST', '/sms_template', acme, { template_name: 'Audit tpl', text: 'Hello' });
    expect(tpl.statusCode).toBe(201);
    const all = (await call('GET', '/audit/list?per_page=500', admin)).json();
    const kinds = new Set(all.items.map((e: { entity: string }) => e.entity));
    for (const k of ['smsc_connection', 'user', 'sms_template', 'payment', 'did', 'vendor', 'product'])
      expect(kinds).toContain(k);
    expect(JSON.stringify(all)).not.toContain(secret);
    expect(JSON.stringify(all)).not.toContain('Cover-passw0rd-1');
  });
});
