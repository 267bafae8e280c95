import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { markedUp, markupRows } from './markup';

type Headers = Record<string, string>;

describe('markup engine', () => {
  it('adds the percent rounded up to the micro-unit, never below the minimum margin', () => {
    expect(markedUp(10_000, { percent: 25, minimumMicros: 0 })).toBe(12_500);
    // 10 % of 7 micros is 0.7: rounded up, so the margin is never less than asked
    expect(markedUp(7, { percent: 10, minimumMicros: 0 })).toBe(8);
    // 1.1 in floating point must not cost a micro
    expect(markedUp(1_000_000, { percent: 10, minimumMicros: 0 })).toBe(1_100_000);
    expect(markedUp(1_000, { percent: 10, minimumMicros: 5_000 })).toBe(6_000);
    expect(markedUp(0, { percent: 50, minimumMicros: 0 })).toBe(0);
  });

  it('compares with the price now, skips networks a prefix table cannot hold and counts losses', () => {
    const cost = [
      { code: '44', mobile_network_uuid: null, country_name: 'United Kingdom', price: '0.035000' },
      { code: '1', mobile_network_uuid: null, country_name: 'United States', price: '0.007000' },
      { code: null, mobile_network_uuid: 'n-1', country_name: 'Germany', price: '0.080000' },
      { code: '49', mobile_network_uuid: null, country_name: 'Germany', price: '0.080000' },
    ];
    const now = [
      { code: '44', mobile_network_uuid: null, country_name: 'United Kingdom', price: '0.030000' },
      { code: '1', mobile_network_uuid: null, country_name: 'United States', price: '0.012000' },
    ];
    const r = markupRows(cost, now, { percent: 20, minimumMicros: 1_000 }, true);
    expect(r.skipped).toBe(1);
    expect(r.belowCostNow).toBe(1);
    expect(r.rows.map((x) => [x.code, x.new_price, x.margin, x.change])).toEqual([
      ['49', '0.096000', '0.016000', 'added'],
      ['44', '0.042000', '0.007000', 'increased'],
      ['1', '0.008400', '0.001400', 'decreased'],
    ]);
    expect(r.rows[1].margin_percent).toBe(16.67);
  });
});

describe('a reseller prices its rate table as a markup over its cost (issue 45 item 2)', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, other: Headers;
  let resellerUuid: string, retail: string, platformTable: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    other = bearer(await login(t.app, 'acme-admin@example.com'));
    const db = t.app.db;
    resellerUuid = (
      await db
        .selectFrom('companies')
        .select('reseller_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).reseller_uuid as string;
    retail = (
      await db
        .selectFrom('rate_tables')
        .select('rate_table_uuid')
        .where('rate_table_name', '=', 'Reseller retail')
        .executeTakeFirstOrThrow()
    ).rate_table_uuid;
    platformTable = (
      await db
        .selectFrom('rate_tables')
        .select('rate_table_uuid')
        .where('rate_table_name', '=', 'Wholesale by prefix')
        .executeTakeFirstOrThrow()
    ).rate_table_uuid;
  });
  afterAll(() => t.close());

  it('says why when the platform has given the reseller no cost yet, and refuses the platform’s own tables', async () => {
    const none = await call('GET', `/rate_table/${retail}/markup?percent=20`, reseller);
    expect(none.statusCode).toBe(409);
    expect(none.json().detail).toMatch(/no wholesale product/);
    expect((await call('GET', `/rate_table/${platformTable}/markup?percent=20`, reseller)).statusCode).toBe(404);
    expect((await call('GET', `/rate_table/${platformTable}/markup?percent=20`, admin)).statusCode).toBe(403);
    expect((await call('GET', `/rate_table/${retail}/markup?percent=20`, other)).statusCode).toBe(403);
    expect((await call('GET', `/rate_table/${retail}/markup?percent=-1`, reseller)).statusCode).toBe(400);
  });

  it('previews each destination’s cost, price now, new price and margin, then proposes them for approval', async () => {
    const wholesale = (
      await t.app.db
        .selectFrom('products')
        .select('product_uuid')
        .where('product_name', '=', 'Wholesale')
        .executeTakeFirstOrThrow()
    ).product_uuid;
    const set = await call('PATCH', `/reseller/${resellerUuid}`, admin, {
      reseller_name: 'Demo Reseller',
      platform_product_uuid: wholesale,
    });
    expect(set.statusCode).toBe(200);

    const r = await call('GET', `/rate_table/${retail}/markup?percent=50&minimum=0.001`, reseller);
    expect(r.statusCode).toBe(200);
    const p = r.json();
    expect(p).toMatchObject({ cost_product_name: 'Wholesale', rate_table_name: 'Reseller retail', total: 7 });
    const uk = p.rows.find((x: { code: string }) => x.code === '44');
    // cost 0.035 + 50 % = 0.0525 against 0.055 now
    expect(uk).toMatchObject({
      cost: '0.035000',
      current_price: '0.055000',
      new_price: '0.052500',
      change: 'decreased',
    });
    expect(uk.margin).toBe('0.017500');
    const us = p.rows.find((x: { code: string }) => x.code === '1');
    expect(us).toMatchObject({ cost: '0.007000', new_price: '0.010500', margin: '0.003500' });
    expect(p).toMatchObject({ added: 4, increased: 1, decreased: 2, below_cost_now: 0, skipped: 0 });
    // nothing written yet
    const rates = await call('GET', `/rate/list?rate_table_uuid=${retail}&per_page=100`, reseller);
    expect(rates.json().items.map((x: { price: string }) => x.price)).not.toContain('0.052500');

    const proposed = await call('POST', `/rate_table/${retail}/markup`, reseller, { percent: 50, minimum: '0.001' });
    expect(proposed.statusCode).toBe(201);
    expect(proposed.json()).toMatchObject({ status: 'pending', kind: 'partial', added: 4, decreased: 2, increased: 1 });
    const id = proposed.json().change_set_uuid;
    const ok = await call('POST', `/rate_change/${id}/approve`, reseller, {});
    expect(ok.json().status).toBe('approved');
    const after = await call('GET', `/rate/list?rate_table_uuid=${retail}&per_page=100`, reseller);
    // the decrease applies now; the increase (49) waits for Acme's notice period
    const prices = after.json().items.map((x: { code: string; price: string }) => `${x.code} ${Number(x.price)}`);
    expect(prices).toEqual(expect.arrayContaining(['44 0.0525', '4915 0.1275']));
  });
});
