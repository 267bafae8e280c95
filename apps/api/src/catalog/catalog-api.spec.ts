import { CatalogCache } from './cache';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { resellerWithLogin } from '../testing/fixtures';
import { fieldErrorsOf } from '../testing/problem-answers';

/** Demo catalog: the platform's products (Globex uses "Standard"), the demo reseller's own (Acme uses "Reseller Standard"). */
describe('catalog calls', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let other: Record<string, string>;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => t.app.inject({ method, url: api(url), headers, payload });
  const networkId = async (mcc: string, mnc: string) =>
    (
      await t.app.db
        .selectFrom('mobile_networks')
        .select('mobile_network_uuid')
        .where('mcc', '=', mcc)
        .where('mnc', '=', mnc)
        .executeTakeFirstOrThrow()
    ).mobile_network_uuid;
  const productId = async (name: string) =>
    (
      await t.app.db
        .selectFrom('products')
        .select('product_uuid')
        .where('product_name', '=', name)
        .executeTakeFirstOrThrow()
    ).product_uuid;

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    other = (await resellerWithLogin(t.app, { name: 'Second Reseller', email: 'second-reseller@example.com' })).headers;
  }, 120_000); // a cold PGlite with the seed takes long on a busy 2-core machine
  afterAll(async () => t.close());

  it('lists mobile networks from mcc-mnc-list by iso3 to every signed-in user', async () => {
    const acme = bearer(await login(t.app, 'acme-user@example.com'));
    const de = (await call('GET', '/mobile_network/list?iso3=DEU&per_page=100', acme)).json();
    expect(de.total).toBeGreaterThan(5);
    expect(de.items.every((n: { iso3: string; iso2: string }) => n.iso3 === 'DEU' && n.iso2 === 'DE')).toBe(true);
    expect(de.items.map((n: { network_name: string }) => n.network_name)).toEqual(
      expect.arrayContaining(['Telekom', 'Vodafone', 'O2']),
    );
    const one = await call('GET', `/mobile_network/${de.items[0].mobile_network_uuid}`, acme);
    expect(one.json().country_name).toBe('Germany');
    expect((await call('GET', '/mobile_network/list?iso3=DE', acme)).statusCode).toBe(400);
  });

  it('searches mobile networks as you type: every word matches the country, its ISO code, the network, the operator or the MCC', async () => {
    const acme = bearer(await login(t.app, 'acme-user@example.com'));
    // a network may hold several MNCs: the distinct country/network pairs found
    const names = async (search: string) => [
      ...new Set(
        (await call('GET', `/mobile_network/list?per_page=100&search=${encodeURIComponent(search)}`, acme))
          .json()
          .items.map((n: { country_name: string; network_name: string }) => `${n.country_name}/${n.network_name}`),
      ),
    ];
    expect(await names('germ voda')).toEqual(['Germany/Vodafone']);
    expect(await names('germany telekom')).toEqual(['Germany/Telekom']);
    // an ISO code matches its country's networks (and operators whose name holds it, e.g. Deutsche Telekom's 1NCE)
    expect(await names('DEU')).toEqual(expect.arrayContaining(['Germany/Telekom', 'Germany/Vodafone', 'Germany/O2']));
    const byMcc = (await call('GET', '/mobile_network/list?per_page=100&search=262', acme)).json();
    expect(byMcc.total).toBeGreaterThan(5);
    expect(byMcc.items.every((n: { mcc: string }) => n.mcc.startsWith('262'))).toBe(true);
    // LIKE's own characters are searched for, not obeyed
    expect(await names('%')).toEqual([]);
    expect(await names('no-such-network-anywhere')).toEqual([]);
    expect((await call('GET', `/mobile_network/list?search=${'x'.repeat(65)}`, acme)).statusCode).toBe(400);
  });

  it('quotes the demo products for Globex (platform) and Acme (reseller) to the demo countries', async () => {
    const standard = await productId('Standard');
    const q = async (id: string, dnis: string, h = admin) =>
      (await call('GET', `/product/${id}/quote?dnis=${encodeURIComponent(dnis)}&at=2026-06-01T00:00:00Z`, h)).json();
    // a Telekom number: the network rate of a mobile-network table, routed least cost (Northwind's Telekom rate 0.055 < Contoso's 0.058)
    expect(await q(standard, '+49 151 23456789')).toMatchObject({
      ok: true,
      reason: null,
      dnis: '4915123456789',
      country_iso2: 'DE',
      network: { network_name: 'Telekom', iso3: 'DEU' },
      price: '0.090000',
      vendor_product_name: 'Northwind Direct',
      cost: '0.055000',
      margin: '0.035000',
    });
    // an EE number: Contoso's network rate wins
    expect(await q(standard, '+447430123456')).toMatchObject({
      ok: true,
      network: { network_name: 'EE' },
      price: '0.041000',
      vendor_product_name: 'Contoso Global',
      cost: '0.019000',
    });
    expect(await q(standard, '+1 212 555 0199')).toMatchObject({
      ok: true,
      country_iso2: 'US',
      network: null,
      price: '0.009000',
      cost: '0.004000',
    });
    expect(await q(standard, '+1 416 555 0199')).toMatchObject({ ok: true, country_iso2: 'CA', price: '0.011000' });
    // France is not in the demo catalog; a number that is not a number is a bad number
    expect(await q(standard, '+33 6 12 34 56 78')).toMatchObject({ ok: false, reason: 'no_price', price: null });
    expect(await q(standard, '+44 12')).toMatchObject({ ok: false, reason: 'bad_number' });
    const mine = await productId('Reseller Standard');
    expect(await q(mine, '+44 20 7946 0018', reseller)).toMatchObject({
      ok: true,
      price: '0.055000',
      vendor_product_name: 'Route Co Standard',
      cost: '0.030000',
      margin: '0.025000',
    });
    // the companies the products price
    expect(
      (await call('GET', `/product/${standard}/company/list`, admin))
        .json()
        .items.map((c: { company_name: string }) => c.company_name),
    ).toEqual(['Globex']);
    expect(
      (await call('GET', `/product/${mine}/company/list`, reseller))
        .json()
        .items.map((c: { company_name: string }) => c.company_name),
    ).toEqual(['Acme']);
  });

  it('answers by date: the announced UK price rise applies from its effective date', async () => {
    const standard = await productId('Standard');
    const at = (when: string) =>
      call('GET', `/product/${standard}/quote?dnis=442079460018&at=${when}`, admin).then((r) => r.json().price);
    expect(await at('2026-12-31T23:59:59Z')).toBe('0.045000');
    expect(await at('2027-01-01T00:00:00Z')).toBe('0.048000');
  });

  it('a system admin builds a product from a new rate table and routing, gives it to a company and quotes it', async () => {
    const o2 = await networkId('262', '03');
    const vendor = (await call('POST', '/vendor', admin, { vendor_name: 'Spec Vendor', vendor_type: 'sms' })).json();
    expect(vendor).toMatchObject({ status: 'active', reseller_uuid: null });
    const vp = await call('POST', '/vendor_product', admin, {
      vendor_uuid: vendor.vendor_uuid,
      vendor_product_name: 'Spec Deck',
    });
    expect(vp.statusCode).toBe(201);
    const deck = vp.json();
    expect(
      (
        await call('POST', '/rate', admin, {
          vendor_product_uuid: deck.vendor_product_uuid,
          mobile_network_uuid: o2,
          price: '0.0123',
          effective_from: '2026-01-01T00:00:00Z',
        })
      ).json(),
    ).toMatchObject({
      vendor_product_name: 'Spec Deck',
      network_name: 'O2',
      country_name: 'Germany',
      price: '0.012300',
    });
    const table = await call('POST', '/rate_table', admin, {
      rate_table_name: 'Spec table',
      rate_table_type: 'mobile_network',
      rates: [
        { mobile_network_uuid: o2, price: '0.07', effective_from: '2026-01-01T00:00:00Z' },
        { code: '49', price: '0.09', effective_from: '2026-01-01T00:00:00Z' },
      ],
    });
    expect(table.statusCode).toBe(201);
    expect(table.json()).toMatchObject({
      rate_count: 2,
      rates: [{ code: '49', country_name: 'Germany' }, { network_name: 'O2' }],
    });
    const routing = await call('POST', '/routing', admin, { routing_name: 'Spec routing', routes: [] });
    const added = await call('POST', `/vendor_rate/${routing.json().routing_uuid}/${vendor.vendor_uuid}`, admin, {
      vendor_product_uuid: deck.vendor_product_uuid,
      code: '49',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().routes).toEqual([
      expect.objectContaining({
        code: '49',
        vendor_product_name: 'Spec Deck',
        vendor_name: 'Spec Vendor',
        is_pinned: false,
      }),
    ]);
    const costs = (
      await call('GET', `/vendor_rate/${routing.json().routing_uuid}/list?mobile_network_uuid=${o2}`, admin)
    ).json();
    expect(
      costs.items.find((r: { vendor_product_name: string }) => r.vendor_product_name === 'Spec Deck'),
    ).toMatchObject({ in_routing: true, price: '0.012300' });
    expect(
      costs.items.find((r: { vendor_product_name: string }) => r.vendor_product_name === 'Northwind Direct'),
    ).toMatchObject({ in_routing: false });

    const product = await call('POST', '/product', admin, {
      product_name: 'Spec product',
      rate_table_uuid: table.json().rate_table_uuid,
      routing_uuid: routing.json().routing_uuid,
    });
    expect(product.statusCode).toBe(201);
    const id = product.json().product_uuid;
    expect(product.json()).toMatchObject({
      rate_table_name: 'Spec table',
      routing_name: 'Spec routing',
      company_count: 0,
    });
    const company = await t.app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Company 01')
      .executeTakeFirstOrThrow();
    expect(
      (await call('POST', `/product/${id}/company`, admin, { company_uuid: company.company_uuid })).json().company_name,
    ).toBe('Company 01');
    expect((await call('GET', `/product/${id}`, admin)).json().company_count).toBe(1);
    // O2 is priced by network and carried by the new deck; a Telekom number falls back to the 49 code but has no route in the new deck
    expect((await call('GET', `/product/${id}/quote?dnis=4917612345678`, admin)).json()).toMatchObject({
      ok: true,
      price: '0.070000',
      vendor_product_name: 'Spec Deck',
      cost: '0.012300',
      margin: '0.057700',
    });
    expect((await call('GET', `/product/${id}/quote?dnis=4915123456789`, admin)).json()).toMatchObject({
      ok: false,
      reason: 'no_route',
      network: { network_name: 'Telekom' },
    });
    // an edit is seen by the very next quote (the cache reloads on change)
    await call('POST', '/rate', admin, {
      vendor_product_uuid: deck.vendor_product_uuid,
      code: '49',
      price: '0.02',
      effective_from: '2026-01-01T00:00:00Z',
    });
    expect((await call('GET', `/product/${id}/quote?dnis=4915123456789`, admin)).json()).toMatchObject({
      ok: true,
      price: '0.090000',
      cost: '0.020000',
    });
    const listed = (await call('GET', '/product/list?product_name=*spec*', admin)).json();
    expect(listed.items.map((p: { product_name: string }) => p.product_name)).toEqual(['Spec product']);
    expect(
      (await call('GET', '/product/list?status=inactive', admin))
        .json()
        .items.map((p: { product_name: string }) => p.product_name),
    ).toEqual(['Legacy']);
  });

  it("keeps each reseller inside its own catalog: another's or the platform's records answer 404 and stay unchanged", async () => {
    const platformProduct = await productId('Standard');
    const mine = await productId('Reseller Standard');
    const platformVendor = (await call('GET', '/vendor/list?vendor_name=*northwind*', admin)).json().items[0];
    const myVendor = (await call('GET', '/vendor/list', reseller)).json();
    expect(myVendor.items.map((v: { vendor_name: string }) => v.vendor_name)).toEqual(['Reseller Route Co']);
    expect(
      (await call('GET', '/product/list', reseller)).json().items.map((p: { product_name: string }) => p.product_name),
    ).toEqual(['Reseller Standard']);
    expect((await call('GET', '/product/list', other)).json().total).toBe(0);
    expect((await call('GET', '/rate/list?per_page=100', other)).json().total).toBe(0);
    expect((await call('GET', '/rate_table/list', other)).json().total).toBe(0);
    expect((await call('GET', '/routing/list', other)).json().total).toBe(0);
    expect((await call('GET', '/vendor_product/list', other)).json().total).toBe(0);
    for (const [h, url] of [
      [reseller, `/product/${platformProduct}`],
      [other, `/product/${mine}`],
      [reseller, `/vendor/${platformVendor.vendor_uuid}`],
      [other, `/vendor/${myVendor.items[0].vendor_uuid}`],
    ] as const) {
      expect((await call('GET', url, h)).statusCode).toBe(404);
      expect(
        (
          await call(
            'PATCH',
            url,
            h,
            url.includes('vendor') ? { vendor_name: 'Hijacked' } : { product_name: 'Hijacked' },
          )
        ).statusCode,
      ).toBe(404);
      expect((await call('DELETE', url, h)).statusCode).toBe(404);
    }
    expect((await call('GET', `/product/${platformProduct}/quote?dnis=4915123456789`, reseller)).statusCode).toBe(404);
    expect((await call('GET', `/product/${mine}/quote?dnis=4915123456789`, other)).statusCode).toBe(404);
    // nor can a reseller use another's records in its own
    const platformTable = (await call('GET', '/rate_table/list?rate_table_name=*standard*', admin)).json().items[0];
    expect(
      (
        await call('POST', '/product', other, {
          product_name: 'Stolen',
          rate_table_uuid: platformTable.rate_table_uuid,
        })
      ).statusCode,
    ).toBe(404);
    const deck = (await call('GET', '/vendor_product/list', reseller)).json().items[0];
    expect(
      (
        await call('POST', '/vendor_product', other, {
          vendor_uuid: myVendor.items[0].vendor_uuid,
          vendor_product_name: 'x',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', '/rate', other, { vendor_product_uuid: deck.vendor_product_uuid, code: '1', price: '0.001' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call('POST', '/routing', other, {
          routing_name: 'Stolen',
          routes: [{ code: '1', vendor_product_uuid: deck.vendor_product_uuid }],
        })
      ).statusCode,
    ).toBe(404);
    // nor give its product to a company that is not its own (Globex is the platform's)
    const globex = await t.app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Globex')
      .executeTakeFirstOrThrow();
    expect(
      (await call('POST', `/product/${mine}/company`, reseller, { company_uuid: globex.company_uuid })).statusCode,
    ).toBe(404);
    expect((await call('GET', `/product/${platformProduct}`, admin)).json()).toMatchObject({
      product_name: 'Standard',
      company_count: 1,
    });
    expect((await call('GET', `/vendor/${myVendor.items[0].vendor_uuid}`, reseller)).json().vendor_name).toBe(
      'Reseller Route Co',
    );
    // the system admin sees the reseller's catalog too
    expect((await call('GET', `/product/${mine}`, admin)).json().reseller_uuid).toEqual(expect.any(String));
  });

  it('a reseller builds its own product from its own vendor and quotes it', async () => {
    const v = (await call('POST', '/vendor', reseller, { vendor_name: 'My Spec Vendor', vendor_type: 'sms' })).json();
    expect(v.reseller_uuid).toEqual(expect.any(String));
    const vp = (
      await call('POST', '/vendor_product', reseller, {
        vendor_uuid: v.vendor_uuid,
        vendor_product_name: 'My Spec Deck',
      })
    ).json();
    await call('POST', '/rate', reseller, {
      vendor_product_uuid: vp.vendor_product_uuid,
      code: '44',
      price: '0.01',
      effective_from: '2026-01-01T00:00:00Z',
    });
    const table = (
      await call('POST', '/rate_table', reseller, {
        rate_table_name: 'My table',
        rate_table_type: 'prefix',
        rates: [{ code: '44', price: '0.05', effective_from: '2026-01-01T00:00:00Z' }],
      })
    ).json();
    const routing = (
      await call('POST', '/routing', reseller, {
        routing_name: 'My routing',
        routes: [{ code: '44', vendor_product_uuid: vp.vendor_product_uuid, is_pinned: true }],
      })
    ).json();
    const p = await call('POST', '/product', reseller, {
      product_name: 'My product',
      rate_table_uuid: table.rate_table_uuid,
      routing_uuid: routing.routing_uuid,
    });
    expect(p.statusCode).toBe(201);
    expect(
      (await call('GET', `/product/${p.json().product_uuid}/quote?dnis=%2B447911123456`, reseller)).json(),
    ).toMatchObject({
      ok: true,
      price: '0.050000',
      cost: '0.010000',
      margin: '0.040000',
      routes: [{ is_pinned: true }],
    });
    // a platform rate table is not the reseller's to use
    const platformTable = (await call('GET', '/rate_table/list?rate_table_name=*standard*', admin)).json().items[0];
    expect(
      (
        await call('PATCH', `/product/${p.json().product_uuid}`, reseller, {
          rate_table_uuid: platformTable.rate_table_uuid,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses bad input with 400 naming the field, and writes nothing', async () => {
    const before = await t.app.db
      .selectFrom('rates')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const vp = (await call('GET', '/vendor_product/list?vendor_product_name=*northwind*', admin)).json().items[0];
    const bad = async (url: string, body: object, field: string) => {
      const res = await call('POST', url, admin, body);
      expect([url, res.statusCode]).toEqual([url, 400]);
      expect(JSON.stringify(res.json())).toContain(field);
    };
    await bad('/rate', { vendor_product_uuid: vp.vendor_product_uuid, code: '44', price: '-0.01' }, 'price');
    await bad('/rate', { vendor_product_uuid: vp.vendor_product_uuid, code: '44', price: 'abc' }, 'price');
    await bad(
      '/rate',
      {
        vendor_product_uuid: vp.vendor_product_uuid,
        mobile_network_uuid: '00000000-0000-4000-8000-000000000000',
        price: '0.01',
      },
      'mobile_network_uuid',
    );
    await bad('/rate', { vendor_product_uuid: vp.vendor_product_uuid, price: '0.01' }, 'code');
    await bad('/rate', { code: '44', price: '0.01' }, 'rate_table_uuid');
    await bad('/rate', { vendor_product_uuid: vp.vendor_product_uuid, code: '+44', price: '0.01' }, 'code');
    await bad(
      '/rate_table',
      {
        rate_table_name: 'Bad',
        rate_table_type: 'prefix',
        rates: [
          { code: '1', price: '0.1' },
          { mobile_network_uuid: await networkId('262', '01'), price: '0.1' },
        ],
      },
      'rates[1].mobile_network_uuid',
    );
    await bad(
      '/rate_table',
      {
        rate_table_name: 'Bad',
        rate_table_type: 'mobile_network',
        rates: [{ mobile_network_uuid: '00000000-0000-4000-8000-000000000000', price: '0.1' }],
      },
      'rates[0].mobile_network_uuid',
    );
    await bad(
      '/routing',
      {
        routing_name: 'Bad',
        routes: [
          { mobile_network_uuid: '00000000-0000-4000-8000-000000000000', vendor_product_uuid: vp.vendor_product_uuid },
        ],
      },
      'routes[0].mobile_network_uuid',
    );
    await bad(
      '/vendor_product',
      {
        vendor_uuid: vp.vendor_uuid,
        vendor_product_name: 'x',
        mobile_network_uuid: '00000000-0000-4000-8000-000000000000',
      },
      'mobile_network_uuid',
    );
    await bad('/vendor', { vendor_name: '', vendor_type: 'sms' }, 'vendor_name');
    const standard = await productId('Standard');
    const noNumber = await call('GET', `/product/${standard}/quote`, admin);
    expect(noNumber.statusCode).toBe(400);
    expect(fieldErrorsOf(noNumber)).toEqual({ errors: { dnis: expect.any(String) } });
    const after = await t.app.db
      .selectFrom('rates')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(
      await t.app.db
        .selectFrom('rate_tables')
        .select('rate_table_uuid')
        .where('rate_table_name', '=', 'Bad')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('company users have no catalog calls but may read mobile networks', async () => {
    const acme = bearer(await login(t.app, 'acme-admin@example.com'));
    for (const url of [
      '/product/list',
      '/vendor/list',
      '/rate/list',
      '/rate_table/list',
      '/routing/list',
      '/vendor_product/list',
    ]) {
      expect([url, (await call('GET', url, acme)).statusCode]).toEqual([url, 403]);
    }
    expect((await call('GET', '/mobile_network/list', acme)).statusCode).toBe(200);
  });

  it("another process's cache sees a catalog change within its check interval, and recompiles only then", async () => {
    const elsewhere = new CatalogCache(t.app.db, 50); // as a second server process would hold it
    const first = await elsewhere.current();
    expect(await elsewhere.current()).toBe(first);
    const wait = () => new Promise((r) => setTimeout(r, 60));
    await wait();
    expect(await elsewhere.current()).toBe(first); // version unchanged: no recompile
    const vp = (await call('GET', '/vendor_product/list?vendor_product_name=*contoso*', admin)).json().items[0];
    await call('POST', '/rate', admin, { vendor_product_uuid: vp.vendor_product_uuid, code: '33', price: '0.03' });
    await wait();
    const next = await elsewhere.current();
    expect(next).not.toBe(first);
    expect(next.rateCount).toBe(first.rateCount + 1);
    expect(elsewhere.reloads).toBe(2);
  });
});
