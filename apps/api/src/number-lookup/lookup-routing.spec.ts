import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { post } from '../billing';
import { LookupSimulator, numberLookupOf, simulatedAnswer } from '.';

// Issue 49 item 5: number lookup in the routing path, end to end through POST /sms. A product with lookup on has
// each number looked up (the built-in simulator here, counting its requests) before it is priced and routed: a
// ported number goes to its real network's route, a route by MCC/MNC is chosen over the prefix's, a failed lookup
// falls back to prefix routing uncharged, a cached answer makes no provider call until its lifetime is over, and
// the reports' margin counts what the lookups cost.
describe('number lookup in the routing path', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let globexAdmin: Record<string, string>;
  const simulator = new LookupSimulator({ latencyMs: 0, failureRate: 0 });
  let clock = Date.parse('2026-03-02T10:00:00Z');
  const vp: Record<string, string> = {};
  let product = '';
  let globex = '';

  const call = async (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, headers = admin) => {
    const r = await t.app.inject({ method, url: api(url), headers, payload });
    expect(r.statusCode).toBeLessThan(300);
    return r.json();
  };
  const network = async (mcc: string, mnc: string) =>
    (
      await t.app.db
        .selectFrom('mobile_networks')
        .select('mobile_network_uuid')
        .where('mcc', '=', mcc)
        .where('mnc', '=', mnc)
        .where('iso2', 'in', ['DE', 'US'])
        .executeTakeFirstOrThrow()
    ).mobile_network_uuid;

  beforeAll(async () => {
    t = await createTestApp({
      messaging: { gatewaySecret: 'lookup', simAutoDeliver: false, simFailureRate: 0 },
      numberLookup: { provider: simulator, now: () => clock, timeoutMs: 300, cost: 0.0005 },
    });
    admin = bearer(await login(t.app, 'admin@example.com'));
    globexAdmin = bearer(await login(t.app, 'globex-admin@example.com'));
    globex = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Globex')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: globex },
        amount: 10_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'lookup',
      }),
    );
    const [telekom, vodafone, tmobile] = [
      await network('262', '01'),
      await network('262', '02'),
      await network('310', '260'),
    ];
    const vendor = (await call('POST', '/vendor', { vendor_name: 'Lookup Carrier', vendor_type: 'sms' })).vendor_uuid;
    for (const name of ['any', 'vodafone', 'telekom', 'tmobile'])
      vp[name] = (
        await call('POST', '/vendor_product', { vendor_uuid: vendor, vendor_product_name: `Lookup ${name}` })
      ).vendor_product_uuid;
    const cost = async (name: string, key: { code?: string; mobile_network_uuid?: string }, price: string) =>
      call('POST', '/rate', { vendor_product_uuid: vp[name], ...key, price });
    await cost('any', { code: '49' }, '0.040');
    await cost('any', { code: '1' }, '0.004');
    await cost('vodafone', { mobile_network_uuid: vodafone }, '0.030');
    await cost('telekom', { mobile_network_uuid: telekom }, '0.035');
    await cost('tmobile', { code: '1' }, '0.003');
    const table = await call('POST', '/rate_table', {
      rate_table_name: 'Lookup retail',
      rate_table_type: 'prefix',
      rates: [
        { code: '49', price: '0.090' },
        { code: '1', price: '0.010' },
      ],
    });
    const routing = await call('POST', '/routing', {
      routing_name: 'Lookup routes',
      routes: [
        { code: '49', vendor_product_uuid: vp.any },
        { code: '1', vendor_product_uuid: vp.any },
        { mobile_network_uuid: vodafone, vendor_product_uuid: vp.vodafone },
        { mobile_network_uuid: telekom, vendor_product_uuid: vp.telekom },
        { mobile_network_uuid: tmobile, vendor_product_uuid: vp.tmobile },
      ],
    });
    const made = await call('POST', '/product', {
      product_name: 'Lookup product',
      rate_table_uuid: table.rate_table_uuid,
      routing_uuid: routing.routing_uuid,
      number_lookup: true,
      lookup_cost: '0.001',
    });
    expect(made).toMatchObject({ number_lookup: true, lookup_cost: '0.001000' });
    product = made.product_uuid;
    await call('POST', `/product/${product}/company`, { company_uuid: globex });
  }, 120_000);
  afterAll(async () => t.close());

  const send = async (dnis: string) => {
    const r = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: globexAdmin,
      payload: { ani: '+13125552401', dnis, text: 'lookup' },
    });
    expect(r.statusCode).toBe(201);
    return r.json().sms.sms_uuid as string;
  };
  const message = async (sms_uuid: string) =>
    t.app.db
      .selectFrom('sms')
      .select([
        'vendor_product_uuid',
        'mobile_network_name',
        'lookup',
        sql<string | null>`lookup_cost::text`.as('cost'),
      ])
      .where('sms_uuid', '=', sms_uuid)
      .executeTakeFirstOrThrow();

  it('routes a ported number to the route of the network it is on now, and charges its lookup', async () => {
    const before = simulator.requests;
    // 49151 is a Telekom range; the simulator has numbers ending in 77 ported to the next network, Vodafone
    const ported = await message(await send('+4915112340077'));
    expect(ported).toMatchObject({
      vendor_product_uuid: vp.vodafone,
      mobile_network_name: 'Vodafone',
      cost: '1000',
      lookup: { status: 'found', source: 'provider', mcc: '262', mnc: '02', ported: true, routed_by: 'lookup' },
    });
    const stayed = await message(await send('+4915112340012'));
    expect(stayed).toMatchObject({
      vendor_product_uuid: vp.telekom,
      lookup: { mcc: '262', mnc: '01', ported: false, line_type: 'mobile' },
    });
    expect(simulator.requests).toBe(before + 2);
  });

  it('chooses a route by MCC/MNC over the prefix route', async () => {
    // US numbers have no network by prefix: without a lookup the code route 1 carries them
    let n = 5550100;
    while (
      simulatedAnswer(`+1212${n}`).status !== 'found' ||
      (simulatedAnswer(`+1212${n}`) as { mnc: string }).mnc !== '260'
    )
      n++;
    const onTmobile = await message(await send(`+1212${n}`));
    expect(onTmobile).toMatchObject({ vendor_product_uuid: vp.tmobile, mobile_network_name: 'T-Mobile' });
    await call('PATCH', `/product/${product}`, { number_lookup: false });
    try {
      const byPrefix = await message(await send(`+1212${n + 1000}`));
      expect(byPrefix).toMatchObject({ vendor_product_uuid: vp.any, lookup: null, cost: null });
    } finally {
      await call('PATCH', `/product/${product}`, { number_lookup: true });
    }
  });

  it('falls back to prefix routing and charges nothing when the lookup fails or knows no network', async () => {
    const cases: [string, object][] = [
      ['+4915112000408', { status: 'failed', error: 'timeout' }],
      ['+4915112000500', { status: 'failed', error: 'provider_error' }],
      ['+4915112000503', { status: 'failed', error: 'provider_error' }],
      ['+4915112000404', { status: 'unknown', source: 'provider' }],
    ];
    for (const [dnis, lookup] of cases) {
      const m = await message(await send(dnis));
      // the prefix 49151 names Telekom: its route, as before lookups existed
      expect(m).toMatchObject({
        vendor_product_uuid: vp.telekom,
        cost: null,
        lookup: { ...lookup, routed_by: 'prefix' },
      });
    }
  });

  it('answers from the cache without a provider call, and asks again once the answer has expired', async () => {
    const dnis = '+4917212345678';
    await send(dnis);
    const asked = simulator.requests;
    const again = await message(await send(dnis));
    expect(again).toMatchObject({ cost: null, lookup: { status: 'found', source: 'cache', mnc: '02' } });
    // another node (memory empty) finds the answer in the table: still no call
    numberLookupOf(t.app).forgetMemory();
    expect(await message(await send(dnis))).toMatchObject({ cost: null, lookup: { source: 'cache' } });
    expect(simulator.requests).toBe(asked);
    // a week and a day later the answer is stale: the provider is asked and paid again
    clock += 8 * 86_400_000;
    expect(await message(await send(dnis))).toMatchObject({ cost: '1000', lookup: { source: 'provider' } });
    expect(simulator.requests).toBe(asked + 1);
  });

  it("shows the lookup in the message's details, its cost to the admin only", async () => {
    const id = await send('+4916212340077');
    const forAdmin = await call('GET', `/sms/${id}/events`);
    expect(forAdmin.lookup).toMatchObject({ ported: true, network_name: 'O2', cost: '0.001', routed_by: 'lookup' });
    expect(forAdmin.events.map((e: { kind: string }) => e.kind)).toContain('looked_up');
    const forCompany = await call('GET', `/sms/${id}/events`, undefined, globexAdmin);
    expect(forCompany.lookup).toMatchObject({ ported: true, cost: null });
  });

  it('counts the lookups in the margin report: margin is revenue less cost and lookup cost', async () => {
    const report = await call(
      'GET',
      `/stat/report?step=total&company_uuid=${globex}&fields=messages,revenue,cost,lookup_cost,margin`,
    );
    const paid = await t.app.db
      .selectFrom('sms')
      .select(sql<string>`coalesce(sum(lookup_cost), 0)::text`.as('sum'))
      .where('company_uuid', '=', globex)
      .executeTakeFirstOrThrow();
    const micros = (money: string) => Math.round(Number(money) * 1e6);
    expect(micros(report.totals.lookup_cost)).toBe(Number(paid.sum));
    expect(Number(paid.sum)).toBeGreaterThan(0);
    expect(micros(report.totals.margin)).toBe(
      micros(report.totals.revenue) - micros(report.totals.cost) - micros(report.totals.lookup_cost),
    );
  });
});
